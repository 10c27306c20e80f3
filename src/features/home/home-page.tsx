import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { hasAnyRole, useSession } from '../../app/session.ts';
import { storeFormatters } from '../../app/store-time.ts';
import { formatCalendarDate } from '../../domain/calendar/date-format.ts';
import { frontCounter, leadTechnicians } from '../../domain/people/roles.ts';
import { syncClient } from '../../sync/sync-client.ts';
import { useWorkerFigures } from '../../sync/use-worker-figures.ts';
import type { HomeFigures } from '../../domain/store/home-figures.ts';
import { HomeTiles } from './home-tiles.tsx';

/**
 * Home (route /): the store's day at a glance from this device's replica, so it opens offline. The front counter
 * sees today by status, who comes next, the cars here and how long each has waited, cars ready with one tap to
 * text the customer, what waits for an answer, and this device's changes not yet sent; a lead technician sees the
 * bay. Figures are worked out in the sync worker (workers/home-figures.ts) and arrive again on every change.
 */
export function HomePage() {
  const session = useSession();
  const store = session?.activeStore ?? null;
  const timeZone = storeFormatters(store).timeZone;
  const { figures, error, current, retry } = useWorkerFigures<HomeFigures>(store ? `${store.id}|${timeZone}` : null, (onFigures, onError) =>
    syncClient().watchHome(store!.id, timeZone, onFigures, onError),
  );
  if (!session || !store) return null;
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="baseline" gap="xs">
        <Title order={1} size="h2">
          Home
        </Title>
        {figures && current && (
          <Text c="dimmed">
            {store.name} · {formatCalendarDate(figures.date)}
          </Text>
        )}
      </Group>
      {error && (
        <Alert color="error" title="The day could not be read on this device">
          <Text size="sm">{error.replace(/\.?$/, '.')} Try again; if it stays, reload the page.</Text>
          <Button size="compact-sm" variant="light" mt="xs" onClick={retry}>
            Try again
          </Button>
        </Alert>
      )}
      {!figures || !current ? (
        !error && (
          <Text c="dimmed" role="status">
            Reading today's figures…
          </Text>
        )
      ) : (
        <>
          {!figures.synced && (
            <Alert color="yellow" title="Still getting this store's data">
              This device has not finished its first sync of {store.name}: figures fill in as the rows arrive.
            </Alert>
          )}
          <HomeTiles store={store} figures={figures} counter={hasAnyRole(session, frontCounter)} bay={hasAnyRole(session, leadTechnicians)} />
        </>
      )}
    </Stack>
  );
}
