import { Badge, Box, Button, Card, Group, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useId, useState, type ReactNode } from 'react';
import { AnchorLink } from '../../app/links.tsx';
import { openSyncStatus } from '../../app/shell/sync-indicator.tsx';
import { storeFormatters } from '../../app/store-time.ts';
import { useAction } from '../../app/use-action.ts';
import type { StoreLocation } from '../../contract/store-location.ts';
import type { HomeFigures, HomeVisit } from '../../domain/store/home-figures.ts';
import { calendarDateAt } from '../../domain/calendar/date-format.ts';
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

/** How many of a list a tile shows; the rest are one tap away in the list behind it. */
const shown = 5;

/** Home's tiles of figures the worker sent: the counter's, the bay's, this device's. */
export function HomeTiles({ store, figures, counter, bay }: { store: StoreLocation; figures: HomeFigures; counter: boolean; bay: boolean }) {
  const formats = storeFormatters(store);
  return (
    <>
      {counter && <CounterHome store={store} figures={figures} time={formats.time} dateTime={formats.dateTime} />}
      {bay && <BayHome figures={figures} time={formats.time} />}
      <DeviceTile device={figures.device} />
    </>
  );
}

type Format = (iso: string) => string;

function CounterHome({ store, figures, time, dateTime }: { store: StoreLocation; figures: HomeFigures; time: Format; dateTime: Format }) {
  const todayList = { to: '/scheduler-dayview' as const, search: { date: figures.date, view: 'list' as const } };
  const toList = (more: number) =>
    more > 0 && (
      <AnchorLink {...todayList} size="sm">
        and {more} more in today's list
      </AnchorLink>
    );
  const hereCount = hereGroups.reduce((sum, [key]) => sum + figures.here[key].length, 0);
  return (
    <>
      <section aria-labelledby="home-today">
        <Group justify="space-between" mb="xs">
          <Title order={2} size="h4" id="home-today">
            Today: {figures.dayTotal} {figures.dayTotal === 1 ? 'visit' : 'visits'}
          </Title>
          <AnchorLink {...todayList} size="sm">
            Open today's list
          </AnchorLink>
        </Group>
        <SimpleGrid cols={{ base: 4, lg: 8 }} spacing={6}>
          {figures.byStatus.map((s) => (
            <Link key={s.status} {...todayList} className={classes.statusTile} style={{ borderLeftColor: s.color }} aria-label={`${s.count} ${s.status}`}>
              <Text fz={{ base: 22, sm: 28 }} fw={700} lh={1.1}>
                {s.count}
              </Text>{' '}
              <Text fz={{ base: 11, sm: 'sm' }} c="dimmed" lh={1.2}>
                {s.status}
              </Text>
            </Link>
          ))}
        </SimpleGrid>
      </section>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        <AtRiskTile
          atRisk={figures.atRisk}
          today={figures.date}
          time={time}
          dateTime={dateTime}
          timeZone={storeFormatters(store).timeZone}
          more={toList(figures.atRisk.length - shown)}
        />
        <ReadyTile store={store} ready={figures.ready} time={time} more={toList(figures.ready.length - shown)} />
        <Tile title="Vehicles here" count={hereCount} empty="No vehicles checked in right now.">
          {hereGroups.map(
            ([key, label]) =>
              figures.here[key].length > 0 && (
                <Box key={key}>
                  <Text size="xs" fw={700} tt="uppercase" c="dimmed">
                    {label} · {figures.here[key].length}
                  </Text>
                  {figures.here[key].slice(0, shown).map(({ visit, minutesWaited }) => (
                    <VisitLine key={visit.scheduledVisitId} visit={visit} aside={`${waitText(minutesWaited)} here`} />
                  ))}
                  {toList(figures.here[key].length - shown)}
                </Box>
              ),
          )}
        </Tile>
        <Tile title="Next arrivals" count={figures.arrivals.length} empty="Nobody else is expected today.">
          {figures.arrivals.map(({ visit, arrivesAt }) => (
            <VisitLine key={visit.scheduledVisitId} visit={visit} aside={time(arrivesAt)} />
          ))}
          <AnchorLink {...todayList} size="sm">
            Today's list
          </AnchorLink>
        </Tile>
        <Tile title="Waiting for the customer's answer" count={figures.awaitingAnswer.length} empty="No inspection is waiting for a customer's answer.">
          {figures.awaitingAnswer.slice(0, shown).map(({ visit, unanswered, minutesSinceSent }) => (
            <VisitLine
              key={visit.scheduledVisitId}
              visit={visit}
              aside={`${unanswered} ${unanswered === 1 ? 'item' : 'items'} · sent ${waitText(minutesSinceSent)} ago`}
            />
          ))}
          {toList(figures.awaitingAnswer.length - shown)}
        </Tile>
        <Tile title="Appointment requests to confirm" count={figures.requests.length} empty="No requests waiting.">
          {figures.requests.slice(0, shown).map((r) => (
            <Link key={r.unconfirmedVisitId} to="/appointment-request/$id" params={{ id: r.unconfirmedVisitId }} className={classes.row}>
              <Text size="sm" c="primary" truncate>
                {r.name || 'No name given'}
              </Text>
              <Text size="sm" c="dimmed" className={classes.aside}>
                {dateTime(r.requestedStartDate)}
              </Text>
            </Link>
          ))}
          {figures.requests.length > shown && (
            <AnchorLink to="/scheduler-dayview" size="sm">
              and {figures.requests.length - shown} more in the scheduler
            </AnchorLink>
          )}
        </Tile>
        <SimpleGrid cols={2} spacing="md" style={{ alignItems: 'start' }}>
          <CountTile title="New messages" count={figures.newMessages} to="/messages" />
          <CountTile title="Unread ratings" count={figures.unreadRatings} to="/ratings" />
        </SimpleGrid>
      </SimpleGrid>
    </>
  );
}

