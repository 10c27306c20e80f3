import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall } from '../support/api.ts';
import { demoStoreIds } from '../support/demo.ts';
import { accessTokenFor } from '../support/sign-in.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
let token: string;
let store: number;

const newCustomer = (customerId = randomUUID()) => ({
  customerId,
  firstName: 'Grace',
  lastName: 'Hopper',
  companyName: null,
  email: 'grace@example.com',
  phoneNumber: null,
  preferredContactMethod: 'Email',
  addressLine1: null,
  city: null,
  state: null,
  postalCode: null,
  notes: null,
});
const countCustomers = async (customerId: string) => await t.db.selectFrom('customers').select('version').where('customerId', '=', customerId).execute();

beforeAll(async () => {
  t = await createTestApp();
  token = await accessTokenFor(t.app, 'user@demo.test');
  store = (await demoStoreIds(t.db))[101]!;
});
afterAll(async () => {
  await t.close();
});

describe('a write sent again with the same Idempotency-Key', () => {
  it('answers the first response and changes nothing', async () => {
    const body = newCustomer();
    const key = `create-${randomUUID()}`;
    const first = await apiCall(t.app, { method: 'POST', path: '/api/alltrac/customers', token, store, body, headers: { 'Idempotency-Key': key } });
    const rows = await countCustomers(body.customerId);
    const second = await apiCall(t.app, { method: 'POST', path: '/api/alltrac/customers', token, store, body, headers: { 'Idempotency-Key': key } });
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.json()).toEqual(first.json());
    expect(await countCustomers(body.customerId)).toEqual(rows);
  });

  it('applies a patch once even when it arrives twice at the same moment', async () => {
    const body = newCustomer();
    await apiCall(t.app, { method: 'POST', path: '/api/alltrac/customers', token, store, body });
    const [before] = await countCustomers(body.customerId);
    const key = `patch-${randomUUID()}`;
    const send = () =>
      apiCall(t.app, {
        method: 'PATCH',
        path: `/api/alltrac/customers/${body.customerId}`,
        token,
        store,
        headers: { 'Idempotency-Key': key },
        body: [{ op: 'replace', path: '/notes', value: 'Twice?' }],
      });
    const answers = await Promise.all([send(), send(), send()]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    const [after] = await countCustomers(body.customerId);
    expect(after!.version).toBe(before!.version + 1);
  });

  it('keeps its first answer after the row changed again, so a late replay does not undo a newer change', async () => {
    const body = newCustomer();
    await apiCall(t.app, { method: 'POST', path: '/api/alltrac/customers', token, store, body });
    const key = `patch-${randomUUID()}`;
    const patch = [{ op: 'replace', path: '/city', value: 'Springfield' }];
    const first = await apiCall(t.app, {
      method: 'PATCH',
      path: `/api/alltrac/customers/${body.customerId}`,
      token,
      store,
      body: patch,
      headers: { 'Idempotency-Key': key },
    });
    await apiCall(t.app, {
      method: 'PATCH',
      path: `/api/alltrac/customers/${body.customerId}`,
      token,
      store,
      body: [{ op: 'replace', path: '/city', value: 'Shelbyville' }],
    });
    const replay = await apiCall(t.app, {
      method: 'PATCH',
      path: `/api/alltrac/customers/${body.customerId}`,
      token,
      store,
      body: patch,
      headers: { 'Idempotency-Key': key },
    });
    expect(replay.json()).toEqual(first.json());
    const current = await apiCall(t.app, { method: 'GET', path: `/api/alltrac/customers/${body.customerId}`, token, store });
    expect(current.json().city).toBe('Shelbyville');
  });

  it('is refused with 422 when the key was used for another call, or for the same call with another body', async () => {
    const key = `reuse-${randomUUID()}`;
    const body = newCustomer();
    await apiCall(t.app, { method: 'POST', path: '/api/alltrac/customers', token, store, body, headers: { 'Idempotency-Key': key } });
    const other = await apiCall(t.app, {
      method: 'PATCH',
      path: `/api/alltrac/customers/${randomUUID()}`,
      token,
      store,
      body: [],
      headers: { 'Idempotency-Key': key },
    });
    expect(other.statusCode).toBe(422);
    expect(other.json().type).toBe('/problems/unprocessable');
    const otherBody = await apiCall(t.app, {
      method: 'POST',
      path: '/api/alltrac/customers',
      token,
      store,
      body: { ...body, city: 'Elsewhere' },
      headers: { 'Idempotency-Key': key },
    });
    expect(otherBody.statusCode).toBe(422);
    const saved = await t.db.selectFrom('customers').select('city').where('customerId', '=', body.customerId).executeTakeFirstOrThrow();
    expect(saved.city).toBe(body.city);
  });

  it("is bound to its user: another user's same key is their own", async () => {
    const key = `shared-${randomUUID()}`;
    const mine = await apiCall(t.app, {
      method: 'POST',
      path: '/api/alltrac/customers',
      token,
      store,
      body: newCustomer(),
      headers: { 'Idempotency-Key': key },
    });
    const admin = await accessTokenFor(t.app, 'admin@demo.test');
    const theirs = await apiCall(t.app, {
      method: 'POST',
      path: '/api/alltrac/customers',
      token: admin,
      store,
      body: newCustomer(),
      headers: { 'Idempotency-Key': key },
    });
    expect(mine.statusCode).toBe(201);
    expect(theirs.statusCode).toBe(201);
    expect(theirs.json().customerId).not.toBe(mine.json().customerId);
  });

  it('is not remembered when the write failed, so the corrected retry goes through', async () => {
    const key = `fail-${randomUUID()}`;
    const bad = await apiCall(t.app, {
      method: 'POST',
      path: '/api/alltrac/customers',
      token,
      store,
      body: { ...newCustomer(), email: 'not-an-email' },
      headers: { 'Idempotency-Key': key },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toHaveProperty('email');
    const good = await apiCall(t.app, {
      method: 'POST',
      path: '/api/alltrac/customers',
      token,
      store,
      body: newCustomer(),
      headers: { 'Idempotency-Key': key },
    });
    expect(good.statusCode).toBe(201);
  });
});

describe('writes a device can queue', () => {
  it('archive a message once; archiving again changes nothing', async () => {
    const message = await t.db
      .selectFrom('storeMessages')
      .select(['storeMessageId', 'version'])
      .where('storeId', '=', store)
      .where('isArchived', '=', false)
      .executeTakeFirstOrThrow();
    const path = `/api/alltrac/store-messages/${message.storeMessageId}/mark-archived`;
    const first = await apiCall(t.app, { method: 'POST', path, token, store });
    expect(first.json()).toMatchObject({ isArchived: true });
    const { version } = await t.db.selectFrom('storeMessages').select('version').where('storeMessageId', '=', message.storeMessageId).executeTakeFirstOrThrow();
    await apiCall(t.app, { method: 'POST', path, token, store });
    const again = await t.db.selectFrom('storeMessages').select('version').where('storeMessageId', '=', message.storeMessageId).executeTakeFirstOrThrow();
    expect(again.version).toBe(version);
  });

  it('mark a rating read by JSON patch and refuse other fields', async () => {
    const rating = await t.db.selectFrom('ratings').select('ratingId').where('storeId', '=', store).where('isRead', '=', false).executeTakeFirstOrThrow();
    const path = `/api/alltrac/ratings/${rating.ratingId}`;
    const read = await apiCall(t.app, { method: 'PATCH', path, token, store, body: [{ op: 'replace', path: '/isRead', value: true }] });
    expect(read.json(), read.body).toMatchObject({ isRead: true });
    const score = await apiCall(t.app, { method: 'PATCH', path, token, store, body: [{ op: 'replace', path: '/score', value: 5 }] });
    expect(score.statusCode).toBe(400);
    expect(score.json().errors).toHaveProperty('score');
  });

  it('refuse a technician, whose role does not work with customers', async () => {
    const techToken = await accessTokenFor(t.app, 'tech@demo.test');
    const response = await apiCall(t.app, { method: 'POST', path: '/api/alltrac/customers', token: techToken, store, body: newCustomer() });
    expect(response.statusCode).toBe(403);
  });

  it('refuse a vehicle for a customer that does not exist, storing nothing', async () => {
    const vehicleId = randomUUID();
    const response = await apiCall(t.app, {
      method: 'POST',
      path: `/api/alltrac/customers/${randomUUID()}/vehicles`,
      token,
      store,
      body: {
        vehicleId,
        year: 2020,
        make: 'Honda',
        model: 'Civic',
        trim: null,
        vin: null,
        vehicleLicensePlateState: 'IL',
        vehicleLicensePlateNumber: 'ABC123',
        color: 'Blue',
        mileage: 1000,
      },
    });
    expect(response.statusCode).toBe(404);
    expect(await t.db.selectFrom('customerVehicles').select('vehicleId').where('vehicleId', '=', vehicleId).execute()).toEqual([]);
  });
});
