import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall } from '../support/api.ts';
import { accessTokenFor } from '../support/sign-in.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
let token: string;
let stores: Record<number, number>;
const path = '/api/alltrac/users/me/settings';
const patch = (body: unknown) => apiCall(t.app, { method: 'PATCH', path, token, body });

beforeAll(async () => {
  t = await createTestApp();
  token = await accessTokenFor(t.app, 'admin@demo.test');
  const rows = await t.db.selectFrom('storeLocations').select(['id', 'storeNumber']).execute();
  stores = Object.fromEntries(rows.map((r) => [r.storeNumber, r.id]));
});
afterAll(async () => {
  await t.close();
});

describe('user settings', () => {
  it('start empty', async () => {
    const response = await apiCall(t.app, { method: 'GET', path, token });
    expect(response.json()).toEqual({ allTracCurrentStoreLocation: null, allTracHideInstallPrompt: null });
  });

  it('save the current store and the install-prompt time by JSON patch', async () => {
    const when = '2026-11-21T10:00:00.000Z';
    const response = await patch([
      { op: 'replace', path: '/allTracCurrentStoreLocation', value: stores[102] },
      { op: 'replace', path: '/allTracHideInstallPrompt', value: when },
    ]);
    expect(response.statusCode).toBe(200);
    const saved = (await apiCall(t.app, { method: 'GET', path, token })).json();
    expect(saved).toEqual({ allTracCurrentStoreLocation: stores[102], allTracHideInstallPrompt: when });
  });

  it('answer a patch replayed with its Idempotency-Key as the first time, changing nothing since', async () => {
    const key = { 'Idempotency-Key': 'settings-replay-0001' };
    const first = await apiCall(t.app, {
      method: 'PATCH',
      path,
      token,
      body: [{ op: 'replace', path: '/allTracCurrentStoreLocation', value: stores[101] }],
      headers: key,
    });
    expect(first.statusCode).toBe(200);
    await patch([{ op: 'replace', path: '/allTracCurrentStoreLocation', value: stores[102] }]);
    const replay = await apiCall(t.app, {
      method: 'PATCH',
      path,
      token,
      body: [{ op: 'replace', path: '/allTracCurrentStoreLocation', value: stores[101] }],
      headers: key,
    });
    expect(replay.json()).toEqual(first.json());
    expect((await apiCall(t.app, { method: 'GET', path, token })).json().allTracCurrentStoreLocation).toBe(stores[102]);
    const reused = await apiCall(t.app, {
      method: 'PATCH',
      path,
      token,
      body: [{ op: 'replace', path: '/allTracHideInstallPrompt', value: null }],
      headers: key,
    });
    expect(reused.statusCode).toBe(422);
  });

  it('change nothing for an empty patch', async () => {
    const before = (await apiCall(t.app, { method: 'GET', path, token })).json();
    const response = await patch([]);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(before);
  });

  it('refuse a store where the user holds no role, keeping the old choice', async () => {
    const before = (await apiCall(t.app, { method: 'GET', path, token })).json();
    const response = await patch([{ op: 'replace', path: '/allTracCurrentStoreLocation', value: stores[103] }]);
    expect(response.statusCode).toBe(403);
    expect((await apiCall(t.app, { method: 'GET', path, token })).json()).toEqual(before);
  });

  it('refuse unknown settings and values of the wrong type', async () => {
    expect((await patch([{ op: 'replace', path: '/isAdmin', value: true }])).statusCode).toBe(400);
    expect((await patch([{ op: 'replace', path: '/allTracHideInstallPrompt', value: 'tomorrow' }])).statusCode).toBe(400);
    expect((await patch({ op: 'replace' })).statusCode).toBe(400);
    const huge = await patch([{ op: 'replace', path: '/allTracCurrentStoreLocation', value: 99999999999 }]);
    expect(huge.statusCode).toBe(400);
    expect(huge.json().errors).toHaveProperty('allTracCurrentStoreLocation');
  });
});
