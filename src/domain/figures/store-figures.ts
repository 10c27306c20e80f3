/**
 * The manager dashboard's figures over a period [from, to) of store-local dates (issue 28): one pure function per
 * figure over the replica's rows, run in the sync worker. Days are the store's (storeCalendar: 23 and 25 hours on
 * the days the clocks change), and a visit belongs to the day its first service starts on (visitSpans), so a
 * visit spanning midnight is counted once, on its first day. Each function makes one pass over its rows; the
 * days of the period are found by binary search.
 */
import { Temporal } from 'temporal-polyfill';
import type {
  BlockedTime,
  InspectionItem,
  Rating,
  RecurringBlockedTime,
  ScheduledService,
  ScheduledVisit,
  SchedulerResource,
  SpecialStoreHours,
  StoreMessage,
} from '../../contract/entities.ts';
import type { MessageTemplateType } from '../../contract/enum-values.ts';
import { fillPath } from '../../contract/fill-path.ts';
import { publicPagePaths } from '../../contract/routes.ts';
import type { TireQuote } from '../../contract/tire-pricing.ts';
import { e164 } from '../people/phone.ts';
import { averageScore } from './ratings.ts';
import { weeklyOccurrences, type DayRange } from '../scheduler/scheduler-events.ts';
import { dayIndexOf, storeCalendar, visitStatuses, visitStatusOf, type StoreCalendar, type VisitSpans, type VisitStatus } from '../store/store-day.ts';
import { hoursOn, type WeekdayHours } from '../store/store-hours.ts';
import { technicianOf } from '../scheduler/technician-rules.ts';
import { textKeywordOf } from '../messages/text-keywords.ts';

const minuteMs = 60_000;
const ratio = (part: number, whole: number) => (whole === 0 ? null : part / whole);

/** The index of the day a visit belongs to (its first service's start), or -1 when it has no service or is outside. */
const visitDay = (calendar: StoreCalendar, spans: VisitSpans, visitId: string) => {
  const span = spans.get(visitId);
  return span ? dayIndexOf(calendar, span.start) : -1;
};

export interface DayCount {
  date: string;
  count: number;
}

/**
 * Car count: visits checked in during the period, by the store-local day of their check-in (a car counts the day
 * it came through the door). A visit canceled after its check-in is left out: the rows cannot tell a car that left
 * unserved from a check-in made by mistake, and neither is a car the store served.
 */
export function carCount(visits: readonly Pick<ScheduledVisit, 'checkInDate' | 'cancelDate'>[], range: DayRange): { total: number; perDay: DayCount[] } {
  const calendar = storeCalendar(range);
  const counts = calendar.dates.map(() => 0);
  for (const visit of visits) {
    if (!visit.checkInDate || visit.cancelDate) continue;
    const day = dayIndexOf(calendar, Date.parse(visit.checkInDate));
    if (day >= 0) counts[day]! += 1;
  }
  return { total: counts.reduce((sum, n) => sum + n, 0), perDay: calendar.dates.map((date, i) => ({ date, count: counts[i]! })) };
}

export interface StatusDay {
  date: string;
  total: number;
  byStatus: Record<VisitStatus, number>;
}

const noStatuses = () => Object.fromEntries(visitStatuses.map((s) => [s, 0])) as Record<VisitStatus, number>;

/**
 * Appointments by status per day: every day of the period (an empty day at 0, so a chart keeps its axis), each
 * visit of the day under its status as of now (spec section 4), canceled ones under Canceled.
 */
export function appointmentsByStatusPerDay(visits: readonly ScheduledVisit[], spans: VisitSpans, range: DayRange): StatusDay[] {
  const calendar = storeCalendar(range);
  const days = calendar.dates.map((date): StatusDay => ({ date, total: 0, byStatus: noStatuses() }));
  for (const visit of visits) {
    const day = days[visitDay(calendar, spans, visit.scheduledVisitId)];
    if (!day) continue;
    day.total += 1;
    day.byStatus[visitStatusOf(visit)] += 1;
  }
  return days;
}

export interface NoShowDay {
  date: string;
  /** Every visit of the day, canceled ones included: what was on the book. */
  booked: number;
  noShows: number;
  cancellations: number;
}

