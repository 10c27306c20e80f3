import { ActionIcon, Badge, Button, Divider, Group, Indicator, Popover, Progress, ScrollArea, Stack, Text, Tooltip } from '@mantine/core';
import { IconCloudCheck, IconCloudOff, IconCloudUpload, IconRefresh } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import type { StoreLocation } from '../../contract/store-location.ts';
import type { OutboxEntry } from '../../db/store-db.ts';
import { useDeviceOutbox, useOtherUsersWaiting, type DeviceChange } from './use-device-outbox.ts';
import { useOfflineReadiness } from './use-offline-readiness.ts';
import { useTopBarPopover } from './top-bar-popover.ts';
import { relativeTime } from '../relative-time.ts';
import { syncClient } from '../../sync/sync-client.ts';
import type { SyncStatus } from '../../../workers/sync-worker-api.ts';

/** The words of the top bar's sync status: what a person needs to know at a glance. */
export function syncLabel(offline: boolean, waiting: number, failed: number): string {
  if (failed > 0) return `${failed} not saved`;
  if (offline) return waiting > 0 ? `Offline, ${waiting} waiting` : 'Offline';
  return waiting > 0 ? `${waiting} waiting` : 'Saved';
}

const openEvent = 'alltrac:open-sync-status';

/** Opens the top bar's sync status panel (home's tile of this device's waiting changes opens the list there). */
export const openSyncStatus = () => window.dispatchEvent(new Event(openEvent));

/**
 * Saved, N waiting or N not saved; the last successful sync; Sync now; and a panel listing each waiting and
 * refused change with its store and the server's reason (retry or discard a refused one). Counts cover
 * every store's outbox of this user on the device; other users' waiting changes are counted, never shown.
 */
export function SyncIndicator({ storeId, status, stores }: { storeId: number; status: SyncStatus; stores: readonly StoreLocation[] }) {
  const data = useDeviceOutbox(storeId);
  const readiness = useOfflineReadiness(storeId);
  const othersWaiting = useOtherUsersWaiting();
  const [opened, setOpened] = useState(false);
  const popover = useTopBarPopover();
  useEffect(() => {
    const open = () => setOpened(true);
    window.addEventListener(openEvent, open);
    return () => window.removeEventListener(openEvent, open);
  }, []);
  const storeName = (id: number) => {
    const store = stores.find((s) => s.id === id);
    return store ? `${store.name} #${store.storeNumber}` : `store ${id}`;
  };
  const waiting = data?.waiting ?? [];
  const failed = data?.failed ?? [];
  const offline = !status.online;
  const label = syncLabel(offline, waiting.length, failed.length);
  const Icon = offline ? IconCloudOff : waiting.length || failed.length ? IconCloudUpload : IconCloudCheck;
  const color = failed.length ? 'error' : offline ? 'gray' : waiting.length ? 'yellow' : 'secondary';
  const progress = status.progress;
  // This round's time, else the last sync the replica kept (an offline start has no round yet).
  const lastSynced = status.lastSyncedAt ? new Date(status.lastSyncedAt).toISOString() : (readiness?.lastSyncedAt ?? null);

  return (
    // The badge wraps the popover and the tooltip wraps the button, so the button itself carries aria-expanded;
    // the tooltip stays away while the panel is open (it would sit beside it, half hidden).
    <Indicator
      disabled={!failed.length && !waiting.length}
      label={failed.length || waiting.length}
      size={16}
      color={failed.length ? 'error' : 'yellow'}
      offset={4}
    >
      <Popover opened={opened} onChange={setOpened} width="min(360px, calc(100vw - 16px))" {...popover}>
        <Tooltip label={`Sync: ${label}`} disabled={opened}>
          <Popover.Target>
            <ActionIcon variant="subtle" color={color} size="lg" aria-label={`Sync status: ${label}`} onClick={() => setOpened((o) => !o)}>
              <Icon size={22} />
            </ActionIcon>
          </Popover.Target>
        </Tooltip>
        <Popover.Dropdown>
          <Stack gap="xs" role="region" aria-label="Sync status">
            <Group justify="space-between" wrap="nowrap">
              <Text fw={600} style={{ minWidth: 0 }}>
                {offline ? 'Offline: changes are kept on this device' : status.signedIn ? label : 'Sign-in not renewed yet: changes are kept'}
              </Text>
              <Button size="xs" variant="light" leftSection={<IconRefresh size={14} />} onClick={() => void syncClient().syncNow()}>
                Sync now
              </Button>
            </Group>
            <Text size="sm" c="dimmed">
              Last synced {lastSynced ? relativeTime(lastSynced) : 'not yet on this device'}.
            </Text>
            {readiness && readiness.missing.length > 0 && (
              <Text size="sm" c="yellow.9" role="status">
                Not ready for offline use yet: {readiness.missing.join('; ')}. Stay online until this goes away.
              </Text>
            )}
            {readiness?.stillSaving && (
              <Text size="sm" c="dimmed">
                Offline: {readiness.stillSaving}.
              </Text>
            )}
            {progress && (
              <div>
                <Text size="sm">
                  {progress.phase === 'priority' ? "Getting today's schedule…" : 'Getting all store data…'}{' '}
                  {progress.total ? `${progress.done.toLocaleString()} of ${progress.total.toLocaleString()}` : ''}
                </Text>
                <Progress
                  value={progress.total ? Math.min(100, (100 * progress.done) / progress.total) : 100}
                  animated={!progress.total}
                  aria-label="Sync progress"
                />
              </div>
            )}
            {status.lastError && (
              <Text size="sm" c="error.7" role="alert">
                {status.lastError}
              </Text>
            )}
            {status.updateAvailable && (
              <Group justify="space-between" wrap="nowrap">
                <Text size="sm">A new version of the app is available: it shows data this one cannot.</Text>
                <Button size="xs" onClick={() => window.location.reload()}>
                  Update
                </Button>
              </Group>
            )}
            {othersWaiting > 0 && (
              <Text size="sm" c="dimmed">
                {othersWaiting} {othersWaiting === 1 ? 'change of another user is' : 'changes of another user are'} waiting on this device. They are sent when
                that user signs in here.
              </Text>
            )}
            <ScrollArea.Autosize mah={360} type="auto">
              <Stack gap="xs">
                {failed.map((change) => (
                  <FailedChange key={`${change.storeId}/${change.entry.seq}`} change={change} store={storeName(change.storeId)} />
                ))}
                {waiting.length > 0 && <Divider label={`${waiting.length} waiting to be sent`} labelPosition="left" />}
                {waiting.map((change) => (
                  <WaitingChange key={`${change.storeId}/${change.entry.seq}`} change={change} store={storeName(change.storeId)} />
                ))}
                {waiting.length === 0 && failed.length === 0 && <Text size="sm">Every change made on this device is saved.</Text>}
              </Stack>
            </ScrollArea.Autosize>
          </Stack>
        </Popover.Dropdown>
      </Popover>
    </Indicator>
  );
}

