/**
 * The promise (issue 48): the earliest ready-by time the floor can keep for a visit, and, for each open visit
 * with a promise (`pickUpTime`), when it is expected ready and whether that passes the promise. Pure: the
 * replica's rows (or the server's), the store's hours and special days, its zone, and `now` given, never read.
 *
 * The rules where the issue leaves a choice (docs/decisions/scheduler.md, "The promise"):
 * - Work happens only while the store is open (its hours, special days first: open-hours.ts, the free-time
 *   rule's reading of them), on a lane: the job's technician (technicianOf), else its bay, else a lane of its own.
 * - A lane does its open jobs one after another: work begun first (in the order it began), then by booked start.
 *   A job starts no earlier than now, its lane free, and its car here (checked in; a car not arrived yet is
 *   expected at its booked start, and one past its booked start and not arrived goes after every other job).
 * - A job not begun starts when it fits whole before closing, as a booked job does (free-slots.ts): it never
 *   runs into the next day unless it is longer than the day. Work begun goes on the next open day.
 * - Work begun counts the minutes since work start (minutesSpent) against the visit's jobs on each lane in
 *   order; a job past its length is running over and may end at any moment (now).
 * - A visit is expected ready when its last job ends, never before now while it is not ready for pickup.
 *   It is at risk when that passes its promise.
 * - A proposed promise is the expected ready time rounded up to the quarter hour.
 */
import type { ScheduledService, ScheduledVisit, SchedulerResource, SpecialStoreHours } from '../../contract/entities.ts';
import type { StoreLocation } from '../../contract/store-location.ts';
import { durationText } from '../store/store-service-rules.ts';
import { openSpans, type OpenSpan } from '../store/open-hours.ts';
import { storeCalendar, storeDayAt } from '../store/store-day.ts';
import type { WeekdayHours } from '../store/store-hours.ts';
import { addDays } from '../calendar/calendar-date.ts';
import { storeTimeZone } from '../calendar/time-zone.ts';
import { minutesSpent, technicianOf } from './technician-rules.ts';
import { isVisitOpen } from './visit-rules.ts';

const minuteMs = 60_000;
/** How far ahead work is placed: a store closed longer than this gives no expected time. */
const horizonDays = 14;
/** A promise is told on the quarter hour (3:30, 3:45). */
export const promiseStepMinutes = 15;

export type PromiseStore = WeekdayHours & Pick<StoreLocation, 'timeZone'>;

export type FloorService = Pick<
  ScheduledService,
  'scheduledServiceId' | 'scheduledVisitId' | 'resourceId' | 'selectedTechnician' | 'startDate' | 'durationInMinutes'
>;
export type FloorVisit = Pick<
  ScheduledVisit,
  'scheduledVisitId' | 'cancelDate' | 'checkInDate' | 'workStartDate' | 'workCompleteDate' | 'readyForPickupDate' | 'checkOutDate' | 'pickUpTime'
>;

/** The store's rows the floor's work follows. Rows of visits long closed may be left out (they are skipped anyway). */
export interface FloorRows {
  services: readonly FloorService[];
  visits: readonly FloorVisit[];
  resources: readonly Pick<SchedulerResource, 'schedulerResourceId' | 'assignedTechnicianId'>[];
  specialStoreHours: readonly Pick<SpecialStoreHours, 'date' | 'isClosed' | 'openTime' | 'closeTime'>[];
}

/** Where a visit's work stands and when it is expected ready. */
export interface Expected {
  scheduledVisitId: string;
  /** When it is expected ready (ISO instant), or null when no open time is left for its work within two weeks. */
  readyAt: string | null;
  /** Minutes of its work left. */
  minutesLeft: number;
  /** Jobs of other visits its lanes do first, not yet done. */
  jobsAhead: number;
  state: 'notArrived' | 'notStarted' | 'started' | 'runningOver' | 'workComplete' | 'ready';
}

/** One job of a lane as it is placed. */
interface LaneJob {
  service: FloorService;
  visit: FloorVisit;
  lane: string;
  /** Minutes of it left. */
  left: number;
  begun: boolean;
  /** Its car was due and has not arrived: it goes after every other job of its lane, holding none of them up. */
  overdue: boolean;
  /** When it may start at the earliest: its car here, or expected at its booked start. */
  notBefore: number;
}

