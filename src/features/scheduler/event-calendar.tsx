import { createCalendar, destroyCalendar, Interaction, List, ResourceTimeGrid, TimeGrid, type Calendar } from '@event-calendar/core';
import '@event-calendar/core/index.css';
import { useEffect, useMemo, useRef } from 'react';
import type { SchedulerEvent } from '../../domain/scheduler/scheduler-events.ts';
import type { SchedulerViewName } from '../../domain/scheduler/scheduler-views.ts';
import { textOn } from './status-colors.ts';

/** The calendar's views: the scheduler's own (src/domain/scheduler/scheduler-views.ts). */
export type CalendarView = SchedulerViewName;

/** Where an entry was dropped or resized to: store wall-clock times (2026-11-23T09:00:00) and the column. */
export interface CalendarPlacement {
  resourceId: string | null;
  startDate: string;
  endDate: string;
}

export interface EventCalendarProps {
  view: CalendarView;
  /** The shown day (store calendar date). */
  date: string;
  resources: { id: string; title: string }[];
  /** The column, among `resources`, where entries whose own column is missing are drawn. */
  strayColumn?: string;
  events: SchedulerEvent[];
  /** Why each visit whose promise is at risk is (issue 48), by visit id: its entries carry a marker. */
  atRisk: ReadonlyMap<string, { reason: string }>;
  slotMinTime: string;
  slotMaxTime: string;
  /** The grid's step in minutes (the store's calendarInterval). */
  slotMinutes: number;
  /** The store's UTC offset now ('-05:00'): where "today" and the now line are; entry times do not move with it. */
  utcOffset: string;
  height: string;
  onOpen(event: SchedulerEvent): void;
  /** A drag or resize ended: resolve true to keep it, false to put the entry back. */
  onPlace(event: SchedulerEvent, place: CalendarPlacement): Promise<boolean>;
  /** An empty slot was clicked or a span dragged out. */
  onPick(place: CalendarPlacement): void;
}

const views: Record<CalendarView, string> = { day: 'resourceTimeGridDay', week: 'timeGridWeek', list: 'listDay', technicians: 'resourceTimeGridDay' };
const pad = (n: number) => String(n).padStart(2, '0');
/**
 * Times go in without an offset, so the calendar shows them as they are; it hands dates back as local
 * Dates whose fields are the shown wall clock (whatever the browser's zone), read here field by field.
 */