/**
 * No-shows and cancellations per day and in all, by the visit's day (not the day it was canceled: a cancellation
 * is a hole in the day it was booked for). A no-show is a confirmed visit, not canceled, never checked in, whose
 * day is over at `now`: until the store's day ends a late customer may still come. A visit never confirmed was no
 * promise to come, so it is no no-show.
 */
export function noShowsAndCancellations(
  visits: readonly ScheduledVisit[],
  spans: VisitSpans,
  range: DayRange,
  now: Date,
): { booked: number; noShows: number; cancellations: number; perDay: NoShowDay[] } {
  const calendar = storeCalendar(range);
  const days = calendar.dates.map((date): NoShowDay => ({ date, booked: 0, noShows: 0, cancellations: 0 }));
  for (const visit of visits) {
    const index = visitDay(calendar, spans, visit.scheduledVisitId);
    const day = days[index];
    if (!day) continue;
    day.booked += 1;
    if (visit.cancelDate) day.cancellations += 1;
    else if (visit.confirmationDate && !visit.checkInDate && calendar.bounds[index + 1]! <= now.getTime()) day.noShows += 1;
  }
  const sum = (field: 'booked' | 'noShows' | 'cancellations') => days.reduce((total, d) => total + d[field], 0);
  return { booked: sum('booked'), noShows: sum('noShows'), cancellations: sum('cancellations'), perDay: days };
}

type Interval = readonly [number, number];

/** The store's hours: its weekly hours and its special days (closed, or other hours). */
export interface StoreHoursRows {
  hours: WeekdayHours;
  specialHours: readonly Pick<SpecialStoreHours, 'date' | 'isClosed' | 'openTime' | 'closeTime'>[];
}

/** What a utilisation figure reads: the bookings, the columns, the store's hours and the time blocked on them. */
export interface UtilisationRows extends StoreHoursRows {
  services: readonly Pick<ScheduledService, 'scheduledVisitId' | 'resourceId' | 'selectedTechnician' | 'durationInMinutes'>[];
  visits: readonly Pick<ScheduledVisit, 'scheduledVisitId' | 'cancelDate'>[];
  spans: VisitSpans;
  resources: readonly Pick<SchedulerResource, 'schedulerResourceId' | 'name' | 'assignedTechnicianId' | 'sortOrder' | 'isActive'>[];
  blockedTimes: readonly Pick<BlockedTime, 'resourceId' | 'startDate' | 'endDate'>[];
  recurringBlockedTimes: readonly Pick<RecurringBlockedTime, 'resourceId' | 'startDate' | 'timeOfDay' | 'durationInMinutes' | 'recurrenceEndDate'>[];
}

export interface Utilisation {
  bookedMinutes: number;
  openMinutes: number;
  /** Booked over open; above 1 when work is booked outside the hours or over a block; null when never open. */
  utilisation: number | null;
}

const instantAt = (date: string, time: string, timeZone: string) =>
  Temporal.PlainDateTime.from(`${date}T${time}`).toZonedDateTime(timeZone, { disambiguation: 'compatible' }).epochMilliseconds;

/**
 * The store's open hours of each day, as instants: a special day's hours (or closure) before its weekday's. Read
 * through the zone, so hours that straddle a clock change last what the clock says they last.
 */
function openIntervals(calendar: StoreCalendar, rows: StoreHoursRows, timeZone: string): Interval[] {
  const special = new Map<string, StoreHoursRows['specialHours'][number]>();
  for (const day of rows.specialHours) if (!special.has(day.date)) special.set(day.date, day);
  return calendar.dates.flatMap((date): Interval[] => {
    const day = special.get(date);
    const hours = hoursOn(rows.hours, day ? [day] : [], date);
    return hours ? [[instantAt(date, hours.open, timeZone), instantAt(date, hours.close, timeZone)]] : [];
  });
}

/**
 * The time blocked on each column (null: the whole store) that touches the period: blocked times, and the weekly
 * ones' occurrences from the day before the period (one late in the evening may run into its first day).
 */
