import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { apiPaths } from '../../src/contract/routes.ts';
import type { CreateCustomer, CreateScheduledService, CreateScheduledVisit } from '../../src/contract/writes.ts';
import { newHashId } from '../../src/domain/app/hash-id.ts';
import { ApiClient } from '../../src/http/api-client.ts';
import { mutations } from '../../workers/mutations.ts';
import { schedulerMutations } from '../../workers/scheduler-mutations.ts';
import { createDevice, syncTestEnvironment, type Device } from '../support/sync-harness.ts';
import { mintAccessToken } from '../support/tokens.ts';

const env = syncTestEnvironment();

/** A technician's device at store #101 that has already synced: its cursor is well past 0. */
async function syncedBay(): Promise<Device> {
  const token = await mintAccessToken(env.server.database.db, 'tech@demo.test', env.server.publicUrl);
  const bay = env.track(createDevice({ serverUrl: env.server.url, storeId: env.store, token }));
  await bay.engine.pull();
  expect((await bay.db.syncState.get('cursor'))?.value).toBeGreaterThan(0);
  return bay;
}

async function syncedCounter(): Promise<Device> {
  const counter = env.device();
  await counter.engine.pull();
  return counter;
}

const newCustomer = (lastName: string): CreateCustomer => ({
  customerId: randomUUID(),
  firstName: 'Dana',
  lastName,
  companyName: null,
  email: null,
  phoneNumber: '5550002222',
  preferredContactMethod: 'Text',
  addressLine1: null,
  city: null,
  state: null,
  postalCode: null,
  notes: 'Prefers mornings',
});

/** The counter makes a customer with a car, as at the desk; both reach the server. */
async function customerWithCar(counter: Device, lastName: string): Promise<{ customerId: string; vehicleId: string }> {
  const customer = newCustomer(lastName);
  const vehicleId = randomUUID();
  await counter.engine.mutate(mutations.createCustomer(customer));
  await counter.engine.mutate(
    mutations.createVehicle(customer.customerId, {
      vehicleId,
      year: 2019,
      make: 'Honda',
      model: 'CR-V',
      trim: null,
      vin: null,
      vehicleLicensePlateState: 'NY',
      vehicleLicensePlateNumber: `SC${lastName.length}${Date.now() % 10000}`,
      color: 'Blue',
      mileage: null,
    }),
  );
  await counter.push();
  return { customerId: customer.customerId, vehicleId };
}

async function placement() {
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
  return { service, resource };
}

/** The counter books a visit for the customer and car, with one service; it reaches the server. */
async function book(
  counter: Device,
  who: { customerId: string; vehicleId: string },
  start: string,
): Promise<{ scheduledVisitId: string; scheduledServiceId: string }> {
  const { service, resource } = await placement();
  const visit: CreateScheduledVisit = {
    scheduledVisitId: randomUUID(),
    scheduledVisitHashId: newHashId(),
    customerId: who.customerId,
    vehicleId: who.vehicleId,
    customerVehicleStatus: 1,
    description: null,
    staffNotes: null,
    customerComments: null,
    keyTag: null,
    visitAppointmentCount: 1,
    scheduledCustomerCheckIn: null,
    pickUpTime: null,
  };
  const booked: CreateScheduledService = {
    scheduledServiceId: randomUUID(),
    storeServiceId: service.storeServiceId,
    resourceId: resource.schedulerResourceId,
    startDate: start,
    endDate: start,
    durationInMinutes: service.durationInMinutes,
    serviceNotes: null,
    selectedTechnician: null,
  };
  await counter.engine.mutateAll(schedulerMutations.bookVisit(env.store, visit, [booked], 'User Demo'));
  expect(await counter.push()).toMatchObject({ failed: 0, stoppedBy: 'empty' });
  return { scheduledVisitId: visit.scheduledVisitId, scheduledServiceId: booked.scheduledServiceId };
}