const laneOf = (service: FloorService, technicians: ReadonlyMap<string, Pick<SchedulerResource, 'assignedTechnicianId'>>) => {
  const technician = technicianOf(service, technicians);
  if (technician) return `technician:${technician}`;
  return service.resourceId ? `resource:${service.resourceId}` : `service:${service.scheduledServiceId}`;
};

/** The store's open time from the store day of `now` for the horizon. */
function openTimeFrom(store: PromiseStore, special: FloorRows['specialStoreHours'], now: Date): OpenSpan[] {
  const zone = storeTimeZone(store.timeZone, () => undefined);
  const today = storeDayAt(now, zone).date;
  return openSpans(store, special, storeCalendar({ from: today, to: addDays(today, horizonDays), timeZone: zone }), zone);
}

/**
 * Where `minutes` of work from `from` end in the open time (epoch ms), and when they start; null past the horizon.
 * `whole`: the work starts only where it fits before closing (unless it is longer than any day).
 */
function placeWork(spans: readonly OpenSpan[], from: number, minutes: number, whole: boolean): { start: number; end: number } | null {
  let length = minutes * minuteMs;
  const fitsInADay = spans.some((s) => s.end - s.start >= length);
  let start: number | null = null;
  for (const span of spans) {
    if (span.end <= from) continue;
    const at = Math.max(span.start, from);
    if (whole && fitsInADay && start === null && at + length > span.end) continue;
    start ??= at;
    if (length === 0) return { start, end: at };
    const used = Math.min(length, span.end - at);
    length -= used;
    if (length === 0) return { start, end: at + used };
  }
  return null;
}

/** The open jobs of the floor, each with its lane, the minutes left of it, and when it may start. */
function laneJobs(rows: FloorRows, now: Date): LaneJob[] {
  const technicians = new Map(rows.resources.map((r) => [r.schedulerResourceId, r]));
  const visits = new Map(rows.visits.map((v) => [v.scheduledVisitId, v]));
  const nowMs = now.getTime();
  const ordered = [...rows.services].sort((a, b) => a.startDate.localeCompare(b.startDate) || a.scheduledServiceId.localeCompare(b.scheduledServiceId));
  /** Minutes since work start not yet counted against a job, by visit and lane. */
  const spentLeft = new Map<string, number>();
  const jobs: LaneJob[] = [];
  for (const service of ordered) {
    const visit = visits.get(service.scheduledVisitId);
    if (!visit || !isVisitOpen(visit) || visit.workCompleteDate || visit.readyForPickupDate) continue;
    const lane = laneOf(service, technicians);
    const booked = Date.parse(service.startDate);
    const overdue = !visit.checkInDate && booked < nowMs;
    const begun = visit.workStartDate !== null;
    let left = service.durationInMinutes;
    if (begun) {
      const key = `${visit.scheduledVisitId}|${lane}`;
      const spent = spentLeft.get(key) ?? minutesSpent(visit, now) ?? 0;
      left = Math.max(0, service.durationInMinutes - spent);
      spentLeft.set(key, Math.max(0, spent - service.durationInMinutes));
    }
    const notBefore = begun || overdue ? nowMs : visit.checkInDate ? Math.max(nowMs, Date.parse(visit.checkInDate)) : booked;
    jobs.push({ service, visit, lane, left, begun, overdue, notBefore });
  }
  return jobs;
}

/**
 * The order a lane does its jobs in: work begun first, in the order it began, then by booked start; the jobs of
 * cars overdue last.
 */
const laneOrder = (a: LaneJob, b: LaneJob) => {
  if (a.overdue !== b.overdue) return a.overdue ? 1 : -1;
  if (a.begun !== b.begun) return a.begun ? -1 : 1;
  if (a.begun && b.begun && a.visit.workStartDate !== b.visit.workStartDate) return a.visit.workStartDate!.localeCompare(b.visit.workStartDate!);
  return a.service.startDate.localeCompare(b.service.startDate) || a.service.scheduledServiceId.localeCompare(b.service.scheduledServiceId);
};

const stateOf = (visit: FloorVisit, jobs: readonly LaneJob[]): Expected['state'] => {
  if (visit.readyForPickupDate) return 'ready';
  if (visit.workCompleteDate) return 'workComplete';
  if (!visit.workStartDate) return visit.checkInDate ? 'notStarted' : 'notArrived';
  return jobs.length > 0 && jobs.every((j) => j.left === 0) ? 'runningOver' : 'started';
};

