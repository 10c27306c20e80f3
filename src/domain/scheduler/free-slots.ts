/**
 * Free appointment times (issue 30): the times a customer may book for chosen services, per store day, from the
 * store's real capacity. One rule for the public booking page's server call (rows read from the database) and the
 * scheduler's free-slot hint (rows of the device's replica); `now` is given, never read from the clock.
 *
 * The rules where the issue leaves a choice (docs/decisions/online-booking.md, "Online booking"):
 * - Times are on the store's calendarInterval grid from its opening, as its wall clock reads them: a time the
 *   clocks skip is not offered, and a time they repeat is offered once, at its first occurrence.
 * - A day offers nothing when the store is closed (special hours first), when online appointments are off, or
 *   when the weekday's appointments are off (also on a special day of that weekday).
 * - Only active resources linked to a service for online booking (scheduler-resource links) take it. Several
 *   services go in sequence, in the order asked, on the first resource (by sort order) linked to all of them;
 *   only when no resource is linked to all does each go on a resource of its own, all in parallel.
 * - A waiting customer's work starts when they arrive and ends by closing time. A car left (drop-off, or pickup
 *   and delivery) may wait: its work goes in the first free time on the resource from the arrival on that still
 *   ends by closing time; it never runs into the next day.
 * - Capacity is taken by every scheduled service of a visit not canceled (confirmed or not) on its resource (one
 *   on no resource counts toward the daily cap only), by blocked and weekly blocked times (a block of no resource
 *   blocks them all), and by every open appointment request. A request has no resource of its own, so it holds its
 *   service's time from its requested start on the first linked resource free then (the one an offer of that time
 *   would have named), or on the first linked one when none is.
 * - The daily cap counts the minutes of the day's scheduled services (by the day each starts, canceled visits
 *   left out) and open requests; a day where those and the asked work would pass it offers nothing.
 */
import { Temporal } from 'temporal-polyfill';
import type {
  BlockedTime,
  RecurringBlockedTime,
  ScheduledService,
  ScheduledVisit,
  SchedulerResource,
  SchedulerResourceService,
  SpecialStoreHours,
  StoreService,
  UnconfirmedVisit,
} from '../../contract/entities.ts';
import type { checkOutMethods } from '../../contract/enum-values.ts';
import type { StoreLocation } from '../../contract/store-location.ts';
import { appointmentsEnabledFields } from '../../contract/store-week.ts';
import { isOpenRequest } from './appointment-requests.ts';
import { weeklyOccurrences } from './scheduler-events.ts';
import { dayIndexOf, storeCalendar, storeDayAt } from '../store/store-day.ts';
import { hoursOn, minutesOf, type WeekdayHours } from '../store/store-hours.ts';
import { wallInstant } from '../store/open-hours.ts';
import { storeTimeZone } from '../calendar/time-zone.ts';
import { addDays, daysBetween, weekdayIndex } from '../calendar/calendar-date.ts';

const minuteMs = 60_000;
/** The finest grid a store may choose (store-location.ts): a bad row must not turn the grid into an endless loop. */
const finestGrid = 5;

/** The store's settings the times follow. */
export type SlotStore = WeekdayHours &
  Pick<StoreLocation, 'timeZone' | 'calendarInterval' | 'onlineAppointmentsEnabled' | (typeof appointmentsEnabledFields)[number]>;

/** The store's rows the times follow. Rows far from the asked days may be left out (they are skipped anyway). */
export interface SlotRows {
  specialStoreHours: readonly Pick<SpecialStoreHours, 'date' | 'isClosed' | 'openTime' | 'closeTime'>[];
  resources: readonly Pick<SchedulerResource, 'schedulerResourceId' | 'isActive' | 'sortOrder'>[];
  /** Which services customers may book on which resource (spec section 6). */
  resourceServices: readonly Pick<SchedulerResourceService, 'schedulerResourceId' | 'storeServiceId'>[];
  scheduledServices: readonly Pick<ScheduledService, 'scheduledVisitId' | 'resourceId' | 'startDate' | 'endDate' | 'durationInMinutes'>[];
  /** The visits of the scheduled services: a canceled one takes no time. A service whose visit is missing takes its time. */
  visits: readonly Pick<ScheduledVisit, 'scheduledVisitId' | 'cancelDate'>[];
  requests: readonly Pick<UnconfirmedVisit, 'storeServiceId' | 'requestedStartDate' | 'confirmedVisitId' | 'declinedOn'>[];
  /** The store's services, for the length of a request's. */
  storeServices: readonly Pick<StoreService, 'storeServiceId' | 'durationInMinutes'>[];
  blockedTimes: readonly Pick<BlockedTime, 'resourceId' | 'startDate' | 'endDate'>[];
  recurringBlockedTimes: readonly Pick<RecurringBlockedTime, 'resourceId' | 'startDate' | 'timeOfDay' | 'durationInMinutes' | 'recurrenceEndDate'>[];
}

