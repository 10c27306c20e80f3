import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../server/clock.ts';
import { readSlotRows, readSlotStore } from '../../server/modules/booking/slot-rows.ts';
import { apiPaths } from '../../src/contract/routes.ts';
import { freeSlots, type SlotAsk } from '../../src/domain/scheduler/free-slots.ts';
import { newHashId } from '../../src/domain/app/hash-id.ts';
import { storeTimeZone, wallClockIsoToInstant } from '../../src/domain/calendar/time-zone.ts';
import { apiCall } from '../support/api.ts';
import { demoStoreIds } from '../support/demo.ts';
import { accessTokenFor } from '../support/sign-in.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

// A Monday later than every demo visit: the only bookings on the asked Tuesday are the ones a test makes.
const now = '2030-06-03T15:00:00.000Z';
const tuesday = '2030-06-04';
let t: TestApp;
let token: string;
let store: number;
let companyId: number;
let zone: string;
let service: { storeServiceId: string; durationInMinutes: number };
let linked: string[];

beforeAll(async () => {
  t = await createTestApp({ clock: fixedClock(now) });
  token = await accessTokenFor(t.app, 'user@demo.test');
  store = (await demoStoreIds(t.db))[101]!;
  await t.db
    .updateTable('storeLocations')
    .set({ onlineAppointmentsEnabled: true, tuesdayAppointmentsEnabled: true, isOpenTuesdays: true, tuesdayOpenTime: '08:00', tuesdayCloseTime: '17:00' })
    .where('id', '=', store)
    .execute();
  const link = await t.db
    .selectFrom('schedulerResourceServices')
    .innerJoin('storeServices', 'storeServices.storeServiceId', 'schedulerResourceServices.storeServiceId')
    .select(['storeServices.storeServiceId', 'storeServices.durationInMinutes', 'storeServices.companyId'])
    .where('schedulerResourceServices.storeId', '=', store)
    .where('schedulerResourceServices.deleted', '=', false)
    .where('storeServices.durationInMinutes', '<=', 60)
    .orderBy('storeServices.storeServiceId')
    .executeTakeFirstOrThrow();
  service = { storeServiceId: link.storeServiceId, durationInMinutes: link.durationInMinutes };
  companyId = link.companyId;
  linked = (
    await t.db
      .selectFrom('schedulerResourceServices')
      .select('schedulerResourceId')
      .where('storeServiceId', '=', service.storeServiceId)
      .where('storeId', '=', store)
      .where('deleted', '=', false)
      .execute()
  ).map((l) => l.schedulerResourceId);
  zone = storeTimeZone((await readSlotStore(t.db, store))!.timeZone);
});
afterAll(async () => {
  await t.close();
});

const call = async (method: 'POST' | 'PATCH', path: string, body: unknown) => {
  const answer = await apiCall(t.app, { method, path, token, store, body });
  expect(answer.statusCode, answer.body).toBeLessThan(300);
};
const fill = (template: string, params: Record<string, string>) => template.replace(/:(\w+)/g, (_, name: string) => params[name]!);

/** Tuesday's free times for the service, waiting, as the booking call works them out from the database. */
async function tuesdayTimes(): Promise<string[]> {
  const slotStore = (await readSlotStore(t.db, store))!;
  const ask: SlotAsk = {
    services: [service],
    checkOutMethod: 'Waiting',
    now: new Date(now),
    leadMinutes: 60,
    horizonDays: 14,
    dailyCapMinutes: null,
    dates: { from: tuesday, to: '2030-06-05' },
  };
  const rows = await readSlotRows(
    t.db,
    { companyId, storeId: store },
    { from: wallClockIsoToInstant(`${tuesday}T00:00:00`, zone), to: wallClockIsoToInstant('2030-06-05T00:00:00', zone) },
  );
  return freeSlots(slotStore, rows, ask)
    .find((d) => d.date === tuesday)!
    .slots.map((s) => s.time);
}

async function book(resourceId: string, wall: string): Promise<string> {
  const scheduledVisitId = randomUUID();
  const startDate = wallClockIsoToInstant(`${tuesday}T${wall}:00`, zone);
  await call('POST', apiPaths.scheduledVisits, {
    scheduledVisitId,
    scheduledVisitHashId: newHashId(),
    customerId: null,
    vehicleId: null,
    customerVehicleStatus: 1,
    description: null,
    staffNotes: null,
    customerComments: null,
    keyTag: null,
    visitAppointmentCount: 1,
    scheduledCustomerCheckIn: startDate,
    pickUpTime: null,
  });
  await call('POST', fill(apiPaths.scheduledServices, { scheduledVisitId }), {
    scheduledServiceId: randomUUID(),
    storeServiceId: service.storeServiceId,
    resourceId,
    startDate,
    endDate: startDate,
    durationInMinutes: 60,
    serviceNotes: null,
    selectedTechnician: null,
  });
  return scheduledVisitId;
}

describe("free appointment times read from the store's database", () => {
  it('stop offering a time once every bay that does the service is booked then, and offer it again when a booking is canceled', async () => {
    expect(linked.length).toBeGreaterThan(0);
    expect(await tuesdayTimes()).toContain('10:00');
    const visits = [];
    for (const resourceId of linked) visits.push(await book(resourceId, '10:00'));
    const booked = await tuesdayTimes();
    expect(booked).not.toContain('10:00');
    expect(booked).toContain('11:00');

    await call('PATCH', fill(apiPaths.scheduledVisit, { scheduledVisitId: visits[0]! }), [{ op: 'replace', path: '/cancelDate', value: now }]);
    expect(await tuesdayTimes()).toContain('10:00');
  });

  it('offer nothing in a store-wide blocked hour', async () => {
    const startDate = wallClockIsoToInstant(`${tuesday}T14:00:00`, zone);
    await call('POST', apiPaths.blockedTimes, {
      blockedTimeId: randomUUID(),
      resourceId: null,
      startDate,
      endDate: new Date(Date.parse(startDate) + 3_600_000).toISOString(),
      durationInMinutes: 60,
      description: 'Staff meeting',
    });
    const times = await tuesdayTimes();
    expect(times.filter((time) => time >= '14:00' && time < '15:00')).toEqual([]);
    expect(times).toContain('15:00');
  });
});
