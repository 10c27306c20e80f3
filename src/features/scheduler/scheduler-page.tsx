import { ActionIcon, Alert, Badge, Box, Button, Group, Loader, Modal, SegmentedControl, Stack, Text, Title, Tooltip } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconChevronLeft, IconChevronRight, IconPlus } from '@tabler/icons-react';
import { useMediaQuery } from '@mantine/hooks';
import { Outlet, useChildMatches, useNavigate, useSearch } from '@tanstack/react-router';
import { useCallback, useMemo, useState } from 'react';
import { Temporal } from 'temporal-polyfill';
import { ButtonLink } from '../../app/links.tsx';
import { useSession } from '../../app/session.ts';
import type { StoreLocation } from '../../contract/store-location.ts';
import { formatCalendarDate } from '../../domain/calendar/date-format.ts';
import { displayName } from '../../domain/people/display-name.ts';
import { snapDuration, wallMinutesBetween } from '../../domain/calendar/durations.ts';
import { noTechnicianColumn, viewDays, type SchedulerEvent } from '../../domain/scheduler/scheduler-events.ts';
import { shownView } from '../../domain/scheduler/scheduler-views.ts';
import { gridHours, placementWarnings } from '../../domain/scheduler/scheduler-rules.ts';
import { hoursOn, timeText } from '../../domain/store/store-hours.ts';
import { storeTimeZone, wallClockIsoToInstant } from '../../domain/calendar/time-zone.ts';
import { scheduledEventStatuses, statusColors } from '../../domain/scheduler/visit-status.ts';
import { syncClient } from '../../sync/sync-client.ts';
import { BlockDialog } from './block-dialog.tsx';
import { BookingDialog } from './booking-dialog.tsx';
import { EventCalendar, type CalendarPlacement, type CalendarView } from './event-calendar.tsx';
import { RequestsButton } from './appointment-requests.tsx';
import { phoneWidth, unassignedColumn, useQuoteBooking, useSchedulerEvents } from './use-scheduler.ts';
import { useShownValueName } from '../../app/shown-value-name.tsx';
import { useVisitsAtRisk } from './use-promise-risk.ts';
import './scheduler.css';

export interface SchedulerSearch {
  date?: string;
  view?: CalendarView;
  /** A saved tire quote whose install is being booked: the slot picked opens with its customer, vehicle and service. */
  quote?: string;
}

const plusMinutes = (wall: string, minutes: number) => Temporal.PlainDateTime.from(wall).add({ minutes }).toString({ smallestUnit: 'second' });

function Legend() {
  return (
    <Group gap="xs" role="list" aria-label="Status colours">
      {scheduledEventStatuses.map((status) => (
        <Group key={status} gap={4} role="listitem" wrap="nowrap">
          <Box
            aria-hidden
            w={12}
            h={12}
            style={{
              borderRadius: 3,
              background: status === 'Blocked Time' ? 'transparent' : statusColors[status],
              border: `2px ${status === 'Blocked Time' ? 'dashed' : 'solid'} ${statusColors[status]}`,
            }}
          />
          <Text size="xs">{status}</Text>
        </Group>
      ))}
    </Group>
  );
}

/** A question before a move that lands on blocked time, outside hours, or over another appointment. */
interface PendingMove {
  warnings: string[];
  answer(go: boolean): void;
}

/**
 * The store's calendar (route /scheduler-dayview): one column per technician or bay for the day, the week,
 * or a list; book on an empty slot, drag and resize to move (through the outbox: it works offline), open
 * an appointment in a side panel that keeps the calendar in view.
 */
export function SchedulerPage() {
  const session = useSession();
  const store = session?.activeStore ?? null;
  if (!store) return null;
  return <StoreScheduler store={store} />;
}

const noEvents: SchedulerEvent[] = [];

