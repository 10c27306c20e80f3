import { liveQuery } from 'dexie';
import { useLiveQuery } from 'dexie-react-hooks';
import { useCallback, useEffect, useMemo, useSyncExternalStore } from 'react';
import { Temporal } from 'temporal-polyfill';
import type {
  AppointmentResource,
  BlockedTime,
  Customer,
  CustomerVehicle,
  RecurringBlockedTime,
  ScheduledService,
  ScheduledVisit,
  SchedulerResource,
  StoreService,
  StoreStaff,
  UnconfirmedVisit,
} from '../../contract/entities.ts';
import type { StoreDb } from '../../db/store-db.ts';
import { replicaOf } from '../../db/use-replica.ts';
import { isOpenRequest } from '../../domain/scheduler/appointment-requests.ts';
import { tireInstallBooking } from '../../domain/tires/tire-install-booking.ts';
import { quoteNotes } from '../../domain/tires/tire-quote-notes.ts';
import type { StoreLocation } from '../../contract/store-location.ts';
import type { TireQuote } from '../../contract/tire-pricing.ts';
import { bayRoles } from '../../domain/people/roles.ts';
import { byTechnician, schedulerEvents, viewDays, type SchedulerEvent, type SchedulerRows } from '../../domain/scheduler/scheduler-events.ts';
import { shownView, type SchedulerViewName } from '../../domain/scheduler/scheduler-views.ts';
import { storeTimeZone, wallClockIsoToInstant } from '../../domain/calendar/time-zone.ts';
import { addDays } from '../../domain/calendar/calendar-date.ts';

/**
 * The column of entries whose resource is gone or unset: they stay visible (and can be dragged to a real one).
 * A block with no column is the whole store's, drawn in every column instead.
 */
export const unassignedColumn = { id: 'unassigned', title: 'Unassigned' };

const activeColumns = (resources: SchedulerResource[]) =>
  resources.filter((r) => r.isActive).sort((a, b) => a.sortOrder - b.sortOrder || a.name.localeCompare(b.name));
const techniciansOf = (staff: StoreStaff[]) =>
  staff
    .filter((p) => p.roles.some((r) => bayRoles.includes(r)))
    .map((p) => ({ userId: p.userId, name: p.name }))
    .sort((a, b) => a.name.localeCompare(b.name));

export interface SchedulerData {
  rows: SchedulerRows;
  resources: SchedulerResource[];
  /** The store's technicians (people with a bay role there), by name. */
  technicians: { userId: string; name: string }[];
}

/** The replica's rows for the shown days: from the store's midnight to its midnight after the last day. */
export function readSchedulerRows(db: StoreDb, from: string, to: string, timeZone: string): Promise<SchedulerData> {
  // One read transaction for every table: a redraw after a drop waits for one round trip, not a dozen.
  const tables = (
    [
      'scheduledServices',
      'blockedTimes',
      'recurringBlockedTimes',
      'storeServices',
      'schedulerResources',
      'storeStaff',
      'scheduledVisits',
      'customers',
      'customerVehicles',
    ] as const
  ).map((name) => db.collection(name));
  return db.transaction('r', tables, () => readRows(db, from, to, timeZone));
}

async function readRows(db: StoreDb, from: string, to: string, timeZone: string): Promise<SchedulerData> {
  // The store's own midnights, as instants in the form the replica stores (milliseconds, Z).
  const lower = wallClockIsoToInstant(`${from}T00:00:00`, timeZone);
  const upper = wallClockIsoToInstant(`${to}T00:00:00`, timeZone);
  const [services, blockedTimes, recurringBlockedTimes, storeServices, resources, staff] = await Promise.all([
    db.rows<ScheduledService>('scheduledServices').where('startDate').between(lower, upper, true, false).toArray(),
    db.rows<BlockedTime>('blockedTimes').where('startDate').between(lower, upper, true, false).toArray(),
    db.rows<RecurringBlockedTime>('recurringBlockedTimes').toArray(),
    db.rows<StoreService>('storeServices').toArray(),
    db.rows<SchedulerResource>('schedulerResources').toArray(),
    db.rows<StoreStaff>('storeStaff').toArray(),
  ]);
  const visitIds = [...new Set(services.map((s) => s.scheduledVisitId))];
  const visits = (await db.rows<ScheduledVisit>('scheduledVisits').bulkGet(visitIds)).filter((v): v is ScheduledVisit => v !== undefined);
  const customerIds = [...new Set(visits.flatMap((v) => (v.customerId ? [v.customerId] : [])))];
  const vehicleIds = [...new Set(visits.flatMap((v) => (v.vehicleId ? [v.vehicleId] : [])))];
  const [customers, vehicles] = await Promise.all([
    db.rows<Customer>('customers').bulkGet(customerIds),
    db.rows<CustomerVehicle>('customerVehicles').bulkGet(vehicleIds),
  ]);
  return {
    rows: {
      visits: new Map(visits.map((v) => [v.scheduledVisitId, v])),
      services,
      blockedTimes,
      recurringBlockedTimes,
      customers: new Map(customers.flatMap((c) => (c ? [[c.customerId, c] as const] : []))),
      vehicles: new Map(vehicles.flatMap((v) => (v ? [[v.vehicleId, v] as const] : []))),
      storeServices: new Map(storeServices.map((s) => [s.storeServiceId, s])),
      resources: new Map(resources.map((r) => [r.schedulerResourceId, r])),
      people: new Map(staff.map((p) => [p.userId, p.name])),
    },
    resources: activeColumns(resources),
    technicians: techniciansOf(staff),
  };
}