export type CheckOutMethod = (typeof checkOutMethods.values)[number];

/** What the customer asks for, and the booking limits. */
export interface SlotAsk {
  /** The chosen services, in the order they are done. */
  services: readonly Pick<StoreService, 'storeServiceId' | 'durationInMinutes'>[];
  checkOutMethod: CheckOutMethod;
  now: Date;
  /** The least time between now and a booked arrival. */
  leadMinutes: number;
  /** How many store days, today included, may be booked. */
  horizonDays: number;
  /** The most minutes of work the store books on a day; null: no cap. */
  dailyCapMinutes: number | null;
  /** Only these store dates (to not included), within the horizon; the whole horizon when left out. */
  dates?: { from: string; to: string };
}

/** Where one asked service's work goes. */
export interface SlotJob {
  storeServiceId: string;
  resourceId: string;
  startDate: string;
  endDate: string;
  durationInMinutes: number;
}

export interface FreeSlot {
  /** When the customer arrives (ISO instant, UTC). */
  startDate: string;
  /** The same on the store's wall clock ("09:30"). */
  time: string;
  /** Where the work goes if it is booked now, one job per asked service, in the asked order. */
  jobs: SlotJob[];
}

/** Why a day offers nothing whatever is booked: closed, appointments off (online or that weekday), or the daily cap reached. */
export type DayUnavailable = 'closed' | 'appointmentsOff' | 'dailyCap';

export interface FreeDay {
  date: string;
  unavailable: DayUnavailable | null;
  slots: FreeSlot[];
}

/** A resource's busy time: disjoint intervals (epoch ms) in order, touching ones joined. */
interface Busy {
  starts: number[];
  ends: number[];
}

const twoDigits = (n: number) => String(n).padStart(2, '0');

/** Intervals given as [start, end, start, end, …], joined into a resource's busy time. */
function busyOf(pairs: readonly number[]): Busy {
  const order = Array.from({ length: pairs.length / 2 }, (_, i) => i).sort((a, b) => pairs[2 * a]! - pairs[2 * b]!);
  const busy: Busy = { starts: [], ends: [] };
  for (const i of order) {
    const start = pairs[2 * i]!;
    const end = pairs[2 * i + 1]!;
    if (end <= start) continue;
    const last = busy.ends.length - 1;
    if (last >= 0 && start <= busy.ends[last]!) busy.ends[last] = Math.max(busy.ends[last]!, end);
    else {
      busy.starts.push(start);
      busy.ends.push(end);
    }
  }
  return busy;
}

/** The first busy interval ending after `at` (binary search). */
function firstEndingAfter(busy: Busy, at: number): number {
  let low = 0;
  let high = busy.ends.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (busy.ends[middle]! > at) high = middle;
    else low = middle + 1;
  }
  return low;
}

const isFree = (busy: Busy, start: number, end: number) => {
  const i = firstEndingAfter(busy, start);
  return i === busy.starts.length || busy.starts[i]! >= end;
};

/** A request's time added to a resource's busy time, joined with what it overlaps or touches. */
function holdInBusy(busy: Busy, start: number, end: number): void {
  const from = firstEndingAfter(busy, start - 1);
  let to = from;
  while (to < busy.starts.length && busy.starts[to]! <= end) to++;
  const joinedStart = from < to ? Math.min(start, busy.starts[from]!) : start;
  const joinedEnd = from < to ? Math.max(end, busy.ends[to - 1]!) : end;
  busy.starts.splice(from, to - from, joinedStart);
  busy.ends.splice(from, to - from, joinedEnd);
}

/**
 * The free times for the asked services on each store day of the horizon (or of `ask.dates` within it), every day
 * listed, in order; each day's times in order. See the module's comment for the rules.
 */