function blocksByColumn(rows: UtilisationRows, calendar: StoreCalendar, range: DayRange): Map<string | null, Interval[]> {
  const byColumn = new Map<string | null, Interval[]>();
  const first = calendar.bounds[0]!;
  const last = calendar.bounds[calendar.bounds.length - 1]!;
  const add = (column: string | null, interval: Interval) => {
    if (interval[1] <= first || interval[0] >= last) return;
    const list = byColumn.get(column);
    if (list) list.push(interval);
    else byColumn.set(column, [interval]);
  };
  for (const block of rows.blockedTimes) add(block.resourceId, [Date.parse(block.startDate), Date.parse(block.endDate)]);
  const dayBefore = Temporal.PlainDate.from(range.from).subtract({ days: 1 }).toString();
  for (const block of rows.recurringBlockedTimes) {
    for (const date of weeklyOccurrences(block, dayBefore, range.to)) {
      const start = instantAt(date, block.timeOfDay, range.timeZone);
      add(block.resourceId, [start, start + block.durationInMinutes * minuteMs]);
    }
  }
  return byColumn;
}

/** Intervals sorted and joined where they overlap: two blocks over one lunch take the hour once. */
function merged(intervals: readonly Interval[]): Interval[] {
  const sorted = [...intervals].sort((a, b) => a[0] - b[0]);
  const out: [number, number][] = [];
  for (const [from, to] of sorted) {
    const previous = out[out.length - 1];
    if (previous && from <= previous[1]) previous[1] = Math.max(previous[1], to);
    else out.push([from, to]);
  }
  return out;
}

/** Open minutes less the blocked ones: one sweep over the days and the merged blocks, both in time order. */
function minutesAvailable(open: readonly Interval[], blocks: readonly Interval[]): number {
  const blocked = merged(blocks);
  let available = 0;
  let next = 0;
  for (const [from, to] of open) {
    while (next < blocked.length && blocked[next]![1] <= from) next += 1;
    let covered = 0;
    for (let i = next; i < blocked.length && blocked[i]![0] < to; i += 1) covered += Math.min(to, blocked[i]![1]) - Math.max(from, blocked[i]![0]);
    available += to - from - covered;
  }
  return Math.round(available / minuteMs);
}

/** The services of the period's visits that still stand (not canceled), for what they book. */
function bookedServices(rows: UtilisationRows, calendar: StoreCalendar): UtilisationRows['services'] {
  const standing = new Set(rows.visits.filter((v) => !v.cancelDate).map((v) => v.scheduledVisitId));
  return rows.services.filter((s) => standing.has(s.scheduledVisitId) && visitDay(calendar, rows.spans, s.scheduledVisitId) >= 0);
}

const utilisationOf = (bookedMinutes: number, openMinutes: number): Utilisation => ({
  bookedMinutes,
  openMinutes,
  utilisation: ratio(bookedMinutes, openMinutes),
});

export interface BayUtilisation extends Utilisation {
  schedulerResourceId: string;
  name: string;
}

/**
 * Bay utilisation: for each column (scheduler resource), the minutes booked on it against the minutes it was open,
 * the store's hours less the time blocked on it or on the whole store. A booking counts whole on its visit's day,
 * whether the customer came or not (a no-show's slot was still taken). The active columns are listed, and an
 * inactive one with bookings in the period; in the columns' order.
 */
export function bayUtilisation(rows: UtilisationRows, range: DayRange): BayUtilisation[] {
  const calendar = storeCalendar(range);
  const booked = new Map<string, number>();
  for (const service of bookedServices(rows, calendar)) {
    if (service.resourceId !== null) booked.set(service.resourceId, (booked.get(service.resourceId) ?? 0) + service.durationInMinutes);
  }
  const open = openIntervals(calendar, rows, range.timeZone);
  const blocks = blocksByColumn(rows, calendar, range);
  const storeWide = blocks.get(null) ?? [];
  return rows.resources
    .filter((r) => r.isActive || booked.has(r.schedulerResourceId))
    .sort((a, b) => a.sortOrder - b.sortOrder || a.name.localeCompare(b.name))
    .map((r) => ({
      schedulerResourceId: r.schedulerResourceId,
      name: r.name,
      ...utilisationOf(booked.get(r.schedulerResourceId) ?? 0, minutesAvailable(open, [...storeWide, ...(blocks.get(r.schedulerResourceId) ?? [])])),
    }));
}

export interface TechnicianUtilisation extends Utilisation {
  technicianId: string;
}