function StoreScheduler({ store }: { store: StoreLocation }) {
  const search = useSearch({ strict: false }) as SchedulerSearch;
  const navigate = useNavigate();
  const panelOpen = useChildMatches().length > 0;
  const timeZone = useMemo(() => storeTimeZone(store.timeZone), [store.timeZone]);
  const today = Temporal.Now.plainDateISO(timeZone).toString();
  const phone = useMediaQuery(phoneWidth, false, { getInitialValueInEffect: false });
  const date = search.date ?? today;
  const view = shownView(search.view, phone);
  const days = viewDays(date, view);
  const byTechnician = view === 'technicians';
  const data = useSchedulerEvents(store.id, days.from, days.to, timeZone, byTechnician ? 'technician' : 'resource');
  const events = data?.events ?? noEvents;
  const atRisk = useVisitsAtRisk(store);
  const dateName = useShownValueName('Date');
  const [picked, setPicked] = useState<(CalendarPlacement & { technicianId?: string | null }) | null>(null);
  const quoteBooking = useQuoteBooking(store.id, search.quote ?? null);
  const [block, setBlock] = useState<SchedulerEvent | null>(null);
  const [pending, setPending] = useState<PendingMove | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const go = (next: SchedulerSearch) => void navigate({ to: '/scheduler-dayview', search: { date, view, ...next } });
  const step = (sign: 1 | -1) =>
    go({
      date: Temporal.PlainDate.from(date)
        .add({ days: sign * (view === 'week' ? 7 : 1) })
        .toString(),
    });

  const special = useMemo(() => store.specialStoreHours ?? [], [store.specialStoreHours]);
  const shownDates = useMemo(() => {
    const list: string[] = [];
    for (let d = Temporal.PlainDate.from(days.from); d.toString() < days.to; d = d.add({ days: 1 })) list.push(d.toString());
    return list;
  }, [days.from, days.to]);
  const grid = useMemo(() => gridHours(shownDates, store, special, events), [shownDates, store, special, events]);
  const hours = hoursOn(store, special, date);
  const dayNote = special.find((s) => s.date === date);
  const columnName = useCallback((id: string | null) => data?.columns.find((c) => c.id === id)?.title ?? 'no column', [data?.columns]);

  const onPlace = useCallback(
    async (e: SchedulerEvent, place: CalendarPlacement): Promise<boolean> => {
      // By technician, a move to another column gives the job to that technician; it stays in its bay.
      const technicianMove = byTechnician && e.visitId !== null;
      const column = place.resourceId === unassignedColumn.id || place.resourceId === noTechnicianColumn.id ? null : place.resourceId;
      const resourceId = byTechnician ? e.sourceResourceId : column;
      const durationInMinutes = snapDuration(wallMinutesBetween(place.startDate, place.endDate));
      const endDate = plusMinutes(place.startDate, durationInMinutes);
      const warnings = placementWarnings(
        { eventId: e.eventId, resourceId: place.resourceId, startDate: place.startDate, endDate },
        events,
        store,
        special,
        columnName,
      );
      if (warnings.length > 0 && !(await new Promise<boolean>((answer) => setPending({ warnings, answer })))) return false;
      const placement = {
        resourceId,
        startDate: wallClockIsoToInstant(place.startDate, timeZone),
        durationInMinutes,
        ...(technicianMove ? { selectedTechnician: column } : {}),
      };
      try {
        setProblem(null);
        if (e.visitId) {
          await syncClient().placeScheduledService(e.sourceId, placement);
          // The customer is expected when the first service starts: the check-in time follows it.
          if (e.scheduledCustomerCheckIn === e.appointmentTimes[0] && e.startDate === e.appointmentTimes[0]) {
            await syncClient().updateVisit(e.visitId, { scheduledCustomerCheckIn: placement.startDate });
          }
        } else {
          await syncClient().updateBlockedTime(e.sourceId, placement);
        }
        return true;
      } catch (error) {
        setProblem(error instanceof Error ? error.message : String(error));
        return false;
      }
    },
    [events, store, special, columnName, timeZone, byTechnician],
  );

  /**
   * A slot picked in the week view or the Unassigned column books on the first real column (changeable in the
   * dialog); by technician, for that technician, in their bay.
   */
  const pick = useCallback(
    (place: CalendarPlacement) => {
      // Not while the day's appointments are still being read: nobody books over what they cannot see yet.
      if (!data?.events) return;
      if (byTechnician) {
        const technician = place.resourceId === noTechnicianColumn.id ? null : place.resourceId;
        setPicked({ ...place, resourceId: null, technicianId: technician });
        return;
      }
      const real = data?.columns.filter((c) => c.id !== unassignedColumn.id) ?? [];
      setPicked({ ...place, resourceId: real.some((c) => c.id === place.resourceId) ? place.resourceId : (real[0]?.id ?? null) });
    },
    [data?.columns, data?.events, byTechnician],
  );

  const onOpen = useCallback(
    (e: SchedulerEvent) => {
      if (e.visitId)
        void navigate({
          to: '/scheduler-dayview/appointments/$scheduledVisitId/{-$scheduledServiceId}',
          params: { scheduledVisitId: e.visitId, scheduledServiceId: e.scheduledServiceId ?? undefined },
          search: { date, view },
        });
      else setBlock(e);
    },
    [navigate, date, view],
  );

  const answer = (go: boolean) => {
    pending?.answer(go);
    setPending(null);
  };

  const title = view === 'week' ? `Week of ${formatCalendarDate(days.from)}` : formatCalendarDate(date);
  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Title order={1} size="h2">
          Scheduler
        </Title>
        <Group gap="xs" wrap="wrap">
          <RequestsButton store={store} timeZone={timeZone} />
          {store.hasServiceKey && (
            <ButtonLink variant="default" to="/traction-orders">
              Traction orders
            </ButtonLink>
          )}
          <Button
            leftSection={<IconPlus size={16} />}
            onClick={() => {
              const start = `${date}T${hours?.open ?? '08:00'}:00`;
              pick({ resourceId: null, startDate: start, endDate: plusMinutes(start, 60) });
            }}
          >
            New
          </Button>
        </Group>
      </Group>
      <Group gap="xs" wrap="wrap">
        <Tooltip label={view === 'week' ? 'Previous week' : 'Previous day'}>
          <ActionIcon variant="default" size="lg" aria-label={view === 'week' ? 'Previous week' : 'Previous day'} onClick={() => step(-1)}>
            <IconChevronLeft size={18} />
          </ActionIcon>
        </Tooltip>
        <Button variant="default" onClick={() => go({ date: today })} disabled={date === today}>
          Today
        </Button>
        <Tooltip label={view === 'week' ? 'Next week' : 'Next day'}>
          <ActionIcon variant="default" size="lg" aria-label={view === 'week' ? 'Next week' : 'Next day'} onClick={() => step(1)}>
            <IconChevronRight size={18} />
          </ActionIcon>
        </Tooltip>
        {dateName.label}
        <DatePickerInput
          {...dateName.props}
          value={date}
          onChange={(value) => value && go({ date: String(value).slice(0, 10) })}
          valueFormat="ddd, MMM D, YYYY"
          w={190}
          firstDayOfWeek={1}
        />
        <SegmentedControl
          value={view}
          onChange={(value) => go({ view: value as CalendarView })}
          data={[
            { value: 'day', label: 'Day' },
            { value: 'technicians', label: 'Technicians' },
            { value: 'week', label: 'Week' },
            { value: 'list', label: 'List' },
          ]}
          aria-label="View"
        />
      </Group>
      <Group gap="xs">
        <Text fw={600}>{title}</Text>
        {/* Another day being read: the grid stays where it is, with its columns. */}
        {data && !data.events && <Loader size="xs" aria-label="Loading the calendar" />}
        {view !== 'week' &&
          (hours ? (
            <Badge variant="light">
              Open {timeText(hours.open)}–{timeText(hours.close)}
              {dayNote?.description ? ` · ${dayNote.description}` : ''}
            </Badge>
          ) : (
            <Badge color="gray" variant="light">
              Closed{dayNote?.description ? ` · ${dayNote.description}` : ''}
            </Badge>
          ))}
      </Group>
      {problem && (
        <Alert color="red" withCloseButton onClose={() => setProblem(null)} title="Not moved">
          {problem}
        </Alert>
      )}
      {quoteBooking && (
        <Alert
          color="blue"
          title="Booking a tire install"
          withCloseButton
          closeButtonLabel="Stop booking the install"
          onClose={() => void navigate({ to: '/scheduler-dayview', search: { date: search.date, view: search.view }, replace: true })}
        >
          Pick a free slot for {displayName(quoteBooking.customer)}: the appointment opens with the quote's vehicle, the install service and the quote in its
          notes.
        </Alert>
      )}
      <Legend />
      {!data && <Loader aria-label="Loading the calendar" />}
      <Box style={{ display: 'flex', gap: 'var(--mantine-spacing-md)', alignItems: 'flex-start' }}>
        <Box style={{ flex: 1, minWidth: 0, visibility: data ? 'visible' : 'hidden' }}>
          {data && view === 'day' && data.columns.length === 0 && (
            <Alert color="yellow" mb="sm">
              This store has no technicians or bays yet. An admin adds them in Settings, Resources.
            </Alert>
          )}
          <EventCalendar
            view={view}
            date={date}
            resources={data?.columns ?? []}
            strayColumn={unassignedColumn.id}
            events={events}
            atRisk={atRisk}
            slotMinTime={grid.slotMinTime}
            slotMaxTime={grid.slotMaxTime}
            slotMinutes={store.calendarInterval || 15}
            utcOffset={Temporal.Now.zonedDateTimeISO(timeZone).offset}
            height={view === 'list' ? 'auto' : 'calc(100dvh - 260px)'}
            onOpen={onOpen}
            onPlace={onPlace}
            onPick={pick}
          />
        </Box>
        {panelOpen && <Outlet />}
      </Box>
      {picked && data && (
        <BookingDialog
          store={store}
          timeZone={timeZone}
          place={picked}
          initial={quoteBooking ?? undefined}
          onClose={() => {
            setPicked(null);
            // Booked or not, the quote's install was what this slot was for: the calendar goes back to normal.
            if (quoteBooking) void navigate({ to: '/scheduler-dayview', search: { date: search.date, view: search.view }, replace: true });
          }}
        />
      )}
      {block && <BlockDialog event={block} timeZone={timeZone} onClose={() => setBlock(null)} />}
      <Modal opened={pending !== null} onClose={() => answer(false)} title="Move it anyway?" centered>
        <Stack>
          {pending?.warnings.map((w) => (
            <Text key={w}>{w}</Text>
          ))}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => answer(false)}>
              Leave it where it was
            </Button>
            <Button onClick={() => answer(true)}>Move it</Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
