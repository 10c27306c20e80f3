import { Alert, Button, Group, Loader, Modal, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import type { PlatformHealth, ProviderState } from '../../contract/platform-health.ts';
import { deviceFormatters } from '../../app/store-time.ts';
import { useAction } from '../../app/use-action.ts';
import { formatBytes } from '../../domain/figures/byte-size.ts';
import { syncClient } from '../../sync/sync-client.ts';
import { ConnectionList, DeviceList, FailedMessageList, JobList, MigrationList } from './health-lists.tsx';

type ListName = 'migrations' | 'connections' | 'devices' | 'failed' | 'jobs';
const listTitles: Record<ListName, string> = {
  migrations: 'Migrations applied',
  connections: 'Live connections by store',
  devices: 'Devices',
  failed: 'Failed messages, last 24 hours',
  jobs: 'Background jobs',
};

const providerWords: Record<'sms' | 'email', Record<ProviderState, string>> = {
  sms: { live: 'Texts go to customers through Twilio', sink: 'Texts are kept as files on the server: no customer receives them' },
  email: { live: 'Emails go out through the SMTP server', sink: 'Emails are kept as files on the server: no one receives them' },
};

/** One figure: what it is, its value, a line that explains it, and the list behind it when there is one. */
function Figure({
  label,
  value,
  detail,
  tone,
  list,
  onOpen,
}: {
  label: string;
  value: ReactNode;
  detail?: ReactNode;
  tone?: 'bad' | 'warn';
  list?: string;
  onOpen?: () => void;
}) {
  return (
    <Paper withBorder p="sm" radius="md">
      <Stack gap={4} h="100%">
        <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
          {label}
        </Text>
        <Text size="lg" fw={600} c={tone === 'bad' ? 'red' : tone === 'warn' ? 'orange' : undefined}>
          {value}
        </Text>
        {detail && (
          <Text size="sm" c="dimmed">
            {detail}
          </Text>
        )}
        {list && onOpen && (
          <Button variant="light" size="compact-sm" mt="auto" style={{ alignSelf: 'flex-start' }} onClick={onOpen} aria-haspopup="dialog">
            {list}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** How long a background job's problem keeps the figure red. */
const recentProblemMs = 15 * 60_000;

function HealthFigures({ health, onOpen }: { health: PlatformHealth; onOpen(list: ListName): void }) {
  const { database, migrations, hub, devices, failedMessages, providers, jobs } = health;
  const formats = deviceFormatters();
  const latest = migrations.applied.at(-1);
  const missing = migrations.known - migrations.applied.length;
  const lastProblem = jobs
    .map((j) => j.lastErrorAt)
    .filter((at) => at !== null)
    .sort()
    .at(-1);
  // A job is in trouble while its last problem is recent: one from this morning, long since recovered from, is history.
  const troubled = jobs.filter((j) => j.lastErrorAt !== null && Date.parse(health.checkedAt) - Date.parse(j.lastErrorAt) < recentProblemMs).length;
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm" verticalSpacing="sm">
      <Figure label="Server" value={`Version ${health.server.version}`} />
      <Figure
        label="Database"
        value={`${database.kind} ${database.version}`}
        detail={database.sizeBytes === null ? 'Size not measured' : `${formatBytes(database.sizeBytes)} on disk`}
      />
      <Figure
        label="Migrations"
        value={`${migrations.applied.length} applied`}
        tone={missing > 0 ? 'warn' : undefined}
        detail={missing > 0 ? `This server knows ${migrations.known}: ${missing} not applied` : latest && `Latest: ${latest.name}`}
        list="See the migrations"
        onOpen={() => onOpen('migrations')}
      />
      <Figure
        label="Live connections"
        value={hub.connections}
        detail={`${plural(hub.stores.length, 'store', 'stores')} followed, on the server process that answered`}
        list="See them by store"
        onOpen={() => onOpen('connections')}
      />
      <Figure
        label="Devices"
        value={plural(devices.count, 'device', 'devices')}
        tone={devices.backlog > 0 ? 'warn' : undefined}
        detail={`At ${plural(devices.stores.length, 'store', 'stores')}; ${plural(devices.backlog, 'change', 'changes')} waiting to reach the server`}
        list="See the devices"
        onOpen={() => onOpen('devices')}
      />
      <Figure
        label="Failed messages, last 24 hours"
        value={failedMessages.count}
        tone={failedMessages.count > 0 ? 'bad' : undefined}
        detail={failedMessages.count > 0 ? 'Texts and emails that did not reach the customer' : 'None failed'}
        list="See the messages"
        onOpen={() => onOpen('failed')}
      />
      <Figure
        label="Texts"
        value={providers.sms === 'live' ? 'Live' : 'Sink'}
        tone={providers.sms === 'sink' ? 'warn' : undefined}
        detail={providerWords.sms[providers.sms]}
      />
      <Figure
        label="Email"
        value={providers.email === 'live' ? 'Live' : 'Sink'}
        tone={providers.email === 'sink' ? 'warn' : undefined}
        detail={providerWords.email[providers.email]}
      />
      <Figure
        label="Background jobs"
        value={troubled === 0 ? 'No problems' : `${plural(troubled, 'job', 'jobs')} with a problem`}
        tone={troubled > 0 ? 'bad' : undefined}
        detail={lastProblem ? `The last at ${formats.dateTime(lastProblem)}` : `${plural(jobs.length, 'job', 'jobs')} on the server process that answered`}
        list="See the jobs"
        onOpen={() => onOpen('jobs')}
      />
    </SimpleGrid>
  );
}

/**
 * The platform's health (issue 27), for its admins: the server and its database, the stores' devices and live
 * connections, the messages that failed, where texts and emails go, and the background jobs' last problems.
 * Read from the server when the tab opens and on Refresh; each figure opens the list behind it.
 */
export function HealthTab() {
  const [health, setHealth] = useState<PlatformHealth | null>(null);
  const [open, setOpen] = useState<ListName | null>(null);
  const phone = useMediaQuery('(max-width: 48em)');
  const { problem, busy, run } = useAction("The platform's health could not be loaded.");
  const load = useCallback(() => void run(async () => setHealth(await syncClient().platformHealth())), [run]);
  useEffect(load, [load]);
  const formats = deviceFormatters();

  return (
    <Stack gap="sm">
      <Group justify="space-between" gap="xs">
        <Title order={2} size="h4">
          Health
        </Title>
        <Group gap="xs">
          {health && (
            <Text size="xs" c="dimmed">
              Checked {formats.dateTime(health.checkedAt)}
            </Text>
          )}
          <Button variant="default" size="compact-sm" loading={busy} onClick={load}>
            Refresh
          </Button>
        </Group>
      </Group>
      {problem && (
        <Alert color="red" role="alert">
          {problem}{' '}
          <Button variant="subtle" size="compact-sm" onClick={load}>
            Try again
          </Button>
        </Alert>
      )}
      {health ? <HealthFigures health={health} onOpen={setOpen} /> : !problem && <Loader aria-label="Loading the platform's health" />}
      {health && open && (
        <Modal opened onClose={() => setOpen(null)} title={listTitles[open]} size="xl" fullScreen={phone}>
          {open === 'migrations' && <MigrationList migrations={health.migrations} />}
          {open === 'connections' && <ConnectionList hub={health.hub} />}
          {open === 'devices' && <DeviceList stores={health.devices.stores} />}
          {open === 'failed' && <FailedMessageList />}
          {open === 'jobs' && <JobList jobs={health.jobs} />}
        </Modal>
      )}
    </Stack>
  );
}