/**
 * Technician utilisation: each technician's booked minutes (jobs chosen for them, else on their column) against
 * the store's open minutes less the blocks of the whole store and of their columns (a block on a column stops its
 * technician, as the scheduler's view by technician shows). The rows keep no shifts or time off beyond those
 * blocks, and a column's technician is the one of now: a past job nobody was chosen for counts for them. Listed:
 * `technicianIds` in that order, then anyone else with a job in the period, by id.
 */
export function technicianUtilisation(rows: UtilisationRows, range: DayRange, technicianIds: readonly string[]): TechnicianUtilisation[] {
  const calendar = storeCalendar(range);
  const columns = new Map(rows.resources.map((r) => [r.schedulerResourceId, r]));
  const booked = new Map<string, number>(technicianIds.map((id) => [id, 0]));
  for (const service of bookedServices(rows, calendar)) {
    const technicianId = technicianOf(service, columns);
    if (technicianId !== null) booked.set(technicianId, (booked.get(technicianId) ?? 0) + service.durationInMinutes);
  }
  const open = openIntervals(calendar, rows, range.timeZone);
  const blocks = blocksByColumn(rows, calendar, range);
  const blocksOf = new Map<string, Interval[]>();
  for (const r of rows.resources) {
    if (r.assignedTechnicianId !== null)
      blocksOf.set(r.assignedTechnicianId, [...(blocksOf.get(r.assignedTechnicianId) ?? []), ...(blocks.get(r.schedulerResourceId) ?? [])]);
  }
  const storeWide = blocks.get(null) ?? [];
  const listed = new Set(technicianIds);
  const order = [...listed, ...[...booked.keys()].filter((id) => !listed.has(id)).sort()];
  return order.map((technicianId) => ({
    technicianId,
    ...utilisationOf(booked.get(technicianId)!, minutesAvailable(open, [...storeWide, ...(blocksOf.get(technicianId) ?? [])])),
  }));
}

export interface JobTime {
  scheduledVisitId: string;
  actualMinutes: number;
  bookedMinutes: number;
}

/**
 * Time per job against booked time: for each visit of the period with its work started and completed (the
 * milestones are the visit's, so a job is a visit, its booked minutes all its services'), the minutes from work
 * start to work complete. A job whose start and completion were recorded at the same moment is left out: marking
 * work complete without a start records both at once (visit-rules.ts), which measures nothing; so is one completed
 * before it started (two devices' clocks). `actualToBooked` is the period's actual minutes over its booked ones.
 */
export function timePerJob(
  visits: readonly ScheduledVisit[],
  spans: VisitSpans,
  range: DayRange,
): {
  jobs: JobTime[];
  averageActualMinutes: number | null;
  averageBookedMinutes: number | null;
  actualToBooked: number | null;
} {
  const calendar = storeCalendar(range);
  const jobs: JobTime[] = [];
  for (const visit of visits) {
    if (visit.cancelDate || !visit.workStartDate || !visit.workCompleteDate) continue;
    const actualMs = Date.parse(visit.workCompleteDate) - Date.parse(visit.workStartDate);
    const span = spans.get(visit.scheduledVisitId);
    if (actualMs <= 0 || !span || dayIndexOf(calendar, span.start) < 0) continue;
    jobs.push({ scheduledVisitId: visit.scheduledVisitId, actualMinutes: Math.round(actualMs / minuteMs), bookedMinutes: span.bookedMinutes });
  }
  const actual = jobs.reduce((sum, j) => sum + j.actualMinutes, 0);
  const booked = jobs.reduce((sum, j) => sum + j.bookedMinutes, 0);
  return { jobs, averageActualMinutes: ratio(actual, jobs.length), averageBookedMinutes: ratio(booked, jobs.length), actualToBooked: ratio(actual, booked) };
}

/**
 * Inspection findings the customer approved and declined, by the store-local day they answered (the decision's
 * date, whatever day the inspection was), and the approval rate: approved over answered, null when none were. A
 * decision staff reopened has no answer now and is not counted; the answer given after it is.
 */
