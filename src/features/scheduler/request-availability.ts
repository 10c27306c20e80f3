import type { UnconfirmedVisit } from '../../contract/entities.ts';
import { checkOutMethods } from '../../contract/enum-values.ts';
import type { StoreLocation } from '../../contract/store-location.ts';
import type { StoreDb } from '../../db/store-db.ts';
import { freeSlotAt, freeSlots, nearestFreeSlots, type FreeSlot, type SlotAsk, type SlotRows } from '../../domain/scheduler/free-slots.ts';
import { instantToWallClock, storeTimeZone } from '../../domain/calendar/time-zone.ts';
import { nextDate, replicaSlotRows, staffAsk, staffStore } from './replica-free-times.ts';

/** How many free times staff are offered for a request whose time filled. */
const offered = 4;

/**
 * Whether a request's time can still be kept, on the device's rows: free when the work it asked for still fits
 * then (a booking-page request's own held visit left aside, so it does not stand in its own way). When it cannot,
 * the nearest free times that day and the next, to offer the customer. Null for a time already past.
 */
export async function requestAvailability(
  db: StoreDb,
  store: StoreLocation,
  request: UnconfirmedVisit,
  now: Date,
): Promise<{ free: true } | { free: false; nearest: FreeSlot[] } | null> {
  if (Date.parse(request.requestedStartDate) <= now.getTime()) return null;
  const zone = storeTimeZone(store.timeZone, () => undefined);
  const day = instantToWallClock(request.requestedStartDate, zone).slice(0, 10);
  const { appointmentResources: _, ...around } = await replicaSlotRows(db, zone, day, nextDate(day, 2));
  const heldServices = around.scheduledServices
    .filter((s) => s.scheduledVisitId === request.scheduledVisitId)
    .sort((a, b) => a.startDate.localeCompare(b.startDate));
  const held = request.scheduledVisitId ? around.visits.find((v) => v.scheduledVisitId === request.scheduledVisitId) : undefined;
  const durations = new Map(around.storeServices.map((s) => [s.storeServiceId, s.durationInMinutes]));
  const asked: SlotAsk['services'] =
    heldServices.length > 0
      ? heldServices.flatMap((s) => (s.storeServiceId ? [{ storeServiceId: s.storeServiceId, durationInMinutes: s.durationInMinutes }] : []))
      : request.storeServiceId && durations.has(request.storeServiceId)
        ? [{ storeServiceId: request.storeServiceId, durationInMinutes: durations.get(request.storeServiceId)! }]
        : [];
  if (asked.length === 0) return null;
  const rows: SlotRows = {
    ...around,
    scheduledServices: around.scheduledServices.filter((s) => s.scheduledVisitId !== request.scheduledVisitId),
    requests: around.requests.filter((r) => r.unconfirmedVisitId !== request.unconfirmedVisitId),
  };
  const status = held?.customerVehicleStatus;
  const ask = staffAsk(asked, status ? checkOutMethods.values[status - 1]! : 'Waiting', now, zone, day);
  // Staff may keep any time the store has room for, whatever the online switches say.
  const asStaff = staffStore(store);
  if (freeSlotAt(asStaff, rows, ask, request.requestedStartDate)) return { free: true };
  const days = freeSlots(asStaff, rows, { ...ask, dates: { from: day, to: nextDate(day, 2) } });
  return { free: false, nearest: nearestFreeSlots(days, request.requestedStartDate, offered) };
}
