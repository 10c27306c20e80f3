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
  StoreStaff,
} from '../src/contract/entities.ts';
import { apiPaths } from '../src/contract/routes.ts';
import { storeComparisonSchema, type StoreComparison } from '../src/contract/store-figures.ts';
import type { StoreLocation } from '../src/contract/store-location.ts';
import { isOpenFields } from '../src/contract/store-week.ts';
import type { TireQuote } from '../src/contract/tire-pricing.ts';
import type { StoreDb } from '../src/db/store-db.ts';
import { indexedVisits, markServiceStarts, visitsOfServices } from '../src/db/visits-by-service-start.ts';
import { bayRoles } from '../src/domain/people/roles.ts';
import type { DayRange } from '../src/domain/scheduler/scheduler-events.ts';
import { visitSpans } from '../src/domain/store/store-day.ts';
import {
  appointmentsByStatusPerDay,
  bayUtilisation,
  carCount,
  firstReplyTimes,
  inspectionDecisions,
  noShowsAndCancellations,
  ratingsByIsoWeek,
  technicianUtilisation,
  timePerJob,
  tireQuotesBooked,
  tireQuotesSent,
} from '../src/domain/figures/store-figures.ts';
import { headlineOf, periodWindow, type PeriodRows } from '../src/domain/store/store-headline.ts';
import { defaultWeekdayHours, type WeekdayHours } from '../src/domain/store/store-hours.ts';
import { NetworkError, type ApiClient } from '../src/http/api-client.ts';
import { watchFigures, type StopWatch } from './live-watch.ts';
import { onlineCall } from './online-call.ts';
import type { DashboardFigures } from '../src/domain/figures/dashboard-figures.ts';

/** What the dashboard reads of a store for a period: the period's rows, and the store's technicians by name. */
export interface DashboardRows extends PeriodRows {
  technicians: { userId: string; name: string }[];
}

/**
 * A store whose row has not reached the device yet (the first seconds of a first sync) is taken as never open:
 * its utilisation shows as unknown rather than against hours it may not keep.
 */
const neverOpen: WeekdayHours = { ...defaultWeekdayHours, ...Object.fromEntries(isOpenFields.map((field) => [field, false])) } as WeekdayHours;

/**
 * The rows of a period at a store, in one read transaction, by periodWindow's windows (the server reads the same
 * ones): services by the startDate index and their visits by the index of a start of their services, those it misses
 * by key (`marks` says how to mark them for the next read: markServiceStarts); the findings of those visits' reports
 * by the inspectionReportId index; messages by sentOn and ratings by visitDate; the small tables whole. Tire quotes
 * have no date index (a store saves a few a day), so they are filtered by date; the visits booked from them, whatever
 * their day, are found among their customers' visits by the customerId index.
 */
export function readDashboardRows(db: StoreDb, storeId: number, range: DayRange): Promise<DashboardRows & { marks: Map<string, string | null> }> {
  const names = [
    'scheduledServices',
    'scheduledVisits',
    'schedulerResources',
    'blockedTimes',
    'recurringBlockedTimes',
    'storeLocations',
    'specialStoreHours',
    'storeStaff',
    'inspectionItems',
    'storeMessages',
    'ratings',
    'tireQuotes',
  ] as const;
  const window = periodWindow(range);
  return db.transaction(
    'r',
    names.map((name) => db.collection(name)),
    async () => {
      const [services, indexed, resources, blockedTimes, recurringBlockedTimes, store, specialHours, staff, messages, ratings, quotes] = await Promise.all([
        db.rows<ScheduledService>('scheduledServices').where('startDate').between(window.servicesFrom, window.servicesTo, true, false).toArray(),
        indexedVisits(db, window.servicesFrom, window.servicesTo),
        db.rows<SchedulerResource>('schedulerResources').toArray(),
        db.rows<BlockedTime>('blockedTimes').where('startDate').between(window.servicesFrom, window.to, true, false).toArray(),
        db.rows<RecurringBlockedTime>('recurringBlockedTimes').toArray(),
        db.rows<StoreLocation>('storeLocations').get(storeId),
        db.rows<SpecialStoreHours>('specialStoreHours').where('date').between(range.from, range.to, true, false).toArray(),
        db.rows<StoreStaff>('storeStaff').toArray(),
        db.rows<StoreMessage>('storeMessages').where('sentOn').between(window.messagesFrom, window.messagesTo, true, false).toArray(),
        db.rows<Rating>('ratings').where('visitDate').between(window.from, window.to, true, false).toArray(),
        db
          .rows<TireQuote>('tireQuotes')
          .filter((q) => q.createdOn >= range.from && q.createdOn < range.to)
          .toArray(),
      ]);
      const { visits, marks } = await visitsOfServices(db, services, indexed);
      const reportIds = visits.flatMap((v) => (v.inspectionReportId ? [v.inspectionReportId] : []));
      const [items, quoteVisits] = await Promise.all([
        db
          .rows<InspectionItem>('inspectionItems')
          .where('inspectionReportId')
          .anyOf(reportIds)
          .filter((i) => i.decidedAt !== null)
          .toArray(),
        db
          .rows<ScheduledVisit>('scheduledVisits')
          .where('customerId')
          .anyOf([...new Set(quotes.map((q) => q.customerId))])
          .filter((v) => Boolean(v.tireQuoteId))
          .toArray(),
      ]);
      return {
        services,
        visits,
        resources,
        blockedTimes,
        recurringBlockedTimes,
        items,
        messages,
        ratings,
        quotes,
        quoteVisits,
        specialHours,
        marks,
        hours: store ?? neverOpen,
        technicians: staff
          .filter((p) => p.roles.some((r) => bayRoles.includes(r)))
          .sort((a, b) => a.name.localeCompare(b.name))
          .map((p) => ({ userId: p.userId, name: p.name })),
      };
    },
  );
}

