/**
 * The home screen's figures for one store's day (issue 28): pure functions over the replica's rows, the store's
 * IANA zone and the instant `now` (given, never read from the clock, so the sync worker, a test and a benchmark
 * all get the same answer). A visit belongs to the store-local day its first service starts on; the day's bounds
 * come from Temporal, so a day the clocks change on is 23 or 25 hours long, as the store lives it.
 */
import { Temporal } from 'temporal-polyfill';
import type { InspectionItem, InspectionReport, ScheduledService, ScheduledVisit, SchedulerResource, UnconfirmedVisit } from '../../contract/entities.ts';
import { isOpenRequest } from '../scheduler/appointment-requests.ts';
import { needsDecision } from '../inspections/inspections.ts';
import { visitEventType, type DayRange } from '../scheduler/scheduler-events.ts';
import { isOpenJob, isRunningLate, technicianOf } from '../scheduler/technician-rules.ts';
import { isVisitOpen } from '../scheduler/visit-rules.ts';
import { scheduledEventStatus, scheduledEventStatuses, statusColors, type ScheduledEventStatus } from '../scheduler/visit-status.ts';

const minuteMs = 60_000;
/** Whole minutes from one instant to a later one; a device clock a little behind another never gives a negative wait. */
const minutesBetween = (from: number, to: number) => Math.max(0, Math.floor((to - from) / minuteMs));

/** Store-local days in a row: day i runs from bounds[i] up to bounds[i + 1] (epoch ms). */
export interface StoreCalendar {
  dates: readonly string[];
  /** One more than the dates: the start of each day, then the end of the last. */
  bounds: readonly number[];
}

/**
 * The days of [from, to) at the store with the instants they start at. Each start is the store's midnight (or its
 * first instant, in a zone whose clocks skip midnight), so the bounds carry every clock change inside the period.
 * An empty or backward period has no days.
 */
export function storeCalendar(range: DayRange): StoreCalendar {
  const dates: string[] = [];
  const bounds: number[] = [];
  const end = Temporal.PlainDate.from(range.to);
  let day = Temporal.PlainDate.from(range.from);
  for (; Temporal.PlainDate.compare(day, end) < 0; day = day.add({ days: 1 })) {
    dates.push(day.toString());
    bounds.push(day.toZonedDateTime({ timeZone: range.timeZone }).epochMilliseconds);
  }
  bounds.push(day.toZonedDateTime({ timeZone: range.timeZone }).epochMilliseconds);
  return { dates, bounds };
}

/** The index of the calendar day holding an instant, or -1 outside the calendar (a binary search: rows are many, days few). */
export function dayIndexOf(calendar: StoreCalendar, at: number): number {
  const { bounds } = calendar;
  if (calendar.dates.length === 0 || at < bounds[0]! || at >= bounds[bounds.length - 1]!) return -1;
  let low = 0;
  let high = calendar.dates.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (bounds[middle]! <= at) low = middle;
    else high = middle - 1;
  }
  return low;
}

/** The store's day holding `now`: its date, its first instant and the first instant of the next day (epoch ms). */
export interface StoreDay {
  date: string;
  start: number;
  end: number;
  now: number;
}

/** Today at the store: the date its clock reads at `now`, whatever zone the device is in. */
export function storeDayAt(now: Date, timeZone: string): StoreDay {
  const date = Temporal.Instant.fromEpochMilliseconds(now.getTime()).toZonedDateTimeISO(timeZone).toPlainDate();
  const { bounds } = storeCalendar({ from: date.toString(), to: date.add({ days: 1 }).toString(), timeZone });
  return { date: date.toString(), start: bounds[0]!, end: bounds[1]!, now: now.getTime() };
}

/** When a visit is booked: its first service's start (the row's text, and as epoch ms) and its booked minutes. */
export interface VisitSpan {
  startDate: string;
  start: number;
  bookedMinutes: number;
}
export type VisitSpans = ReadonlyMap<string, VisitSpan>;

/**
 * Each visit's span, from its scheduled services in one pass: a visit row has no time of its own, so its day is
 * that of its first service. Booked minutes add up the services' durations (two services side by side in two bays
 * are two jobs' worth of work). A visit without services has no span and so belongs to no day.
 */
