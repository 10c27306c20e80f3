import { liveQuery } from 'dexie';
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useMemo } from 'react';
import { Temporal } from 'temporal-polyfill';
import type {
  AppointmentResource, BlockedTime, Customer, CustomerVehicle, RecurringBlockedTime, ScheduledService, ScheduledVisit, SchedulerResource, StoreService, UnconfirmedVisit,
} from '../../contract/entities.ts';
import type { StoreDb } from '../../db/store-db.ts';
import { replicaOf } from '../../db/use-replica.ts';
import { schedulerEvents, type SchedulerEvent, type SchedulerRows } from '../../domain/scheduler-events.ts';
import { wallClockIsoToInstant } from '../../domain/time-zone.ts';

/**
 * The column of entries whose resource is gone or unset: they stay visible (and can be dragged to a real one).
 * A block with no column is the whole store's, drawn in every column instead.
 */
export const unassignedColumn = { id: 'unassigned', title: 'Unassigned' };

export interface SchedulerData {
  rows: SchedulerRows;
  resources: SchedulerResource[];
}

/** The replica's rows for the shown days: from the store's midnight to its midnight after the last day. */
export function readSchedulerRows(db: StoreDb, from: string, to: string, timeZone: string): Promise<SchedulerData> {
  // One read transaction for every table: a redraw after a drop waits for one round trip, not a dozen.
  const tables = (['scheduledServices', 'blockedTimes', 'recurringBlockedTimes', 'storeServices', 'schedulerResources', 'scheduledVisits', 'customers', 'customerVehicles'] as const)
    .map((name) => db.collection(name));
  return db.transaction('r', tables, () => readRows(db, from, to, timeZone));
}

async function readRows(db: StoreDb, from: string, to: string, timeZone: string): Promise<SchedulerData> {
  // The store's own midnights, as instants in the form the replica stores (milliseconds, Z).
  const lower = wallClockIsoToInstant(`${from}T00:00:00`, timeZone);
  const upper = wallClockIsoToInstant(`${to}T00:00:00`, timeZone);
  const [services, blockedTimes, recurringBlockedTimes, storeServices, resources] = await Promise.all([
    db.rows<ScheduledService>('scheduledServices').where('startDate').between(lower, upper, true, false).toArray(),
    db.rows<BlockedTime>('blockedTimes').where('startDate').between(lower, upper, true, false).toArray(),
    db.rows<RecurringBlockedTime>('recurringBlockedTimes').toArray(),
    db.rows<StoreService>('storeServices').toArray(),
    db.rows<SchedulerResource>('schedulerResources').toArray(),
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
      services, blockedTimes, recurringBlockedTimes,
      customers: new Map(customers.flatMap((c) => (c ? [[c.customerId, c] as const] : []))),
      vehicles: new Map(vehicles.flatMap((v) => (v ? [[v.vehicleId, v] as const] : []))),
      storeServices: new Map(storeServices.map((s) => [s.storeServiceId, s])),
    },
    resources: resources.filter((r) => r.isActive).sort((a, b) => a.sortOrder - b.sortOrder || a.name.localeCompare(b.name)),
  };
}

type Days = { storeId: number; from: string; to: string; timeZone: string };
const keyOf = (d: Days) => `${d.storeId}|${d.from}|${d.to}|${d.timeZone}`;
const shifted = (date: string, days: number) => Temporal.PlainDate.from(date).add({ days }).toString();

/**
 * The days just before and after the shown ones, read and kept current while they are shown, so that
 * Previous and Next draw at once instead of waiting for the replica (a full day's read is ~80 ms).
 */
const nearby = new Map<string, { data: SchedulerData | undefined; users: number; stop(): void }>();

function keepNearby(days: Days): () => unknown {
  const key = keyOf(days);
  let kept = nearby.get(key);
  if (!kept) {
    const entry: { data: SchedulerData | undefined; users: number; stop(): void } = { data: undefined, users: 0, stop: () => undefined };
    const subscription = liveQuery(() => readSchedulerRows(replicaOf(days.storeId), days.from, days.to, days.timeZone)).subscribe({
      next: (data) => { entry.data = data; },
      error: () => { entry.data = undefined; },
    });
    entry.stop = () => subscription.unsubscribe();
    nearby.set(key, entry);
    kept = entry;
  }
  const held = kept;
  held.users += 1;
  // Let go a little later: the day just moved to is drawn from here until its own read answers.
  return () => setTimeout(() => {
    held.users -= 1;
    if (held.users > 0) return;
    held.stop();
    nearby.delete(key);
  }, 2000);
}

/** The calendar's entries and columns for the shown days, kept current as the replica changes. */
export function useSchedulerEvents(storeId: number, from: string, to: string, timeZone: string): { events: SchedulerEvent[]; columns: { id: string; title: string }[] } | undefined {
  const key = keyOf({ storeId, from, to, timeZone });
  // Each answer says which days it is for: on a change of days the hook still holds the last days' answer.
  const live = useLiveQuery(async () => ({ key, data: await readSchedulerRows(replicaOf(storeId), from, to, timeZone) }), [key]);
  const data = live?.key === key ? live.data : nearby.get(key)?.data;
  const ready = data !== undefined;
  useEffect(() => {
    if (!ready) return undefined;
    const span = Temporal.PlainDate.from(from).until(Temporal.PlainDate.from(to)).days;
    const releases = [-span, span].map((shift) => keepNearby({ storeId, from: shifted(from, shift), to: shifted(to, shift), timeZone }));
    return () => { for (const release of releases) release(); };
  }, [ready, storeId, from, to, timeZone]);
  return useMemo(() => {
    if (!data) return undefined;
    const events = schedulerEvents(data.rows, { from, to, timeZone });
    const known = new Set(data.resources.map((r) => r.schedulerResourceId));
    const columns = data.resources.map((r) => ({ id: r.schedulerResourceId, title: r.name }));
    const stray = events.some((e) => e.resourceId !== null ? !known.has(e.resourceId) : e.visitId !== null);
    return { events, columns: stray ? [...columns, unassignedColumn] : columns };
  }, [data, from, to, timeZone]);
}

/** What staff book from: the store's active services by name, and which columns are set up for which. */
export function useBookingCatalogue(storeId: number): { services: StoreService[]; able: AppointmentResource[] } | undefined {
  return useLiveQuery(async () => {
    const db = replicaOf(storeId);
    const [services, able] = await Promise.all([db.rows<StoreService>('storeServices').toArray(), db.rows<AppointmentResource>('appointmentResources').toArray()]);
    return { services: services.filter((s) => s.isActive).sort((a, b) => a.name.localeCompare(b.name)), able };
  }, [storeId]);
}

/** Appointment requests nobody has confirmed yet, soonest first. */
export function useOpenRequests(storeId: number): UnconfirmedVisit[] | undefined {
  return useLiveQuery(async () => (await replicaOf(storeId).rows<UnconfirmedVisit>('unconfirmedVisits').toArray())
    .filter((r) => r.confirmedVisitId === null).sort((a, b) => a.requestedStartDate.localeCompare(b.requestedStartDate)), [storeId]);
}