type Days = { storeId: number; from: string; to: string; timeZone: string };
const keyOf = (d: Days) => `${d.storeId}|${d.from}|${d.to}|${d.timeZone}`;
const shifted = addDays;

interface DayRead {
  /** Replaced, not changed, on each answer: React sees a new answer by its identity. */
  state: { data?: SchedulerData; error?: unknown };
  holders: number;
  listeners: Set<() => void>;
  stop(): void;
}

/**
 * Reads of days, each kept current by its own live query while something holds it: the shown days, and the
 * days just before and after them, so that Previous and Next draw at once instead of waiting for the replica.
 */
const dayReads = new Map<string, DayRead>();
const noAnswer: DayRead['state'] = {};
/** Each store's columns and technicians as last read: the grid keeps them while other days are read. */
const lastColumns = new Map<number, Pick<SchedulerData, 'resources' | 'technicians'> & { rows: Pick<SchedulerRows, 'resources'> }>();

const columnsOf = (resources: SchedulerResource[]) => resources.map((r) => ({ id: r.schedulerResourceId, title: r.name }));

/** Starts reading the days (at once, if nobody reads them yet) and keeps them read until the release. */
function holdDays(days: Days): () => void {
  const key = keyOf(days);
  let read = dayReads.get(key);
  if (!read) {
    const fresh: DayRead = { state: noAnswer, holders: 0, listeners: new Set(), stop: () => undefined };
    const answer = (state: DayRead['state']) => {
      fresh.state = state;
      for (const listener of fresh.listeners) listener();
    };
    const subscription = liveQuery(() => readSchedulerRows(replicaOf(days.storeId), days.from, days.to, days.timeZone)).subscribe({
      next: (data) => {
        lastColumns.set(days.storeId, data);
        answer({ data });
      },
      // A live query stops at an error: the screen shows it, and the next hold of these days reads afresh.
      error: (error: unknown) => {
        fresh.stop();
        answer({ error });
        setTimeout(() => {
          if (dayReads.get(key) === fresh) dayReads.delete(key);
        });
      },
    });
    fresh.stop = () => subscription.unsubscribe();
    dayReads.set(key, fresh);
    read = fresh;
  }
  const held = read;
  held.holders += 1;
  // Let go a little later: a day just left is drawn at once when it comes back, and the day just moved to
  // is drawn from here until its own hold takes over.
  return () =>
    void setTimeout(() => {
      held.holders -= 1;
      if (held.holders > 0) return;
      held.stop();
      if (dayReads.get(key) === held) dayReads.delete(key);
    }, 2000);
}

/** How long the route's early read of the shown days is held for the screen to take over. */
const prefetchHoldMs = 10_000;

/** Narrower than this, the scheduler opens on the list (shownView). */
export const phoneWidth = '(max-width: 36em)';

/**
 * Starts reading the days the scheduler will show for the date and view asked for, before its screen has drawn:
 * the route calls it once the session is known, so the replica is read while the screen's code loads and renders,
 * not after. Held long enough for a slow device's screen to take its own hold of the same read.
 */
export function prefetchShownDays(
  store: Pick<StoreLocation, 'id' | 'timeZone'>,
  asked: { date?: string | undefined; view?: SchedulerViewName | undefined },
): void {
  const timeZone = storeTimeZone(store.timeZone);
  const { from, to } = viewDays(asked.date ?? Temporal.Now.plainDateISO(timeZone).toString(), shownView(asked.view, window.matchMedia(phoneWidth).matches));
  setTimeout(holdDays({ storeId: store.id, from, to, timeZone }), prefetchHoldMs);
}

function listen(key: string, listener: () => void): () => void {
  const read = dayReads.get(key);
  read?.listeners.add(listener);
  return () => read?.listeners.delete(listener);
}

export interface SchedulerView {
  /** The shown days' entries; null while they are read from the replica. */
  events: SchedulerEvent[] | null;
  /** The store's columns (and Unassigned when an entry needs it); while other days are read, those last read. */
  columns: { id: string; title: string }[];
}

/**
 * The calendar's entries and columns for the shown days, kept current as the replica changes; undefined until
 * first read. Columns are the store's bays and the like, or its technicians (`by: 'technician'`).
 */
