import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeStoreHeader, apiPaths, withApiVersion } from '../../src/contract/routes.ts';
import type { RunningServer } from '../../server/start.ts';
import { apiCall } from '../support/api.ts';
import { demoStoreIds } from '../support/demo.ts';
import { startLocalServer } from '../support/running-server.ts';
import { accessTokenFor } from '../support/sign-in.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { mintAccessToken } from '../support/tokens.ts';

let t: TestApp;
let user: string;
let admin: string;
let stores: Record<number, number>;
beforeAll(async () => {
  t = await createTestApp();
  user = await accessTokenFor(t.app, 'user@demo.test');
  admin = await accessTokenFor(t.app, 'admin@demo.test');
  stores = await demoStoreIds(t.db);
});
afterAll(async () => {
  await t.close();
});

const someCustomer = async () => await t.db.selectFrom('customers').select(['customerId', 'city', 'version']).executeTakeFirstOrThrow();

describe('values the database cannot take', () => {
  it('are refused in our words, naming the field: a NUL and half an emoji in text', async () => {
    const customer = await someCustomer();
    for (const value of ['Elm\u0000Street', 'Tire \uD83D shop']) {
      const answer = await apiCall(t.app, {
        method: 'PATCH',
        path: apiPaths.customer.replace(':customerId', customer.customerId),
        token: user,
        store: stores[101],
        body: [{ op: 'replace', path: '/city', value }],
      });
      expect(answer.statusCode).toBe(400);
      expect(answer.json().detail).toBe(
        'The field [0].value of the body contains a character that cannot be stored (a NUL, or half of an emoji). Remove it and try again.',
      );
    }
    expect(await someCustomer()).toEqual(customer);
  });

  it('are refused in our words when a filter compares a field with a value it cannot hold', async () => {
    const cases: [string, string][] = [
      ["userNotificationId eq 'not-a-uuid'", 'userNotificationId'],
      ['dateAdded gt 12', 'dateAdded'],
      ["kind eq 'birthday'", 'kind'],
    ];
    for (const [filter, field] of cases) {
      const answer = await apiCall(t.app, { method: 'GET', path: `${apiPaths.userNotifications}?$filter=${encodeURIComponent(filter)}`, token: user });
      expect(answer.statusCode, filter).toBe(400);
      expect(answer.json().detail, filter).toContain(`$filter compares ${field} with`);
      expect(answer.body).not.toMatch(/invalid input syntax|out of range for type/);
    }
    const huge = await apiCall(t.app, { method: 'GET', path: `${apiPaths.storeLocations}?$filter=storeNumber eq 99999999999`, token: user });
    expect(huge.json().detail).toBe('$filter compares storeNumber with 99999999999, which is out of range.');
  });

  it('refuses a filter nested thousands deep with a 400 that says so', async () => {
    const answer = await apiCall(t.app, {
      method: 'GET',
      path: `${apiPaths.storeLocations}?$filter=${'('.repeat(5000)}storeNumber eq 1${')'.repeat(5000)}`,
      token: user,
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().detail).toMatch(/\$filter may be at most 2000 characters long|nest parentheses at most 16 deep/);
  });

  it('answers a failing patch test in our words, without the row', async () => {
    const customer = await someCustomer();
    const answer = await apiCall(t.app, {
      method: 'PATCH',
      path: apiPaths.customer.replace(':customerId', customer.customerId),
      token: user,
      store: stores[101],
      body: [
        { op: 'test', path: '/city', value: 'Not this city' },
        { op: 'replace', path: '/city', value: 'Nowhere' },
      ],
    });
    expect(answer.statusCode).toBe(409);
    expect(answer.json()).toMatchObject({
      detail: 'The patch tests /city for a value it no longer has: the row changed since. Load it again and redo the change.',
      errors: { city: ['Not the value the patch expected'] },
    });
    expect(answer.body).not.toContain(customer.customerId);
  });
});

describe('JSON patches', () => {
  it('are held to the editable fields on both ends of a move or a copy: nothing is read from or emptied of another field', async () => {
    const customer = await someCustomer();
    const path = apiPaths.customer.replace(':customerId', customer.customerId);
    for (const op of ['copy', 'move'] as const) {
      const answer = await apiCall(t.app, { method: 'PATCH', path, token: user, store: stores[101], body: [{ op, from: '/customerId', path: '/city' }] });
      expect(answer.statusCode, op).toBe(400);
      expect(answer.json(), op).toMatchObject({ detail: 'The field "customerId" cannot be changed here.', errors: { customerId: ['Cannot be changed'] } });
    }
    expect(await someCustomer()).toEqual(customer);
    const allowed = await apiCall(t.app, {
      method: 'PATCH',
      path,
      token: user,
      store: stores[101],
      body: [{ op: 'copy', from: '/city', path: '/addressLine2' }],
    });
    expect(allowed.statusCode, allowed.body).toBe(200);
  });
});

describe('store ids', () => {
  it.each(['0x1', '0b1', '1e0', '+1', '01', ' 1'])('accept only canonical digits: %s names no store', async (id) => {
    const before = await t.db.selectFrom('storeLocations').select(['id', 'deleted']).orderBy('id').execute();
    const get = await apiCall(t.app, { method: 'GET', path: `${apiPaths.storeLocations}/${encodeURIComponent(id)}`, token: admin });
    expect(get.statusCode).toBe(400);
    const remove = await apiCall(t.app, { method: 'DELETE', path: `${apiPaths.storeLocations}/${encodeURIComponent(id)}`, token: admin });
    expect(remove.statusCode).toBe(400);
    const header = await apiCall(t.app, { method: 'GET', path: apiPaths.storeServices, token: admin, headers: { [activeStoreHeader]: id } });
    expect(header.statusCode).toBe(400);
    expect(await t.db.selectFrom('storeLocations').select(['id', 'deleted']).orderBy('id').execute()).toEqual(before);
  });

  it('refuse a time zone that is not a Windows time zone name', async () => {
    const answer = await apiCall(t.app, { method: 'PATCH', path: `${apiPaths.storeLocations}/${stores[101]}`, token: admin, body: { timeZone: 'Not/A_Zone' } });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().errors).toEqual({ timeZone: ['Use a Windows time zone name, such as "Eastern Standard Time"'] });
    const good = await apiCall(t.app, {
      method: 'PATCH',
      path: `${apiPaths.storeLocations}/${stores[101]}`,
      token: admin,
      body: { timeZone: 'Mountain Standard Time' },
    });
    expect(good.statusCode).toBe(200);
    await apiCall(t.app, { method: 'PATCH', path: `${apiPaths.storeLocations}/${stores[101]}`, token: admin, body: { timeZone: 'Eastern Standard Time' } });
  });
});

