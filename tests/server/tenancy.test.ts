import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall } from '../support/api.ts';
import { accessTokenFor } from '../support/sign-in.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
let stores: Record<number, number>;
beforeAll(async () => {
  t = await createTestApp();
  const rows = await t.db.selectFrom('storeLocations').select(['id', 'storeNumber']).execute();
  stores = Object.fromEntries(rows.map((r) => [r.storeNumber, r.id]));
});
afterAll(async () => {
  await t.close();
});

describe('the ActiveStoreLocation header', () => {
  it('gives a user the services of a store where they hold a role', async () => {
    const token = await accessTokenFor(t.app, 'user@demo.test');
    const response = await apiCall(t.app, { method: 'GET', path: '/api/alltrac/store/services', token, store: stores[101] });
    expect(response.statusCode).toBe(200);
    expect(response.json().items.length).toBeGreaterThan(5);
  });

  it('naming a store where the user holds no role is refused with 403 and no data', async () => {
    const token = await accessTokenFor(t.app, 'user@demo.test');
    const response = await apiCall(t.app, { method: 'GET', path: '/api/alltrac/store/services', token, store: stores[102] });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      type: '/problems/forbidden',
      title: 'Not allowed',
      status: 403,
      detail: `You do not hold a role at store ${stores[102]}.`,
    });
  });

  it('naming a store that does not exist is refused the same way, so existence is not revealed', async () => {
    const token = await accessTokenFor(t.app, 'admin@demo.test');
    const response = await apiCall(t.app, { method: 'GET', path: '/api/alltrac/store/services', token, store: 999999 });
    expect(response.statusCode).toBe(403);
  });

  it('is checked before anything is looked up: a forbidden caller gets 403, not 404, for a missing row', async () => {
    const token = await accessTokenFor(t.app, 'user@demo.test');
    const response = await apiCall(t.app, { method: 'GET', path: '/api/alltrac/store/services/no-such-hash', token, store: stores[103] });
    expect(response.statusCode).toBe(403);
  });

  it('lets PointSAdmin use every store', async () => {
    const token = await accessTokenFor(t.app, 'platform@demo.test');
    for (const storeId of Object.values(stores)) {
      const response = await apiCall(t.app, { method: 'GET', path: '/api/alltrac/store/services', token, store: storeId });
      expect(response.statusCode).toBe(200);
    }
  });

  it('is required on store-scoped calls, and must be a store id', async () => {
    const token = await accessTokenFor(t.app, 'user@demo.test');
    const missing = await apiCall(t.app, { method: 'GET', path: '/api/alltrac/store/services', token });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toHaveProperty('ActiveStoreLocation');
    const garbage = await apiCall(t.app, { method: 'GET', path: '/api/alltrac/store/services', token, store: '1 or 1=1' });
    expect(garbage.statusCode).toBe(400);
  });
});