const wallClock = (d: Date) =>
  `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
const calendarId = (e: SchedulerEvent) => (e.occurrenceDate ? `${e.eventId}@${e.occurrenceDate}` : e.eventId);
const hhmm = (wall: string) => {
  const hour = Number(wall.slice(11, 13));
  const minute = wall.slice(14, 16);
  return `${hour % 12 === 0 ? 12 : hour % 12}:${minute}${hour < 12 ? 'a' : 'p'}`;
};

function line(text: string, className: string): HTMLElement {
  const div = document.createElement('div');
  div.className = className;
  div.textContent = text;
  return div;
}

/**
 * The at-risk marker: a small pill of its own colours (white on the error red, ringed in white), so it reads on
 * any status colour and leaves the entry's own text as it was. Its title says why.
 */
function riskMarker(reason: string): HTMLElement {
  const span = document.createElement('span');
  span.className = 'sched-risk';
  span.textContent = 'At risk';
  span.title = reason;
  return span;
}

/** A line led by the at-risk marker when there is one. */
function markedLine(text: string, className: string, risk: string | null): HTMLElement {
  const div = line(text, className);
  if (risk !== null) div.prepend(riskMarker(risk), text === '' ? '' : ' ');
  return div;
}

/**
 * Who is on an entry beside its column: by bay, the technician doing the job; by technician, the bay it is in.
 */
const whoLine = (e: SchedulerEvent, view: CalendarView) => (view === 'technicians' ? e.resourceName : e.technicianName) ?? '';

/**
 * An entry's face: times, name, who does it, vehicle, services and licence (text nodes only: names are never
 * markup). The times are the calendar's own (they follow a drag as it happens), the rest the entry's.
 */
function eventFace(e: SchedulerEvent, start: Date, end: Date, view: CalendarView, slotMinutes: number, risk: string | null): Node[] {
  const times = `${hhmm(wallClock(start))}–${hhmm(wallClock(end))}`;
  // An entry of one slot is one line high: the name first, so a 15-minute job still says whose it is.
  if (view !== 'list' && end.getTime() - start.getTime() <= slotMinutes * 60_000) return [markedLine(`${e.displayName} · ${times}`, 'sched-name', risk)];
  // Taller, the marker has a line of its own: the times and the name stay whole in a narrow column.
  const nodes = [...(risk !== null ? [markedLine('', 'sched-risk-line', risk)] : []), line(times, 'sched-time'), line(e.displayName, 'sched-name')];
  if (view === 'week') return nodes;
  // The list has room to say the status in words, not by colour alone, and why the promise is at risk.
  if (view === 'list' && e.visitId) nodes.push(line(e.visitStatus, 'sched-line sched-status'));
  if (view === 'list' && risk !== null) nodes.push(line(`Promise at risk: ${risk}`, 'sched-status sched-risk-reason'));
  // One element for the rest, a line each (white-space: pre): a full day has ~300 entries, and every element
  // costs the draw its style, layout and paint.
  const rest = [e.visitId ? whoLine(e, view) : '', e.vehicleText && e.visitId ? e.vehicleText : '', e.services.join(', '), e.licence]
    .map((text) => text.replace(/\s+/g, ' ').trim())
    .filter((text) => text !== '');
  if (rest.length > 0) nodes.push(line(rest.join('\n'), 'sched-lines'));
  return nodes;
}

/**
 * The columns an entry is drawn in: its own; every column for a block of the whole store (no column); the
 * stray column for an appointment whose column is gone or unset.
 */
function columnsOf(e: SchedulerEvent, columns: readonly string[], stray: string | undefined): string[] {
  if (e.resourceId !== null && columns.includes(e.resourceId)) return [e.resourceId];
  if (e.resourceId === null && !e.visitId) return [...columns];
  return stray ? [stray] : [];
}

/** Why the entry's visit's promise is at risk, or null (blocks, and visits whose promise holds). */
const riskOf = (e: SchedulerEvent, atRisk: EventCalendarProps['atRisk']) => (e.visitId ? (atRisk.get(e.visitId)?.reason ?? null) : null);

function toInput(e: SchedulerEvent, columns: string[], stray: string | undefined, risk: string | null): Calendar.EventInput {
  const fill = !e.hollow;
  return {
    id: calendarId(e),
    resourceIds: columnsOf(e, columns, stray),
    start: e.startDate,
    end: e.endDate,
    title: e.displayName,
    editable: e.editable,
    startEditable: e.editable,
    durationEditable: e.editable,
    backgroundColor: fill ? e.color : 'var(--mantine-color-body)',
    textColor: fill ? textOn(e.color) : 'var(--mantine-color-text)',
    classNames: ['sched-event', fill ? 'sched-filled' : 'sched-hollow', ...(e.editable ? [] : ['sched-fixed']), ...(risk !== null ? ['sched-at-risk'] : [])],
    styles: [`border: 2px ${e.visitStatus === 'Blocked Time' ? 'dashed' : 'solid'} ${e.color}`],
    extendedProps: { eventId: e.eventId, atRisk: risk },
  };
}

/**
 * The calendar's scrolling parts reached by the keyboard: a day with no entries holds nothing to focus, and a
 * region that scrolls must still take the focus to be scrolled without a mouse (axe scrollable-region-focusable).
 * The library draws them again when the view changes, so each one drawn is marked.
 */
function reachableScrollers(host: HTMLElement): () => void {
  const mark = () => {
    for (const body of host.querySelectorAll<HTMLElement>('.ec-body:not([tabindex])')) {
      body.tabIndex = 0;
      body.setAttribute('role', 'region');
      body.setAttribute('aria-label', 'Calendar');
    }
  };
  mark();
  const watch = new MutationObserver(mark);
  watch.observe(host, { childList: true, subtree: true });
  return () => watch.disconnect();
}

/**
 * The one place @event-calendar/core is used: the day by column (technician or bay), the week, and a list.
 * Everything it is given and gives back is in the store's wall clock.
 */
export function EventCalendar(props: EventCalendarProps) {
  const host = useRef<HTMLDivElement>(null);
  const calendar = useRef<Calendar | null>(null);
  const latest = useRef(props);
  useEffect(() => {
    latest.current = props;
  });
  const byId = useRef(new Map<string, SchedulerEvent>());
  const faces = useRef(new Map<string, { key: string; nodes: Node[] }>());

  useEffect(() => {
    const find = (id: string | number) => byId.current.get(String(id));
    const placed = (event: Calendar.Event, resourceId: string | null): CalendarPlacement => ({
      resourceId,
      startDate: wallClock(event.start),
      endDate: wallClock(event.end),
    });
    calendar.current = createCalendar(host.current!, [ResourceTimeGrid, TimeGrid, List, Interaction], {
      headerToolbar: { start: '', center: '', end: '' },
      allDaySlot: false,
      nowIndicator: true,
      selectable: true,
      eventStartEditable: true,
      eventDurationEditable: true,
      firstDay: 1,
      snapDuration: { minutes: 15 },
      // The library marks a drag on the calendar's root with a class whose rules reach every element
      // (`.ec-dragging *`): ~2,500 elements restyled when a drag starts and again on the drop (13 ms each on
      // a full day). Ours style the moving entry only (scheduler.css).
      theme: (theme) => ({ ...theme, dragging: 'sched-dragging', resizingY: 'sched-resizing', resizingX: 'sched-resizing', notAllowed: 'sched-refused' }),
      // The library's default formats every entry's times with Intl's formatRange on each redraw (a drop
      // redraws them all): ~0.1 ms an entry, half a drop's cost on a full day. The same text, made plainly.
      eventTimeFormat: (start: Date, end: Date | null) => (end ? `${hhmm(wallClock(start))}–${hhmm(wallClock(end))}` : hhmm(wallClock(start))),
      eventContent: (info) => {
        const e = find(info.event.id);
        if (!e) return info.event.title as string;
        // An entry drawn again unchanged keeps its face: a drop redraws the column, not 300 faces. Drag
        // previews get their own (one node cannot stand in two places).
        const { view, slotMinutes, atRisk } = latest.current;
        const risk = riskOf(e, atRisk);
        if (info.event.display !== 'auto') return { domNodes: eventFace(e, info.event.start, info.event.end, view, slotMinutes, risk) };
        const key = `${e.eventId}|${e.occurrenceDate}|${wallClock(info.event.start)}|${wallClock(info.event.end)}|${view}|${slotMinutes}|${e.displayName}|${whoLine(e, view)}|${e.vehicleText}|${e.services.join()}|${e.licence}|${e.visitStatus}|${risk}`;
        const cached = faces.current.get(String(info.event.id));
        if (cached?.key === key) return { domNodes: cached.nodes };
        const nodes = eventFace(e, info.event.start, info.event.end, view, slotMinutes, risk);
        faces.current.set(String(info.event.id), { key, nodes });
        return { domNodes: nodes };
      },
      eventClick: (info) => {
        const e = find(info.event.id);
        if (e) latest.current.onOpen(e);
      },
      eventDrop: (info) => {
        const e = find(info.event.id);
        if (!e) return info.revert();
        // A whole-store block moves in time only; an entry moved to another column takes that column.
        const resourceId = info.newResource && (e.resourceId !== null || e.visitId) ? String(info.newResource.id) : e.resourceId;
        void latest.current.onPlace(e, placed(info.event, resourceId)).then((kept) => {
          if (!kept) info.revert();
        });
      },
      eventResize: (info) => {
        const e = find(info.event.id);
        if (!e) return info.revert();
        void latest.current.onPlace(e, placed(info.event, e.resourceId)).then((kept) => {
          if (!kept) info.revert();
        });
      },
      select: (info) => {
        latest.current.onPick({ resourceId: info.resource ? String(info.resource.id) : null, startDate: wallClock(info.start), endDate: wallClock(info.end) });
        calendar.current?.unselect();
      },
      dateClick: (info) => {
        const start = wallClock(info.date);
        const end = wallClock(new Date(info.date.getTime() + latest.current.slotMinutes * 60_000));
        latest.current.onPick({ resourceId: info.resource ? String(info.resource.id) : null, startDate: start, endDate: end });
      },
    });
    return () => {
      if (calendar.current) void destroyCalendar(calendar.current);
      calendar.current = null;
    };
  }, []);

  const { view, date, resources, strayColumn, events, atRisk, slotMinTime, slotMaxTime, slotMinutes, height, utcOffset } = props;
  useEffect(() => {
    calendar.current?.setOption('timeZone', utcOffset);
  }, [utcOffset]);
  useEffect(() => {
    const c = calendar.current;
    if (!c) return;
    c.setOption('view', views[view]);
    c.setOption('date', date);
    c.setOption('height', height);
  }, [view, date, height]);
  useEffect(() => reachableScrollers(host.current!), []);
  useEffect(() => {
    calendar.current?.setOption('resources', resources);
  }, [resources]);
  const columnIds = useMemo(() => resources.map((r) => r.id), [resources]);
  useEffect(() => {
    const c = calendar.current;
    if (!c) return;
    c.setOption('slotMinTime', slotMinTime);
    c.setOption('slotMaxTime', slotMaxTime);
    c.setOption('slotDuration', { minutes: slotMinutes });
    c.setOption('scrollTime', slotMinTime);
  }, [slotMinTime, slotMaxTime, slotMinutes]);
  const drawn = useRef(new Map<string, string>());
  useEffect(() => {
    const c = calendar.current;
    if (!c) return;
    byId.current = new Map(events.map((e) => [calendarId(e), e]));
    const inputs = events.map((e) => toInput(e, columnIds, strayColumn, riskOf(e, atRisk)));
    const next = new Map(inputs.map((input) => [String(input.id), JSON.stringify(input)]));
    const changed = inputs.filter((input) => drawn.current.get(String(input.id)) !== next.get(String(input.id)));
    const gone = [...drawn.current.keys()].filter((id) => !next.has(id));
    // A drop or a change from another device touches an entry or two: redraw those, not the whole day.
    if (drawn.current.size > 0 && changed.length + gone.length <= 20) {
      for (const id of gone) c.removeEventById(id);
      for (const input of changed) {
        if (drawn.current.has(String(input.id))) c.updateEvent(input);
        else c.addEvent(input);
      }
    } else {
      c.setOption('events', inputs);
    }
    drawn.current = next;
  }, [events, atRisk, columnIds, strayColumn]);

  return <div ref={host} className="sched-calendar" data-testid="scheduler-calendar" />;
}
