import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterEach, describe, expect, it } from 'vitest';
import type { SchedulerResource, StoreService, UnconfirmedVisit } from '../../src/contract/entities.ts';
import type { StoreLocation } from '../../src/contract/store-location.ts';
import { appointmentsEnabledFields, isOpenFields } from '../../src/contract/store-week.ts';
import { StoreDb } from '../../src/db/store-db.ts';
import { defaultWeekdayHours } from '../../src/domain/store/store-hours.ts';
import { requestAvailability } from '../../src/features/scheduler/request-availability.ts';
import { at, service, visit } from '../support/store-day-rows.ts';

const open: StoreDb[] = [];
afterEach(() => {
  for (const db of open.splice(0)) db.close();
});

const store = {
  id: 4,
  timeZone: 'Eastern Standard Time',
  calendarInterval: 60,
  onlineAppointmentsEnabled: true,
  ...defaultWeekdayHours,
  ...Object.fromEntries([...isOpenFields, ...appointmentsEnabledFields].map((f) => [f, true])),
  specialStoreHours: [],
} as unknown as StoreLocation;
// Monday morning; the request is for Tuesday 10:00 at the store.
const now = new Date(at('2030-06-03T08:00:00'));
const asked = at('2030-06-04T10:00:00');
const request = (extra: Partial<UnconfirmedVisit> = {}): UnconfirmedVisit => ({
  unconfirmedVisitId: 'r1',
  firstName: 'Dana',
  lastName: 'Whitfield',
  email: null,
  phoneNumber: '+15552014400',
  preferredContactMethod: 'Sms',
  vehicleDescription: null,
  storeServiceId: 's1',
  requestedStartDate: asked,
  customerComments: null,
  submittedOn: now.toISOString(),
  confirmedVisitId: null,
  declinedOn: null,
  declineReason: null,
  textConsent: true,
  scheduledVisitId: 'held',
  ...extra,
});

/** One bay doing the one-hour service online, with the request's held visit on it. */
async function replica() {
  const db = new StoreDb({ userId: '11111111-1111-4111-8111-111111111111', storeId: 4 }, { indexedDB: new IDBFactory(), IDBKeyRange });
  open.push(db);
  await db
    .rows<SchedulerResource>('schedulerResources')
    .put({ schedulerResourceId: 'bay1', name: 'Bay 1', sortOrder: 1, assignedTechnicianId: null, isActive: true });
  await db.rows('schedulerResourceServices').put({ schedulerResourceId: 'bay1', storeServiceId: 's1' });
  await db
    .rows<StoreService>('storeServices')
    .put({ storeServiceId: 's1', durationInMinutes: 60, name: 'Oil change', isActive: true, onlineBookingEnabled: true } as StoreService);
  await db.rows('scheduledVisits').put(visit('held', { confirmationDate: null }));
  await db.rows('scheduledServices').put(service('held-1', 'held', asked, 60, { resourceId: 'bay1', storeServiceId: 's1' }));
  await db.rows('unconfirmedVisits').put(request());
  return db;
}

describe("a request on the staff's list", () => {
  it('is free while the bay holds it for the request alone', async () => {
    expect(await requestAvailability(await replica(), store, request(), now)).toEqual({ free: true });
  });

  it('has filled since when staff booked the bay over it, with the nearest free times to offer', async () => {
    const db = await replica();
    await db.rows('scheduledVisits').put(visit('walk-in'));
    await db.rows('scheduledServices').put(service('walk-in-1', 'walk-in', at('2030-06-04T09:30:00'), 90, { resourceId: 'bay1', storeServiceId: 's1' }));
    const availability = await requestAvailability(db, store, request(), now);
    expect(availability?.free).toBe(false);
    expect(availability && !availability.free && availability.nearest.map((s) => s.startDate)).toEqual(
      ['2030-06-04T08:00:00', '2030-06-04T11:00:00', '2030-06-04T12:00:00', '2030-06-04T13:00:00'].map((wall) => new Date(at(wall)).toISOString()),
    );
  });

  it('says nothing of a time already past', async () => {
    expect(await requestAvailability(await replica(), store, request(), new Date(at('2030-06-04T11:00:00')))).toBeNull();
  });
});