export function freeSlots(store: SlotStore, rows: SlotRows, ask: SlotAsk): FreeDay[] {
  const zone = storeTimeZone(store.timeZone, () => undefined);
  const today = Temporal.PlainDate.from(storeDayAt(ask.now, zone).date);
  const horizonEnd = today.add({ days: Math.max(0, ask.horizonDays) }).toString();
  const from = ask.dates && ask.dates.from > today.toString() ? ask.dates.from : today.toString();
  const to = ask.dates && ask.dates.to < horizonEnd ? ask.dates.to : horizonEnd;
  const calendar = storeCalendar({ from, to, timeZone: zone });
  const dayCount = calendar.dates.length;
  if (dayCount === 0) return [];
  const rangeStart = calendar.bounds[0]!;
  const rangeEnd = calendar.bounds[dayCount]!;

  const resources = rows.resources
    .filter((r) => r.isActive)
    .sort((a, b) => a.sortOrder - b.sortOrder || a.schedulerResourceId.localeCompare(b.schedulerResourceId));
  const resourceIndex = new Map(resources.map((r, i) => [r.schedulerResourceId, i]));
  const linked = resources.map(() => new Set<string>());
  for (const link of rows.resourceServices) {
    const i = resourceIndex.get(link.schedulerResourceId);
    if (i !== undefined) linked[i]!.add(link.storeServiceId);
  }

  // Each resource's entries as flat pairs first: one sort per resource, not one per day or per slot.
  const pairs = resources.map((): number[] => []);
  const hold = (resourceId: string | null, start: number, end: number) => {
    if (end <= rangeStart || start >= rangeEnd) return;
    if (resourceId === null) {
      for (const list of pairs) list.push(start, end);
      return;
    }
    const i = resourceIndex.get(resourceId);
    if (i !== undefined) pairs[i]!.push(start, end);
  };
  const bookedMinutes = new Array<number>(dayCount).fill(0);
  const canceled = new Set(rows.visits.filter((v) => v.cancelDate !== null).map((v) => v.scheduledVisitId));
  for (const service of rows.scheduledServices) {
    if (canceled.has(service.scheduledVisitId)) continue;
    const start = Date.parse(service.startDate);
    if (service.resourceId !== null) hold(service.resourceId, start, Date.parse(service.endDate));
    const day = dayIndexOf(calendar, start);
    if (day >= 0) bookedMinutes[day]! += service.durationInMinutes;
  }
  for (const block of rows.blockedTimes) hold(block.resourceId, Date.parse(block.startDate), Date.parse(block.endDate));
  for (const block of rows.recurringBlockedTimes) {
    for (const date of weeklyOccurrences(block, from, to)) {
      const day = daysBetween(from, date);
      const start = wallInstant(calendar, day, minutesOf(block.timeOfDay), zone, 'after')!;
      hold(block.resourceId, start, start + block.durationInMinutes * minuteMs);
    }
  }
  const busy = pairs.map(busyOf);

  const serviceMinutes = new Map(rows.storeServices.map((s) => [s.storeServiceId, s.durationInMinutes]));
  const requests = rows.requests
    .flatMap((r) => {
      const minutes = isOpenRequest(r) && r.storeServiceId !== null ? serviceMinutes.get(r.storeServiceId) : undefined;
      return minutes === undefined ? [] : [{ storeServiceId: r.storeServiceId!, start: Date.parse(r.requestedStartDate), minutes }];
    })
    .sort((a, b) => a.start - b.start);
  for (const request of requests) {
    const end = request.start + request.minutes * minuteMs;
    const day = dayIndexOf(calendar, request.start);
    if (day >= 0) bookedMinutes[day]! += request.minutes;
    if (end <= rangeStart || request.start >= rangeEnd) continue;
    const able = resources.flatMap((_, i) => (linked[i]!.has(request.storeServiceId) ? [i] : []));
    const taken = able.find((i) => isFree(busy[i]!, request.start, end)) ?? able[0];
    if (taken !== undefined) holdInBusy(busy[taken]!, request.start, end);
  }

  const asked = ask.services;
  const askedMinutes = asked.reduce((sum, s) => sum + s.durationInMinutes, 0);
  const allInOne = resources.flatMap((_, i) => (asked.every((s) => linked[i]!.has(s.storeServiceId)) ? [i] : []));
  const eachAble = asked.map((s) => resources.flatMap((_, i) => (linked[i]!.has(s.storeServiceId) ? [i] : [])));
  const waits = ask.checkOutMethod === 'Waiting';

  // Slots come in time order over the whole range, so each resource's place in its busy time only moves forward.
  const cursor = new Array<number>(resources.length).fill(0);
  /** When work of `minutes` can start on a resource for an arrival at `arrival`, ending by `close`; -1: it cannot. */
  const fit = (resource: number, arrival: number, minutes: number, close: number): number => {
    const { starts, ends } = busy[resource]!;
    let i = cursor[resource]!;
    while (i < ends.length && ends[i]! <= arrival) i++;
    cursor[resource] = i;
    const length = minutes * minuteMs;
    let start = arrival;
    for (;;) {
      if (start + length > close) return -1;
      if (i === starts.length || starts[i]! >= start + length) return start;
      if (waits) return -1;
      start = Math.max(start, ends[i]!);
      i++;
    }
  };
  const job = (service: (typeof asked)[number], resource: number, start: number): SlotJob => ({
    storeServiceId: service.storeServiceId,
    resourceId: resources[resource]!.schedulerResourceId,
    startDate: new Date(start).toISOString(),
    endDate: new Date(start + service.durationInMinutes * minuteMs).toISOString(),
    durationInMinutes: service.durationInMinutes,
  });
  const inSequence = (arrival: number, close: number): SlotJob[] | null => {
    for (const resource of allInOne) {
      let start = fit(resource, arrival, askedMinutes, close);
      if (start < 0) continue;
      return asked.map((service) => {
        const placed = job(service, resource, start);
        start += service.durationInMinutes * minuteMs;
        return placed;
      });
    }
    return null;
  };
  // Each service on a resource of its own: a matching of services to resources (augmenting paths; few services).
  const inParallel = (arrival: number, close: number): SlotJob[] | null => {
    const holder = new Map<number, number>();
    const startOn = new Array<number>(asked.length).fill(-1);
    const place = (service: number, tried: Set<number>): boolean => {
      for (const resource of eachAble[service]!) {
        if (tried.has(resource)) continue;
        tried.add(resource);
        const start = fit(resource, arrival, asked[service]!.durationInMinutes, close);
        if (start < 0) continue;
        const other = holder.get(resource);
        if (other === undefined || place(other, tried)) {
          holder.set(resource, service);
          startOn[service] = start;
          return true;
        }
      }
      return false;
    };
    if (!asked.every((_, service) => place(service, new Set()))) return null;
    const resourceOf = new Map([...holder].map(([resource, service]) => [service, resource]));
    return asked.map((service, i) => job(service, resourceOf.get(i)!, startOn[i]!));
  };
  const placeWork: (arrival: number, close: number) => SlotJob[] | null = asked.length === 0 ? () => null : allInOne.length > 0 ? inSequence : inParallel;

  const earliest = ask.now.getTime() + ask.leadMinutes * minuteMs;
  const step = Math.max(finestGrid, store.calendarInterval);
  return calendar.dates.map((date, day): FreeDay => {
    const hours = hoursOn(store, rows.specialStoreHours, date);
    if (!hours) return { date, unavailable: 'closed', slots: [] };
    const weekday = weekdayIndex(date);
    if (!store.onlineAppointmentsEnabled || !store[appointmentsEnabledFields[weekday]!]) return { date, unavailable: 'appointmentsOff', slots: [] };
    if (ask.dailyCapMinutes !== null && bookedMinutes[day]! + askedMinutes > ask.dailyCapMinutes) return { date, unavailable: 'dailyCap', slots: [] };
    const closeMinutes = minutesOf(hours.close);
    const close = wallInstant(calendar, day, closeMinutes, zone, 'after')!;
    const slots: FreeSlot[] = [];
    for (let minutes = minutesOf(hours.open); minutes < closeMinutes; minutes += step) {
      const arrival = wallInstant(calendar, day, minutes, zone, 'none');
      if (arrival === null || arrival < earliest) continue;
      const jobs = placeWork(arrival, close);
      if (jobs) slots.push({ startDate: new Date(arrival).toISOString(), time: `${twoDigits(Math.floor(minutes / 60))}:${twoDigits(minutes % 60)}`, jobs });
    }
    return { date, unavailable: null, slots };
  });
}

