import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../server/clock.ts';
import { apiPaths } from '../../src/contract/routes.ts';
import { apiCall } from '../support/api.ts';
import { demoStoreIds } from '../support/demo.ts';
import { accessTokenFor } from '../support/sign-in.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { newHashId } from '../../src/domain/app/hash-id.ts';

const now = '2030-06-03T15:00:00.000Z';
let t: TestApp;
const tokens: Record<string, string> = {};
let stores: Record<number, number>;
let resourceIds: string[];
let customer: { customerId: string; vehicleId: string };
beforeAll(async () => {
  t = await createTestApp({ clock: fixedClock(now) });
  for (const who of ['admin', 'user', 'tech']) tokens[who] = await accessTokenFor(t.app, `${who}@demo.test`);
  stores = await demoStoreIds(t.db);
  resourceIds = (
    await t.db
      .selectFrom('schedulerResources')
      .select('schedulerResourceId')
      .where('storeId', '=', stores[101]!)
      .where('deleted', '=', false)
      .orderBy('sortOrder')
      .execute()
  ).map((r) => r.schedulerResourceId);
  const vehicle = await t.db
    .selectFrom('customerVehicles')
    .select(['customerId', 'vehicleId'])
    .where('deleted', '=', false)
    .orderBy('vehicleId')
    .executeTakeFirstOrThrow();
  customer = vehicle;
});
afterAll(async () => {
  await t.close();
});

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const call = (who: string, method: Method, path: string, body?: unknown, headers?: Record<string, string>) =>
  apiCall(t.app, { method, path, token: tokens[who]!, store: stores[101]!, body, headers });
const fill = (template: string, params: Record<string, string>) => template.replace(/:(\w+)/g, (_, name: string) => params[name]!);
const replace = (field: string, value: unknown) => ({ op: 'replace', path: `/${field}`, value });

const newVisit = (extra: Record<string, unknown> = {}) => ({
  scheduledVisitId: randomUUID(),
  scheduledVisitHashId: newHashId(),
  customerId: customer.customerId,
  vehicleId: customer.vehicleId,
  customerVehicleStatus: 1,
  description: null,
  staffNotes: 'Bring the locking lug key',
  customerComments: null,
  keyTag: null,
  visitAppointmentCount: 1,
  scheduledCustomerCheckIn: '2030-06-04T14:00:00.000Z',
  pickUpTime: null,
  ...extra,
});
const newService = (extra: Record<string, unknown> = {}) => ({
  scheduledServiceId: randomUUID(),
  storeServiceId: null,
  resourceId: resourceIds[0]!,
  startDate: '2030-06-04T14:00:00.000Z',
  endDate: '2030-06-04T15:00:00.000Z',
  durationInMinutes: 60,
  serviceNotes: null,
  selectedTechnician: null,
  ...extra,
});

/** A booked visit with one service, made through the API; its ids. */
async function book(visitExtra: Record<string, unknown> = {}, serviceExtra: Record<string, unknown> = {}) {
  const visit = newVisit(visitExtra);
  expect((await call('user', 'POST', apiPaths.scheduledVisits, visit)).statusCode).toBe(201);
  const service = newService(serviceExtra);
  const answer = await call('user', 'POST', fill(apiPaths.scheduledServices, { scheduledVisitId: visit.scheduledVisitId }), service);
  expect(answer.statusCode).toBe(201);
  return { scheduledVisitId: visit.scheduledVisitId, scheduledServiceId: service.scheduledServiceId };
}
const serviceAt = (ids: { scheduledVisitId: string; scheduledServiceId: string }) => fill(apiPaths.scheduledService, ids);
const storedService = (scheduledServiceId: string) =>
  t.db.selectFrom('scheduledServices').selectAll().where('scheduledServiceId', '=', scheduledServiceId).executeTakeFirst();
const storedVisit = (scheduledVisitId: string) =>
  t.db.selectFrom('scheduledVisits').selectAll().where('scheduledVisitId', '=', scheduledVisitId).executeTakeFirst();