/**
 * Open visits whose promise is at risk (issue 48), each opening its appointment: who on a line of its own (a
 * phone keeps the name whole), then the time promised, with its day when not today, and why in words.
 */
function AtRiskTile({
  atRisk,
  today,
  time,
  dateTime,
  timeZone,
  more,
}: {
  atRisk: HomeFigures['atRisk'];
  today: string;
  time: Format;
  dateTime: Format;
  timeZone: string;
  more: ReactNode;
}) {
  const when = (iso: string) => (calendarDateAt(new Date(iso), timeZone) === today ? time(iso) : dateTime(iso));
  return (
    <Tile title="At risk" count={atRisk.length} empty="Every promise can be kept as the floor stands." alert>
      {atRisk.slice(0, shown).map(({ visit, pickUpTime, reason }) => (
        <Box key={visit.scheduledVisitId} className={classes.riskRow}>
          <VisitLine visit={visit} />
          <Text size="xs" c="dimmed">
            <Text span inherit fw={700}>
              Promised {when(pickUpTime)}
            </Text>
            {' · '}
            <span>{reason}</span>
          </Text>
        </Box>
      ))}
      {more}
    </Tile>
  );
}

/** Why a ready car cannot be texted from here, or null when it can. */
const cannotText = (visit: HomeVisit) => (!visit.customerId ? 'No customer on the visit' : !visit.phoneNumber ? 'No mobile number' : null);

function ReadyTile({ store, ready, time, more }: { store: StoreLocation; ready: HomeFigures['ready']; time: Format; more: ReactNode }) {
  const { problem, run } = useAction('The text was not queued; try again.');
  const [notice, setNotice] = useState<string | null>(null);
  // Queued here but not yet seen by the worker's next read: never offered a second time in between.
  const [queued, setQueued] = useState<ReadonlySet<string>>(new Set());
  const text = (visit: HomeVisit) => {
    setQueued((q) => new Set(q).add(visit.scheduledVisitId));
    setNotice(null);
    void run(async () => setNotice(await textReadyForPickup(store, visit.scheduledVisitId, visit.customerId!))).then((ok) => {
      if (!ok)
        setQueued((q) => {
          const next = new Set(q);
          next.delete(visit.scheduledVisitId);
          return next;
        });
    });
  };
  return (
    <Tile title="Ready for pickup" count={ready.length} empty="No cars waiting to be picked up.">
      {ready.slice(0, shown).map(({ visit, minutesReady, textedAt }) => {
        const reason = cannotText(visit);
        return (
          <Group key={visit.scheduledVisitId} justify="space-between" wrap="nowrap" gap="xs">
            <VisitLine visit={visit} aside={`ready ${waitText(minutesReady)}`} />
            {textedAt ? (
              <Badge variant="light" color="secondary" className={classes.aside}>
                Texted {time(textedAt)}
              </Badge>
            ) : queued.has(visit.scheduledVisitId) ? (
              <Badge variant="light" color="gray" className={classes.aside}>
                Texting…
              </Badge>
            ) : reason ? (
              <Text size="xs" c="dimmed" className={classes.aside}>
                {reason}
              </Text>
            ) : (
              <Button
                size="compact-sm"
                variant="light"
                className={classes.aside}
                onClick={() => text(visit)}
                aria-label={`Text ${visit.customerName} that their car is ready`}
              >
                Text
              </Button>
            )}
          </Group>
        );
      })}
      {more}
      {notice && (
        <Text size="sm" c="secondary" role="status">
          {notice}
        </Text>
      )}
      {problem && (
        <Text size="sm" c="error" role="alert">
          {problem}
        </Text>
      )}
    </Tile>
  );
}

