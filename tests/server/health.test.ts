import { afterEach, describe, expect, it } from 'vitest';
import { demoStoreIds } from '../support/demo.ts';
import { requestInFlight } from '../support/request-in-flight.ts';
import { createTestApp, testPublicUrl, type TestApp } from '../support/test-app.ts';
import { mintAccessToken } from '../support/tokens.ts';

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

describe('a graceful stop', () => {
  it('refuses new connections and answers not ready from its start, while a write in flight finishes and is stored', async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
    const token = await mintAccessToken(t.db, 'user@demo.test', testPublicUrl);
    const inFlight = await requestInFlight(url, token, (await demoStoreIds(t.db))[101]!);

    const stopped = t.app.stopGracefully();
    await expect(fetch(`${url}/healthz`)).rejects.toThrow();
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ type: '/problems/unavailable', detail: 'This server process is shutting down: send requests to another one.' });

    const answer = await inFlight.finish();
    expect(answer.status, answer.body).toBe(201);
    await stopped;
    expect(await t.db.selectFrom('customers').select('lastName').where('customerId', '=', inFlight.customerId).execute()).toEqual([{ lastName: 'In Flight' }]);
  });
});