describe('booking a visit', () => {
  it('stores a visit booked by staff as confirmed now and by them, with its service on the calendar', async () => {
    const ids = await book();
    const visit = (await call('user', 'GET', fill(apiPaths.scheduledVisit, ids))).json();
    expect(visit).toMatchObject({
      confirmationDate: now,
      checkInDate: null,
      scheduledBy: 'Uma User',
      isExternal: false,
      staffNotes: 'Bring the locking lug key',
    });
    const services = (await call('user', 'GET', fill(apiPaths.scheduledServices, ids))).json();
    expect(services.items).toHaveLength(1);
    expect(services.items[0]).toMatchObject({ scheduledServiceId: ids.scheduledServiceId, durationInMinutes: 60, endDate: '2030-06-04T15:00:00.000Z' });
  });

  it('checks a walk-in in as it is booked', async () => {
    const ids = await book({ walkIn: true });
    expect(await storedVisit(ids.scheduledVisitId)).toMatchObject({ confirmationDate: now, checkInDate: now });
  });

  it('answers a repeated booking with the same key as the first time, storing one visit', async () => {
    const visit = newVisit();
    const headers = { 'Idempotency-Key': `book-${visit.scheduledVisitId}` };
    const first = await call('user', 'POST', apiPaths.scheduledVisits, visit, headers);
    const again = await call('user', 'POST', apiPaths.scheduledVisits, visit, headers);
    expect([first.statusCode, again.statusCode]).toEqual([201, 201]);
    expect(again.json()).toEqual(first.json());
  });

  it('refuses a vehicle of another customer, naming the field', async () => {
    const other = await t.db
      .selectFrom('customerVehicles')
      .select('vehicleId')
      .where('customerId', '!=', customer.customerId)
      .where('deleted', '=', false)
      .executeTakeFirstOrThrow();
    const visit = newVisit({ vehicleId: other.vehicleId });
    const answer = await call('user', 'POST', apiPaths.scheduledVisits, visit);
    expect(answer.statusCode).toBe(400);
    expect(answer.json().errors.vehicleId).toEqual(['The vehicle belongs to another customer']);
    expect(await storedVisit(visit.scheduledVisitId)).toBeUndefined();
  });

  it("makes the public id itself, 128 random bits: one a device sends, guessable or not, is never a visit's (issue 46)", async () => {
    for (const scheduledVisitHashId of ['aaaaaaaaaaaaaaa7', 'abcdefghabcdefghabcdef', newHashId()]) {
      const visit = newVisit({ scheduledVisitHashId });
      const answer = await call('user', 'POST', apiPaths.scheduledVisits, visit);
      expect(answer.statusCode, answer.body).toBe(201);
      expect(answer.json().scheduledVisitHashId).toMatch(/^[\w-]{22}$/);
      expect(answer.json().scheduledVisitHashId).not.toBe(scheduledVisitHashId);
      expect(
        (await t.db.selectFrom('scheduledVisits').select('scheduledVisitHashId').where('scheduledVisitHashId', '=', scheduledVisitHashId).execute()).length,
      ).toBe(0);
    }
  });

  it('lets technicians read the calendar but not book on it', async () => {
    expect((await call('tech', 'POST', apiPaths.scheduledVisits, newVisit())).statusCode).toBe(403);
  });
});

