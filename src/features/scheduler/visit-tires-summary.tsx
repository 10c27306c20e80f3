import { ActionIcon, Group, Stack, Text } from '@mantine/core';
import { useLiveQuery } from 'dexie-react-hooks';
import type { VisitTire } from '../../contract/visit-tires.ts';
import { useSession } from '../../app/session.ts';
import { useAction } from '../../app/use-action.ts';
import { replicaOf } from '../../db/use-replica.ts';
import { dotsRead, showDot, type ShownDot } from '../../domain/tires/tire-dot.ts';
import { storeTimeZone, wallClockDate } from '../../domain/calendar/time-zone.ts';
import { syncClient } from '../../sync/sync-client.ts';

const toneColor: Record<ShownDot['tone'], string | undefined> = { ok: undefined, old: 'orange.8', misread: 'red.8' };

/** A tire's DOT code as the counter reads it: in its groups, when it was made, flagged when too old to fit or misread. */
function DotCode({ code, today }: { code: string | null; today: string }) {
  if (code === null)
    return (
      <Text span c="dimmed">
        no DOT code yet
      </Text>
    );
  const shown = showDot(code, today);
  return (
    <>
      <Text span ff="monospace">
        {shown.text}
      </Text>{' '}
      <Text span c={toneColor[shown.tone] ?? 'dimmed'} fw={shown.tone === 'ok' ? undefined : 600}>
        ({shown.note})
      </Text>
    </>
  );
}

/**
 * The tires a visit fits, as the counter follows them: each with the DOT code the bay read (or not yet), in its
 * groups and with its age, a tire too old to fit or a misread code flagged; one taken off if the customer changed
 * their mind. A misread code is not counted as read.
 */
export function VisitTiresSummary({ storeId, scheduledVisitId, editable }: { storeId: number; scheduledVisitId: string; editable: boolean }) {
  const session = useSession();
  const tires = useLiveQuery(
    () => replicaOf(storeId).rows<VisitTire>('visitTires').where('scheduledVisitId').equals(scheduledVisitId).sortBy('position'),
    [storeId, scheduledVisitId],
  );
  const { problem, run } = useAction('The tire was not taken off; try again.');
  if (!tires || tires.length === 0) return null;
  const today = wallClockDate(
    new Date(),
    storeTimeZone(session?.activeStore?.timeZone, () => undefined),
  );
  return (
    <Stack gap={2} role="group" aria-label="Tires to fit">
      <Text size="sm" fw={600}>
        Tires to fit (
        {dotsRead(
          tires.map((t) => t.dotCode),
          today,
        )}{' '}
        of {tires.length} DOT codes read)
      </Text>
      {tires.map((tire, index) => (
        <Group key={tire.visitTireId} gap="xs" wrap="nowrap" justify="space-between">
          <Text size="sm" style={{ minWidth: 0 }}>
            {index + 1}. {tire.description}: <DotCode code={tire.dotCode} today={today} />
          </Text>
          {editable && (
            <ActionIcon
              variant="subtle"
              color="red"
              size="sm"
              aria-label={`Take tire ${index + 1} off the visit`}
              onClick={() => void run(() => syncClient().removeVisitTire(tire.visitTireId))}
            >
              ×
            </ActionIcon>
          )}
        </Group>
      ))}
      {problem && (
        <Text size="xs" c="red" role="alert">
          {problem}
        </Text>
      )}
    </Stack>
  );
}