/**
 * Every open visit's expected ready time, by visit id: each lane's jobs placed in the store's open time in the
 * lane's order. One pass over the rows: it runs again on every change of the replica.
 */
export function expectedReadyTimes(store: PromiseStore, rows: FloorRows, now: Date): Map<string, Expected> {
  const spans = openTimeFrom(store, rows.specialStoreHours, now);
  const nowMs = now.getTime();
  const jobs = laneJobs(rows, now);
  const lanes = new Map<string, LaneJob[]>();
  for (const job of jobs) {
    const lane = lanes.get(job.lane);
    if (lane) lane.push(job);
    else lanes.set(job.lane, [job]);
  }
  /** The latest end of each visit's jobs (NaN: one of them has no open time left), and the jobs before its own. */
  const ends = new Map<string, number>();
  const ahead = new Map<string, Set<string>>();
  for (const lane of lanes.values()) {
    lane.sort(laneOrder);
    let free = nowMs;
    const before: LaneJob[] = [];
    for (const job of lane) {
      const placed = Number.isNaN(free) ? null : placeWork(spans, Math.max(free, job.notBefore), job.left, !job.begun);
      free = placed ? placed.end : Number.NaN;
      const id = job.visit.scheduledVisitId;
      ends.set(id, Math.max(ends.get(id) ?? 0, placed ? placed.end : Number.NaN));
      const others = ahead.get(id) ?? new Set<string>();
      for (const earlier of before) if (earlier.visit.scheduledVisitId !== id) others.add(earlier.service.scheduledServiceId);
      ahead.set(id, others);
      before.push(job);
    }
  }
  const byVisit = new Map<string, LaneJob[]>();
  for (const job of jobs) byVisit.set(job.visit.scheduledVisitId, [...(byVisit.get(job.visit.scheduledVisitId) ?? []), job]);
  const expected = new Map<string, Expected>();
  for (const visit of rows.visits) {
    if (!isVisitOpen(visit)) continue;
    const own = byVisit.get(visit.scheduledVisitId) ?? [];
    const state = stateOf(visit, own);
    const end = ends.get(visit.scheduledVisitId);
    let readyAt: string | null;
    if (state === 'ready') readyAt = visit.readyForPickupDate;
    else if (end !== undefined && Number.isNaN(end)) readyAt = null;
    else readyAt = new Date(Math.max(nowMs, end ?? nowMs)).toISOString();
    expected.set(visit.scheduledVisitId, {
      scheduledVisitId: visit.scheduledVisitId,
      readyAt,
      minutesLeft: own.reduce((sum, j) => sum + j.left, 0),
      jobsAhead: state === 'notStarted' || state === 'notArrived' ? (ahead.get(visit.scheduledVisitId)?.size ?? 0) : 0,
      state,
    });
  }
  return expected;
}

/** An instant rounded up to the next quarter hour of the clock (zones are whole quarter hours off UTC). */
const upToStep = (ms: number) => Math.ceil(ms / (promiseStepMinutes * minuteMs)) * promiseStepMinutes * minuteMs;

/**
 * The earliest honest ready-by time for a visit (ISO instant) as its services stand on the floor: the visit
 * (new or booked) with its services among the store's rows, placed after the jobs ahead of it. Null when the
 * store has no open time for its work within two weeks.
 */
export function proposedPickUpTime(
  store: PromiseStore,
  rows: FloorRows,
  visit: { visit: FloorVisit; services: readonly FloorService[] },
  now: Date,
): string | null {
  const id = visit.visit.scheduledVisitId;
  const withVisit: FloorRows = {
    ...rows,
    visits: [...rows.visits.filter((v) => v.scheduledVisitId !== id), visit.visit],
    services: [...rows.services.filter((s) => s.scheduledVisitId !== id), ...visit.services],
  };
  const readyAt = expectedReadyTimes(store, withVisit, now).get(id)?.readyAt;
  return readyAt ? new Date(upToStep(Date.parse(readyAt))).toISOString() : null;
}

/**
 * Whether a promise is earlier than the floor can keep: the words the counter is shown (it may still promise
 * it, knowing), or null when it can be kept.
 */
