import type { Kysely } from 'kysely';
import { appointmentsEnabledFields, isOpenFields, weekdayHoursFields } from '../../../src/contract/store-location.ts';
import type { SlotRows, SlotStore } from '../../../src/domain/free-slots.ts';
import type { Database } from '../../db/schema.ts';

const dayMs = 86_400_000;
/** How far back a booking or block may start and still reach into the asked days (none lasts longer). */
const longestEntryMs = dayMs;

const slotStoreFields = [
  'timeZone', 'calendarInterval', 'onlineAppointmentsEnabled', ...appointmentsEnabledFields, ...isOpenFields,
  ...weekdayHoursFields.flatMap((d) => [d.open, d.close]),
] as const;

/** The store settings free appointment times follow, or undefined for no such store. */
export function readSlotStore(db: Kysely<Database>, storeId: number): Promise<SlotStore | undefined> {
  return db.selectFrom('storeLocations').select(slotStoreFields).where('id', '=', storeId).where('deleted', '=', false).executeTakeFirst();
}

/**
 * The rows free appointment times follow (src/domain/free-slots.ts), for one store and the instants [from, to):
 * what the booking call reads before it offers or re-checks a time, by the store's calendar-window indexes.
 */
export async function readSlotRows(db: Kysely<Database>, scope: { companyId: number; storeId: number }, range: { from: string; to: string }): Promise<SlotRows> {
  const { companyId, storeId } = scope;
  const earliest = new Date(Date.parse(range.from) - longestEntryMs).toISOString();
  const [fromDate, toDate] = [range.from.slice(0, 10), new Date(Date.parse(range.to) + dayMs).toISOString().slice(0, 10)];
  const [specialStoreHours, resources, resourceServices, services, requests, storeServices, blockedTimes, recurringBlockedTimes] = await Promise.all([
    db.selectFrom('specialStoreHours').select(['date', 'isClosed', 'openTime', 'closeTime'])
      .where('companyId', '=', companyId).where('storeLocationId', '=', storeId).where('deleted', '=', false)
      .where('date', '>=', new Date(Date.parse(range.from) - dayMs).toISOString().slice(0, 10)).where('date', '<=', toDate).execute(),
    db.selectFrom('schedulerResources').select(['schedulerResourceId', 'isActive', 'sortOrder'])
      .where('companyId', '=', companyId).where('storeId', '=', storeId).where('deleted', '=', false).execute(),
    db.selectFrom('schedulerResourceServices').select(['schedulerResourceId', 'storeServiceId'])
      .where('companyId', '=', companyId).where('storeId', '=', storeId).where('deleted', '=', false).execute(),
    db.selectFrom('scheduledServices').innerJoin('scheduledVisits', 'scheduledVisits.scheduledVisitId', 'scheduledServices.scheduledVisitId')
      .select(['scheduledServices.scheduledVisitId', 'scheduledServices.resourceId', 'scheduledServices.startDate', 'scheduledServices.endDate',
        'scheduledServices.durationInMinutes', 'scheduledVisits.cancelDate'])
      .where('scheduledServices.companyId', '=', companyId).where('scheduledServices.storeId', '=', storeId).where('scheduledServices.deleted', '=', false)
      .where('scheduledServices.startDate', '>=', earliest).where('scheduledServices.startDate', '<', range.to).execute(),
    db.selectFrom('unconfirmedVisits').select(['storeServiceId', 'requestedStartDate', 'confirmedVisitId', 'declinedOn'])
      .where('companyId', '=', companyId).where('storeId', '=', storeId).where('deleted', '=', false)
      // A booking-page request holds its bays with an unconfirmed visit, counted with the bookings.
      .where('confirmedVisitId', 'is', null).where('declinedOn', 'is', null).where('scheduledVisitId', 'is', null)
      .where('requestedStartDate', '>=', earliest).where('requestedStartDate', '<', range.to).execute(),
    db.selectFrom('storeServices').select(['storeServiceId', 'durationInMinutes'])
      .where('companyId', '=', companyId).where('storeId', '=', storeId).where('deleted', '=', false).execute(),
    db.selectFrom('blockedTimes').select(['resourceId', 'startDate', 'endDate'])
      .where('companyId', '=', companyId).where('storeId', '=', storeId).where('deleted', '=', false)
      .where('startDate', '>=', earliest).where('startDate', '<', range.to).execute(),
    db.selectFrom('recurringBlockedTimes').select(['resourceId', 'startDate', 'timeOfDay', 'durationInMinutes', 'recurrenceEndDate'])
      .where('companyId', '=', companyId).where('storeId', '=', storeId).where('deleted', '=', false).where('startDate', '<=', toDate)
      .where((eb) => eb.or([eb('recurrenceEndDate', 'is', null), eb('recurrenceEndDate', '>=', fromDate)])).execute(),
  ]);
  const visits = new Map(services.map((s) => [s.scheduledVisitId, { scheduledVisitId: s.scheduledVisitId, cancelDate: s.cancelDate }]));
  return {
    specialStoreHours, resources, resourceServices, requests, storeServices, blockedTimes, recurringBlockedTimes,
    scheduledServices: services.map(({ cancelDate: _, ...service }) => service),
    visits: [...visits.values()],
  };
}
