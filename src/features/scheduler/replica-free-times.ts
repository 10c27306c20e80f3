import type {
  AppointmentResource,
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
import type { StoreLocation } from '../../contract/store-location.ts';
import { appointmentsEnabledFields } from '../../contract/store-week.ts';
import type { StoreDb } from '../../db/store-db.ts';
import { isOpenRequest } from '../../domain/scheduler/appointment-requests.ts';
import { freeSlots, type CheckOutMethod, type FreeDay, type SlotAsk, type SlotRows, type SlotStore } from '../../domain/scheduler/free-slots.ts';
import { storeDayAt } from '../../domain/store/store-day.ts';
import { storeTimeZone, wallClockIsoToInstant } from '../../domain/calendar/time-zone.ts';
import { addDays, daysBetween } from '../../domain/calendar/calendar-date.ts';

export const nextDate = (date: string, days = 1) => addDays(date, days);

/** The replica's rows, whole, that free times follow. */
export interface ReplicaSlotRows extends SlotRows {
  scheduledServices: ScheduledService[];
  visits: ScheduledVisit[];
  requests: UnconfirmedVisit[];
  /** Which bay staff may book which service on (the online links are `resourceServices`). */
  appointmentResources: AppointmentResource[];
}

/** The replica's rows free times follow for the store days [from, to), with the day before for work reaching past midnight. */
export async function replicaSlotRows(db: StoreDb, zone: string, from: string, to: string): Promise<ReplicaSlotRows> {
  const lower = wallClockIsoToInstant(`${nextDate(from, -1)}T00:00:00`, zone);
  const upper = wallClockIsoToInstant(`${to}T00:00:00`, zone);
  const [
    scheduledServices,
    resources,
    resourceServices,
    appointmentResources,
    requests,
    storeServices,
    blockedTimes,
    recurringBlockedTimes,
    specialStoreHours,
  ] = await Promise.all([
    db.rows<ScheduledService>('scheduledServices').where('startDate').between(lower, upper, true, false).toArray(),
    db.rows<SchedulerResource>('schedulerResources').toArray(),
    db.rows<SchedulerResourceService>('schedulerResourceServices').toArray(),
    db.rows<AppointmentResource>('appointmentResources').toArray(),
    db.rows<UnconfirmedVisit>('unconfirmedVisits').toArray(),
    db.rows<StoreService>('storeServices').toArray(),
    db.rows<BlockedTime>('blockedTimes').where('startDate').between(lower, upper, true, false).toArray(),
    db.rows<RecurringBlockedTime>('recurringBlockedTimes').toArray(),
    db.rows<SpecialStoreHours>('specialStoreHours').where('date').between(nextDate(from, -1), to, true, false).toArray(),
  ]);
  const visits = (await db.rows<ScheduledVisit>('scheduledVisits').bulkGet([...new Set(scheduledServices.map((s) => s.scheduledVisitId))])).filter(
    (v): v is ScheduledVisit => v !== undefined,
  );
  return {
    specialStoreHours,
    resources,
    resourceServices,
    appointmentResources,
    storeServices,
    blockedTimes,
    recurringBlockedTimes,
    visits,
    scheduledServices,
    // A booking-page request holds its bays with a visit of its own, already among the bookings.
    requests: requests.filter((r) => isOpenRequest(r) && !r.scheduledVisitId),
  };
}

/**
 * The store as staff book it: any day it is open. The online switch and the weekday appointment switches say what
 * customers may book for themselves; the counter still books a caller on a Sunday the store opens.
 */
export function staffStore(store: StoreLocation): SlotStore {
  return { ...store, onlineAppointmentsEnabled: true, ...Object.fromEntries(appointmentsEnabledFields.map((f) => [f, true])) };
}

/** The ask as staff make it: no notice beyond now, no daily cap, any day from today to the day after `lastDate`. */
export function staffAsk(services: SlotAsk['services'], checkOutMethod: CheckOutMethod, now: Date, zone: string, lastDate: string): SlotAsk {
  const today = storeDayAt(now, zone).date;
  const horizonDays = Math.max(0, daysBetween(today, nextDate(lastDate, 2)));
  return { services, checkOutMethod, now, leadMinutes: 0, horizonDays, dailyCapMinutes: null };
}

/**
 * The free times of a store day for services staff are booking, as the booking dialog books them: the work starts
 * at the time (a waiter's rule, whether or not the customer waits), on one bay, one service after another, on a bay
 * set up for every one of them (the bays' service links, not the online ones). Times already past are not offered.
 */
export async function staffFreeTimes(
  db: StoreDb,
  store: StoreLocation,
  ask: { date: string; services: SlotAsk['services'] },
  now: Date,
): Promise<FreeDay | null> {
  if (ask.services.length === 0) return null;
  const zone = storeTimeZone(store.timeZone, () => undefined);
  const { appointmentResources, ...rows } = await replicaSlotRows(db, zone, ask.date, nextDate(ask.date));
  const bays: SlotRows = {
    ...rows,
    resourceServices: appointmentResources.map((a) => ({ schedulerResourceId: a.appointmentResourceId, storeServiceId: a.storeServiceId })),
  };
  const day = freeSlots(staffStore(store), bays, {
    ...staffAsk(ask.services, 'Waiting', now, zone, ask.date),
    dates: { from: ask.date, to: nextDate(ask.date) },
  })[0];
  if (!day) return null;
  return { ...day, slots: day.slots.filter((slot) => slot.jobs.every((job) => job.resourceId === slot.jobs[0]!.resourceId)) };
}
