import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall } from '../support/api.ts';
import { accessTokenFor } from '../support/sign-in.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await accessTokenFor(t.app, 'admin@demo.test');
});
afterAll(async () => {
  await t.close();
});

describe('API conventions', () => {
  it('refuses a call without api-version with a 400 naming the parameter', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/alltrac/users/me', headers: { authorization: `Bearer ${token}` } });
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toContain('application/problem+json');
    expect(response.json().errors).toHaveProperty('api-version');
    expect(response.json().detail).toContain('api-version=1.0');
  });

  it('refuses another api-version', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/alltrac/users/me?api-version=2.0', headers: { authorization: `Bearer ${token}` } });
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toContain('2.0 is not supported');
  });

  it('answers an unknown API path with a 404 problem, not the app shell', async () => {
    const response = await apiCall(t.app, { method: 'GET', path: '/api/alltrac/no-such-thing', token });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ type: '/problems/not-found', status: 404 });
  });

  it('answers a body that is not JSON with a 400 problem', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/alltrac/store-locations?api-version=1.0',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ status: 400, detail: 'The body is not valid JSON.' });
  });

  it('serves the startup settings to the browser', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/app-settings.json' });
    expect(response.statusCode).toBe(200);
    expect(Object.keys(response.json()).sort()).toEqual([
      'applicationPath',
      'authority',
      'baseUrl',
      'centralApi',
      'environmentMode',
      'mapsKey',
      'signInClientName',
      'supportPhone',
    ]);
    expect(response.json().authority).toBe('http://localhost:8080/identity');
  });
});
