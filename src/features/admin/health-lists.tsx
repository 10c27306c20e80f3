import { Alert, Button, Loader, Select, Stack, Table, Text } from '@mantine/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { FailedMessage, PlatformDevice, PlatformHealth } from '../../contract/platform-health.ts';
import { deviceFormatters } from '../../app/store-time.ts';
import { useAction } from '../../app/use-action.ts';
import { syncClient } from '../../sync/sync-client.ts';

interface NamedStore {
  storeId: number;
  storeNumber: number | null;
  storeName: string | null;
  companyName: string | null;
}

/** "#101 Main Street", or the id of a store the server no longer knows. */
const storeWords = (s: NamedStore) => (s.storeNumber === null ? `Store ${s.storeId} (not found)` : `#${s.storeNumber} ${s.storeName ?? ''}`.trim());

function StoreCell({ store }: { store: NamedStore }) {
  return (
    <Table.Td>
      <Text size="sm">{storeWords(store)}</Text>
      {store.companyName && (
        <Text size="xs" c="dimmed">
          {store.companyName}
        </Text>
      )}
    </Table.Td>
  );
}

/** A list read when it opens: loading, its problem with Try again, or what it holds. */
function useLoaded<T>(load: () => Promise<T>, fallback: string) {
  // Each answer is kept with the load it answers: a slower answer to an earlier choice (another store) is never shown.
  const [loaded, setLoaded] = useState<{ load: () => Promise<T>; value: T } | null>(null);
  const current = useRef(load);
  const { problem, run } = useAction(fallback);
  const reload = useCallback(
    () =>
      void run(async () => {
        const value = await load();
        if (current.current === load) setLoaded({ load, value });
      }),
    [run, load],
  );
  useEffect(() => {
    current.current = load;
    reload();
  }, [load, reload]);
  const value = loaded?.load === load ? loaded.value : null;
  const state = problem ? (
    <Alert color="red" role="alert">
      {problem}{' '}
      <Button variant="subtle" size="compact-sm" onClick={reload}>
        Try again
      </Button>
    </Alert>
  ) : value === null ? (
    <Loader size="sm" aria-label="Loading the list" />
  ) : null;
  return { value, state };
}

