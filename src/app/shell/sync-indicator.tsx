import { ActionIcon, Badge, Button, Group, Indicator, Popover, Progress, Stack, Text, Tooltip } from '@mantine/core';
import { IconCloudCheck, IconCloudOff, IconCloudUpload, IconRefresh } from '@tabler/icons-react';
import type { StoreLocation } from '../../contract/store-location.ts';
import type { OutboxEntry } from '../../db/store-db.ts';
import { useDeviceOutbox } from './use-device-outbox.ts';
import { relativeTime } from '../relative-time.ts';
import { syncClient } from '../../sync/sync-client.ts';
import type { SyncStatus } from '../../../workers/sync-worker-api.ts';

/**
 * Online or not, changes waiting, changes refused (retry or discard each), last sync, first-sync progress.
 * Counts cover every store's outbox on the device; a refused change of another store names that store.
 */
export function SyncIndicator({ storeId, status, stores }: { storeId: number; status: SyncStatus; stores: readonly StoreLocation[] }) {
  const data = useDeviceOutbox(storeId);
  const storeName = (id: number) => {
    const store = stores.find((s) => s.id === id);
    return store ? `${store.name} #${store.storeNumber}` : `store ${id}`;
  };
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
          {failed.map(({ storeId: at, entry }) => <FailedChange key={`${at}/${entry.seq}`} storeId={at} entry={entry} otherStore={at === storeId ? null : storeName(at)} />)}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}

function FailedChange({ storeId, entry, otherStore }: { storeId: number; entry: OutboxEntry; otherStore: string | null }) {
  const reason = entry.problem?.detail ?? entry.problem?.title ?? 'The server refused this change.';
  const fields = entry.problem?.errors ? Object.entries(entry.problem.errors).map(([f, m]) => `${f}: ${m.join(', ')}`).join('; ') : '';
  return (
    <Stack gap={4} p="xs" style={{ border: '1px solid var(--mantine-color-error-3)', borderRadius: 4 }} role="group" aria-label={`Not saved: ${entry.description}`}>
      <Group justify="space-between" wrap="nowrap"><Text size="sm" fw={600}>{entry.description}</Text><Badge color="error" size="sm" style={{ flexShrink: 0 }}>Not saved</Badge></Group>
      {otherStore && <Text size="xs" c="dimmed">At {otherStore}</Text>}
      <Text size="sm">{reason}{fields ? ` (${fields})` : ''}</Text>
      <Group gap="xs">
        <Button size="xs" variant="light" onClick={() => void syncClient().retryChange(storeId, entry.seq!)}>Try again</Button>
        <Button size="xs" variant="subtle" color="error" onClick={() => void syncClient().discardChange(storeId, entry.seq!)}>Discard</Button>
      </Group>
    </Stack>
  );
}