describe('durations', () => {
  it.each([
    [10, 'A service lasts at least 15 minutes'],
    [0, 'A service lasts at least 15 minutes'],
    [50, 'Durations go in steps of 15 minutes: use 45'],
  ])('refuses a service of %i minutes with a problem detail that says what to do, and stores nothing', async (minutes, message) => {
    const visit = newVisit();
    await call('user', 'POST', apiPaths.scheduledVisits, visit);
    const service = newService({ durationInMinutes: minutes });
    const answer = await call('user', 'POST', fill(apiPaths.scheduledServices, { scheduledVisitId: visit.scheduledVisitId }), service);
    expect(answer.statusCode).toBe(400);
    expect(answer.headers['content-type']).toContain('application/problem+json');
    expect(answer.json().errors.durationInMinutes).toEqual([message]);
    expect(await storedService(service.scheduledServiceId)).toBeUndefined();
  });

  it('refuses a resize to 20 minutes and keeps the service as it was', async () => {
    const ids = await book();
    const before = await storedService(ids.scheduledServiceId);
    const answer = await call('user', 'PATCH', serviceAt(ids), [replace('durationInMinutes', 20), replace('endDate', '2030-06-04T14:20:00.000Z')]);
    expect(answer.statusCode).toBe(400);
    expect(answer.json().errors.durationInMinutes).toEqual(['Durations go in steps of 15 minutes: use 15']);
    expect(await storedService(ids.scheduledServiceId)).toEqual(before);
  });
});

describe('moving and resizing', () => {
  it('moves a service to another column and time, its end following its start and duration', async () => {
    const ids = await book();
    const answer = await call('user', 'PATCH', serviceAt(ids), [replace('resourceId', resourceIds[1]), replace('startDate', '2030-06-04T16:30:00.000Z')]);
    expect(answer.statusCode).toBe(200);
    expect(await storedService(ids.scheduledServiceId)).toMatchObject({
      resourceId: resourceIds[1],
      startDate: '2030-06-04T16:30:00.000Z',
      endDate: '2030-06-04T17:30:00.000Z',
    });
  });

  it('changes nothing, not even the version, for an empty patch', async () => {
    const ids = await book();
    const before = await storedService(ids.scheduledServiceId);
    const answer = await call('user', 'PATCH', serviceAt(ids), []);
    expect(answer.statusCode).toBe(200);
    expect(await storedService(ids.scheduledServiceId)).toEqual(before);
  });

  it('refuses a column of another store', async () => {
    const ids = await book();
    const elsewhere = await t.db.selectFrom('schedulerResources').select('schedulerResourceId').where('storeId', '!=', stores[101]!).executeTakeFirstOrThrow();
    const answer = await call('user', 'PATCH', serviceAt(ids), [replace('resourceId', elsewhere.schedulerResourceId)]);
    expect(answer.statusCode).toBe(400);
    expect(answer.json().errors.resourceId).toEqual(['This store has no such scheduler resource']);
  });
});

describe('check-in, cancel and delete', () => {
  it('checks a visit in once, on its day and not before; a checked-in appointment cannot be deleted', async () => {
    const tomorrow = await book();
    const early = await call('user', 'POST', fill(apiPaths.checkIn, tomorrow));
    expect(early.statusCode).toBe(409);
    expect(early.json().detail).toContain('This appointment is on Tue, Jun 4, 2030: check the customer in on that day');
    expect((await storedVisit(tomorrow.scheduledVisitId))?.checkInDate).toBeNull();

    const ids = await book(
      { scheduledCustomerCheckIn: '2030-06-03T14:00:00.000Z' },
      { startDate: '2030-06-03T14:00:00.000Z', endDate: '2030-06-03T15:00:00.000Z' },
    );
    const first = await call('user', 'POST', fill(apiPaths.checkIn, ids));
    expect(first.statusCode).toBe(200);
    expect(first.json().checkInDate).toBe(now);
    const again = await call('user', 'POST', fill(apiPaths.checkIn, ids));
    expect(again.json().version).toBe(first.json().version);
    const deleting = await call('user', 'DELETE', serviceAt(ids));
    expect(deleting.statusCode).toBe(409);
    expect(deleting.json().detail).toBe('This appointment was checked in, so it stays on the record: cancel it instead of deleting it.');
    expect((await storedService(ids.scheduledServiceId))?.deleted).toBe(false);
  });

  it('deletes an appointment not yet checked in, and the visit with its last service', async () => {
    const ids = await book();
    expect((await call('user', 'DELETE', serviceAt(ids))).statusCode).toBe(204);
    expect((await storedService(ids.scheduledServiceId))?.deleted).toBe(true);
    expect((await storedVisit(ids.scheduledVisitId))?.deleted).toBe(true);
    expect((await call('user', 'GET', fill(apiPaths.scheduledVisit, ids))).statusCode).toBe(404);
  });

  it('cancels by the cancel date, and will not check a canceled visit in', async () => {
    const ids = await book();
    expect((await call('user', 'PATCH', fill(apiPaths.scheduledVisit, ids), [replace('cancelDate', now)])).statusCode).toBe(200);
    const checkIn = await call('user', 'POST', fill(apiPaths.checkIn, ids));
    expect(checkIn.statusCode).toBe(409);
    expect(checkIn.json().detail).toBe('This visit was canceled: restore it before checking it in.');
  });
});

