import { randomUUID } from 'node:crypto';
import { Temporal } from 'temporal-polyfill';
import { describe, expect, it } from 'vitest';
import { apiPaths } from '../../src/contract/routes.ts';
import { newHashId } from '../../src/domain/app/hash-id.ts';
import { apiCall } from '../support/api.ts';
import { schedulerMutations } from '../../workers/scheduler-mutations.ts';
import { createDevice, demoStoreZone, storeClock, syncTestEnvironment, type Device } from '../support/sync-harness.ts';

/** The server's clock: 10:00 at store #101. */
const env = syncTestEnvironment(storeClock('2026-11-04T10:00'));
const at = (wallClock: string) => Temporal.PlainDateTime.from(wallClock).toZonedDateTime(demoStoreZone).toInstant().toString({ smallestUnit: 'millisecond' });

/** A counter's tablet that synced, whose clock reads `wallClock` (store time) while it works offline. */
async function tabletAt(wallClock: string): Promise<Device> {
  const device = env.track(createDevice({ serverUrl: env.server.url, storeId: env.store, token: env.token, now: () => Date.parse(at(wallClock)) }));
  await device.engine.pull();
  device.network.offline = true;
  return device;
}

/** A confirmed appointment booked by the counter at a store wall-clock time; its id, and its day for a check-in. */
async function arrivingVisit(wallClock: string): Promise<{ scheduledVisitId: string; day: { firstStart: string; timeZone: string } }> {
  const db = env.server.database.db;
  const resource = await db
    .selectFrom('schedulerResources')
    .select('schedulerResourceId')
    .where('storeId', '=', env.store)
    .where('deleted', '=', false)
    .executeTakeFirstOrThrow();
  const scheduledVisitId = randomUUID();
  const startDate = at(wallClock);
  const send = async (path: string, body: unknown) => {
    const answer = await apiCall(env.server.app, { method: 'POST', path, token: env.token, store: env.store, body });
    expect(answer.statusCode, answer.body).toBe(201);
  };
  await send(apiPaths.scheduledVisits, {
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
    walkIn: false,
  });
  await send(apiPaths.scheduledServices.replace(':scheduledVisitId', scheduledVisitId), {
    scheduledServiceId: randomUUID(),
    storeServiceId: null,
    resourceId: resource.schedulerResourceId,
    startDate,
    endDate: startDate,
    durationInMinutes: 60,
    serviceNotes: null,
    selectedTechnician: null,
  });
  return { scheduledVisitId, day: { firstStart: startDate, timeZone: demoStoreZone } };
}
const serverVisit = (scheduledVisitId: string) =>
  env.server.database.db
    .selectFrom('scheduledVisits')
    .select(['checkInDate', 'confirmationDate'])
    .where('scheduledVisitId', '=', scheduledVisitId)
    .executeTakeFirstOrThrow();

/** Back online: what waited goes. */
async function reconnect(device: Device): Promise<void> {
  device.network.offline = false;
  expect(await device.push()).toMatchObject({ failed: 0, stoppedBy: 'empty' });
}