describe('errors before a route runs', () => {
  it('are problem details with their own types: a body too large, a body of another type, a malformed address', async () => {
    const large = await apiCall(t.app, {
      method: 'POST',
      path: apiPaths.supportRequests,
      token: user,
      store: stores[101],
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ message: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(large.statusCode).toBe(413);
    expect(large.json().type).toBe('/problems/too-large');
    const text = await t.app.inject({
      method: 'POST',
      url: withApiVersion(apiPaths.supportRequests),
      headers: { authorization: `Bearer ${user}`, [activeStoreHeader]: String(stores[101]), 'content-type': 'text/plain' },
      payload: 'hello',
    });
    expect(text.statusCode).toBe(415);
    expect(text.json().type).toBe('/problems/unsupported-media-type');
    const badUrl = await t.app.inject({
      method: 'GET',
      url: '/api/alltrac/store-locations/%F0%9F?api-version=1.0',
      headers: { authorization: `Bearer ${user}` },
    });
    expect(badUrl.statusCode).toBe(400);
    expect(badUrl.headers['content-type']).toMatch(/^application\/problem\+json/);
  });

  it('answers an address longer than the server takes with a problem detail (431)', async () => {
    const server: RunningServer = await startLocalServer();
    try {
      const response = await fetch(`${server.url}/api/alltrac/store-locations?api-version=1.0&x=${'y'.repeat(40_000)}`);
      expect(response.status).toBe(431);
      expect(response.headers.get('content-type')).toBe('application/problem+json');
      expect(((await response.json()) as { type: string }).type).toBe('/problems/headers-too-large');
    } finally {
      await server.close();
    }
  });

  it('say what a forbidden read was: reading, not changing', async () => {
    const tech = await mintAccessToken(t.db, 'tech@demo.test', t.config.publicUrl);
    const rating = await t.db.selectFrom('ratings').select('ratingId').where('storeId', '=', stores[101]!).executeTakeFirstOrThrow();
    const answer = await apiCall(t.app, { method: 'GET', path: apiPaths.rating.replace(':ratingId', rating.ratingId), token: tech, store: stores[101] });
    expect(answer.statusCode).toBe(403);
    expect(answer.json().detail).toBe('Your role at this store does not allow reading ratings.');
    const change = await apiCall(t.app, {
      method: 'PATCH',
      path: apiPaths.rating.replace(':ratingId', rating.ratingId),
      token: tech,
      store: stores[101],
      body: [],
    });
    expect(change.json().detail).toBe('Your role at this store does not allow changing ratings.');
  });
});
