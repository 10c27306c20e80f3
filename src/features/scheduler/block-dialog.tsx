import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { useSession } from '../../app/session.ts';
import type { RecurringBlockedTime } from '../../contract/entities.ts';
import { replicaOf } from '../../db/use-replica.ts';
import type { SchedulerEvent } from '../../domain/scheduler/scheduler-events.ts';
import { eventTypes } from '../../domain/scheduler/visit-status.ts';
import { dateFormats } from '../../domain/calendar/date-format.ts';
import { wallClockIsoToInstant } from '../../domain/calendar/time-zone.ts';
import { syncClient } from '../../sync/sync-client.ts';

/**
 * A blocked time opened from the calendar: its description, and for a weekly one its final date (spec
 * section 3: the two things that change); removal (a weekly one goes from every week).
 */
export function BlockDialog({ event, timeZone, onClose }: { event: SchedulerEvent; timeZone: string; onClose(): void }) {
  const formats = dateFormats(timeZone);
  const [start, end] = [wallClockIsoToInstant(event.startDate, timeZone), wallClockIsoToInstant(event.endDate, timeZone)];
  const session = useSession();
  const storeId = session?.activeStore?.id ?? 0;
  const weekly = event.eventType === eventTypes.recurringBlockedTime;
  const row = useLiveQuery(
    async () => (weekly ? replicaOf(storeId).rows<RecurringBlockedTime>('recurringBlockedTimes').get(event.sourceId) : null),
    [storeId, event.sourceId, weekly],
  );
  const [description, setDescription] = useState(event.description ?? '');
  const [until, setUntil] = useState<string | null | undefined>(undefined);
  const [asking, setAsking] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const finalDate = until === undefined ? (row?.recurrenceEndDate ?? null) : until;

  const act = async (work: () => Promise<unknown>) => {
    try {
      await work();
      onClose();
    } catch (e) {
      setProblem(e instanceof Error ? e.message : String(e));
    }
  };
  const save = () =>
    act(() =>
      weekly
        ? syncClient().updateRecurringBlockedTime(event.sourceId, { description: description.trim() || null, recurrenceEndDate: finalDate })
        : syncClient().updateBlockedTime(event.sourceId, { description: description.trim() || null }),
    );
  const remove = () => act(() => (weekly ? syncClient().deleteRecurringBlockedTime(event.sourceId) : syncClient().deleteBlockedTime(event.sourceId)));

  return (
    <Modal opened onClose={onClose} title={weekly ? 'Weekly blocked time' : 'Blocked time'}>
      <Stack gap="sm">
        {/* "Every Tuesday" names a repeat, not a day: the weekday alone, in the app's words. */}
        <Text size="sm">
          {weekly
            ? `Every ${new Date(`${event.startDate}Z`).toLocaleDateString('en-US', { weekday: 'long', timeZone: 'UTC' })}, ${formats.timeRange(start, end)}`
            : formats.dateTimeRange(start, end)}
        </Text>
        {weekly && (
          <Text size="xs" c="dimmed">
            Weekly blocks cannot be dragged: change the final date here, or remove it and block a new time.
          </Text>
        )}
        <TextInput label="Description" value={description} onChange={(e) => setDescription(e.currentTarget.value)} maxLength={500} data-autofocus />
        {weekly && (
          <DatePickerInput
            label="Final date"
            description="Empty: repeats until removed"
            clearable
            value={finalDate}
            onChange={(v) => setUntil(v ? String(v).slice(0, 10) : null)}
            valueFormat="ddd, MMM D, YYYY"
            firstDayOfWeek={1}
          />
        )}
        {problem && <Alert color="red">{problem}</Alert>}
        {asking ? (
          <Alert color="red" title={weekly ? 'Remove every week of this block?' : 'Remove this blocked time?'}>
            <Group justify="flex-end" mt="xs">
              <Button variant="default" onClick={() => setAsking(false)}>
                Keep it
              </Button>
              <Button color="red" onClick={() => void remove()}>
                Remove
              </Button>
            </Group>
          </Alert>
        ) : (
          <Group justify="space-between">
            <Button color="red" variant="subtle" onClick={() => setAsking(true)}>
              Remove…
            </Button>
            <Group>
              <Button variant="default" onClick={onClose}>
                Cancel
              </Button>
              <Button onClick={() => void save()}>Save</Button>
            </Group>
          </Group>
        )}
      </Stack>
    </Modal>
  );
}