describe('lists', () => {
  it('lists the services starting in a date range, in start order', async () => {
    const ids = await book({}, { startDate: '2030-07-01T13:00:00.000Z', endDate: '2030-07-01T13:30:00.000Z', durationInMinutes: 30 });
    const page = (await call('user', 'GET', `${apiPaths.allScheduledServices}?from=2030-07-01T00:00:00Z&to=2030-07-02T00:00:00Z`)).json();
    expect(page.items.map((s: { scheduledServiceId: string }) => s.scheduledServiceId)).toEqual([ids.scheduledServiceId]);
    const visits = (await call('user', 'GET', `${apiPaths.scheduledVisits}?from=2030-07-01T00:00:00Z&to=2030-07-02T00:00:00Z&$count=true`)).json();
    expect(visits.count).toBe(1);
    expect(visits.items[0].scheduledVisitId).toBe(ids.scheduledVisitId);
  });

  it('refuses a range that ends before it starts', async () => {
    const answer = await call('user', 'GET', `${apiPaths.allScheduledServices}?from=2030-07-02T00:00:00Z&to=2030-07-01T00:00:00Z`);
    expect(answer.statusCode).toBe(400);
    expect(answer.json().errors.to).toEqual(['The range must end after it starts']);
  });
});

describe('blocked time', () => {
  it('blocks a column for a while, moves the block, and removes it', async () => {
    const block = {
      blockedTimeId: randomUUID(),
      resourceId: resourceIds[0]!,
      startDate: '2030-06-05T17:00:00.000Z',
      endDate: '2030-06-05T18:00:00.000Z',
      durationInMinutes: 60,
      description: 'Lift inspection',
    };
    expect((await call('user', 'POST', apiPaths.blockedTimes, block)).statusCode).toBe(201);
    const at = fill(apiPaths.blockedTime, { blockedTimeId: block.blockedTimeId });
    const moved = await call('user', 'PATCH', at, [replace('startDate', '2030-06-05T19:00:00.000Z')]);
    expect(moved.json()).toMatchObject({ startDate: '2030-06-05T19:00:00.000Z', endDate: '2030-06-05T20:00:00.000Z' });
    expect((await call('user', 'DELETE', at)).statusCode).toBe(204);
    const list = (await call('user', 'GET', apiPaths.blockedTimes)).json();
    expect(list.items.some((b: { blockedTimeId: string }) => b.blockedTimeId === block.blockedTimeId)).toBe(false);
  });

  it('makes a weekly block, changes its final date and description, and removes every occurrence with one call', async () => {
    const block = {
      recurringBlockedTimeId: randomUUID(),
      resourceId: null,
      startDate: '2030-06-03',
      timeOfDay: '12:00',
      durationInMinutes: 45,
      description: 'Lunch',
      recurrenceEndDate: null,
    };
    expect((await call('user', 'POST', apiPaths.recurringBlockedTimes, block)).statusCode).toBe(201);
    const at = fill(apiPaths.recurringBlockedTime, { recurringBlockedTimeId: block.recurringBlockedTimeId });
    const changed = await call('user', 'PATCH', at, [replace('recurrenceEndDate', '2030-08-30'), replace('description', 'Team lunch')]);
    expect(changed.json()).toMatchObject({ recurrenceEndDate: '2030-08-30', description: 'Team lunch' });
    const moving = await call('user', 'PATCH', at, [replace('timeOfDay', '13:00')]);
    expect(moving.statusCode).toBe(400);
    expect((await call('user', 'DELETE', at)).statusCode).toBe(204);
    expect(
      (
        await t.db
          .selectFrom('recurringBlockedTimes')
          .select('deleted')
          .where('recurringBlockedTimeId', '=', block.recurringBlockedTimeId)
          .executeTakeFirstOrThrow()
      ).deleted,
    ).toBe(true);
  });

  it('refuses a final date before the first', async () => {
    const block = {
      recurringBlockedTimeId: randomUUID(),
      resourceId: null,
      startDate: '2030-06-03',
      timeOfDay: '12:00',
      durationInMinutes: 30,
      description: null,
      recurrenceEndDate: '2030-06-01',
    };
    const answer = await call('user', 'POST', apiPaths.recurringBlockedTimes, block);
    expect(answer.statusCode).toBe(400);
    expect(answer.json().errors.recurrenceEndDate).toEqual(['The final date cannot be before the first']);
  });
});