function BayHome({ figures, time }: { figures: HomeFigures; time: Format }) {
  const { nobodyHas, late, load } = figures.bay;
  const busiest = Math.max(60, ...load.map((l) => l.minutesLeft));
  return (
    <section aria-labelledby="home-bay">
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h4" id="home-bay">
          The bay
        </Title>
        <AnchorLink to="/technicians" size="sm">
          Open the board
        </AnchorLink>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        <Tile title="Jobs nobody has" count={nobodyHas.length} empty="Every job of today has a technician.">
          {nobodyHas.slice(0, shown).map((job) => (
            <VisitLine key={job.scheduledServiceId} visit={job.visit} aside={time(job.startDate)} to="/technicians" />
          ))}
          {nobodyHas.length > shown && (
            <AnchorLink to="/technicians" size="sm">
              and {nobodyHas.length - shown} more on the board
            </AnchorLink>
          )}
        </Tile>
        <Tile title="Late jobs" count={late.length} empty="No job is running late.">
          {late.slice(0, shown).map((job) => (
            <VisitLine key={job.scheduledServiceId} visit={job.visit} aside={`${waitText(job.minutesLate)} late`} to="/technicians" />
          ))}
          {late.length > shown && (
            <AnchorLink to="/technicians" size="sm">
              and {late.length - shown} more on the board
            </AnchorLink>
          )}
        </Tile>
        <Tile title="Each technician's load" count={load.length} empty="No technicians at this store yet.">
          {load.map((l) => (
            <Box key={l.technicianId}>
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <Text size="sm" truncate>
                  {l.name}
                </Text>
                <Text size="sm" c="dimmed" className={classes.aside}>
                  {l.jobs} {l.jobs === 1 ? 'job' : 'jobs'} · {waitText(l.minutesLeft)} left
                </Text>
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
    <Card withBorder padding="sm" component="section" aria-label="This device">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <div>
          <Title order={3} size="h5">
            This device
          </Title>
          <Text size="sm" c={refusedChanges > 0 ? 'error' : 'dimmed'}>
            {nothing
              ? 'Everything done here has been sent.'
              : [
                  waitingChanges > 0 && `${waitingChanges} ${waitingChanges === 1 ? 'change' : 'changes'} waiting to be sent`,
                  waitingPhotos > 0 && `${waitingPhotos} ${waitingPhotos === 1 ? 'photo' : 'photos'} not yet uploaded`,
                  refusedChanges > 0 && `${refusedChanges} refused by the server`,
                ]
                  .filter(Boolean)
                  .join(' · ')}
          </Text>
        </div>
        {!nothing && (
          <Button variant="light" size="compact-sm" onClick={openSyncStatus}>
            Show them
          </Button>
        )}
      </Group>
    </Card>
  );
}

/** A tile of a list and its count; `alert`: a count above zero is something to act on (in the error colour). */
function Tile({ title, count, empty, alert = false, children }: { title: string; count: number; empty: string; alert?: boolean; children: ReactNode }) {
  const id = useId();
  return (
    <Card withBorder padding="sm" component="section" aria-labelledby={id}>
      <Title order={3} size="h5" mb="xs" className={classes.tileTitle}>
        <span id={id}>{title}</span>
        <Badge variant={count > 0 ? 'filled' : 'light'} color={count > 0 ? (alert ? 'error' : 'primary') : 'gray'}>
          {count}
        </Badge>
      </Title>
      <Stack gap={2}>
        {count === 0 ? (
          <Text size="sm" c="dimmed">
            {empty}
          </Text>
        ) : (
          children
        )}
      </Stack>
    </Card>
  );
}

function CountTile({ title, count, to }: { title: string; count: number; to: '/messages' | '/ratings' }) {
  return (
    <Link to={to} className={classes.countTile} aria-label={`${count} ${title}`}>
      <Text fz={28} fw={700} lh={1.1} c={count > 0 ? 'error' : undefined}>
        {count}
      </Text>{' '}
      <Text size="sm" c="dimmed">
        {title}
      </Text>
    </Link>
  );
}

/** A visit in a tile, the whole row one link: the customer and car, opening the appointment (or the lead's board from the bay's tiles). */
function VisitLine({ visit, aside, to }: { visit: HomeVisit; aside?: string; to?: '/technicians' }) {
  const label = [visit.customerName, visit.vehicle].filter(Boolean).join(' · ');
  const content = (
    <>
      <Text size="sm" c="primary" truncate>
        {label}
      </Text>
      {aside !== undefined && (
        <Text size="sm" c="dimmed" className={classes.aside}>
          {aside}
        </Text>
      )}
    </>
  );
  return to ? (
    <Link to={to} className={classes.row}>
      {content}
    </Link>
  ) : (
    <Link
      to="/scheduler-dayview/appointments/$scheduledVisitId/{-$scheduledServiceId}"
      params={{ scheduledVisitId: visit.scheduledVisitId }}
      className={classes.row}
    >
      {content}
    </Link>
  );
}