export function visitSpans(services: readonly Pick<ScheduledService, 'scheduledVisitId' | 'startDate' | 'durationInMinutes'>[]): Map<string, VisitSpan> {
  const spans = new Map<string, VisitSpan>();
  for (const service of services) {
    const start = Date.parse(service.startDate);
    const span = spans.get(service.scheduledVisitId);
    if (!span) {
      spans.set(service.scheduledVisitId, { startDate: service.startDate, start, bookedMinutes: service.durationInMinutes });
      continue;
    }
    if (start < span.start) {
      span.startDate = service.startDate;
      span.start = start;
    }
    span.bookedMinutes += service.durationInMinutes;
  }
  return spans;
}

/** A visit of the day with its span, in start order. */
interface DayVisit {
  visit: ScheduledVisit;
  span: VisitSpan;
}

function visitsOfDay(visits: readonly ScheduledVisit[], spans: VisitSpans, day: Pick<StoreDay, 'start' | 'end'>): DayVisit[] {
  const ofDay: DayVisit[] = [];
  for (const visit of visits) {
    const span = spans.get(visit.scheduledVisitId);
    if (span && span.start >= day.start && span.start < day.end) ofDay.push({ visit, span });
  }
  return ofDay.sort((a, b) => a.span.start - b.span.start);
}

/** A visit's statuses: every scheduled event status but Blocked Time, in the spec's order (section 4). */
export type VisitStatus = Exclude<ScheduledEventStatus, 'Blocked Time'>;
export const visitStatuses = scheduledEventStatuses.filter((s): s is VisitStatus => s !== 'Blocked Time');

/** A visit's status as the scheduler shows it (spec section 4), read from its milestone dates. */
export const visitStatusOf = (visit: ScheduledVisit): VisitStatus =>
  // A visit's event type is an appointment's or a walk-in's, never a block's: Blocked Time cannot come back.
  scheduledEventStatus(visitEventType(visit), visit) as VisitStatus;

export interface StatusCount {
  status: VisitStatus;
  color: string;
  count: number;
  /** The visits behind the tile, in start order. */
  visitIds: string[];
}

/**
 * Today at the store by status: every visit status in the spec's order with its colour, its count and its visits,
 * statuses without visits included at 0 so the tiles stay in place through the day. Canceled visits are counted
 * (under Canceled) as the scheduler shows them. A visit spanning midnight counts on the day it starts only.
 */
export function visitsByStatus(visits: readonly ScheduledVisit[], spans: VisitSpans, day: StoreDay): StatusCount[] {
  const byStatus = new Map<VisitStatus, string[]>();
  for (const { visit } of visitsOfDay(visits, spans, day)) {
    const status = visitStatusOf(visit);
    const ids = byStatus.get(status);
    if (ids) ids.push(visit.scheduledVisitId);
    else byStatus.set(status, [visit.scheduledVisitId]);
  }
  return visitStatuses.map((status) => {
    const visitIds = byStatus.get(status) ?? [];
    return { status, color: statusColors[status], count: visitIds.length, visitIds };
  });
}

export interface Arrival {
  visit: ScheduledVisit;
  /** When the customer is expected: the check-in time booked for them, else their first service's start. */
  arrivesAt: string;
}

/**
 * The next arrivals: today's visits not checked in nor canceled, expected from `now` on, soonest first, at most
 * `limit`. The customer's booked check-in comes before the first service when there is one (a car dropped at 7:30
 * for an 8:00 job arrives at 7:30). A customer already overdue is not "next": the Not Arrived tile holds them.
 * Tomorrow's first customers are not today's arrivals, so the list ends with the day.
 */
export function nextArrivals(visits: readonly ScheduledVisit[], spans: VisitSpans, day: StoreDay, limit: number): Arrival[] {
  return visitsOfDay(visits, spans, day)
    .filter(({ visit }) => !visit.cancelDate && !visit.checkInDate)
    .map(({ visit, span }) => ({ visit, arrivesAt: visit.scheduledCustomerCheckIn ?? span.startDate }))
    .filter((arrival) => Date.parse(arrival.arrivesAt) >= day.now)
    .sort((a, b) => Date.parse(a.arrivesAt) - Date.parse(b.arrivesAt))
    .slice(0, Math.max(0, limit));
}

export interface VehicleHere {
  visit: ScheduledVisit;
  /** Minutes since check-in. */
  minutesWaited: number;
}

/**
 * The vehicles at the store now, by how the customer left them: the visit's customerVehicleStatus (1 Waiting,
 * 2 Dropping Off, 3 Pickup & Delivery). A visit booked without one is `notSaid`: the rows do not say, and
 * guessing "waiting" would put a customer in the lobby who is not there.
 */