export function inspectionDecisions(
  items: readonly Pick<InspectionItem, 'customerDecision' | 'decidedAt'>[],
  range: DayRange,
): { approved: number; declined: number; approvalRate: number | null } {
  const calendar = storeCalendar(range);
  let approved = 0;
  let declined = 0;
  for (const item of items) {
    if (!item.customerDecision || !item.decidedAt || dayIndexOf(calendar, Date.parse(item.decidedAt)) < 0) continue;
    if (item.customerDecision === 'Approved') approved += 1;
    else declined += 1;
  }
  return { approved, declined, approvalRate: ratio(approved, approved + declined) };
}

/**
 * The messages the store's system sends on its own: reminders, thank-yous, rating follow-ups, the confirmations of
 * a contact form and of STOP and START, and notices to staff. None of them is a person answering the customer.
 */
const sentOnItsOwn = new Set<MessageTemplateType>([
  'AppointmentReminder',
  'ServiceThankYou',
  'ServiceLowRatingStep1',
  'ServiceLowRatingStep2',
  'ServiceHighRating',
  'ServiceHighRatingWithReview',
  'AppointmentAcknowledgement',
  'CustomerContactUsConfirmation',
  'CustomerStopTextConfirmation',
  'CustomerStartTextConfirmation',
  'MemberNewAppointment',
  'MemberLowRating',
  'MemberContactUsNotification',
  'TractionOrderSuccessEmail',
  'TractionOrderFailureEmail',
]);

type Message = Pick<
  StoreMessage,
  'customerId' | 'phoneNumber' | 'email' | 'messageDirection' | 'templateType' | 'content' | 'sentOn' | 'isArchived' | 'repliedToByUserId' | 'deliveryStatus'
>;

/** The keys a message's conversation is known by, as its thread is (the customer, else the number or the address). */
function conversationKeys(message: Message): string[] {
  const phone = message.phoneNumber ? (e164(message.phoneNumber) ?? message.phoneNumber) : null;
  return [
    ...(message.customerId ? [`customer:${message.customerId}`] : []),
    ...(phone ? [`phone:${phone}`] : []),
    ...(message.email ? [`email:${message.email.toLowerCase()}`] : []),
  ];
}

/** An inbound message a person should answer: not STOP, START or HELP (answered by the system), not archived unanswered (no reply needed). */
const awaitsReply = (message: Message) => textKeywordOf(message.content) === null && (!message.isArchived || message.repliedToByUserId !== null);

/** An outbound message that answers the customer: written or chosen by a person, and not failed on its way. */
const isReply = (message: Message) => !sentOnItsOwn.has(message.templateType) && message.deliveryStatus !== 'Failed';

/**
 * Average first-reply time to customers' messages: from a customer's message to the store's first reply in the
 * same conversation (the customer, else the phone number or email address, as a thread is), in minutes. The clock
 * starts at the first message still unanswered: a second text before the reply does not start another. A message
 * counts in the period of the day it came, its reply may come after the period; one with no reply yet is
 * `unanswered`. Elapsed time, nights included: the customer waits through them too. A HELP text's automatic
 * answer is free-form like a person's, so it would close a question asked just before it: the rows cannot tell
 * them apart.
 */
export function firstReplyTimes(messages: readonly Message[], range: DayRange): { answered: number; unanswered: number; averageMinutes: number | null } {
  const calendar = storeCalendar(range);
  const ordered = messages.map((message) => ({ message, at: Date.parse(message.sentOn) })).sort((a, b) => a.at - b.at);
  const waiting = new Map<string, { at: number; counted: boolean }>();
  let answered = 0;
  let totalMs = 0;
  for (const { message, at } of ordered) {
    const keys = conversationKeys(message);
    if (message.messageDirection === 'Inbound') {
      const key = keys[0];
      if (key && awaitsReply(message) && !waiting.has(key)) waiting.set(key, { at, counted: dayIndexOf(calendar, at) >= 0 });
      continue;
    }
    if (!isReply(message)) continue;
    for (const key of keys) {
      const clock = waiting.get(key);
      if (!clock) continue;
      waiting.delete(key);
      if (!clock.counted) continue;
      answered += 1;
      totalMs += at - clock.at;
    }
  }
  const unanswered = [...waiting.values()].filter((clock) => clock.counted).length;
  return { answered, unanswered, averageMinutes: answered === 0 ? null : totalMs / answered / minuteMs };
}

