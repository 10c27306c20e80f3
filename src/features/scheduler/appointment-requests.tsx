import { Alert, Badge, Button, Card, Checkbox, Chip, Drawer, Group, Stack, Text, Textarea, Title } from '@mantine/core';
import { useNavigate, useParams } from '@tanstack/react-router';
import { useLiveQuery } from 'dexie-react-hooks';
import { useMemo, useState } from 'react';
import { ButtonLink } from '../../app/links.tsx';
import { useSession } from '../../app/session.ts';
import { storeFormatters } from '../../app/store-time.ts';
import type { Customer, StoreService, UnconfirmedVisit } from '../../contract/entities.ts';
import type { StoreLocation } from '../../contract/store-location.ts';
import { replicaOf } from '../../db/use-replica.ts';
import { isOpenRequest, requestCustomerMatch, requesterContact, requestTimeProblem } from '../../domain/scheduler/appointment-requests.ts';
import { preferenceText } from '../../domain/people/contact-preference.ts';
import { searchableEmail, searchablePhone } from '../../domain/people/customer-search.ts';
import { displayName } from '../../domain/people/display-name.ts';
import { formatPhone } from '../../domain/people/phone.ts';
import { instantToWallClock } from '../../domain/calendar/time-zone.ts';
import { automaticChannel } from '../../domain/messages/visit-messages.ts';
import { useAction } from '../../app/use-action.ts';
import { syncClient } from '../../sync/sync-client.ts';
import { requestAvailability } from './request-availability.ts';
import { useOpenRequests } from './use-scheduler.ts';