export interface VehiclesHere {
  waiting: VehicleHere[];
  droppedOff: VehicleHere[];
  pickupAndDelivery: VehicleHere[];
  notSaid: VehicleHere[];
}

const hereGroup = { 1: 'waiting', 2: 'droppedOff', 3: 'pickupAndDelivery' } as const satisfies Record<1 | 2 | 3, keyof VehiclesHere>;

/**
 * Every vehicle checked in and not yet checked out (nor canceled), whatever day it came: a car dropped off
 * yesterday and still in the bay is here today. Ready-for-pickup cars are still here and counted; the
 * ready-for-pickup list is the same cars seen from the counter. Longest wait first in each group.
 */
export function vehiclesHere(visits: readonly ScheduledVisit[], now: Date): VehiclesHere {
  const here: VehiclesHere = { waiting: [], droppedOff: [], pickupAndDelivery: [], notSaid: [] };
  for (const visit of visits) {
    if (!visit.checkInDate || !isVisitOpen(visit)) continue;
    const group = visit.customerVehicleStatus === null ? 'notSaid' : hereGroup[visit.customerVehicleStatus];
    here[group].push({ visit, minutesWaited: minutesBetween(Date.parse(visit.checkInDate), now.getTime()) });
  }
  for (const list of [here.waiting, here.droppedOff, here.pickupAndDelivery, here.notSaid]) list.sort((a, b) => b.minutesWaited - a.minutesWaited);
  return here;
}

export interface ReadyForPickup {
  visit: ScheduledVisit;
  /** Minutes since the car was marked ready. */
  minutesReady: number;
}

/** Cars ready for pickup and not checked out (nor canceled), whatever day they came: longest ready first, the customer to text first. */
export function readyForPickup(visits: readonly ScheduledVisit[], now: Date): ReadyForPickup[] {
  const ready: ReadyForPickup[] = [];
  for (const visit of visits) {
    if (!visit.readyForPickupDate || !isVisitOpen(visit)) continue;
    ready.push({ visit, minutesReady: minutesBetween(Date.parse(visit.readyForPickupDate), now.getTime()) });
  }
  return ready.sort((a, b) => b.minutesReady - a.minutesReady);
}

/**
 * Appointment requests to confirm: those nobody has confirmed or declined, soonest requested time first. A request
 * whose time has passed stays: it still waits for an answer (declining it tells the customer).
 */
export function requestsToConfirm<T extends Pick<UnconfirmedVisit, 'confirmedVisitId' | 'declinedOn' | 'requestedStartDate'>>(requests: readonly T[]): T[] {
  return requests.filter(isOpenRequest).sort((a, b) => Date.parse(a.requestedStartDate) - Date.parse(b.requestedStartDate));
}

export interface AwaitingAnswer {
  report: InspectionReport;
  /** Failed and Warning items the customer has not answered. */
  unanswered: number;
  minutesSinceSent: number;
}

/**
 * Inspections waiting for the customer's answer: sent (sentAt) with at least one Failed or Warning item without a
 * customer decision (a decision staff reopened counts as unanswered again). Only for cars still in the store's
 * hands (not checked out nor canceled): once the car has left, no answer changes today's work. Longest waiting
 * first. Items are counted in one pass, by report.
 */
export function inspectionsAwaitingAnswer(
  reports: readonly InspectionReport[],
  items: readonly Pick<InspectionItem, 'inspectionReportId' | 'status' | 'customerDecision'>[],
  visits: readonly Pick<ScheduledVisit, 'scheduledVisitId' | 'cancelDate' | 'checkOutDate'>[],
  now: Date,
): AwaitingAnswer[] {
  const unanswered = new Map<string, number>();
  for (const item of items) {
    if (needsDecision(item.status) && item.customerDecision === null)
      unanswered.set(item.inspectionReportId, (unanswered.get(item.inspectionReportId) ?? 0) + 1);
  }
  const closed = new Set(visits.filter((v) => !isVisitOpen(v)).map((v) => v.scheduledVisitId));
  const waiting: AwaitingAnswer[] = [];
  for (const report of reports) {
    const count = unanswered.get(report.inspectionReportId) ?? 0;
    if (!report.sentAt || count === 0 || closed.has(report.scheduledVisitId)) continue;
    waiting.push({ report, unanswered: count, minutesSinceSent: minutesBetween(Date.parse(report.sentAt), now.getTime()) });
  }
  return waiting.sort((a, b) => b.minutesSinceSent - a.minutesSinceSent);
}