/**
 * The slot starting at an instant if it is free now, with where its work goes; null when it is not offered (taken
 * since, off the grid, too soon, past the horizon). The server asks it again, under its lock, before it books.
 */
export function freeSlotAt(store: SlotStore, rows: SlotRows, ask: Omit<SlotAsk, 'dates'>, startDate: string): FreeSlot | null {
  const at = Date.parse(startDate);
  const date = storeDayAt(
    new Date(at),
    storeTimeZone(store.timeZone, () => undefined),
  ).date;
  const next = addDays(date, 1);
  const day = freeSlots(store, rows, { ...ask, dates: { from: date, to: next } })[0];
  return day?.slots.find((slot) => Date.parse(slot.startDate) === at) ?? null;
}

/**
 * The `count` free slots nearest to an instant, before or after it (the earlier of two as near), in time order:
 * what staff offer for a request whose time has filled since.
 */
export function nearestFreeSlots(days: readonly FreeDay[], startDate: string, count: number): FreeSlot[] {
  const at = Date.parse(startDate);
  return days
    .flatMap((d) => d.slots)
    .map((slot) => ({ slot, start: Date.parse(slot.startDate) }))
    .sort((a, b) => Math.abs(a.start - at) - Math.abs(b.start - at) || a.start - b.start)
    .slice(0, Math.max(0, count))
    .sort((a, b) => a.start - b.start)
    .map(({ slot }) => slot);
}
