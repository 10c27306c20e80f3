import { Alert, Badge, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useParams } from '@tanstack/react-router';
import { useLiveQuery } from 'dexie-react-hooks';
import { AnchorLink } from '../../app/links.tsx';
import { hasAnyRole, useSession } from '../../app/session.ts';
import { storeFormatters } from '../../app/store-time.ts';
import { useAction } from '../../app/use-action.ts';
import { TireHistoryCard } from '../../app/vehicles/tire-history-card.tsx';
import type { InspectionReport, InspectionTemplate } from '../../contract/entities.ts';
import { replicaOf } from '../../db/use-replica.ts';
import { defaultInspectionGroups } from '../../domain/inspections/inspection-template.ts';
import { frontCounter } from '../../domain/people/roles.ts';
import { minutesSpent } from '../../domain/scheduler/technician-rules.ts';
import { eventTypes, scheduledEventStatus, statusColors } from '../../domain/scheduler/visit-status.ts';
import { syncClient } from '../../sync/sync-client.ts';
import { storeToday, useBayDay, workCompleteQuestion } from './bay-day.ts';
import { InspectionForm } from './inspection-form.tsx';
import { nextStep, spentText, StepButton } from './job-card.tsx';
import { ReportSending } from './report-sending.tsx';
import { VisitTiresCard } from './visit-tires-card.tsx';

/**
 * One visit in the bay (route /technician-appointments/{id}, the visit's id): the vehicle, its services and
 * notes, the next step, and the inspection, started here from the store's template and filled in item by item.
 */
export function TechnicianVisitPage() {
  const session = useSession();
  const store = session?.activeStore ?? null;
  const { id } = useParams({ strict: false }) as { id: string };
  const day = useBayDay(store, store ? storeToday(store) : '');
  const report = useLiveQuery(
    async () =>
      store
        ? ((await replicaOf(store.id)
            .rows<InspectionReport>('inspectionReports')
            .filter((r) => r.scheduledVisitId === id)
            .first()) ?? null)
        : null,
    [store?.id, id],
  );
  const template = useLiveQuery(
    async () => (store ? ((await replicaOf(store.id).rows<InspectionTemplate>('inspectionTemplates').get(store.id)) ?? null) : null),
    [store?.id],
  );
  const { problem, busy, run: act } = useAction('That was not saved; try again.');
  if (!store || !session) return null;
  if (!day || report === undefined || template === undefined) return <Loader aria-label="Loading the visit" />;
  const jobs = day.jobs.filter((j) => j.visit.scheduledVisitId === id);
  const first = jobs[0];
  const back = (
    <AnchorLink to="/technician-appointments" size="sm">
      ← My jobs
    </AnchorLink>
  );
  if (!first) {
    return (
      <Stack>
        {back}
        <Title order={1} size="h2">
          Not on today's list
        </Title>
        <Text>This visit is not on today's list at this store: it may be picked up, canceled, or on another day.</Text>
      </Stack>
    );
  }
  const { visit } = first;
  const formats = storeFormatters(store);
  const status = scheduledEventStatus(eventTypes.appointment, visit);
  const step = nextStep(visit);
  const start = () =>
    act(() =>
      syncClient().startInspection({
        inspectionReportId: visit.scheduledVisitId,
        scheduledVisitId: visit.scheduledVisitId,
        vehicleId: visit.vehicleId,
        technicianId: session.user.userId,
        groups: template?.groups ?? defaultInspectionGroups(() => crypto.randomUUID()),
        startedAt: new Date().toISOString(),
      }),
    );
  const spent = spentText(minutesSpent(visit, new Date()));
  return (
    <Stack gap="md" maw={820}>
      {back}
      <Card withBorder padding="md" style={{ borderLeft: `6px solid ${statusColors[status]}` }}>
        <Group justify="space-between" align="flex-start">
          <div>
            <Title order={1} size="h2">
              {first.vehicle ?? 'Vehicle'}
            </Title>
            <Text size="lg">{first.licence}</Text>
            <Text c="dimmed">{first.customerName}</Text>
          </div>
          {/* A row, not a column aligned right: on a phone it wraps under the vehicle and reads from the left. */}
          <Group gap="xs">
            <Badge size="lg" color={statusColors[status]} variant="light">
              {status}
            </Badge>
            {visit.keyTag && (
              <Badge size="xl" variant="outline" color="dark">
                Key {visit.keyTag}
              </Badge>
            )}
          </Group>
        </Group>
        <Stack gap={2} mt="sm">
          {jobs.map((j) => (
            <Text key={j.service.scheduledServiceId}>
              {formats.time(j.service.startDate)} · {j.serviceName} · {j.service.durationInMinutes} min
              {j.service.serviceNotes ? ` · ${j.service.serviceNotes}` : ''}
            </Text>
          ))}
          {visit.staffNotes && (
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              Notes: {visit.staffNotes}
            </Text>
          )}
          {visit.customerComments && (
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              Customer says: {visit.customerComments}
            </Text>
          )}
          {spent && <Text size="sm">Time spent: {spent}</Text>}
        </Stack>
        <Group mt="md" grow>
          <StepButton
            step={step}
            size="xl"
            busy={busy}
            askBeforeComplete={() => workCompleteQuestion(store.id, visit.scheduledVisitId)}
            onStep={(milestone) => act(() => syncClient().recordMilestone(visit.scheduledVisitId, milestone))}
          />
        </Group>
      </Card>
      {problem && (
        <Alert color="red" role="alert">
          {problem}
        </Alert>
      )}
      <VisitTiresCard storeId={store.id} scheduledVisitId={visit.scheduledVisitId} today={storeToday(store)} />
      {visit.vehicleId && <TireHistoryCard storeId={store.id} vehicleId={visit.vehicleId} today={storeToday(store)} timeZone={formats.timeZone} />}
      {day.photosWaitingHere > 0 && (
        <Alert color="orange" role="status">
          {day.photosWaitingHere} {day.photosWaitingHere === 1 ? 'photo is' : 'photos are'} waiting to upload from this device.
        </Alert>
      )}
      {report ? (
        <>
          <InspectionForm storeId={store.id} report={report} mayComplete />
          {report.completedAt && (store.inspectionReportLinkEnabled || hasAnyRole(session, frontCounter)) && (
            <ReportSending storeId={store.id} report={report} maySend={store.inspectionReportLinkEnabled} dateTime={formats.dateTime} />
          )}
        </>
      ) : (
        <Card withBorder>
          <Stack>
            <Text>
              No inspection yet. It follows the store's checklist{template ? '' : ' (the usual multi-point inspection)'}, and works without a connection.
            </Text>
            <Button size="lg" w="fit-content" loading={busy} onClick={() => void start()}>
              Start the inspection
            </Button>
          </Stack>
        </Card>
      )}
    </Stack>
  );
}