describe('appointment requests', () => {
  it('confirms a request into a visit of the customer with the same email and name, on the calendar, once', async () => {
    const known = await t.db
      .selectFrom('customers')
      .select(['customerId', 'email', 'firstName', 'lastName'])
      .where('email', 'is not', null)
      .where('deleted', '=', false)
      .executeTakeFirstOrThrow();
    const request = await t.db
      .selectFrom('unconfirmedVisits')
      .selectAll()
      .where('storeId', '=', stores[101]!)
      .where('confirmedVisitId', 'is', null)
      .executeTakeFirstOrThrow();
    await t.db
      .updateTable('unconfirmedVisits')
      .set({ email: known.email!.toUpperCase(), firstName: known.firstName, lastName: known.lastName })
      .where('unconfirmedVisitId', '=', request.unconfirmedVisitId)
      .execute();
    const at = fill(apiPaths.confirmUnconfirmedVisit, { unconfirmedVisitId: request.unconfirmedVisitId });
    const first = await call('user', 'POST', at);
    expect(first.statusCode).toBe(200);
    const visit = first.json();
    expect(visit).toMatchObject({ customerId: known.customerId, confirmationDate: now, scheduledCustomerCheckIn: request.requestedStartDate });
    const services = await t.db.selectFrom('scheduledServices').selectAll().where('scheduledVisitId', '=', visit.scheduledVisitId).execute();
    expect(services).toHaveLength(1);
    expect(services[0]!.startDate).toBe(request.requestedStartDate);
    expect((await call('user', 'POST', at)).json().scheduledVisitId).toBe(visit.scheduledVisitId);
    const open = (await call('user', 'GET', `${apiPaths.unconfirmedVisits}?$filter=confirmedVisitId eq null`)).json();
    expect(open.items.some((r: { unconfirmedVisitId: string }) => r.unconfirmedVisitId === request.unconfirmedVisitId)).toBe(false);
  });

  /** An open request of store #101 with the given way back to the customer; its id and decline path. */
  async function openRequest(contact: { email: string | null; phoneNumber: string | null; preferredContactMethod: 'Email' | 'Phone' | 'Sms' }) {
    const request = await t.db
      .selectFrom('unconfirmedVisits')
      .select('unconfirmedVisitId')
      .where('storeId', '=', stores[101]!)
      .where('confirmedVisitId', 'is', null)
      .where('declinedOn', 'is', null)
      .where('deleted', '=', false)
      .orderBy('unconfirmedVisitId')
      .executeTakeFirstOrThrow();
    await t.db.updateTable('unconfirmedVisits').set(contact).where('unconfirmedVisitId', '=', request.unconfirmedVisitId).execute();
    return { id: request.unconfirmedVisitId, decline: fill(apiPaths.declineUnconfirmedVisit, { unconfirmedVisitId: request.unconfirmedVisitId }) };
  }
  const sentAbout = (text: string) => t.db.selectFrom('outboundMessages').select(['toAddress', 'channel', 'body']).where('body', 'like', `%${text}%`).execute();

  it('declines a request with a reason, emails the requester that it could not be accepted and why, once, and takes it off the open list', async () => {
    const request = await openRequest({ email: 'dana.whitfield@example.com', phoneNumber: '5555550142', preferredContactMethod: 'Sms' });
    const reason = 'We are closed that Saturday for inventory. Please book another day.';
    const first = await call('user', 'POST', request.decline, { reason }, { 'idempotency-key': 'decline-once' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ declinedOn: now, declineReason: reason, confirmedVisitId: null });
    expect((await call('user', 'POST', request.decline, { reason }, { 'idempotency-key': 'decline-once' })).statusCode).toBe(200);
    expect((await call('user', 'POST', request.decline, { reason: 'Another reason' })).json()).toMatchObject({ declineReason: reason });
    const sent = await sentAbout(reason);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ channel: 'email', toAddress: 'dana.whitfield@example.com' });
    expect(sent[0]!.body).toContain('could not accept your appointment request');
    expect(sent[0]!.body).not.toContain('is canceled');
    const confirmed = await call('user', 'POST', fill(apiPaths.confirmUnconfirmedVisit, { unconfirmedVisitId: request.id }));
    expect(confirmed.statusCode).toBe(409);
    expect(confirmed.json().detail).toContain('This request was declined');
  });

  it('declines a request that left no email without sending anything (staff call), and refuses a decline without a reason or of a confirmed request', async () => {
    const request = await openRequest({ email: null, phoneNumber: '5555550143', preferredContactMethod: 'Phone' });
    const empty = await call('user', 'POST', request.decline, { reason: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors.reason).toEqual(['Say why, in words the customer will read']);
    expect(await t.db.selectFrom('unconfirmedVisits').select('declinedOn').where('unconfirmedVisitId', '=', request.id).executeTakeFirstOrThrow()).toEqual({
      declinedOn: null,
    });
    expect((await call('tech', 'POST', request.decline, { reason: 'Full' })).statusCode).toBe(403);
    expect((await call('user', 'POST', request.decline, { reason: 'No lift free that morning; please call us.' })).statusCode).toBe(200);
    expect(await sentAbout('No lift free that morning')).toEqual([]);

    const other = await openRequest({ email: 'ray@example.com', phoneNumber: null, preferredContactMethod: 'Email' });
    expect((await call('user', 'POST', fill(apiPaths.confirmUnconfirmedVisit, { unconfirmedVisitId: other.id }))).statusCode).toBe(200);
    const late = await call('user', 'POST', other.decline, { reason: 'Full' });
    expect(late.statusCode).toBe(409);
    expect(late.json().detail).toBe('This request was confirmed: cancel the appointment on the calendar instead.');
  });
});

describe("a visit's traction orders, public by the visit's link", () => {
  it('lists the orders of the visit to anyone holding its link, and nothing for a link that names no visit', async () => {
    const order = await t.db
      .selectFrom('tractionOrders')
      .innerJoin('scheduledVisits', 'scheduledVisits.scheduledVisitId', 'tractionOrders.relatedVisitId')
      .select(['tractionOrders.invoiceNumber', 'scheduledVisits.scheduledVisitHashId'])
      .where('tractionOrders.deleted', '=', false)
      .executeTakeFirstOrThrow();
    const answer = await apiCall(t.app, { method: 'GET', path: fill(apiPaths.visitTractionOrders, { scheduledVisitHashId: order.scheduledVisitHashId }) });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().items.map((o: { invoiceNumber: string }) => o.invoiceNumber)).toContain(order.invoiceNumber);
    expect(Object.keys(answer.json().items[0]).sort()).toEqual(['invoiceNumber', 'orderDate', 'totalInCents', 'tractionOrderHashId']);
    const unknown = await apiCall(t.app, { method: 'GET', path: fill(apiPaths.visitTractionOrders, { scheduledVisitHashId: 'nosuchvisitlink0000' }) });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().detail).toBe('There is no visit at this link.');
  });
});
