import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('a public call (no sign-in)', () => {
  it('answers an address that calls too often with a 429 problem detail saying when to try again', async () => {
    const vehicle = await t.db.selectFrom('customerVehicles').select('vehicleHashId').executeTakeFirstOrThrow();
    const url = `/api/alltrac/vehicles/${vehicle.vehicleHashId}?api-version=1.0`;
    const statuses: number[] = [];
    for (let i = 0; i < 61; i++) statuses.push((await t.app.inject({ method: 'GET', url, remoteAddress: '198.51.100.7' })).statusCode);
    expect(statuses.slice(0, 60).every((s) => s === 200)).toBe(true);
    const limited = await t.app.inject({ method: 'GET', url, remoteAddress: '198.51.100.7' });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(limited.json().detail).toMatch(/^Too many requests from this address; try again in \d+ seconds\.$/);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not held back.
    expect((await t.app.inject({ method: 'GET', url, remoteAddress: '198.51.100.8' })).statusCode).toBe(200);
  });
});
