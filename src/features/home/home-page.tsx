import { Alert, Badge, Box, Button, Card, Group, Loader, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useState, type ReactNode } from 'react';
import { AnchorLink } from '../../app/links.tsx';
import { hasAnyRole, useSession } from '../../app/session.ts';
import { openSyncStatus } from '../../app/shell/sync-indicator.tsx';
import { storeFormatters } from '../../app/store-time.ts';
import { useAction } from '../../app/use-action.ts';
import type { StoreLocation } from '../../contract/store-location.ts';
import { formatCalendarDate } from '../../domain/date-format.ts';
import { frontCounter, leadTechnicians } from '../../domain/roles.ts';
import { syncClient } from '../../sync/sync-client.ts';
import { useWorkerFigures } from '../../sync/use-worker-figures.ts';
import type { HomeFigures, HomeVisit } from '../../../workers/home-figures.ts';
import { textReadyForPickup } from './text-ready.ts';
import classes from './home.module.css';

/** "45 min", "2 h 05 min": a wait at a glance. */
export function waitText(minutes: number): string {
  if (minutes < 60) return `${minutes} min`;
  return `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')} min`;
}

const hereGroups = [
  ['waiting', 'Waiting'],
  ['droppedOff', 'Dropped off'],
  ['pickupAndDelivery', 'Pickup & delivery'],
  ['notSaid', 'Not said'],
] as const;

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
  const { figures, error, current } = useWorkerFigures<HomeFigures>(
    store ? `${store.id}|${timeZone}` : null,
    (onFigures, onError) => syncClient().watchHome(store!.id, timeZone, onFigures, onError),
  );
  if (!session || !store) return null;
  const counter = hasAnyRole(session, frontCounter);
  const bay = hasAnyRole(session, leadTechnicians);
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="baseline" gap="xs">
        <Title order={1} size="h2">Home</Title>
        {figures && <Text c="dimmed">{store.name} · {formatCalendarDate(figures.date)}</Text>}
      </Group>
      {error && <Alert color="error" title="The day could not be read on this device">{error}. Reload the page; if it stays, sign out and in again.</Alert>}
      {!figures || !current ? <Loader aria-label="Reading today's figures" /> : <HomeTiles store={store} figures={figures} counter={counter} bay={bay} />}
    </Stack>
  );
}

/** Home's tiles of figures the worker sent: the counter's, the bay's, this device's. */
export function HomeTiles({ store, figures, counter, bay }: { store: StoreLocation; figures: HomeFigures; counter: boolean; bay: boolean }) {
  return (
    <>
      {counter && <CounterHome store={store} figures={figures} />}
      {bay && <BayHome store={store} figures={figures} />}
      <DeviceTile device={figures.device} />
    </>
  );
}