export function promiseTooEarly(pickUpTime: string, earliest: string | null, timeText: (iso: string) => string): string | null {
  if (earliest === null) return 'The store has no open time for this work in the next two weeks: check its hours.';
  if (Date.parse(pickUpTime) >= Date.parse(earliest)) return null;
  return `The floor can have it ready by ${timeText(earliest)} at the earliest: promise that or later.`;
}

export interface Risk {
  atRisk: boolean;
  /** Where the work stands, in words: "work not started, 40 min of work left, 25 min to the promise". */
  reason: string;
}

const stateWords: Record<Expected['state'], string> = {
  notArrived: 'not checked in yet',
  notStarted: 'work not started',
  started: 'work started',
  runningOver: 'work running over',
  workComplete: 'work complete, not marked ready for pickup',
  ready: 'ready for pickup',
};

/** "25 min to the promise", "promise passed 10 min ago", "promise due now". */
function toPromise(pickUpTime: string, now: Date): string {
  const minutes = Math.round((Date.parse(pickUpTime) - now.getTime()) / minuteMs);
  if (minutes > 0) return `${durationText(minutes)} to the promise`;
  if (minutes < 0) return `promise passed ${durationText(-minutes)} ago`;
  return 'promise due now';
}

/**
 * Whether an open visit with a promise is at risk (expected ready after its promise, or no open time left for
 * its work), with the reason in words; null for a visit without a promise or without an expected time (closed).
 */
export function promiseRisk(visit: Pick<FloorVisit, 'pickUpTime'>, expected: Expected | undefined, now: Date): Risk | null {
  if (!visit.pickUpTime || !expected) return null;
  const parts = [stateWords[expected.state]];
  if (expected.state !== 'ready' && expected.state !== 'workComplete' && expected.state !== 'runningOver') {
    parts.push(`${durationText(expected.minutesLeft)} of work left`);
  }
  if (expected.jobsAhead > 0) parts.push(`${expected.jobsAhead} ${expected.jobsAhead === 1 ? 'job' : 'jobs'} ahead`);
  if (expected.readyAt === null) parts.push('no open time left for it in the next two weeks');
  if (expected.state !== 'ready') parts.push(toPromise(visit.pickUpTime, now));
  const atRisk = expected.state !== 'ready' && (expected.readyAt === null || Date.parse(expected.readyAt) > Date.parse(visit.pickUpTime));
  return { atRisk, reason: parts.join(', ') };
}

/**
 * The risk of any open visit of `rows` at a given moment: the floor placed once a minute and kept, so the cards
 * of a screen, each asking at its own render, share one placement (and the badge follows the clock, not only
 * changes of the rows).
 */
export function promiseRiskReader(
  store: PromiseStore,
  rows: FloorRows,
): (visit: Pick<FloorVisit, 'scheduledVisitId' | 'pickUpTime'>, now: Date) => Risk | null {
  let placed: { minute: number; expected: Map<string, Expected> } | null = null;
  return (visit, now) => {
    const minute = Math.floor(now.getTime() / minuteMs);
    if (placed?.minute !== minute) placed = { minute, expected: expectedReadyTimes(store, rows, new Date(minute * minuteMs)) };
    return promiseRisk(visit, placed.expected.get(visit.scheduledVisitId), now);
  };
}

/** An open visit whose promise is at risk, and why (home's list, the calendar's marker). */
export interface VisitAtRisk {
  scheduledVisitId: string;
  pickUpTime: string;
  reason: string;
}

/**
 * The open visits of `rows` whose promise is at risk at `now`, the soonest promise first: the floor placed once
 * and each visit read by `promiseRisk`, so home, the calendar and the bay's card say the same.
 */
export function visitsAtRisk(store: PromiseStore, rows: FloorRows, now: Date): VisitAtRisk[] {
  const expected = expectedReadyTimes(store, rows, now);
  return rows.visits
    .flatMap((visit) => {
      const risk = promiseRisk(visit, expected.get(visit.scheduledVisitId), now);
      return risk?.atRisk && visit.pickUpTime ? [{ scheduledVisitId: visit.scheduledVisitId, pickUpTime: visit.pickUpTime, reason: risk.reason }] : [];
    })
    .sort((a, b) => a.pickUpTime.localeCompare(b.pickUpTime) || a.scheduledVisitId.localeCompare(b.scheduledVisitId));
}

/** Said when the counter moves the promise of a visit that is over (by the device and by the server alike). */
export const closedVisitPromise = 'This visit was picked up or canceled: its promise stays as it was.';
