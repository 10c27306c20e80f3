import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall } from '../support/api.ts';
import { accessTokenFor } from '../support/sign-in.ts';
import { createTestApp, testPublicUrl, type TestApp } from '../support/test-app.ts';
import { mintAccessToken } from '../support/tokens.ts';

let t: TestApp;
let token: string;

const forge = (claims: Parameters<typeof mintAccessToken>[3] = {}) => mintAccessToken(t.db, 'user@demo.test', testPublicUrl, claims);

beforeAll(async () => {
  t = await createTestApp();
  token = await accessTokenFor(t.app, 'user@demo.test');
});
afterAll(async () => {
  await t.close();
});

describe('access tokens', () => {
  it('let a signed-in user load "my user" with company and roles', async () => {
    const response = await apiCall(t.app, { method: 'GET', path: '/api/alltrac/users/me', token });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      email: 'user@demo.test',
      name: 'Uma User',
      alltracCompanyId: 1001,
      roles: [{ role: 'AllTracUser', storeId: expect.any(Number) }],
    });
    expect(typeof response.json().companyId).toBe('number');
  });

  it('are required: a call without one is refused with 401 problem details', async () => {
    const response = await apiCall(t.app, { method: 'GET', path: '/api/alltrac/users/me' });
    expect(response.statusCode).toBe(401);
    expect(response.headers['content-type']).toContain('application/problem+json');
    expect(response.headers['www-authenticate']).toContain('Bearer');
  });

  it('are refused when tampered with', async () => {
    const [header, payload, signature] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const tampered = [header, Buffer.from(JSON.stringify({ ...claims, sub: 'someone-else' })).toString('base64url'), signature].join('.');
    const response = await apiCall(t.app, { method: 'GET', path: '/api/alltrac/users/me', token: tampered });
    expect(response.statusCode).toBe(401);
  });

  it('are refused once expired, with a message that says so', async () => {
    const expired = await forge({ exp: Math.floor(Date.now() / 1000) - 60 });
    const response = await apiCall(t.app, { method: 'GET', path: '/api/alltrac/users/me', token: expired });
    expect(response.statusCode).toBe(401);
    expect(response.json().detail).toMatch(/expired/);
  });

  it('are refused for another audience or another issuer', async () => {
    for (const claims of [{ aud: 'https://elsewhere.example/api' }, { iss: 'https://evil.example/identity' }]) {
      const response = await apiCall(t.app, { method: 'GET', path: '/api/alltrac/users/me', token: await forge(claims) });
      expect(response.statusCode).toBe(401);
    }
  });

  it('are refused when they are id tokens rather than access tokens', async () => {
    const response = await apiCall(t.app, { method: 'GET', path: '/api/alltrac/users/me', token: await forge({ typ: 'JWT' }) });
    expect(response.statusCode).toBe(401);
  });

  it('made correctly by the server key are accepted (the forging helper is sound)', async () => {
    const response = await apiCall(t.app, { method: 'GET', path: '/api/alltrac/users/me', token: await forge({}) });
    expect(response.statusCode).toBe(200);
  });
});