/**
 * Something the bay sees happens after `who` was made (a block on the calendar) and the bay pulls: its cursor
 * is now past the customer's and the car's own versions, as on a device that has been syncing all day.
 */
async function bayPullsPast(bay: Device, counter: Device): Promise<void> {
  const { resource } = await placement();
  await counter.engine.mutate(
    schedulerMutations.createBlockedTime(env.store, {
      blockedTimeId: randomUUID(),
      resourceId: resource.schedulerResourceId,
      startDate: '2026-11-20T20:00:00.000Z',
      endDate: '2026-11-20T20:30:00.000Z',
      durationInMinutes: 30,
      description: 'Lift service',
    }),
  );
  expect(await counter.push()).toMatchObject({ failed: 0, stoppedBy: 'empty' });
  const before = (await bay.db.syncState.get('cursor'))!.value as number;
  await bay.engine.pull();
  expect((await bay.db.syncState.get('cursor'))!.value).toBeGreaterThan(before);
}

const onBay = async (bay: Device, who: { customerId: string; vehicleId: string }) => ({
  customer: await bay.db.collection('customers').get(who.customerId),
  vehicle: await bay.db.collection('customerVehicles').get(who.vehicleId),
});

describe("a technician's device, already synced, holds the customers and cars its store's calendar names", () => {
  it('receives a customer and car new to the store when a visit is booked for them, by name only, and never before', async () => {
    const bay = await syncedBay();
    const counter = await syncedCounter();
    const who = await customerWithCar(counter, 'Okafor');
    await bayPullsPast(bay, counter);
    expect(await onBay(bay, who)).toEqual({ customer: undefined, vehicle: undefined });

    await book(counter, who, '2026-11-05T15:00:00.000Z');
    await bay.engine.pull();
    const { customer, vehicle } = await onBay(bay, who);
    expect(customer).toMatchObject({ customerId: who.customerId, firstName: 'Dana', lastName: 'Okafor', phoneNumber: null, notes: null });
    expect(vehicle).toMatchObject({ vehicleId: who.vehicleId, make: 'Honda', model: 'CR-V' });
  });

  it('follows a visit moved to another customer: the new one arrives, the old one leaves', async () => {
    const bay = await syncedBay();
    const counter = await syncedCounter();
    const first = await customerWithCar(counter, 'Lindqvist');
    const second = await customerWithCar(counter, 'Marchetti');
    const { scheduledVisitId } = await book(counter, first, '2026-11-05T16:00:00.000Z');
    await bay.engine.pull();
    expect((await onBay(bay, first)).customer).toBeDefined();

    const api = new ApiClient({ baseUrl: env.server.url, storeId: env.store, accessToken: () => env.token });
    const moved = await api.request('PATCH', apiPaths.scheduledVisit.replace(':scheduledVisitId', scheduledVisitId), {
      body: [
        { op: 'replace', path: '/customerId', value: second.customerId },
        { op: 'replace', path: '/vehicleId', value: second.vehicleId },
      ],
      idempotencyKey: `move-${scheduledVisitId}`,
    });
    expect(moved.status).toBe(200);
    await bay.engine.pull();
    expect(await onBay(bay, first)).toEqual({ customer: undefined, vehicle: undefined });
    expect((await onBay(bay, second)).customer).toMatchObject({ lastName: 'Marchetti' });
    expect((await onBay(bay, second)).vehicle).toBeDefined();
  });

  it("lets a customer go with the store's last visit naming them, and keeps one who has another", async () => {
    const bay = await syncedBay();
    const counter = await syncedCounter();
    const regular = await customerWithCar(counter, 'Nakamura');
    const once = await customerWithCar(counter, 'Osei');
    const early = await book(counter, regular, '2026-11-05T17:00:00.000Z');
    await book(counter, regular, '2026-11-12T17:00:00.000Z');
    const only = await book(counter, once, '2026-11-05T18:00:00.000Z');
    await bay.engine.pull();
    expect((await onBay(bay, once)).customer).toBeDefined();

    await counter.engine.mutate(schedulerMutations.deleteScheduledService(only.scheduledServiceId));
    await counter.engine.mutate(schedulerMutations.deleteScheduledService(early.scheduledServiceId));
    expect(await counter.push()).toMatchObject({ failed: 0, stoppedBy: 'empty' });
    await bay.engine.pull();
    expect(await onBay(bay, once)).toEqual({ customer: undefined, vehicle: undefined });
    expect((await onBay(bay, regular)).customer).toMatchObject({ lastName: 'Nakamura' });
  });

  it('receives the customer of an appointment request when the counter confirms it, though the customer is not new', async () => {
    const bay = await syncedBay();
    const counter = await syncedCounter();
    const db = env.server.database.db;
    const request = await db
      .selectFrom('unconfirmedVisits')
      .select(['unconfirmedVisitId', 'firstName', 'lastName'])
      .where('storeId', '=', env.store)
      .where('confirmedVisitId', 'is', null)
      .where('deleted', '=', false)
      .executeTakeFirstOrThrow();
    // The customer wrote in before, from an address the counter has on file: the request finds them.
    const email = `request-${request.unconfirmedVisitId.slice(0, 8)}@example.com`;
    await db.updateTable('unconfirmedVisits').set({ email }).where('unconfirmedVisitId', '=', request.unconfirmedVisitId).execute();
    const known = { ...newCustomer(request.lastName ?? 'Known'), firstName: request.firstName, email };
    await counter.engine.mutate(mutations.createCustomer(known));
    await counter.push();
    await bayPullsPast(bay, counter);
    expect(await bay.db.collection('customers').get(known.customerId)).toBeUndefined();

    const api = new ApiClient({ baseUrl: env.server.url, storeId: env.store, accessToken: () => env.token });
    const confirmed = await api.request('POST', apiPaths.confirmUnconfirmedVisit.replace(':unconfirmedVisitId', request.unconfirmedVisitId), {
      idempotencyKey: `confirm-${request.unconfirmedVisitId}`,
    });
    expect(confirmed.status).toBe(200);
    const { customerId } = confirmed.body as { customerId: string };
    expect(customerId).toBe(known.customerId);
    const earlierVisits = await db
      .selectFrom('scheduledVisits')
      .select('scheduledVisitId')
      .where('storeId', '=', env.store)
      .where('customerId', '=', customerId)
      .where('deleted', '=', false)
      .execute();
    expect(earlierVisits).toHaveLength(1);

    await bay.engine.pull();
    expect(await bay.db.collection('customers').get(customerId)).toMatchObject({ customerId, email: null, phoneNumber: null });
  });

  it('gets the same answer from the REST calls as from the feed', async () => {
    const counter = await syncedCounter();
    const who = await customerWithCar(counter, 'Petrov');
    const token = await mintAccessToken(env.server.database.db, 'tech@demo.test', env.server.publicUrl);
    const asBay = new ApiClient({ baseUrl: env.server.url, storeId: env.store, accessToken: () => token });
    const customerPath = apiPaths.customer.replace(':customerId', who.customerId);
    expect((await asBay.request('GET', customerPath)).status).toBe(404);
    const { scheduledServiceId } = await book(counter, who, '2026-11-06T15:00:00.000Z');
    expect(await asBay.request('GET', customerPath)).toMatchObject({ status: 200, body: { lastName: 'Petrov', phoneNumber: null } });
    const vehiclePath = apiPaths.customerVehicle.replace(':customerId', who.customerId).replace(':vehicleId', who.vehicleId);
    expect((await asBay.request('GET', vehiclePath)).status).toBe(200);

    await counter.engine.mutate(schedulerMutations.deleteScheduledService(scheduledServiceId));
    await counter.push();
    expect((await asBay.request('GET', customerPath)).status).toBe(404);
    expect((await asBay.request('GET', vehiclePath)).status).toBe(404);
  });
});
