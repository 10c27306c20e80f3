import { Badge, Button, Card, Group, Progress, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { ButtonLink } from '../../app/links.tsx';
import type { StoreLocation } from '../../contract/store-location.ts';
import { storeFormatters } from '../../app/store-time.ts';
import { useAction } from '../../app/use-action.ts';

import { minutesSpent } from '../../domain/scheduler/technician-rules.ts';
import type { Milestone } from '../../domain/scheduler/visit-rules.ts';
import { eventTypes, scheduledEventStatus, statusColors } from '../../domain/scheduler/visit-status.ts';
import { syncClient } from '../../sync/sync-client.ts';
import { AskFirst } from './ask-first.tsx';
import { workCompleteQuestion, type BayJob } from './bay-day.ts';

/**
 * The visit's next step in the bay, if it has one: what the big button on its card does. Before the customer
 * has arrived there is none, only what it waits for (the front counter checks them in).
 */
export function nextStep(visit: BayJob['visit']): { milestone: Milestone; label: string } | { waiting: string } | null {
  if (!visit.checkInDate) return { waiting: visit.confirmationDate ? 'Not checked in yet' : 'Not confirmed yet' };
  if (!visit.workStartDate) return { milestone: 'work-start', label: 'Start work' };
  if (!visit.workCompleteDate) return { milestone: 'work-complete', label: 'Complete work' };
  if (!visit.readyForPickupDate) return { milestone: 'ready-for-pickup', label: 'Ready for pickup' };
  return null;
}

/**
 * The big button of a job: its next step, or, greyed, what it waits for or that it is done. Completing the work
 * while the inspection is open asks first (`askBeforeComplete`), saying what is left.
 */
export function StepButton({
  step,
  size,
  busy,
  onStep,
  askBeforeComplete,
}: {
  step: ReturnType<typeof nextStep>;
  size: 'lg' | 'xl';
  busy: boolean;
  onStep(milestone: Milestone): Promise<unknown>;
  /** Read when the button is pressed (bay-day's workCompleteQuestion), never from a copy drawn earlier. */
  askBeforeComplete?: () => Promise<string | null>;
}) {
  const [asking, setAsking] = useState<string | null>(null);
  if (step === null)
    return (
      <Button size={size} disabled>
        Ready for pickup
      </Button>
    );
  if ('waiting' in step)
    return (
      <Button size={size} disabled>
        {step.waiting}
      </Button>
    );
  const press = async () => {
    const question = step.milestone === 'work-complete' && askBeforeComplete ? await askBeforeComplete() : null;
    if (question) setAsking(question);
    else await onStep(step.milestone);
  };
  return (
    <>
      <Button size={size} loading={busy} onClick={() => void press()}>
        {step.label}
      </Button>
      <AskFirst
        title="Complete the work?"
        question={asking}
        stay="Not yet"
        go="Complete work anyway"
        onStay={() => setAsking(null)}
        onGo={() => {
          setAsking(null);
          void onStep(step.milestone);
        }}
      />
    </>
  );
}

export const spentText = (minutes: number | null) =>
  minutes === null ? null : minutes < 60 ? `${minutes} min` : `${Math.floor(minutes / 60)} h ${minutes % 60} min`;

/**
 * A job as the bay sees it, with gloves on: the vehicle and its plate large, the customer, key tag and notes,
 * where it stands, the time spent, and one big button for the next step. `take` offers an unassigned job.
 */
export function JobCard({ job, store, take, compact = false }: { job: BayJob; store: StoreLocation; take?: () => Promise<unknown>; compact?: boolean }) {
  const formats = storeFormatters(store);
  const { problem, busy, run: act } = useAction('That did not work; try again.');
  const status = scheduledEventStatus(eventTypes.appointment, job.visit);
  const step = nextStep(job.visit);
  const now = new Date();
  const spent = spentText(minutesSpent(job.visit, now));
  const risk = job.riskAt(now);
  const notes = [job.visit.staffNotes, job.service.serviceNotes].filter(Boolean).join(' · ');
  return (
    <Card
      withBorder
      padding={compact ? 'xs' : 'md'}
      radius="md"
      style={{ borderLeft: `6px solid ${statusColors[status]}` }}
      role="article"
      aria-label={`${job.serviceName}: ${job.vehicle ?? 'vehicle'} ${job.licence}`.trim()}
    >
      <Stack gap={compact ? 2 : 6}>
        <Text size={compact ? 'sm' : 'lg'} fw={700}>
          {job.vehicle ?? 'Vehicle'}
        </Text>
        {/* The plate and the key tag are what a technician looks for in the lot: big, never cut. */}
        <Group gap="xs">
          {job.licence && (
            <Text size={compact ? 'sm' : 'xl'} fw={700} ff="monospace">
              {job.licence}
            </Text>
          )}
          {job.visit.keyTag && (
            <Badge variant="outline" color="dark" size={compact ? 'sm' : 'lg'}>
              Key {job.visit.keyTag}
            </Badge>
          )}
          <Badge color={statusColors[status]} variant="light" size={compact ? 'sm' : 'md'}>
            {status}
          </Badge>
          {risk?.atRisk && (
            <Badge color="red" variant="filled" size={compact ? 'sm' : 'md'} title={risk.reason}>
              At risk
            </Badge>
          )}
        </Group>
        {risk?.atRisk && (
          <Text size="sm" c="red.8">
            Promised {formats.time(job.visit.pickUpTime!)}: {risk.reason}
          </Text>
        )}
        <Text size="sm">
          {formats.time(job.service.startDate)} · {job.serviceName} · {job.service.durationInMinutes} min
        </Text>
        <Text size="sm" c="dimmed">
          {job.customerName}
        </Text>
        {notes && !compact && (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {notes}
          </Text>
        )}
        {spent && <Text size="sm">Time spent: {spent}</Text>}
        {job.progress && (
          <Group gap="xs" wrap="nowrap">
            <Progress value={(job.progress.done / Math.max(1, job.progress.total)) * 100} style={{ flex: 1 }} aria-label="Inspection progress" />
            <Text size="xs" c="dimmed">
              {job.progress.done}/{job.progress.total} checked{job.report?.completedAt ? ' · done' : ''}
            </Text>
          </Group>
        )}
        {job.photosPending > 0 && (
          <Text size="xs" c="orange.8">
            {job.photosPending} {job.photosPending === 1 ? 'photo' : 'photos'} pending
          </Text>
        )}
        {problem && (
          <Text size="sm" c="red" role="alert">
            {problem}
          </Text>
        )}
        {!compact && (
          <Group gap="sm" grow>
            {take ? (
              <Button size="lg" loading={busy} onClick={() => void act(take)}>
                Take job
              </Button>
            ) : (
              <StepButton
                step={step}
                size="lg"
                busy={busy}
                askBeforeComplete={() => workCompleteQuestion(store.id, job.visit.scheduledVisitId)}
                onStep={(milestone) => act(() => syncClient().recordMilestone(job.visit.scheduledVisitId, milestone))}
              />
            )}
            <ButtonLink size="lg" variant="default" to="/technician-appointments/$id" params={{ id: job.visit.scheduledVisitId }}>
              Open
            </ButtonLink>
          </Group>
        )}
      </Stack>
    </Card>
  );
}
