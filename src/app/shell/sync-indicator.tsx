import { ActionIcon, Badge, Button, Group, Indicator, Popover, Progress, Stack, Text, Tooltip } from '@mantine/core';
import { IconCloudCheck, IconCloudOff, IconCloudUpload, IconRefresh } from '@tabler/icons-react';
import { useLiveQuery } from 'dexie-react-hooks';
import type { OutboxEntry } from '../../db/store-db.ts';
import { replicaOf } from '../../db/use-replica.ts';
import { relativeTime } from '../relative-time.ts';
import { syncClient } from '../../sync/sync-client.ts';
import type { SyncStatus } from '../../../workers/sync-worker-api.ts';


/** Online or not, changes waiting, changes refused (retry or discard each), last sync, first-sync progress. */
export function SyncIndicator({ storeId, status }: { storeId: number; status: SyncStatus }) {
  const data = useLiveQuery(async () => {
    const db = replicaOf(storeId);
    const [entries, lastSyncedAt] = await Promise.all([db.outbox.orderBy('seq').toArray(), db.syncState.get('lastSyncedAt')]);
    return { queued: entries.filter((e) => e.status === 'pending').length, failed: entries.filter((e) => e.status === 'failed'), lastSyncedAt: (lastSyncedAt?.value as string | undefined) ?? null };
  }, [storeId]);
  const queued = data?.queued ?? 0;
  const failed = data?.failed ?? [];
  const offline = !status.online;
  const label = offline ? 'Offline' : failed.length ? `${failed.length} not saved` : queued ? `${queued} waiting` : 'Saved';
  const Icon = offline ? IconCloudOff : queued || failed.length ? IconCloudUpload : IconCloudCheck;
  const color = failed.length ? 'error' : offline ? 'gray' : queued ? 'yellow' : 'secondary';
  const progress = status.progress;

  return (
    <Popover position="bottom-end" width={340} withinPortal shadow="md">
      <Popover.Target>
        <Tooltip label={`Sync: ${label}`}>
          <Indicator disabled={!failed.length && !queued} label={failed.length || queued} size={16} color={failed.length ? 'error' : 'yellow'} offset={4}>
            <ActionIcon variant="subtle" color={color} size="lg" aria-label={`Sync status: ${label}`}>
              <Icon size={22} />
            </ActionIcon>
          </Indicator>
        </Tooltip>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs">
          <Group justify="space-between">
            <Text fw={600}>{offline ? 'Offline: changes are kept on this device' : status.signedIn ? 'Connected' : 'Sign in again to send changes'}</Text>
            <ActionIcon variant="subtle" aria-label="Sync now" onClick={() => void syncClient().syncNow()}><IconRefresh size={18} /></ActionIcon>
          </Group>
          {progress && (
            <div>
              <Text size="sm">{progress.phase === 'priority' ? 'Getting today\'s schedule…' : 'Getting all store data…'} {progress.total ? `${progress.done.toLocaleString()} of ${progress.total.toLocaleString()}` : ''}</Text>
              <Progress value={progress.total ? (100 * progress.done) / progress.total : 100} animated={!progress.total} aria-label="Sync progress" />
            </div>
          )}
          <Text size="sm">{queued === 0 ? 'No changes waiting.' : `${queued} ${queued === 1 ? 'change' : 'changes'} waiting to be sent.`}</Text>
          <Text size="sm" c="dimmed">Last synced {data?.lastSyncedAt ? relativeTime(data.lastSyncedAt) : 'not yet'}.</Text>
          {status.lastError && <Text size="sm" c="error.7">{status.lastError}</Text>}
          {failed.map((entry) => <FailedChange key={entry.seq} entry={entry} />)}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}

function FailedChange({ entry }: { entry: OutboxEntry }) {
  const reason = entry.problem?.detail ?? entry.problem?.title ?? 'The server refused this change.';
  const fields = entry.problem?.errors ? Object.entries(entry.problem.errors).map(([f, m]) => `${f}: ${m.join(', ')}`).join('; ') : '';
  return (
    <Stack gap={4} p="xs" style={{ border: '1px solid var(--mantine-color-error-3)', borderRadius: 4 }}>
      <Group justify="space-between"><Text size="sm" fw={600}>{entry.description}</Text><Badge color="error" size="sm">Not saved</Badge></Group>
      <Text size="sm">{reason}{fields ? ` (${fields})` : ''}</Text>
      <Group gap="xs">
        <Button size="xs" variant="light" onClick={() => void syncClient().retryChange(entry.seq!)}>Try again</Button>
        <Button size="xs" variant="subtle" color="error" onClick={() => void syncClient().discardChange(entry.seq!)}>Discard</Button>
      </Group>
    </Stack>
  );
}