/** The dashboard's figures over a period as of `now` (pure: every figure is src/domain's). */
export function dashboardFigures(rows: DashboardRows, range: DayRange, now: Date): DashboardFigures {
  const spans = visitSpans(rows.services);
  const utilisation = { ...rows, spans };
  const cars = carCount(rows.visits, range);
  const noShows = noShowsAndCancellations(rows.visits, spans, range, now);
  const bays = bayUtilisation(utilisation, range);
  const weeks = ratingsByIsoWeek(rows.ratings, range);
  const { jobs, ...times } = timePerJob(rows.visits, spans, range);
  const names = new Map(rows.technicians.map((t) => [t.userId, t.name]));
  return {
    range,
    headline: headlineOf({
      cars,
      noShows,
      bays,
      weeks,
      decisions: inspectionDecisions(rows.items, range),
      replies: firstReplyTimes(rows.messages, range),
      quotes: tireQuotesSent(rows.quotes, rows.messages, range),
      booked: tireQuotesBooked(rows.quotes, rows.quoteVisits, range),
    }),
    carsPerDay: cars.perDay,
    byStatus: appointmentsByStatusPerDay(rows.visits, spans, range),
    noShowsPerDay: noShows.perDay,
    bays,
    technicians: technicianUtilisation(
      utilisation,
      range,
      rows.technicians.map((t) => t.userId),
    ).map((t) => ({ ...t, name: names.get(t.technicianId) ?? 'Someone no longer at this store' })),
    jobs: { count: jobs.length, ...times },
    weeks,
  };
}

/**
 * Watches a store's dashboard figures over a period for a screen: read again on every change of their rows, and
 * computed again each minute while the period reaches now (a no-show shows once its day is over); a past period's
 * figures no longer depend on the clock.
 */
export function watchDashboardFigures(
  db: StoreDb,
  storeId: number,
  range: DayRange,
  onFigures: (figures: DashboardFigures) => void,
  onError: (message: string) => void,
  now = new Date(),
): StopWatch {
  const reachesNow = Date.parse(periodWindow(range).to) > now.getTime();
  const read = async () => {
    const { marks, ...rows } = await readDashboardRows(db, storeId, range);
    // The period's next read finds these visits in one range, not key by key. A failed mark costs that read its
    // speed, never its figures.
    markServiceStarts(db, marks).catch((error: unknown) => console.warn("The period's visits were not marked", error));
    return rows;
  };
  return watchFigures({ db, read, compute: (rows, at) => dashboardFigures(rows, range, at), onFigures, onError, tickMs: reachesNow ? 60_000 : 0 });
}

export const offlineComparison = "Comparing stores needs a connection. This store's figures below are from this device.";

/**
 * The headline figures of every store the user administers over a period [from, to) of store-local dates, from
 * the server (GET /api/alltrac/store-figures, whose `to` is the last day): the device holds only its own store's
 * rows. Offline, says so in words.
 */
export async function compareStores(api: ApiClient, period: Pick<DayRange, 'from' | 'to'>): Promise<StoreComparison> {
  const last = Temporal.PlainDate.from(period.to).subtract({ days: 1 }).toString();
  try {
    return storeComparisonSchema.parse(await onlineCall(api, 'GET', `${apiPaths.storeFigures}?${new URLSearchParams({ from: period.from, to: last })}`));
  } catch (error) {
    if (error instanceof Error && error.cause instanceof NetworkError) throw new Error(offlineComparison, { cause: error });
    throw error;
  }
}
