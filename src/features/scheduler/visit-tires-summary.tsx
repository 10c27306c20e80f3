import { ActionIcon, Group, Stack, Text } from '@mantine/core';
import { useLiveQuery } from 'dexie-react-hooks';
import type { VisitTire } from '../../contract/visit-tires.ts';
import { useAction } from '../../app/use-action.ts';
import { replicaOf } from '../../db/use-replica.ts';
import { syncClient } from '../../sync/sync-client.ts';

/** The tires a visit fits, as the counter follows them: each with the DOT code the bay read, or not yet; one taken off if the customer changed their mind. */
export function VisitTiresSummary({ storeId, scheduledVisitId, editable }: { storeId: number; scheduledVisitId: string; editable: boolean }) {
  const tires = useLiveQuery(() => replicaOf(storeId).rows<VisitTire>('visitTires').where('scheduledVisitId').equals(scheduledVisitId).sortBy('position'), [storeId, scheduledVisitId]);
  const { problem, run } = useAction('The tire was not taken off; try again.');
  if (!tires || tires.length === 0) return null;
  return (
    <Stack gap={2} role="group" aria-label="Tires to fit">
      <Text size="sm" fw={600}>Tires to fit ({tires.filter((t) => t.dotCode).length} of {tires.length} DOT codes read)</Text>
      {tires.map((tire, index) => (
        <Group key={tire.visitTireId} gap="xs" wrap="nowrap" justify="space-between">
          <Text size="sm" style={{ minWidth: 0 }}>{index + 1}. {tire.description}: <Text span c={tire.dotCode ? undefined : 'dimmed'}>{tire.dotCode ?? 'no DOT code yet'}</Text></Text>
          {editable && (
            <ActionIcon variant="subtle" color="red" size="sm" aria-label={`Take tire ${index + 1} off the visit`} onClick={() => void run(() => syncClient().removeVisitTire(tire.visitTireId))}>×</ActionIcon>
          )}
        </Group>
      ))}
      {problem && <Text size="xs" c="red" role="alert">{problem}</Text>}
    </Stack>
  );
}
