import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterEach, describe, expect, it } from 'vitest';
import type { SchedulerResource, StoreService } from '../../src/contract/entities.ts';
import type { StoreLocation } from '../../src/contract/store-location.ts';
import { appointmentsEnabledFields, isOpenFields } from '../../src/contract/store-week.ts';
import { StoreDb } from '../../src/db/store-db.ts';
import { defaultWeekdayHours } from '../../src/domain/store/store-hours.ts';
import { staffFreeTimes } from '../../src/features/scheduler/replica-free-times.ts';
import { at, service, visit } from '../support/store-day-rows.ts';

const open: StoreDb[] = [];
afterEach(() => {
  for (const db of open.splice(0)) db.close();
});

// Online booking off and no weekday taking online appointments: staff book whatever the store is open for.
const store = {
  id: 4,
  timeZone: 'Eastern Standard Time',
  calendarInterval: 60,
  onlineAppointmentsEnabled: false,
  ...defaultWeekdayHours,
  ...Object.fromEntries(isOpenFields.map((f) => [f, true])),
  ...Object.fromEntries(appointmentsEnabledFields.map((f) => [f, false])),
  specialStoreHours: [],
} as unknown as StoreLocation;
const now = new Date(at('2030-06-03T08:00:00'));
const tuesday = '2030-06-04';
const oil = { storeServiceId: 'oil', durationInMinutes: 60 };
const rotation = { storeServiceId: 'rotation', durationInMinutes: 60 };

/** Two bays: bay 1 set up for oil changes and rotations, bay 2 for rotations only. No service is offered online. */
async function replica() {
  const db = new StoreDb({ userId: '11111111-1111-4111-8111-111111111111', storeId: 4 }, { indexedDB: new IDBFactory(), IDBKeyRange });
  open.push(db);
  await db.rows<SchedulerResource>('schedulerResources').bulkPut([
    { schedulerResourceId: 'bay1', name: 'Bay 1', sortOrder: 1, assignedTechnicianId: null, isActive: true },
    { schedulerResourceId: 'bay2', name: 'Bay 2', sortOrder: 2, assignedTechnicianId: null, isActive: true },
  ]);
  await db.rows('appointmentResources').bulkPut([
    { appointmentResourceId: 'bay1', storeServiceId: 'oil' },
    { appointmentResourceId: 'bay1', storeServiceId: 'rotation' },
    { appointmentResourceId: 'bay2', storeServiceId: 'rotation' },
  ]);
  await db
    .rows<StoreService>('storeServices')
    .bulkPut([
      { storeServiceId: 'oil', durationInMinutes: 60, name: 'Oil change', isActive: true } as StoreService,
      { storeServiceId: 'rotation', durationInMinutes: 60, name: 'Rotation', isActive: true } as StoreService,
    ]);
  return db;
}
const times = (day: Awaited<ReturnType<typeof staffFreeTimes>>) => day?.slots.map((s) => `${s.time} ${s.jobs.map((j) => j.resourceId).join('+')}`);

describe("the booking dialog's free times", () => {
  it('offer every hour the store is open on the bay set up for the service, though the store takes no online bookings', async () => {
    const day = await staffFreeTimes(await replica(), store, { date: tuesday, services: [oil] }, now);
    expect(times(day)).toEqual(['08:00', '09:00', '10:00', '11:00', '12:00', '13:00', '14:00', '15:00', '16:00', '17:00'].map((t) => `${t} bay1`));
  });

  it('leave out the hours the bay is booked and offer the other bay for work it can do', async () => {
    const db = await replica();
    await db.rows('scheduledVisits').put(visit('booked'));
    await db.rows('scheduledServices').put(service('booked-1', 'booked', at(`${tuesday}T10:00:00`), 120, { resourceId: 'bay1', storeServiceId: 'oil' }));
    expect(times(await staffFreeTimes(db, store, { date: tuesday, services: [oil] }, now))).not.toContain('10:00 bay1');
    expect(times(await staffFreeTimes(db, store, { date: tuesday, services: [oil] }, now))).not.toContain('11:00 bay1');
    expect(times(await staffFreeTimes(db, store, { date: tuesday, services: [rotation] }, now))).toContain('10:00 bay2');
  });

  it('offer a booked hour again once its visit is canceled', async () => {
    const db = await replica();
    await db.rows('scheduledVisits').put(visit('booked', { cancelDate: now.toISOString() }));
    await db.rows('scheduledServices').put(service('booked-1', 'booked', at(`${tuesday}T10:00:00`), 60, { resourceId: 'bay1', storeServiceId: 'oil' }));
    expect(times(await staffFreeTimes(db, store, { date: tuesday, services: [oil] }, now))).toContain('10:00 bay1');
  });

  it('put several services one after another on one bay, as the dialog books them, ending by closing time', async () => {
    const day = await staffFreeTimes(await replica(), store, { date: tuesday, services: [oil, rotation] }, now);
    expect(times(day)?.at(0)).toBe('08:00 bay1+bay1');
    expect(times(day)?.at(-1)).toBe('16:00 bay1+bay1');
  });

  it('offer no time already past today', async () => {
    const day = await staffFreeTimes(await replica(), store, { date: tuesday, services: [oil] }, new Date(at(`${tuesday}T13:30:00`)));
    expect(times(day)?.[0]).toBe('14:00 bay1');
  });

  it('say the store is closed on a day it does not open', async () => {
    const sunday = { ...store, isOpenSundays: false } as StoreLocation;
    expect((await staffFreeTimes(await replica(), sunday, { date: '2030-06-09', services: [oil] }, now))?.unavailable).toBe('closed');
  });
});