function CounterHome({ store, figures }: { store: StoreLocation; figures: HomeFigures }) {
  const time = storeFormatters(store).time;
  const todayList = { to: '/scheduler-dayview' as const, search: { date: figures.date, view: 'list' as const } };
  const hereCount = hereGroups.reduce((sum, [key]) => sum + figures.here[key].length, 0);
  return (
    <>
      <section aria-labelledby="home-today">
        <Group justify="space-between" mb="xs">
          <Title order={2} size="h4" id="home-today">Today: {figures.dayTotal} {figures.dayTotal === 1 ? 'visit' : 'visits'}</Title>
          <AnchorLink {...todayList} size="sm">Open today's list</AnchorLink>
        </Group>
        <SimpleGrid cols={{ base: 4, lg: 8 }} spacing="xs">
          {figures.byStatus.map((s) => (
            <Link key={s.status} {...todayList} className={classes.statusTile} style={{ borderLeftColor: s.color }} aria-label={`${s.status}: ${s.count}`}>
              <Text fz={{ base: 22, sm: 28 }} fw={700} lh={1.1}>{s.count}</Text>
              <Text fz={{ base: 'xs', sm: 'sm' }} c="dimmed" lh={1.2}>{s.status}</Text>
            </Link>
          ))}
        </SimpleGrid>
      </section>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        <ReadyTile store={store} ready={figures.ready} />
        <Tile title="Vehicles here" count={hereCount} empty="No vehicles checked in right now.">
          {hereGroups.map(([key, label]) => figures.here[key].length > 0 && (
            <Box key={key}>
              <Text size="xs" fw={700} tt="uppercase" c="dimmed">{label} · {figures.here[key].length}</Text>
              {figures.here[key].slice(0, 5).map(({ visit, minutesWaited }) => (
                <VisitLine key={visit.scheduledVisitId} visit={visit} aside={`${waitText(minutesWaited)} here`} />
              ))}
              {figures.here[key].length > 5 && <Text size="xs" c="dimmed">and {figures.here[key].length - 5} more</Text>}
            </Box>
          ))}
        </Tile>
        <Tile title="Next arrivals" count={figures.arrivals.length} empty="Nobody else is expected today." link={<AnchorLink {...todayList} size="sm">Today's list</AnchorLink>}>
          {figures.arrivals.map(({ visit, arrivesAt }) => <VisitLine key={visit.scheduledVisitId} visit={visit} aside={time(arrivesAt)} />)}
        </Tile>
        <Tile title="Waiting for the customer's answer" count={figures.awaitingAnswer.length} empty="No inspection is waiting for a customer's answer.">
          {figures.awaitingAnswer.slice(0, 5).map(({ visit, unanswered, minutesSinceSent }) => (
            <VisitLine key={visit.scheduledVisitId} visit={visit} aside={`${unanswered} ${unanswered === 1 ? 'item' : 'items'} · sent ${waitText(minutesSinceSent)} ago`} />
          ))}
        </Tile>
        <Tile title="Appointment requests to confirm" count={figures.requests.length} empty="No requests waiting.">
          {figures.requests.slice(0, 5).map((r) => (
            <Group key={r.unconfirmedVisitId} justify="space-between" wrap="nowrap" gap="xs">
              <AnchorLink to="/appointment-request/$id" params={{ id: r.unconfirmedVisitId }} size="sm" truncate>{r.name || 'No name given'}</AnchorLink>
              <Text size="sm" c="dimmed" style={{ flexShrink: 0 }}>{storeFormatters(store).dateTime(r.requestedStartDate)}</Text>
            </Group>
          ))}
        </Tile>
        <SimpleGrid cols={2} spacing="md" style={{ alignItems: 'start' }}>
          <CountTile title="New messages" count={figures.newMessages} to="/messages" />
          <CountTile title="Unread ratings" count={figures.unreadRatings} to="/ratings" />
        </SimpleGrid>
      </SimpleGrid>
    </>
  );
}

function ReadyTile({ store, ready }: { store: StoreLocation; ready: HomeFigures['ready'] }) {
  const { problem, run } = useAction('The text was not queued; try again.');
  const [notice, setNotice] = useState<string | null>(null);
  const [sending, setSending] = useState<string | null>(null);
  const time = storeFormatters(store).time;
  const text = (visit: HomeVisit) => {
    setSending(visit.scheduledVisitId);
    setNotice(null);
    void run(async () => setNotice(await textReadyForPickup(store, visit.scheduledVisitId, visit.customerId!))).finally(() => setSending(null));
  };
  return (
    <Tile title="Ready for pickup" count={ready.length} empty="No cars waiting to be picked up.">
      {ready.slice(0, 6).map(({ visit, minutesReady, textedAt }) => (
        <Group key={visit.scheduledVisitId} justify="space-between" wrap="nowrap" gap="xs">
          <VisitLine visit={visit} aside={`ready ${waitText(minutesReady)}`} />
          {textedAt
            ? <Badge variant="light" color="secondary" style={{ flexShrink: 0 }}>Texted {time(textedAt)}</Badge>
            : (
              <Button size="compact-sm" variant="light" style={{ flexShrink: 0 }} loading={sending === visit.scheduledVisitId}
                disabled={!visit.customerId || !visit.phoneNumber} title={visit.phoneNumber ? undefined : 'No mobile number on the customer'}
                onClick={() => text(visit)} aria-label={`Text ${visit.customerName} that their car is ready`}>
                Text
              </Button>
            )}
        </Group>
      ))}
      {ready.length > 6 && <Text size="xs" c="dimmed">and {ready.length - 6} more</Text>}
      {notice && <Text size="sm" c="secondary" role="status">{notice}</Text>}
      {problem && <Text size="sm" c="error" role="alert">{problem}</Text>}
    </Tile>
  );
}

function BayHome({ store, figures }: { store: StoreLocation; figures: HomeFigures }) {
  const time = storeFormatters(store).time;
  const { nobodyHas, late, load } = figures.bay;
  const busiest = Math.max(60, ...load.map((l) => l.bookedMinutes));
  return (
    <section aria-labelledby="home-bay">
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h4" id="home-bay">The bay</Title>
        <AnchorLink to="/technicians" size="sm">Open the board</AnchorLink>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        <Tile title="Jobs nobody has" count={nobodyHas.length} empty="Every job of today has a technician.">
          {nobodyHas.slice(0, 6).map((job) => <VisitLine key={job.scheduledServiceId} visit={job.visit} aside={time(job.startDate)} to="/technicians" />)}
        </Tile>
        <Tile title="Late jobs" count={late.length} empty="No job is running late.">
          {late.slice(0, 6).map((job) => <VisitLine key={job.scheduledServiceId} visit={job.visit} aside={`${waitText(job.minutesLate)} late`} to="/technicians" />)}
        </Tile>
        <Tile title="Each technician's load" count={load.length} empty="No technicians at this store yet.">
          {load.map((l) => (
            <Box key={l.technicianId}>
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <Text size="sm" truncate>{l.name}</Text>
                <Text size="sm" c="dimmed" style={{ flexShrink: 0 }}>{l.jobs} {l.jobs === 1 ? 'job' : 'jobs'} · {waitText(l.minutesLeft)} left</Text>
              </Group>
              <Progress value={(l.minutesLeft / busiest) * 100} size="sm" aria-label={`${l.name}: ${waitText(l.minutesLeft)} of work left`} />
            </Box>
          ))}
        </Tile>
      </SimpleGrid>
    </section>
  );
}

function DeviceTile({ device }: { device: HomeFigures['device'] }) {
  const { waitingChanges, refusedChanges, waitingPhotos } = device;
  const nothing = waitingChanges + refusedChanges + waitingPhotos === 0;
  return (
    <Card withBorder padding="sm">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <div>
          <Text fw={600}>This device</Text>
          <Text size="sm" c={refusedChanges > 0 ? 'error' : 'dimmed'}>
            {nothing ? 'Everything done here has been sent.' : [
              waitingChanges > 0 && `${waitingChanges} ${waitingChanges === 1 ? 'change' : 'changes'} waiting to be sent`,
              waitingPhotos > 0 && `${waitingPhotos} ${waitingPhotos === 1 ? 'photo' : 'photos'} not yet uploaded`,
              refusedChanges > 0 && `${refusedChanges} refused by the server`,
            ].filter(Boolean).join(' · ')}
          </Text>
        </div>
        {!nothing && <Button variant="light" size="compact-sm" onClick={openSyncStatus}>Show them</Button>}
      </Group>
    </Card>
  );
}

function Tile({ title, count, empty, link, children }: { title: string; count: number; empty: string; link?: ReactNode; children: ReactNode }) {
  return (
    <Card withBorder padding="sm" component="section" aria-label={title}>
      <Group justify="space-between" wrap="nowrap" gap="xs" mb="xs">
        <Text fw={600}>{title}</Text>
        <Group gap="xs" wrap="nowrap">
          {link}
          <Badge variant={count > 0 ? 'filled' : 'light'} color={count > 0 ? 'primary' : 'gray'} aria-label={`${count}`}>{count}</Badge>
        </Group>
      </Group>
      <Stack gap={6}>{count === 0 ? <Text size="sm" c="dimmed">{empty}</Text> : children}</Stack>
    </Card>
  );
}

function CountTile({ title, count, to }: { title: string; count: number; to: '/messages' | '/ratings' }) {
  return (
    <Link to={to} className={classes.countTile} aria-label={`${title}: ${count}`}>
      <Text fz={28} fw={700} lh={1.1} c={count > 0 ? 'error' : undefined}>{count}</Text>
      <Text size="sm" c="dimmed">{title}</Text>
    </Link>
  );
}

/** A visit in a tile: the customer and car, opening the appointment (or the lead's board from the bay's tiles). */
function VisitLine({ visit, aside, to }: { visit: HomeVisit; aside: string; to?: '/technicians' }) {
  const label = [visit.customerName, visit.vehicle].filter(Boolean).join(' · ');
  return (
    <Group justify="space-between" wrap="nowrap" gap="xs" style={{ minWidth: 0, flex: 1 }}>
      {to
        ? <AnchorLink to={to} size="sm" truncate>{label}</AnchorLink>
        : <AnchorLink to="/scheduler-dayview/appointments/$scheduledVisitId/{-$scheduledServiceId}" params={{ scheduledVisitId: visit.scheduledVisitId }} size="sm" truncate>{label}</AnchorLink>}
      <Text size="sm" c="dimmed" style={{ flexShrink: 0 }}>{aside}</Text>
    </Group>
  );
}
