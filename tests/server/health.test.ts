import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

describe('health and readiness', () => {
  it('say the process is alive, and ready when its database answers (no Redis set up, none checked)', async () => {
    t = await createTestApp();
    const health = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.headers['cache-control']).toBe('no-store');
    expect(ready.json()).toEqual({ status: 'ready', database: 'up', redis: 'not used', connections: 0 });
  });

  it('answers not ready, naming the database, when the database does not answer; alive all the same', async () => {
    t = await createTestApp();
    await t.db.destroy();
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect(ready.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(ready.json()).toMatchObject({ type: '/problems/unavailable', status: 503, detail: 'Not ready: the database does not answer.' });
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  });
});