/** A job of the bay: one scheduled service with its visit. */
export interface Job {
  service: ScheduledService;
  visit: ScheduledVisit;
}

type Resources = readonly Pick<SchedulerResource, 'schedulerResourceId' | 'assignedTechnicianId'>[];
const resourceMap = (resources: Resources) => new Map(resources.map((r) => [r.schedulerResourceId, r]));

/**
 * Today's jobs, not canceled: every service of a visit of today (its visit's day, so both services of a visit
 * spanning midnight are today's), in start order.
 */
function jobsOfDay(services: readonly ScheduledService[], visits: readonly ScheduledVisit[], spans: VisitSpans, day: StoreDay): Job[] {
  const today = new Map(visitsOfDay(visits, spans, day).map(({ visit }) => [visit.scheduledVisitId, visit]));
  const jobs: Job[] = [];
  for (const service of services) {
    const visit = today.get(service.scheduledVisitId);
    if (visit && !visit.cancelDate) jobs.push({ service, visit });
  }
  return jobs.sort((a, b) => Date.parse(a.service.startDate) - Date.parse(b.service.startDate));
}

/**
 * Jobs nobody has: today's open jobs (not finished, picked up or canceled) with no technician, neither chosen for
 * the job nor assigned to its column (technician-rules.ts), soonest first. A finished job needs nobody any more.
 */
export function jobsNobodyHas(
  services: readonly ScheduledService[],
  visits: readonly ScheduledVisit[],
  spans: VisitSpans,
  resources: Resources,
  day: StoreDay,
): Job[] {
  const columns = resourceMap(resources);
  return jobsOfDay(services, visits, spans, day).filter((job) => isOpenJob(job.visit) && technicianOf(job.service, columns) === null);
}

export interface LateJob extends Job {
  minutesLate: number;
}

/**
 * Late jobs: today's jobs past their booked end and not finished (the lead board's "Running late", the same rule),
 * latest first. Only today's: an earlier day's job never closed is a record to tidy, not work running late now.
 */
export function lateJobs(services: readonly ScheduledService[], visits: readonly ScheduledVisit[], spans: VisitSpans, day: StoreDay): LateJob[] {
  const now = new Date(day.now);
  return jobsOfDay(services, visits, spans, day)
    .filter((job) => isRunningLate(job.service, job.visit, now))
    .map((job) => ({ ...job, minutesLate: minutesBetween(Date.parse(job.service.endDate), day.now) }))
    .sort((a, b) => b.minutesLate - a.minutesLate);
}

export interface TechnicianLoad {
  technicianId: string;
  jobs: number;
  /** Every job of theirs today, done or not. */
  bookedMinutes: number;
  /** Jobs not finished yet: what is left of their day (the lead board's bar). */
  minutesLeft: number;
}

/**
 * Each technician's load today: their jobs (chosen for them, else on their column) and the booked minutes, whole
 * on the visit's day. Every technician in `technicianIds` is listed, at 0 when idle (the lead gives them work),
 * in that order; anyone else with a job today follows, by id. Jobs nobody has are jobsNobodyHas's.
 */
export function technicianLoad(
  services: readonly ScheduledService[],
  visits: readonly ScheduledVisit[],
  spans: VisitSpans,
  resources: Resources,
  day: StoreDay,
  technicianIds: readonly string[],
): TechnicianLoad[] {
  const columns = resourceMap(resources);
  const loads = new Map<string, TechnicianLoad>(
    technicianIds.map((technicianId) => [technicianId, { technicianId, jobs: 0, bookedMinutes: 0, minutesLeft: 0 }]),
  );
  for (const job of jobsOfDay(services, visits, spans, day)) {
    const technicianId = technicianOf(job.service, columns);
    if (technicianId === null) continue;
    const load = loads.get(technicianId) ?? { technicianId, jobs: 0, bookedMinutes: 0, minutesLeft: 0 };
    loads.set(technicianId, load);
    load.jobs += 1;
    load.bookedMinutes += job.service.durationInMinutes;
    if (isOpenJob(job.visit)) load.minutesLeft += job.service.durationInMinutes;
  }
  const listed = new Set(technicianIds);
  const others = [...loads.values()].filter((l) => !listed.has(l.technicianId)).sort((a, b) => a.technicianId.localeCompare(b.technicianId));
  return [...[...listed].map((id) => loads.get(id)!), ...others];
}