describe('what the counter did offline keeps the time it was done', () => {
  it('a check-in made offline at 9:58 is 9:58 on the server and every device, not the time it reconnected', async () => {
    const { scheduledVisitId: visitId, day } = await arrivingVisit('2026-11-04T10:00');
    const tablet = await tabletAt('2026-11-04T09:58');
    await tablet.engine.mutate(schedulerMutations.checkIn(visitId, day, new Date(at('2026-11-04T09:58'))));
    await reconnect(tablet);
    expect((await serverVisit(visitId)).checkInDate).toBe(at('2026-11-04T09:58'));
    const other = env.device();
    await other.engine.pull();
    expect((await other.db.collection('scheduledVisits').get(visitId))?.checkInDate).toBe(at('2026-11-04T09:58'));
  });

  it('a booking and a walk-in made offline are confirmed and checked in when they were made', async () => {
    const tablet = await tabletAt('2026-11-04T09:41');
    const db = env.server.database.db;
    const service = await db
      .selectFrom('storeServices')
      .select(['storeServiceId', 'durationInMinutes'])
      .where('storeId', '=', env.store)
      .where('deleted', '=', false)
      .executeTakeFirstOrThrow();
    const resource = await db
      .selectFrom('schedulerResources')
      .select('schedulerResourceId')
      .where('storeId', '=', env.store)
      .where('deleted', '=', false)
      .executeTakeFirstOrThrow();
    const customer = await db.selectFrom('customers').select('customerId').where('deleted', '=', false).executeTakeFirstOrThrow();
    const book = (walkIn: boolean) => {
      const visit = {
        scheduledVisitId: randomUUID(),
        scheduledVisitHashId: newHashId(),
        customerId: customer.customerId,
        vehicleId: null,
        customerVehicleStatus: 1 as const,
        description: null,
        staffNotes: null,
        customerComments: null,
        keyTag: null,
        visitAppointmentCount: 1,
        scheduledCustomerCheckIn: null,
        pickUpTime: null,
        walkIn,
      };
      const start = at('2026-11-04T13:00');
      return {
        visit,
        mutations: schedulerMutations.bookVisit(
          env.store,
          visit,
          [
            {
              scheduledServiceId: randomUUID(),
              storeServiceId: service.storeServiceId,
              resourceId: resource.schedulerResourceId,
              startDate: start,
              endDate: start,
              durationInMinutes: service.durationInMinutes,
              serviceNotes: null,
              selectedTechnician: null,
            },
          ],
          'User Demo',
          new Date(at('2026-11-04T09:41')),
        ),
      };
    };
    const booked = book(false);
    const walkIn = book(true);
    await tablet.engine.mutateAll(booked.mutations);
    await tablet.engine.mutateAll(walkIn.mutations);
    await reconnect(tablet);
    expect(await serverVisit(booked.visit.scheduledVisitId)).toEqual({ confirmationDate: at('2026-11-04T09:41'), checkInDate: null });
    expect(await serverVisit(walkIn.visit.scheduledVisitId)).toEqual({ confirmationDate: at('2026-11-04T09:41'), checkInDate: at('2026-11-04T09:41') });
  });

  it("a device clock that runs ahead, or a change that waited for days, takes the server's time instead", async () => {
    const early = await arrivingVisit('2026-11-04T10:30');
    const ahead = await tabletAt('2026-11-04T10:20');
    await ahead.engine.mutate(schedulerMutations.checkIn(early.scheduledVisitId, early.day, new Date(at('2026-11-04T10:20'))));
    await reconnect(ahead);
    expect((await serverVisit(early.scheduledVisitId)).checkInDate).toBe(at('2026-11-04T10:00'));

    const late = await arrivingVisit('2026-10-30T09:00');
    const stale = await tabletAt('2026-10-30T09:00');
    await stale.engine.mutate(schedulerMutations.checkIn(late.scheduledVisitId, late.day, new Date(at('2026-10-30T09:00'))));
    await reconnect(stale);
    expect((await serverVisit(late.scheduledVisitId)).checkInDate).toBe(at('2026-11-04T10:00'));
  });

  it("a check-in of tomorrow's appointment is refused on the device and by the server, with the reason", async () => {
    const tomorrow = await arrivingVisit('2026-11-05T09:00');
    const tablet = await tabletAt('2026-11-04T09:58');
    await expect(tablet.engine.mutate(schedulerMutations.checkIn(tomorrow.scheduledVisitId, tomorrow.day, new Date(at('2026-11-04T09:58'))))).rejects.toThrow(
      'This appointment is on Thu, Nov 5, 2026',
    );
    const answer = await apiCall(env.server.app, {
      method: 'POST',
      path: apiPaths.checkIn.replace(':scheduledVisitId', tomorrow.scheduledVisitId),
      token: env.token,
      store: env.store,
    });
    expect(answer.statusCode).toBe(409);
    expect(answer.json().detail).toContain('This appointment is on Thu, Nov 5, 2026');
    expect((await serverVisit(tomorrow.scheduledVisitId)).checkInDate).toBeNull();
  });
});
