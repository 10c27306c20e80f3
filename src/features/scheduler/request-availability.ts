import type {
  BlockedTime, RecurringBlockedTime, ScheduledService, ScheduledVisit, SchedulerResource, SchedulerResourceService, SpecialStoreHours, StoreService, UnconfirmedVisit,
} from '../../contract/entities.ts';
import { checkOutMethods } from '../../contract/enums.ts';
import type { StoreLocation } from '../../contract/store-location.ts';
import type { StoreDb } from '../../db/store-db.ts';
import { isOpenRequest } from '../../domain/appointment-requests.ts';
import { freeSlotAt, freeSlots, nearestFreeSlots, type FreeSlot, type SlotAsk, type SlotRows } from '../../domain/free-slots.ts';
import { storeDayAt } from '../../domain/store-day.ts';
import { instantToWallClock, storeTimeZone, wallClockIsoToInstant } from '../../domain/time-zone.ts';

const dayMs = 86_400_000;
const nextDate = (date: string, days = 1) => new Date(Date.parse(`${date}T12:00:00Z`) + days * dayMs).toISOString().slice(0, 10);
/** How many free times staff are offered for a request whose time filled. */
const offered = 4;

/**
 * Whether a request's time can still be kept, on the device's rows: free when the work it asked for still fits
 * then (a booking-page request's own held visit left aside, so it does not stand in its own way). When it cannot,
 * the nearest free times that day and the next, to offer the customer. Null for a time already past.
 */
export async function requestAvailability(db: StoreDb, store: StoreLocation, request: UnconfirmedVisit, now: Date): Promise<{ free: true } | { free: false; nearest: FreeSlot[] } | null> {
  if (Date.parse(request.requestedStartDate) <= now.getTime()) return null;
  const zone = storeTimeZone(store.timeZone, () => undefined);
  const day = instantToWallClock(request.requestedStartDate, zone).slice(0, 10);
  const lower = wallClockIsoToInstant(`${nextDate(day, -1)}T00:00:00`, zone);
  const upper = wallClockIsoToInstant(`${nextDate(day, 2)}T00:00:00`, zone);
  const [services, resources, resourceServices, requests, storeServices, blockedTimes, recurringBlockedTimes, specialStoreHours] = await Promise.all([
    db.rows<ScheduledService>('scheduledServices').where('startDate').between(lower, upper, true, false).toArray(),
    db.rows<SchedulerResource>('schedulerResources').toArray(),
    db.rows<SchedulerResourceService>('schedulerResourceServices').toArray(),
    db.rows<UnconfirmedVisit>('unconfirmedVisits').toArray(),
    db.rows<StoreService>('storeServices').toArray(),
    db.rows<BlockedTime>('blockedTimes').where('startDate').between(lower, upper, true, false).toArray(),
    db.rows<RecurringBlockedTime>('recurringBlockedTimes').toArray(),
    db.rows<SpecialStoreHours>('specialStoreHours').where('date').between(nextDate(day, -1), nextDate(day, 2), true, false).toArray(),
  ]);
  const visits = (await db.rows<ScheduledVisit>('scheduledVisits').bulkGet([...new Set(services.map((s) => s.scheduledVisitId))]))
    .filter((v): v is ScheduledVisit => v !== undefined);
  const held = request.scheduledVisitId ? visits.find((v) => v.scheduledVisitId === request.scheduledVisitId) : undefined;
  const heldServices = services.filter((s) => s.scheduledVisitId === request.scheduledVisitId).sort((a, b) => a.startDate.localeCompare(b.startDate));
  const durations = new Map(storeServices.map((s) => [s.storeServiceId, s.durationInMinutes]));
  const asked: SlotAsk['services'] = heldServices.length > 0
    ? heldServices.flatMap((s) => (s.storeServiceId ? [{ storeServiceId: s.storeServiceId, durationInMinutes: s.durationInMinutes }] : []))
    : request.storeServiceId && durations.has(request.storeServiceId) ? [{ storeServiceId: request.storeServiceId, durationInMinutes: durations.get(request.storeServiceId)! }] : [];
  if (asked.length === 0) return null;
  const rows: SlotRows = {
    specialStoreHours, resources, resourceServices, storeServices, blockedTimes, recurringBlockedTimes, visits,
    scheduledServices: services.filter((s) => s.scheduledVisitId !== request.scheduledVisitId),
    requests: requests.filter((r) => r.unconfirmedVisitId !== request.unconfirmedVisitId && isOpenRequest(r) && !r.scheduledVisitId),
  };
  const status = held?.customerVehicleStatus;
  const today = storeDayAt(now, zone).date;
  const ask: SlotAsk = {
    services: asked, checkOutMethod: status ? checkOutMethods.values[status - 1]! : 'Waiting', now, leadMinutes: 0,
    // Staff may keep any time the store has room for: the day asked for is inside the horizon, and no cap applies.
    horizonDays: Math.round((Date.parse(`${nextDate(day, 2)}T12:00:00Z`) - Date.parse(`${today}T12:00:00Z`)) / dayMs), dailyCapMinutes: null,
  };
  if (freeSlotAt(store, rows, ask, request.requestedStartDate)) return { free: true };
  const days = freeSlots(store, rows, { ...ask, dates: { from: day, to: nextDate(day, 2) } });
  return { free: false, nearest: nearestFreeSlots(days, request.requestedStartDate, offered) };
}
