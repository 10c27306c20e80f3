import type { Db } from '../../server/db/connect.ts';
import { onlineBookingSchema, type BookingRequest, type OnlineBooking } from '../../src/contract/online-booking.ts';
import { apiPaths } from '../../src/contract/routes.ts';
import { storeTimeZone, wallClockIsoToInstant } from '../../src/domain/calendar/time-zone.ts';
import type { TestApp } from './test-app.ts';
import { apiCall } from './api.ts';

export interface BookingStore {
  storeId: number;
  contactFormId: string;
  zone: string;
  /** A one-hour service customers may book online on one bay only: each time has room for one car. */
  storeServiceId: string;
  resourceId: string;
}

/**
 * Store #101 taking online bookings, open 08:00–17:00 on weekdays with appointments, two hours' notice, two weeks
 * ahead, no cap on the requests waiting; with a one-hour service bookable online on its first bay alone.
 */
export async function bookingStore(db: Db): Promise<BookingStore> {
  const store = await db.selectFrom('storeLocations').select(['id', 'contactFormId', 'timeZone']).where('storeNumber', '=', 101).executeTakeFirstOrThrow();
  const weekdays = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'] as const;
  await db
    .updateTable('storeLocations')
    .set({
      onlineAppointmentsEnabled: true,
      onlineBookingLeadMinutes: 120,
      onlineBookingHorizonDays: 14,
      onlineBookingDailyCapMinutes: null,
      onlineBookingOpenRequestsPerDay: null,
      onlineBookingOpenRequests: null,
      ...Object.fromEntries(
        weekdays.flatMap((d) => [
          [`${d}AppointmentsEnabled`, true],
          [`${d}OpenTime`, '08:00'],
          [`${d}CloseTime`, '17:00'],
        ]),
      ),
      isOpenMondays: true,
      isOpenTuesdays: true,
      isOpenWednesdays: true,
      isOpenThursdays: true,
      isOpenFridays: true,
    })
    .where('id', '=', store.id)
    .execute();
  const resource = await db
    .selectFrom('schedulerResources')
    .select('schedulerResourceId')
    .where('storeId', '=', store.id)
    .where('deleted', '=', false)
    .where('isActive', '=', true)
    .orderBy('sortOrder')
    .executeTakeFirstOrThrow();
  const service = await db
    .selectFrom('schedulerResourceServices')
    .innerJoin('storeServices', 'storeServices.storeServiceId', 'schedulerResourceServices.storeServiceId')
    .select('storeServices.storeServiceId')
    .where('schedulerResourceServices.schedulerResourceId', '=', resource.schedulerResourceId)
    .where('schedulerResourceServices.deleted', '=', false)
    .where('storeServices.deleted', '=', false)
    .orderBy('storeServices.name')
    .executeTakeFirstOrThrow();
  await db
    .updateTable('storeServices')
    .set({ onlineBookingEnabled: true, isActive: true, durationInMinutes: 60 })
    .where('storeServiceId', '=', service.storeServiceId)
    .execute();
  await db
    .updateTable('schedulerResourceServices')
    .set({ deleted: true })
    .where('storeServiceId', '=', service.storeServiceId)
    .where('schedulerResourceId', '!=', resource.schedulerResourceId)
    .execute();
  return {
    storeId: store.id,
    contactFormId: store.contactFormId,
    zone: storeTimeZone(store.timeZone),
    storeServiceId: service.storeServiceId,
    resourceId: resource.schedulerResourceId,
  };
}

export const bookingPath = (store: BookingStore) => apiPaths.onlineBooking.replace(':contactFormId', store.contactFormId);
export const freeTimesPath = (store: BookingStore, date: string, services = [store.storeServiceId], checkOutMethod = 'Waiting') =>
  `${apiPaths.onlineBookingTimes.replace(':contactFormId', store.contactFormId)}?services=${services.join(',')}&checkOutMethod=${checkOutMethod}&date=${date}`;

/** The booking page as a customer's browser gets it (its token starts the person's fill time). */
export async function openBookingPage(t: Pick<TestApp, 'app'>, store: BookingStore, remoteAddress: string): Promise<OnlineBooking> {
  const answer = await apiCall(t.app, { method: 'GET', path: bookingPath(store), remoteAddress });
  if (answer.statusCode !== 200) throw new Error(`The booking page answered ${answer.statusCode}: ${answer.body}`);
  // Parsed as the page parses it: a field the page cannot read would leave customers on an error page.
  return onlineBookingSchema.parse(answer.json());
}

/** A filled booking form for a wall-clock time of the store ("2030-06-04T10:00"). */
export function bookingForm(store: BookingStore, page: OnlineBooking, wall: string, person: Partial<BookingRequest> = {}): BookingRequest {
  return {
    storeServiceIds: [store.storeServiceId],
    checkOutMethod: 'Waiting',
    startDate: wallClockIsoToInstant(`${wall}:00`, store.zone),
    firstName: 'Dana',
    lastName: 'Whitfield',
    phoneNumber: '(555) 201-4400',
    email: 'dana@example.com',
    vehicle: '2019 Subaru Outback',
    preferredContactMethod: 'Sms',
    comments: null,
    textConsent: true,
    formToken: page.formToken,
    ...person,
  };
}

/** The page opened from an address, filled at a person's pace (the server's clock moves 30 seconds), and sent. */
export async function requestBooking(
  t: Pick<TestApp, 'app'>,
  clock: { advance(ms: number): void },
  store: BookingStore,
  remoteAddress: string,
  wall: string,
  person: Partial<BookingRequest> = {},
) {
  const page = await openBookingPage(t, store, remoteAddress);
  clock.advance(30_000);
  const body = bookingForm(store, page, wall, person);
  return { body, answer: await apiCall(t.app, { method: 'POST', path: bookingPath(store), body, remoteAddress }) };
}