export function MigrationList({ migrations }: { migrations: PlatformHealth['migrations'] }) {
  const formats = deviceFormatters();
  return (
    <Stack gap="xs">
      <Text size="sm">
        This server knows {migrations.known} migrations; the database has applied {migrations.applied.length}.
      </Text>
      <Table.ScrollContainer minWidth={360}>
        <Table aria-label="Migrations applied" verticalSpacing={4}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Migration</Table.Th>
              <Table.Th>Applied</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {[...migrations.applied].reverse().map((m) => (
              <Table.Tr key={m.name}>
                <Table.Td>
                  <Text size="sm" ff="monospace">
                    {m.name}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{formats.dateTime(m.appliedAt)}</Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}

export function ConnectionList({ hub }: { hub: PlatformHealth['hub'] }) {
  return (
    <Stack gap="xs">
      <Text size="sm">
        Devices connected live to the server process that answered ({hub.connections} in all); with several server processes, each holds its own. A device
        counts at each store it follows.
      </Text>
      {hub.stores.length === 0 ? (
        <Text size="sm" c="dimmed">
          No device follows a store on this process right now.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={320}>
          <Table aria-label="Live connections by store" verticalSpacing={4}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Store</Table.Th>
                <Table.Th ta="right">Connections</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {hub.stores.map((s) => (
                <Table.Tr key={s.storeId}>
                  <StoreCell store={s} />
                  <Table.Td ta="right">{s.connections}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}

/** Devices as they last pulled, every store's or one store's (chosen from the stores that have devices). */
export function DeviceList({ stores }: { stores: PlatformHealth['devices']['stores'] }) {
  const [storeId, setStoreId] = useState<string | null>(null);
  const load = useCallback(() => syncClient().platformDevices(storeId === null ? null : Number(storeId)), [storeId]);
  const { value: devices, state } = useLoaded<PlatformDevice[]>(load, 'The devices could not be loaded.');
  const formats = deviceFormatters();
  return (
    <Stack gap="xs">
      <Text size="sm">Each device reports when it pulls the store's changes: who used it, and how many of their changes still wait to reach the server.</Text>
      <Select
        label="Store"
        placeholder="Every store"
        clearable
        value={storeId}
        onChange={setStoreId}
        data={stores.map((s) => ({ value: String(s.storeId), label: `${storeWords(s)} (${s.devices})` }))}
      />
      {state}
      {devices &&
        (devices.length === 0 ? (
          <Text size="sm" c="dimmed">
            No device has reported here yet.
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={640}>
            <Table aria-label="Devices" verticalSpacing={4}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Store</Table.Th>
                  <Table.Th>Used by</Table.Th>
                  <Table.Th ta="right">Changes waiting</Table.Th>
                  <Table.Th>Last sync</Table.Th>
                  <Table.Th>Browser</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {devices.map((d) => (
                  <Table.Tr key={`${d.deviceId}/${d.storeId}`}>
                    <StoreCell store={d} />
                    <Table.Td>
                      <Text size="sm">{d.userName ?? 'A person no longer here'}</Text>
                    </Table.Td>
                    <Table.Td ta="right">
                      <Text size="sm" c={d.outboxBacklog > 0 ? 'orange' : undefined} fw={d.outboxBacklog > 0 ? 600 : undefined}>
                        {d.outboxBacklog}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{formats.dateTime(d.lastSyncAt)}</Text>
                    </Table.Td>
                    <Table.Td maw={220}>
                      <Text size="xs" c="dimmed" lineClamp={2} title={d.userAgent ?? undefined}>
                        {d.userAgent ?? 'Not said'}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        ))}
    </Stack>
  );
}

const channelWords: Record<FailedMessage['channel'], string> = { sms: 'Text', email: 'Email' };

export function FailedMessageList() {
  const load = useCallback(() => syncClient().failedMessages(), []);
  const { value: messages, state } = useLoaded<FailedMessage[]>(load, 'The failed messages could not be loaded.');
  const formats = deviceFormatters();
  return (
    <Stack gap="xs">
      <Text size="sm">Texts and emails to customers that their provider refused, or that were given up after repeated tries, in the last 24 hours.</Text>
      {state}
      {messages &&
        (messages.length === 0 ? (
          <Text size="sm" c="dimmed">
            No message failed in the last day.
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={680}>
            <Table aria-label="Failed messages" verticalSpacing={4}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Store</Table.Th>
                  <Table.Th>To</Table.Th>
                  <Table.Th>Failed</Table.Th>
                  <Table.Th ta="right">Tries</Table.Th>
                  <Table.Th>Why</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {messages.map((m) => (
                  <Table.Tr key={m.storeMessageId}>
                    <StoreCell store={m} />
                    <Table.Td>
                      <Text size="sm">{m.toAddress}</Text>
                      <Text size="xs" c="dimmed">
                        {channelWords[m.channel]}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{formats.dateTime(m.failedAt)}</Text>
                    </Table.Td>
                    <Table.Td ta="right">{m.attempts}</Table.Td>
                    <Table.Td maw={280}>
                      <Text size="sm">{m.problem ?? 'No reason was recorded'}</Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        ))}
    </Stack>
  );
}

export function JobList({ jobs }: { jobs: PlatformHealth['jobs'] }) {
  const formats = deviceFormatters();
  return (
    <Stack gap="xs">
      <Text size="sm">The jobs of the server process that answered, since it started; the full story of each problem is in its log.</Text>
      <Table.ScrollContainer minWidth={600}>
        <Table aria-label="Background jobs" verticalSpacing={4}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Job</Table.Th>
              <Table.Th>Last run</Table.Th>
              <Table.Th>Last problem</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {jobs.map((j) => (
              <Table.Tr key={j.name}>
                <Table.Td maw={260}>
                  <Text size="sm" fw={500}>
                    {j.label}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {j.description}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{j.lastRunAt ? formats.dateTime(j.lastRunAt) : 'Not yet'}</Text>
                </Table.Td>
                <Table.Td maw={320}>
                  {j.lastErrorAt ? (
                    <>
                      <Text size="sm" c="red">
                        {formats.dateTime(j.lastErrorAt)}
                      </Text>
                      <Text size="xs">{j.lastError}</Text>
                    </>
                  ) : (
                    <Text size="sm" c="dimmed">
                      None
                    </Text>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
