import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../server/clock.ts';
import type { SmsSender } from '../../server/messaging/sms.ts';
import type { FreeTimes } from '../../src/contract/online-booking.ts';
import { apiPaths } from '../../src/contract/routes.ts';
import { apiCall } from '../support/api.ts';
import { bookingStore, freeTimesPath, requestBooking, type BookingStore } from '../support/booking-fixtures.ts';
import { accessTokenFor } from '../support/sign-in.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/**
 * Issue 46 item 21: 22 requests from 5 addresses took a store's whole day, spent its messages a minute (a staff
 * member's own text got 429), and declining them counted against the staff member's own limit. Here the store takes
 * 3 requests waiting a day and 5 in all; a person sends 2 messages a minute, the store 4.
 */
const sms: SmsSender = {
  async send() {
    return { providerId: `SM-${randomUUID()}`, via: 'sink' };
  },
};
const clock = new ManualClock(new Date('2030-06-03T15:00:00.000Z'));
let t: TestApp;
let store: BookingStore;
let counter: string;
let address = 0;

beforeAll(async () => {
  t = await createTestApp({ clock, sms, env: { MESSAGES_PER_PERSON_PER_MINUTE: '2', MESSAGES_PER_STORE_PER_MINUTE: '4' } });
  store = await bookingStore(t.db);
  await t.db.updateTable('storeLocations').set({ onlineBookingOpenRequestsPerDay: 3, onlineBookingOpenRequests: 5 }).where('id', '=', store.storeId).execute();
  // The demo's own requests answered: the store starts with none waiting.
  await t.db
    .updateTable('unconfirmedVisits')
    .set({ declinedOn: clock.now().toISOString(), declineReason: 'Demo' })
    .where('storeId', '=', store.storeId)
    .execute();
  counter = await accessTokenFor(t.app, 'user@demo.test');
});
afterAll(async () => {
  await t.close();
});

let phone = 0;
const request = (wall: string) => requestBooking(t, clock, store, `203.0.113.${++address}`, wall, { phoneNumber: `(555) 301-${String(4400 + ++phone)}` });
const times = async (date: string) =>
  (await apiCall(t.app, { method: 'GET', path: freeTimesPath(store, date), remoteAddress: `203.0.113.${++address}` })).json<FreeTimes>();
const text = (to: string) =>
  apiCall(t.app, {
    method: 'POST',
    path: apiPaths.smsMessages,
    token: counter,
    store: store.storeId,
    body: { customerId: null, templateType: 'FreeForm', content: 'Your car is ready.', visitId: null, name: null, destinationPhoneNumber: to },
  });
const decline = (unconfirmedVisitId: string) =>
  apiCall(t.app, {
    method: 'POST',
    path: apiPaths.declineUnconfirmedVisit.replace(':unconfirmedVisitId', unconfirmedVisitId),
    token: counter,
    store: store.storeId,
    body: { reason: 'We could not verify this request.' },
  });

describe('a flood of online requests', () => {
  it("takes no more requests waiting for a day than the store's cap: the next is offered other days, and the day reads fully booked", async () => {
    for (const time of ['09:00', '10:00', '11:00']) expect((await request(`2030-06-04T${time}`)).answer.statusCode).toBe(201);
    const fourth = (await request('2030-06-04T12:00')).answer;
    expect(fourth.statusCode).toBe(409);
    const problem = fourth.json<{ detail: string; nearest: { date: string }[] }>();
    expect(problem.detail).toBe('That day has as many online requests as the store can answer for now. Choose another day: these are the nearest free times.');
    expect(problem.nearest.length).toBeGreaterThan(0);
    expect(problem.nearest.map((n) => n.date)).not.toContain('2030-06-04');
    expect(await times('2030-06-04')).toMatchObject({ unavailable: 'dailyCap', times: [] });
  });

  it("takes no more requests waiting in all than the store's cap, and points to the store's phone", async () => {
    for (const time of ['09:00', '10:00']) expect((await request(`2030-06-05T${time}`)).answer.statusCode).toBe(201);
    const sixth = (await request('2030-06-06T09:00')).answer;
    expect(sixth.statusCode).toBe(409);
    expect(sixth.json<{ detail: string }>().detail).toMatch(
      /has as many online requests waiting as it can answer for now: call \(\d{3}\) \d{3}-\d{4} to book\.$/,
    );
  });

  it("leaves the store's message budget to its people: two requests' acknowledgements and notices in a minute do not stop a staff member's text", async () => {
    clock.advance(61_000);
    await t.db.updateTable('storeLocations').set({ onlineBookingOpenRequests: null }).where('id', '=', store.storeId).execute();
    for (const wall of ['2030-06-07T09:00', '2030-06-07T10:00']) expect((await request(wall)).answer.statusCode).toBe(201);
    // Each request: the requester's acknowledgement and a notice to each of the store's two contacts.
    const lastMinute = await t.db
      .selectFrom('outboundMessages')
      .select('budget')
      .where('storeId', '=', store.storeId)
      .where('createdAt', '>', new Date(clock.now().getTime() - 60_000).toISOString())
      .execute();
    expect(lastMinute.length).toBeGreaterThanOrEqual(4);
    expect((await text('5550190001')).statusCode).toBe(201);
  });

  it("charges declines of online requests to the store, not to the person: one declines more than their own minute's limit, and can still text", async () => {
    clock.advance(61_000);
    const open = await t.db
      .selectFrom('unconfirmedVisits')
      .select('unconfirmedVisitId')
      .where('storeId', '=', store.storeId)
      .where('declinedOn', 'is', null)
      .where('confirmedVisitId', 'is', null)
      .orderBy('requestedStartDate')
      .execute();
    const answers = [];
    for (const { unconfirmedVisitId } of open.slice(0, 3)) answers.push((await decline(unconfirmedVisitId)).statusCode);
    expect(answers).toEqual([200, 200, 200]);
    expect((await text('5550190002')).statusCode).toBe(201);
  });
});
