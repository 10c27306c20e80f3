/**
 * One store's figures over a period as both sides read them (issue 28): which rows to read (the same windows on a
 * device's replica and in the server's database, so the dashboard and the store comparison agree) and the headline
 * figures, made from store-figures.ts's functions and nothing else.
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
  StoreMessage,
} from '../../contract/entities.ts';
import type { StoreHeadline } from '../../contract/store-figures.ts';
import type { TireQuote } from '../../contract/tire-pricing.ts';
import type { DayRange } from '../scheduler/scheduler-events.ts';
import { visitSpans } from './store-day.ts';
import {
  bayUtilisation,
  carCount,
  firstReplyTimes,
  inspectionDecisions,
  noShowsAndCancellations,
  ratingsByIsoWeek,
  tireQuotesBooked,
  tireQuotesSent,
  type BayUtilisation,
  type IsoWeek,
  type StoreHoursRows,
} from '../figures/store-figures.ts';

/** How far before the period services are read: see PeriodWindow. */
export const serviceLookBackDays = 7;
/** How far around the period messages are read: see PeriodWindow. */
export const messageWindowDays = 7;

/** Instants as the rows write them (ISO, milliseconds, Z), so a string range on an index finds them. */
export interface PeriodWindow {
  /** The store's midnights that start and end the period. */
  from: string;
  to: string;
  /**
   * Services (and blocked times) from a week before the period to a day after it. A visit takes its day from its
   * first service, so one that runs into the period from the evening before needs that service read to be left
   * out; one of the last day running past midnight books its later services too. The inspection findings read
   * are those of these visits' reports: a customer answers within days of the visit, and findings answered more
   * than a week after it are not counted.
   */
  servicesFrom: string;
  servicesTo: string;
  /**
   * Messages from a week before the period to a week after it: an earlier message still unanswered starts a
   * conversation's clock, replies come after the period's end, and a quote saved in the period is sent after it.
   * A reply (or a quote's text) more than a week after the period is not seen.
   */
  messagesFrom: string;
  messagesTo: string;
}

const midnight = (date: Temporal.PlainDate, timeZone: string) => new Date(date.toZonedDateTime({ timeZone }).epochMilliseconds).toISOString();

/** The instants to read each table between for a period at a store (by the store's own midnights). */
export function periodWindow(range: DayRange): PeriodWindow {
  const first = Temporal.PlainDate.from(range.from);
  const end = Temporal.PlainDate.from(range.to);
  const at = (date: Temporal.PlainDate) => midnight(date, range.timeZone);
  return {
    from: at(first),
    to: at(end),
    servicesFrom: at(first.subtract({ days: serviceLookBackDays })),
    servicesTo: at(end.add({ days: 1 })),
    messagesFrom: at(first.subtract({ days: messageWindowDays })),
    messagesTo: at(end.add({ days: messageWindowDays })),
  };
}

/** The rows of a store a period's figures read, within periodWindow's windows. */
export interface PeriodRows extends StoreHoursRows {
  services: readonly ScheduledService[];
  /** The services' visits. */
  visits: readonly ScheduledVisit[];
  resources: readonly Pick<SchedulerResource, 'schedulerResourceId' | 'name' | 'assignedTechnicianId' | 'sortOrder' | 'isActive'>[];
  blockedTimes: readonly Pick<BlockedTime, 'resourceId' | 'startDate' | 'endDate'>[];
  recurringBlockedTimes: readonly Pick<RecurringBlockedTime, 'resourceId' | 'startDate' | 'timeOfDay' | 'durationInMinutes' | 'recurrenceEndDate'>[];
  /** The findings of the visits' inspection reports (those without an answer may be left out). */
  items: readonly Pick<InspectionItem, 'customerDecision' | 'decidedAt'>[];
  messages: readonly StoreMessage[];
  ratings: readonly Pick<Rating, 'score' | 'visitDate'>[];
  /** Quotes saved in the period (by their date). */
  quotes: readonly Pick<TireQuote, 'tireQuoteId' | 'tireQuoteHashId' | 'customerId' | 'createdOn'>[];
  /** The visits at the store of those quotes' customers that were booked from a quote, whatever their day. */
  quoteVisits: readonly Pick<ScheduledVisit, 'tireQuoteId' | 'cancelDate'>[];
}

/** The figures a headline is made of, as store-figures.ts answers them. */
export interface HeadlineParts {
  cars: ReturnType<typeof carCount>;
  noShows: ReturnType<typeof noShowsAndCancellations>;
  bays: readonly BayUtilisation[];
  decisions: ReturnType<typeof inspectionDecisions>;
  replies: ReturnType<typeof firstReplyTimes>;
  weeks: readonly IsoWeek[];
  quotes: ReturnType<typeof tireQuotesSent>;
  booked: ReturnType<typeof tireQuotesBooked>;
}

/**
 * The headline from the figures: the columns together (their booked minutes over their open ones, so a busy bay
 * is not evened out by an idle one), and the average rating over every week's ratings.
 */
export function headlineOf(parts: HeadlineParts): StoreHeadline {
  const bookedMinutes = parts.bays.reduce((sum, b) => sum + b.bookedMinutes, 0);
  const openMinutes = parts.bays.reduce((sum, b) => sum + b.openMinutes, 0);
  const ratingCount = parts.weeks.reduce((sum, w) => sum + w.count, 0);
  const scoreTotal = parts.weeks.reduce((sum, w) => sum + (w.average ?? 0) * w.count, 0);
  return {
    carCount: parts.cars.total,
    booked: parts.noShows.booked,
    noShows: parts.noShows.noShows,
    cancellations: parts.noShows.cancellations,
    bays: { bookedMinutes, openMinutes, utilisation: openMinutes === 0 ? null : bookedMinutes / openMinutes },
    inspections: { ...parts.decisions },
    replies: { answered: parts.replies.answered, unanswered: parts.replies.unanswered, averageMinutes: parts.replies.averageMinutes },
    ratings: { count: ratingCount, average: ratingCount === 0 ? null : scoreTotal / ratingCount },
    tireQuotes: { saved: parts.quotes.saved, sent: parts.quotes.sent, booked: parts.booked.booked },
  };
}

/** A store's headline over a period as of `now` (the server's store comparison). */
export function storeHeadline(rows: PeriodRows, range: DayRange, now: Date): StoreHeadline {
  const spans = visitSpans(rows.services);
  return headlineOf({
    cars: carCount(rows.visits, range),
    noShows: noShowsAndCancellations(rows.visits, spans, range, now),
    bays: bayUtilisation({ ...rows, spans }, range),
    decisions: inspectionDecisions(rows.items, range),
    replies: firstReplyTimes(rows.messages, range),
    weeks: ratingsByIsoWeek(rows.ratings, range),
    quotes: tireQuotesSent(rows.quotes, rows.messages, range),
    booked: tireQuotesBooked(rows.quotes, rows.quoteVisits, range),
  });
}
