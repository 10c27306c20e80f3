import { Alert, Badge, Blockquote, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { TimeInput } from '@mantine/dates';
import { IconMessage, IconPhone } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { storeFormatters } from '../../app/store-time.ts';
import { useAction } from '../../app/use-action.ts';
import type { Customer, CustomerVehicle, ScheduledService, ScheduledVisit } from '../../contract/entities.ts';
import type { StoreLocation } from '../../contract/store-location.ts';
import type { OutboxEntry } from '../../db/store-db.ts';
import { isTimeOfDay } from '../../contract/store-week.ts';
import { instantToWallClock, storeTimeZone, wallClockIsoToInstant } from '../../domain/calendar/time-zone.ts';
import { formatPhone } from '../../domain/people/phone.ts';
import { promiseUpdateText, workOrderLink } from '../../domain/scheduler/promise-update.ts';
import { isVisitOpen } from '../../domain/scheduler/visit-rules.ts';
import { syncClient } from '../../sync/sync-client.ts';
import { promiseForm } from './promise-form.ts';
import { useProposedPickUpTime, useVisitsAtRisk } from './use-promise-risk.ts';
import { usePromiseMoves, usePromiseUpdateRoute } from './use-promise-update.ts';

/**
 * The visit's promise (issue 48): the ready-by time given to the customer (pickUpTime), whether the floor can
 * still keep it, the time the floor proposes (at booking and check-in, and again when at risk, filled in then),
 * and "Promise" to give a time with why, through the one verb that records it in the visit's history. A time
 * earlier than the floor can keep is warned about, not refused. When a promise given moves or is at risk,
 * "Promise and tell the customer" shows the exact update that goes and how (promise-update.ts, the server's
 * rule), or why it cannot and what to do instead.
 */
export function PromiseEditor({
  store,
  visit,
  services,
  customer,
  vehicle,
  mayCheckIn,
  editable,
}: {
  store: StoreLocation;
  visit: ScheduledVisit;
  services: ScheduledService[];
  customer: Customer | undefined;
  vehicle: CustomerVehicle | undefined;
  /** The customer can be checked in now: the proposal counts the car as here. */
  mayCheckIn: boolean;
  editable: boolean;
}) {
  const timeZone = storeTimeZone(store.timeZone);
  const formats = storeFormatters(store);
  const wall = (iso: string) => instantToWallClock(iso, timeZone);
  const today = wall(new Date().toISOString()).slice(0, 10);
  const whenText = (iso: string) => (wall(iso).slice(0, 10) === today ? formats.time(iso) : formats.dateTime(iso));
  // Checking in, the car is here now: the proposal places its work from now, not from its booked start.
  const arriving = useMemo(() => (mayCheckIn ? { ...visit, checkInDate: new Date().toISOString() } : visit), [visit, mayCheckIn]);
  const proposed = useProposedPickUpTime(store, arriving, services);
  const risk = useVisitsAtRisk(store).get(visit.scheduledVisitId);
  const route = usePromiseUpdateRoute(store, customer);
  const moves = usePromiseMoves(store.id, visit.scheduledVisitId);
  const firstDay = services[0] ? wall(services[0].startDate).slice(0, 10) : today;
  const [day, setDay] = useState(visit.pickUpTime ? wall(visit.pickUpTime).slice(0, 10) : firstDay);
  const [time, setTime] = useState(visit.pickUpTime ? wall(visit.pickUpTime).slice(11, 16) : '');
  const [edited, setEdited] = useState(false);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  // A car done or gone has nothing left to propose.
  const working = isVisitOpen(visit) && !visit.workCompleteDate && !visit.readyForPickupDate;
  // At risk, the update is prepared: the floor's time stands in the fields until the counter sets one of their own.
  const prefill = risk && proposed && working && editable && !edited ? wall(proposed) : null;
  const shownDay = prefill ? prefill.slice(0, 10) : day;
  const shownTime = prefill ? prefill.slice(11, 16) : time;
  const readable = shownTime === '' || (isTimeOfDay(shownTime) && /^\d{4}-\d{2}-\d{2}$/.test(shownDay));
  const candidate = readable && shownTime !== '' ? wallClockIsoToInstant(`${shownDay}T${shownTime}:00`, timeZone) : null;
  const form = promiseForm(
    { promised: visit.pickUpTime, checkedIn: visit.checkInDate !== null, atRisk: !!risk, proposed: working ? proposed : undefined, candidate, reason },
    whenText,
  );
  const setWhen = (nextDay: string, nextTime: string) => {
    setEdited(true);
    setDay(nextDay);
    setTime(nextTime);
  };
  const promise = (tellCustomer: boolean) => {
    if (!readable) return setProblem('Enter the day and a time such as 15:30.');
    setProblem(null);
    syncClient()
      .movePromise(visit.scheduledVisitId, candidate, reason.trim() || null, tellCustomer ? { tellCustomer } : {})
      .catch((e: unknown) => setProblem(e instanceof Error ? e.message : String(e)));
  };
  const update =
    form.tell && candidate
      ? promiseUpdateText({
          vehicle,
          pickUpTime: candidate,
          previousPickUpTime: visit.pickUpTime,
          reason,
          // The public pages are served from the app's own address, as the server's PUBLIC_URL.
          link: workOrderLink(window.location.origin, visit.scheduledVisitHashId),
          store,
          now: new Date(),
        })
      : null;
  const sendable = update !== null && route !== undefined && !('cannot' in route);
  // Refused, the time on this device is the one the server would not take: it is not said as promised, and nothing
  // more is offered on top of it until the counter tries it again or keeps the promise as it was.
  if (moves.refused)
    return (
      <Stack gap="xs" role="group" aria-label="Promise">
        <RefusedMove storeId={store.id} refused={moves.refused} whenText={whenText} />
      </Stack>
    );
  return (
    <Stack gap="xs" role="group" aria-label="Promise">
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text size="sm" fw={600}>
          {visit.pickUpTime ? `Promised by ${whenText(visit.pickUpTime)}` : 'No ready-by time promised yet'}
          {moves.waiting ? ' (not sent yet)' : ''}
        </Text>
        {risk && (
          <Badge color="error" variant="filled" style={{ flexShrink: 0 }}>
            At risk
          </Badge>
        )}
      </Group>
      {moves.waiting && <WaitingMove waiting={moves.waiting} dateTime={formats.dateTime} />}
      {risk && (
        <Text size="sm" c="error">
          {risk.reason}
        </Text>
      )}
      {form.proposal && (
        <Group gap="xs" wrap="nowrap" justify="space-between">
          <Text size="sm">{form.proposal}</Text>
          {editable && (
            <Button
              size="compact-sm"
              variant="light"
              onClick={() => proposed && setWhen(wall(proposed).slice(0, 10), wall(proposed).slice(11, 16))}
              style={{ flexShrink: 0 }}
            >
              Use it
            </Button>
          )}
        </Group>
      )}
      {editable && (
        <>
          <Group grow align="flex-end">
            <TextInput type="date" label="Pickup day" value={shownDay} onChange={(e) => setWhen(e.currentTarget.value, shownTime)} />
            <TimeInput label="Pickup time" value={shownTime} onChange={(e) => setWhen(shownDay, e.currentTarget.value)} />
          </Group>
          <TextInput
            label={form.tell ? "Why (told to the customer, and kept in the promise's history)" : "Why (kept in the promise's history)"}
            placeholder="Optional, e.g. the brake work you approved adds 45 minutes"
            value={reason}
            maxLength={500}
            onChange={(e) => setReason(e.currentTarget.value)}
          />
          {form.warning && (
            <Text size="sm" c="orange.9" role="status">
              {form.warning}
            </Text>
          )}
          {update && route && <UpdatePreview update={update} route={route} />}
          {problem && (
            <Text c="red" size="sm" role="alert">
              {problem}
            </Text>
          )}
          <Group justify="flex-end" gap="xs">
            <Button variant={sendable ? 'default' : 'filled'} disabled={!form.changes} onClick={() => promise(false)}>
              Promise
            </Button>
            {sendable && <Button onClick={() => promise(true)}>Promise and tell the customer</Button>}
          </Group>
        </>
      )}
    </Stack>
  );
}

/** The update exactly as it goes, and how; or, when it cannot go, why and what to do instead. */
function UpdatePreview({ update, route }: { update: string; route: { channel: 'sms' | 'email'; to: string } | { cannot: string } }) {
  if ('cannot' in route)
    return (
      <Alert color="orange" variant="light" icon={<IconPhone size={18} />} p="xs" title="The customer cannot be told by text or email">
        <Text size="sm">{route.cannot}.</Text>
      </Alert>
    );
  const how = route.channel === 'sms' ? `By text to ${formatPhone(route.to)}` : `By email to ${route.to}`;
  return (
    <Stack gap={4} role="group" aria-label="The customer's update">
      <Group gap={6} wrap="nowrap">
        <IconMessage size={16} aria-hidden />
        <Text size="sm" fw={600}>
          {how}:
        </Text>
      </Group>
      <Blockquote p="xs" color="blue" style={{ overflowWrap: 'anywhere' }}>
        <Text size="sm">{update}</Text>
      </Blockquote>
    </Stack>
  );
}

const toldToo = (entry: OutboxEntry) => (entry.body as { tellCustomer?: boolean } | undefined)?.tellCustomer === true;

/**
 * A move the server refused, in its words, until the counter tries it again or keeps the promise as it was
 * (discarding it puts back the server's promise). A refusal reads as one, never as done.
 */
function RefusedMove({ storeId, refused, whenText }: { storeId: number; refused: OutboxEntry; whenText: (iso: string) => string }) {
  const { problem, busy, run } = useAction('That did not go through; try again.');
  const to = (refused.body as { pickUpTime?: string | null } | undefined)?.pickUpTime;
  const moved = to ? `the promise did not move to ${whenText(to)}` : 'the promise was not taken away';
  return (
    <Alert color="red" title={toldToo(refused) ? `Not sent: ${moved}` : moved.replace(/^./, (c) => c.toUpperCase())} role="alert" p="xs">
      <Text size="sm">{refused.problem?.detail ?? refused.lastError ?? 'The server refused it.'}</Text>
      <Group gap="xs" mt="xs">
        <Button size="compact-sm" loading={busy} onClick={() => void run(() => syncClient().retryChange(storeId, refused.seq!))}>
          Try again
        </Button>
        <Button size="compact-sm" variant="default" disabled={busy} onClick={() => void run(() => syncClient().discardChange(storeId, refused.seq!))}>
          Keep the promise as it was
        </Button>
      </Group>
      {problem && (
        <Text size="sm" c="red" mt={4}>
          {problem}
        </Text>
      )}
    </Alert>
  );
}

/** A move still on this device: said so, with the last try's trouble when there was one (a message limit waits it out). */
function WaitingMove({ waiting, dateTime }: { waiting: OutboxEntry; dateTime: (iso: string) => string }) {
  const what = toldToo(waiting) ? "The new promise and the customer's update wait" : 'The new promise waits';
  return (
    <Text size="sm" c="dimmed" role="status">
      {`${what} on this device (since ${dateTime(waiting.createdAt)}) and go when the server takes them`}
      {waiting.lastError ? `. Last try: ${waiting.lastError}` : '.'}
    </Text>
  );
}