export function useSchedulerEvents(
  storeId: number,
  from: string,
  to: string,
  timeZone: string,
  by: 'resource' | 'technician' = 'resource',
): SchedulerView | undefined {
  const days = useMemo(() => ({ storeId, from, to, timeZone }), [storeId, from, to, timeZone]);
  const key = keyOf(days);
  useEffect(() => holdDays(days), [days]);
  const subscribe = useCallback((changed: () => void) => listen(key, changed), [key]);
  const { data, error } = useSyncExternalStore(subscribe, () => dayReads.get(key)?.state ?? noAnswer);
  if (error !== undefined) throw error;
  const ready = data !== undefined;
  useEffect(() => {
    if (!ready) return undefined;
    const span = Temporal.PlainDate.from(days.from).until(Temporal.PlainDate.from(days.to)).days;
    const releases = [-span, span].map((shift) => holdDays({ ...days, from: shifted(days.from, shift), to: shifted(days.to, shift) }));
    return () => {
      for (const release of releases) release();
    };
  }, [ready, days]);
  return useMemo(() => {
    if (!data) {
      const last = lastColumns.get(storeId);
      if (!last) return undefined;
      return { events: null, columns: by === 'technician' ? byTechnician([], last.technicians, last.rows.resources).columns : columnsOf(last.resources) };
    }
    const events = schedulerEvents(data.rows, { from, to, timeZone });
    if (by === 'technician') return byTechnician(events, data.technicians, data.rows.resources);
    const known = new Set(data.resources.map((r) => r.schedulerResourceId));
    const columns = columnsOf(data.resources);
    const stray = events.some((e) => (e.resourceId !== null ? !known.has(e.resourceId) : e.visitId !== null));
    return { events, columns: stray ? [...columns, unassignedColumn] : columns };
  }, [data, storeId, from, to, timeZone, by]);
}

/** What staff book from: the store's active services by name, which columns are set up for which, the columns and the technicians. */
export interface BookingCatalogue {
  services: StoreService[];
  able: AppointmentResource[];
  /** The store's active columns (bays and the like), in their order. */
  columns: SchedulerResource[];
  technicians: { userId: string; name: string }[];
}

export function useBookingCatalogue(storeId: number): BookingCatalogue | undefined {
  return useLiveQuery(async () => {
    const db = replicaOf(storeId);
    const [services, able, resources, staff] = await Promise.all([
      db.rows<StoreService>('storeServices').toArray(),
      db.rows<AppointmentResource>('appointmentResources').toArray(),
      db.rows<SchedulerResource>('schedulerResources').toArray(),
      db.rows<StoreStaff>('storeStaff').toArray(),
    ]);
    return {
      services: services.filter((s) => s.isActive).sort((a, b) => a.name.localeCompare(b.name)),
      able,
      columns: activeColumns(resources),
      technicians: techniciansOf(staff),
    };
  }, [storeId]);
}

/** Appointment requests nobody has confirmed or declined yet, soonest first. */
export function useOpenRequests(storeId: number): UnconfirmedVisit[] | undefined {
  return useLiveQuery(
    async () =>
      (await replicaOf(storeId).rows<UnconfirmedVisit>('unconfirmedVisits').toArray())
        .filter(isOpenRequest)
        .sort((a, b) => a.requestedStartDate.localeCompare(b.requestedStartDate)),
    [storeId],
  );
}

/**
 * A saved tire quote's install as the booking dialog starts it: the quote's customer and vehicle, and for each
 * option with tires the install service for its number of tires (tire-install-booking.ts: its minutes the
 * appointment's) and the staff notes naming it as bought. With one such option, those; with several, until the
 * counter says which the customer is buying, the first install service and every option in the notes. Null
 * without a quote, or when the quote or its customer is not on this device.
 */
export function useQuoteBooking(storeId: number, tireQuoteId: string | null) {
  return (
    useLiveQuery(async () => {
      if (tireQuoteId === null) return null;
      const db = replicaOf(storeId);
      const quote = await db.rows<TireQuote>('tireQuotes').get(tireQuoteId);
      const customer = quote ? await db.rows<Customer>('customers').get(quote.customerId) : undefined;
      if (!quote || !customer) return null;
      const services = await db.rows<StoreService>('storeServices').toArray();
      const install = (tires: number) => {
        const booking = tireInstallBooking(services, tires);
        return booking ? { serviceIds: [booking.service.storeServiceId], minutes: booking.minutes } : { serviceIds: [], minutes: null };
      };
      const tireOptions = quote.choices
        .map((c, i) => ({
          name: c.name,
          tires: c.tires.map((t) => ({ tireId: t.tireId ?? null, description: t.description, quantity: t.quantity })),
          staffNotes: quoteNotes(quote, i),
          install: install(c.tires.reduce((sum, t) => sum + t.quantity, 0)),
        }))
        .filter((o) => o.tires.length > 0);
      const only = tireOptions.length === 1 ? tireOptions[0] : undefined;
      const start = only?.install ?? install(0);
      return {
        customer,
        vehicleId: quote.vehicleId,
        serviceIds: start.serviceIds,
        minutes: start.minutes,
        staffNotes: only?.staffNotes ?? quoteNotes(quote),
        tireQuoteId: quote.tireQuoteId,
        tireOptions,
      };
    }, [storeId, tireQuoteId]) ?? null
  );
}