function WaitingChange({ change, store }: { change: DeviceChange; store: string }) {
  const { entry } = change;
  return (
    <Stack gap={2} role="group" aria-label={`Waiting: ${entry.description}`}>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text size="sm">{entry.description}</Text>
        <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
          {relativeTime(entry.createdAt)}
        </Text>
      </Group>
      <Text size="xs" c="dimmed">
        At {store}
        {entry.lastError ? ` · ${entry.lastError}` : ''}
      </Text>
    </Stack>
  );
}

function FailedChange({ change, store }: { change: DeviceChange; store: string }) {
  const entry: OutboxEntry = change.entry;
  const reason = entry.problem?.detail ?? entry.problem?.title ?? 'The server refused this change.';
  const fields = entry.problem?.errors
    ? Object.entries(entry.problem.errors)
        .map(([f, m]) => `${f}: ${m.join(', ')}`)
        .join('; ')
    : '';
  return (
    <Stack
      gap={4}
      p="xs"
      style={{ border: '1px solid var(--mantine-color-error-3)', borderRadius: 4 }}
      role="group"
      aria-label={`Not saved: ${entry.description}`}
    >
      <Group justify="space-between" wrap="nowrap">
        <Text size="sm" fw={600}>
          {entry.description}
        </Text>
        <Badge color="error" size="sm" style={{ flexShrink: 0 }}>
          Not saved
        </Badge>
      </Group>
      <Text size="xs" c="dimmed">
        At {store}
      </Text>
      <Text size="sm">
        {reason}
        {fields ? ` (${fields})` : ''}
      </Text>
      <Group gap="xs">
        <Button size="xs" variant="light" onClick={() => void syncClient().retryChange(change.storeId, entry.seq!)}>
          Try again
        </Button>
        <Button size="xs" variant="subtle" color="error" onClick={() => void syncClient().discardChange(change.storeId, entry.seq!)}>
          Discard
        </Button>
      </Group>
    </Stack>
  );
}