function useServiceNames(storeId: number) {
  return useLiveQuery(
    async () => new Map((await replicaOf(storeId).rows<StoreService>('storeServices').toArray()).map((s) => [s.storeServiceId, s.name])),
    [storeId],
  );
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
        to: '/scheduler-dayview/appointments/$scheduledVisitId/{-$scheduledServiceId}',
        params: { scheduledVisitId },
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

/** Reasons a store gives most often, offered as a start (staff can change the words). */
const commonReasons = [
  'We are closed that day. Please call us or book another day online.',
  'That time is already fully booked. Please call us to find another time.',
  'We do not offer that service at this store. Please call us and we will point you to one that does.',
];

/** Declining a request: the reason, which the customer is sent, and who tells them when no email can go. */
function DeclineForm({
  store,
  request,
  problem,
  onCancel,
  onDecline,
}: {
  store: StoreLocation;
  request: UnconfirmedVisit;
  problem: string | null;
  onCancel(): void;
  onDecline(reason: string): Promise<unknown>;
}) {
  const [reason, setReason] = useState(problem?.startsWith('The store is closed') ? commonReasons[0]! : '');
  const { problem: failed, busy, run } = useAction('The request was not declined; try again.');
  // Texts only to a requester who agreed to them on the booking page, from a store that texts (a STOP shows on sending).
  const route = automaticChannel(requesterContact(request), store, () => false);
  return (
    <Stack gap="xs" role="group" aria-label="Decline the request">
      <Chip.Group>
        <Group gap={6}>
          {commonReasons.map((words) => (
            <Chip key={words} size="xs" checked={reason === words} onChange={() => setReason(words)}>
              {words.split('.')[0]}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
      <Textarea
        label="Reason"
        description="Sent to the requester: their request could not be accepted, and why"
        autosize
        minRows={2}
        maxLength={500}
        value={reason}
        onChange={(e) => setReason(e.currentTarget.value)}
        data-autofocus
      />
      <Text size="xs" c="dimmed">
        {'channel' in route
          ? `They get ${route.channel === 'sms' ? `a text at ${formatPhone(route.to)}` : `an email at ${route.to}`}.`
          : `No message can go (${route.skipped.toLowerCase()}): call them${request.phoneNumber ? ` at ${formatPhone(request.phoneNumber)}` : ''} too.`}
      </Text>
      {failed && (
        <Text size="sm" c="red" role="alert">
          {failed}
        </Text>
      )}
      <Group justify="flex-end" gap="xs">
        <Button variant="default" size="xs" onClick={onCancel}>
          Keep it
        </Button>
        <Button color="red" size="xs" loading={busy} disabled={reason.trim() === ''} onClick={() => void run(() => onDecline(reason))}>
          Decline request
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * Who confirming makes the request's customer, by the server's rule (requestCustomerMatch): the customer with its
 * email or phone and its name, or, when the contact is someone else's under another name, a new customer, said so
 * (issue 46 item 23: a request joined whoever had its phone, and staff were not told).
 */
function CustomerMatch({ storeId, request }: { storeId: number; request: UnconfirmedVisit }) {
  const match = useLiveQuery(async () => {
    const email = searchableEmail(request.email);
    const phone = searchablePhone(request.phoneNumber);
    const tokens = [...(email ? [`e:${email}`] : []), ...(phone ? [`p:${phone}`] : [])];
    if (tokens.length === 0) return null;
    const candidates = await replicaOf(storeId).rows<Customer>('customers').where('searchTokens').anyOf(tokens).distinct().limit(20).toArray();
    return requestCustomerMatch(
      request,
      candidates.sort((a, b) => a.createdOn.localeCompare(b.createdOn) || a.customerId.localeCompare(b.customerId)),
    );
  }, [storeId, request]);
  if (!match) return null;
  const by = match.by === 'email' ? 'email address' : 'phone number';
  if ('joins' in match)
    return (
      <Text size="sm" c="dimmed">
        Confirming adds it to {displayName(match.joins)}'s record (same {by} and name).
      </Text>
    );
  return (
    <Text size="sm" c="orange.8">
      {displayName(match.differs) || 'A customer'} has this {by} under another name: confirming makes a new customer. Merge them later if they are one person.
    </Text>
  );
}

/** Declining the chosen requests at once with one reason: a flood of online requests is one action, not one each. */
function BulkDecline({ count, onCancel, onDecline }: { count: number; onCancel(): void; onDecline(reason: string): Promise<unknown> }) {
  const [reason, setReason] = useState('');
  const { problem: failed, busy, run } = useAction('The requests were not declined; try again.');
  return (
    <Card withBorder padding="sm" role="group" aria-label="Decline the chosen requests">
      <Stack gap="xs">
        <Textarea
          label={`Reason for the ${count} chosen requests`}
          description="Each requester who can be reached is sent it; the store's message limits apply, not yours"
          autosize
          minRows={2}
          maxLength={500}
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
          data-autofocus
        />
        {failed && (
          <Text size="sm" c="red" role="alert">
            {failed}
          </Text>
        )}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" size="xs" onClick={onCancel}>
            Keep them
          </Button>
          <Button color="red" size="xs" loading={busy} disabled={reason.trim() === ''} onClick={() => void run(() => onDecline(reason))}>
            Decline {count} requests
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/** Said under a request whose time has filled since it was asked for, with the nearest free times to offer. */
function FilledSince({ store, request }: { store: StoreLocation; request: UnconfirmedVisit }) {
  const availability = useLiveQuery(() => requestAvailability(replicaOf(store.id), store, request, new Date()), [store, request]);
  if (!availability || availability.free) return null;
  const formats = storeFormatters(store);
  const times = availability.nearest.map((slot) => formats.dateTime(slot.startDate));
  return (
    <Text size="sm" c="orange.8" role="status">
      That time has been booked since.
      {times.length > 0 ? ` Nearest free times to offer: ${times.join(', ')}.` : ' No time is free that day or the next: call the customer.'}
    </Text>
  );
}

function RequestCard({
  store,
  request,
  serviceName,
  when,
  problem,
  onConfirm,
  busy,
  selected,
  onSelect,
}: {
  store: StoreLocation;
  request: UnconfirmedVisit;
  serviceName: string | undefined;
  when: string;
  /** Why the requested time needs a second look (the store is closed then), or null. */
  problem: string | null;
  onConfirm(): void;
  busy: boolean;
  /** Whether it is chosen for a bulk decline; left out where the card stands alone. */
  selected?: boolean;
  onSelect?(selected: boolean): void;
}) {
  const [declining, setDeclining] = useState(false);
  const name = displayName(request) || 'No name given';
  return (
    <Card withBorder padding="sm">
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
          <Stack gap={2} style={{ minWidth: 0, flex: '1 1 220px' }}>
            {onSelect ? (
              <Checkbox
                label={
                  <Text fw={700} span>
                    {name}
                  </Text>
                }
                aria-label={`Choose ${name}'s request`}
                checked={selected ?? false}
                onChange={(e) => onSelect(e.currentTarget.checked)}
              />
            ) : (
              <Text fw={700}>{name}</Text>
            )}
            <Text size="sm">
              {when}
              {serviceName ? ` · ${serviceName}` : ''}
            </Text>
            {request.vehicleDescription && (
              <Text size="sm" c="dimmed">
                {request.vehicleDescription}
              </Text>
            )}
            <Text size="xs" c="dimmed">
              {[formatPhone(request.phoneNumber), request.email, preferenceText(request.preferredContactMethod)].filter(Boolean).join(' · ')}
            </Text>
            {request.customerComments && <Text size="sm">“{request.customerComments}”</Text>}
          </Stack>
          {!declining && (
            <Group gap="xs" wrap="nowrap">
              <Button size="xs" variant="default" onClick={() => setDeclining(true)}>
                Decline…
              </Button>
              <Button size="xs" loading={busy} onClick={onConfirm}>
                Confirm
              </Button>
            </Group>
          )}
        </Group>
        {problem ? (
          <Text size="sm" c="orange.8">
            {problem}
          </Text>
        ) : (
          <FilledSince store={store} request={request} />
        )}
        <CustomerMatch storeId={store.id} request={request} />
        {declining && (
          <DeclineForm
            store={store}
            request={request}
            problem={problem}
            onCancel={() => setDeclining(false)}
            onDecline={(reason) => syncClient().declineAppointmentRequest(request.unconfirmedVisitId, reason)}
          />
        )}
      </Stack>
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
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const [bulk, setBulk] = useState(false);
  // Only requests still waiting stay chosen: one confirmed or declined elsewhere meanwhile leaves the choice.
  const chosenIds = (requests ?? []).map((r) => r.unconfirmedVisitId).filter((id) => chosen.has(id));
  const choose = (id: string, on: boolean) =>
    setChosen((before) => {
      const after = new Set(before);
      if (on) after.add(id);
      else after.delete(id);
      return after;
    });
  return (
    <>
      <Button
        variant="default"
        onClick={() => setOpen(true)}
        rightSection={
          <Badge color={count > 0 ? 'pink' : 'gray'} circle={count < 10}>
            {count}
          </Badge>
        }
      >
        Requests
      </Button>
      <Drawer opened={open} onClose={() => setOpen(false)} position="right" title={`Appointment requests (${count})`}>
        <Stack gap="sm">
          {problem && <Alert color="red">{problem}</Alert>}
          {count === 0 && <Text c="dimmed">No requests waiting. Customers' online requests appear here until someone confirms them.</Text>}
          {count > 1 && (
            <Group justify="space-between" gap="xs">
              <Checkbox
                label="Choose all"
                checked={chosenIds.length === count}
                indeterminate={chosenIds.length > 0 && chosenIds.length < count}
                onChange={(e) => setChosen(new Set(e.currentTarget.checked ? requests!.map((r) => r.unconfirmedVisitId) : []))}
              />
              <Button size="xs" variant="default" color="red" disabled={chosenIds.length === 0 || bulk} onClick={() => setBulk(true)}>
                Decline chosen ({chosenIds.length})…
              </Button>
            </Group>
          )}
          {bulk && chosenIds.length > 0 && (
            <BulkDecline
              count={chosenIds.length}
              onCancel={() => setBulk(false)}
              onDecline={async (reason) => {
                await syncClient().declineAppointmentRequests(chosenIds, reason);
                setChosen(new Set());
                setBulk(false);
              }}
            />
          )}
          {requests?.map((r) => (
            <RequestCard
              key={r.unconfirmedVisitId}
              store={store}
              request={r}
              serviceName={r.storeServiceId ? names?.get(r.storeServiceId) : undefined}
              when={formats.dateTime(r.requestedStartDate)}
              problem={requestTimeProblem(r, store, store.specialStoreHours ?? [], timeZone)}
              busy={busy === r.unconfirmedVisitId}
              onConfirm={() => {
                void confirm(r).then((done) => {
                  if (done) setOpen(false);
                });
              }}
              {...(count > 1 ? { selected: chosen.has(r.unconfirmedVisitId), onSelect: (on: boolean) => choose(r.unconfirmedVisitId, on) } : {})}
            />
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
  const request = useLiveQuery(
    async () => (store ? ((await replicaOf(store.id).rows<UnconfirmedVisit>('unconfirmedVisits').get(id)) ?? null) : null),
    [store?.id, id],
  );
  const names = useServiceNames(store?.id ?? 0);
  const formats = useMemo(() => (store ? storeFormatters(store) : null), [store]);
  const { confirm, busy, problem } = useConfirm(formats?.timeZone ?? 'UTC');
  if (!store || !formats || request === undefined) return null;
  const timeZone = formats.timeZone;
  return (
    <Stack maw={640}>
      <Title order={1} size="h2">
        Appointment Request
      </Title>
      {!request && <Text c="dimmed">This request is not at {store.name}. It may belong to another store: switch stores to see it.</Text>}
      {request && request.confirmedVisitId && (
        <Alert color="green" title="Already confirmed">
          <ButtonLink
            to="/scheduler-dayview/appointments/$scheduledVisitId/{-$scheduledServiceId}"
            params={{ scheduledVisitId: request.confirmedVisitId }}
            search={{ date: instantToWallClock(request.requestedStartDate, timeZone).slice(0, 10), view: 'day' }}
            variant="light"
            mt="xs"
          >
            Open the appointment
          </ButtonLink>
        </Alert>
      )}
      {problem && <Alert color="red">{problem}</Alert>}
      {request && request.declinedOn && (
        <Alert color="gray" title={`Declined ${formats.dateTime(request.declinedOn)}`}>
          {request.declineReason}
        </Alert>
      )}
      {request && isOpenRequest(request) && (
        <RequestCard
          store={store}
          request={request}
          serviceName={request.storeServiceId ? names?.get(request.storeServiceId) : undefined}
          when={formats.dateTime(request.requestedStartDate)}
          problem={requestTimeProblem(request, store, store.specialStoreHours ?? [], timeZone)}
          busy={busy === request.unconfirmedVisitId}
          onConfirm={() => void confirm(request)}
        />
      )}
    </Stack>
  );
}
