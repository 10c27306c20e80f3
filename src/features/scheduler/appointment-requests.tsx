import { Alert, Badge, Button, Card, Drawer, Group, Stack, Text, Title } from '@mantine/core';
import { useNavigate, useParams } from '@tanstack/react-router';
import { useLiveQuery } from 'dexie-react-hooks';
import { useMemo, useState } from 'react';
import { ButtonLink } from '../../app/links.tsx';
import { useSession } from '../../app/session.ts';
import { storeFormatters } from '../../app/store-time.ts';
import type { StoreService, UnconfirmedVisit } from '../../contract/entities.ts';
import type { StoreLocation } from '../../contract/store-location.ts';
import { contactMethods } from '../../contract/enums.ts';
import { replicaOf } from '../../db/use-replica.ts';
import { displayName } from '../../domain/display-name.ts';
import { formatPhone } from '../../domain/phone.ts';
import { instantToWallClock } from '../../domain/time-zone.ts';
import { syncClient } from '../../sync/sync-client.ts';
import { useOpenRequests } from './use-scheduler.ts';

function useServiceNames(storeId: number) {
  return useLiveQuery(async () => new Map((await replicaOf(storeId).rows<StoreService>('storeServices').toArray()).map((s) => [s.storeServiceId, s.name])), [storeId]);
}

/** Confirms a request (online) and opens the visit it became on the calendar, on its day. */
function useConfirm(timeZone: string) {
  const navigate = useNavigate();
  const [busy, setBusy] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  /** True once confirmed and the visit opened; false with the problem shown. */
  const confirm = async (request: UnconfirmedVisit): Promise<boolean> => {
    setBusy(request.unconfirmedVisitId);
    setProblem(null);
    try {
      const scheduledVisitId = await syncClient().confirmAppointmentRequest(request.unconfirmedVisitId);
      void navigate({
        to: '/scheduler-dayview/appointments/$scheduledVisitId/{-$scheduledServiceId}', params: { scheduledVisitId },
        search: { date: instantToWallClock(request.requestedStartDate, timeZone).slice(0, 10), view: 'day' },
      });
      return true;
    } catch (e) {
      setProblem(e instanceof Error ? e.message : String(e));
      return false;
    } finally {
      setBusy(null);
    }
  };
  return { confirm, busy, problem };
}

function RequestCard({ request, serviceName, when, onConfirm, busy }: { request: UnconfirmedVisit; serviceName: string | undefined; when: string; onConfirm(): void; busy: boolean }) {
  return (
    <Card withBorder padding="sm">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={2}>
          <Text fw={700}>{displayName(request) || 'No name given'}</Text>
          <Text size="sm">{when}{serviceName ? ` · ${serviceName}` : ''}</Text>
          {request.vehicleDescription && <Text size="sm" c="dimmed">{request.vehicleDescription}</Text>}
          <Text size="xs" c="dimmed">{[formatPhone(request.phoneNumber), request.email, `prefers ${contactMethods.label(request.preferredContactMethod)}`].filter(Boolean).join(' · ')}</Text>
          {request.customerComments && <Text size="sm">“{request.customerComments}”</Text>}
        </Stack>
        <Button size="xs" loading={busy} onClick={onConfirm}>Confirm</Button>
      </Group>
    </Card>
  );
}

/** The scheduler's count of appointment requests, opening their list. */
export function RequestsButton({ store, timeZone }: { store: StoreLocation; timeZone: string }) {
  const storeId = store.id;
  const requests = useOpenRequests(storeId);
  const names = useServiceNames(storeId);
  const [open, setOpen] = useState(false);
  const { confirm, busy, problem } = useConfirm(timeZone);
  const formats = storeFormatters(store);
  const count = requests?.length ?? 0;
  return (
    <>
      <Button variant="default" onClick={() => setOpen(true)} rightSection={<Badge color={count > 0 ? 'pink' : 'gray'} circle={count < 10}>{count}</Badge>}>
        Requests
      </Button>
      <Drawer opened={open} onClose={() => setOpen(false)} position="right" title={`Appointment requests (${count})`}>
        <Stack gap="sm">
          {problem && <Alert color="red">{problem}</Alert>}
          {count === 0 && <Text c="dimmed">No requests waiting. Customers' online requests appear here until someone confirms them.</Text>}
          {requests?.map((r) => (
            <RequestCard key={r.unconfirmedVisitId} request={r} serviceName={r.storeServiceId ? names?.get(r.storeServiceId) : undefined}
              when={formats.dateTime(r.requestedStartDate)} busy={busy === r.unconfirmedVisitId} onConfirm={() => { void confirm(r).then((done) => { if (done) setOpen(false); }); }} />
          ))}
        </Stack>
      </Drawer>
    </>
  );
}

/** One appointment request (route /appointment-request/{id}), as a link in a notification opens it. */
export function AppointmentRequestPage() {
  const session = useSession();
  const store = session?.activeStore ?? null;
  const { id } = useParams({ strict: false }) as { id: string };
  const request = useLiveQuery(async () => (store ? await replicaOf(store.id).rows<UnconfirmedVisit>('unconfirmedVisits').get(id) ?? null : null), [store?.id, id]);
  const names = useServiceNames(store?.id ?? 0);
  const formats = useMemo(() => (store ? storeFormatters(store) : null), [store]);
  const { confirm, busy, problem } = useConfirm(formats?.timeZone ?? 'UTC');
  if (!store || !formats || request === undefined) return null;
  const timeZone = formats.timeZone;
  return (
    <Stack maw={640}>
      <Title order={1} size="h2">Appointment Request</Title>
      {!request && <Text c="dimmed">This request is not at {store.name}. It may belong to another store: switch stores to see it.</Text>}
      {request && request.confirmedVisitId && (
        <Alert color="green" title="Already confirmed">
          <ButtonLink to="/scheduler-dayview/appointments/$scheduledVisitId/{-$scheduledServiceId}" params={{ scheduledVisitId: request.confirmedVisitId }}
            search={{ date: instantToWallClock(request.requestedStartDate, timeZone).slice(0, 10), view: 'day' }} variant="light" mt="xs">Open the appointment</ButtonLink>
        </Alert>
      )}
      {problem && <Alert color="red">{problem}</Alert>}
      {request && (
        <RequestCard request={request} serviceName={request.storeServiceId ? names?.get(request.storeServiceId) : undefined}
          when={formats.dateTime(request.requestedStartDate)} busy={busy === request.unconfirmedVisitId} onConfirm={() => void confirm(request)} />
      )}
    </Stack>
  );
}