export interface IsoWeek {
  /** The ISO week: 2026-W10. */
  week: string;
  monday: string;
  count: number;
  average: number | null;
}

/** The ISO week of a date: the week-year is the year of its Thursday, and week 1 holds the year's first Thursday. */
function isoWeekOf(date: Temporal.PlainDate): { week: string; monday: string } {
  const monday = date.subtract({ days: date.dayOfWeek - 1 });
  const thursday = monday.add({ days: 3 });
  const number = Math.floor((thursday.dayOfYear - 1) / 7) + 1;
  return { week: `${thursday.year}-W${String(number).padStart(2, '0')}`, monday: monday.toString() };
}

/**
 * Average rating and count per ISO week (Monday to Sunday at the store), by the rated visit's date (a rating row
 * keeps no date of its own). Every week touching the period is listed, an empty one with a null average; a week
 * cut by the period's edge counts only its days inside the period.
 */
export function ratingsByIsoWeek(ratings: readonly Pick<Rating, 'score' | 'visitDate'>[], range: DayRange): IsoWeek[] {
  const calendar = storeCalendar(range);
  const weeks: { week: string; monday: string; scores: number[] }[] = [];
  const weekOfDay = calendar.dates.map((date) => {
    const { week, monday } = isoWeekOf(Temporal.PlainDate.from(date));
    if (weeks[weeks.length - 1]?.week !== week) weeks.push({ week, monday, scores: [] });
    return weeks.length - 1;
  });
  for (const rating of ratings) {
    const day = dayIndexOf(calendar, Date.parse(rating.visitDate));
    if (day >= 0) weeks[weekOfDay[day]!]!.scores.push(rating.score);
  }
  return weeks.map(({ week, monday, scores }) => ({ week, monday, count: scores.length, average: averageScore(scores) }));
}

// A quote's public page with its id left empty is the path its id follows.
const quoteLink = new RegExp(`${fillPath(publicPagePaths.tireQuote, { id: '' })}([A-Za-z0-9_-]{22})`, 'g');

/**
 * Tire quotes saved in the period (by their date at the store) and how many of them were sent: a quote is sent
 * when a message to the customer carries the link to its public page (the counter's Text and Email put it there),
 * whenever it went out; a message that failed on its way did not send it.
 */
export function tireQuotesSent(
  quotes: readonly Pick<TireQuote, 'tireQuoteHashId' | 'createdOn'>[],
  messages: readonly Pick<StoreMessage, 'messageDirection' | 'content' | 'deliveryStatus'>[],
  range: Pick<DayRange, 'from' | 'to'>,
): { saved: number; sent: number } {
  const linked = new Set<string>();
  for (const message of messages) {
    if (message.messageDirection !== 'Outbound' || message.deliveryStatus === 'Failed') continue;
    for (const match of message.content.matchAll(quoteLink)) linked.add(match[1]!);
  }
  let saved = 0;
  let sent = 0;
  for (const quote of quotes) {
    if (quote.createdOn < range.from || quote.createdOn >= range.to) continue;
    saved += 1;
    if (linked.has(quote.tireQuoteHashId)) sent += 1;
  }
  return { saved, sent };
}

/**
 * Tire quotes saved in the period (by their date at the store) that became visits: a visit booked from the quote
 * (the counter's "Book install", which records the quote on the visit) and not canceled, whenever it is. A quote
 * booked twice (moved by cancelling and booking again) counts once.
 */
export function tireQuotesBooked(
  quotes: readonly Pick<TireQuote, 'tireQuoteId' | 'createdOn'>[],
  visits: readonly Pick<ScheduledVisit, 'tireQuoteId' | 'cancelDate'>[],
  range: Pick<DayRange, 'from' | 'to'>,
): { saved: number; booked: number } {
  // Visits synced before the quote link existed have no such field: undefined, as null, is no quote.
  const bookedQuotes = new Set(visits.flatMap((v) => (v.tireQuoteId && !v.cancelDate ? [v.tireQuoteId] : [])));
  let saved = 0;
  let booked = 0;
  for (const quote of quotes) {
    if (quote.createdOn < range.from || quote.createdOn >= range.to) continue;
    saved += 1;
    if (bookedQuotes.has(quote.tireQuoteId)) booked += 1;
  }
  return { saved, booked };
}
