import { randomUUID } from 'node:crypto';
import type { HubConnection } from '@microsoft/signalr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeGroup, systemNoticeEvent } from '../../src/contract/hub.ts';
import { activeStoreHeader, apiPaths, withApiVersion } from '../../src/contract/routes.ts';
import { openPostgres, type DatabaseHandle } from '../../server/db/connect.ts';
import { demoStoreIds } from '../support/demo.ts';
import { connectHub, nextEvent, recordEvents } from '../support/hub-client.ts';
import { freePort } from '../support/ports.ts';
import { createTestDatabase, postgresUnavailable } from '../support/postgres.ts';
import { redisUnavailable, redisUrl } from '../support/redis.ts';
import { startServerProcess, type ServerProcess } from '../support/server-process.ts';
import { overNetwork, signInWithPassword } from '../support/sign-in.ts';
import { mintAccessToken } from '../support/tokens.ts';

describe.skipIf(postgresUnavailable !== null || redisUnavailable !== null)('two server processes on one PostgreSQL and one Redis', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let handle: DatabaseHandle;
  let a: ServerProcess;
  let b: ServerProcess;
  let publicUrl: string;
  const connections: HubConnection[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    const [portA, portB] = [await freePort(), await freePort()];
    // Behind a load balancer both answer for one public address.
    publicUrl = `http://127.0.0.1:${portA}`;
    const env = { NODE_ENV: 'test', DATABASE_URL: database.url, REDIS_URL: redisUrl, PUBLIC_URL: publicUrl };
    // Started together: migrations and the demo seed must cope with a second process doing the same.
    [a, b] = await Promise.all([startServerProcess(env, portA), startServerProcess(env, portB)]);
    handle = await openPostgres(database.url);
  });
  afterAll(async () => {
    await Promise.all(connections.map((c) => c.stop()));
    await Promise.all([a?.stop(), b?.stop()]);
    await handle?.close();
    await database?.drop();
  });

  it('migrate and seed once between them', async () => {
    const companies = await handle.db.selectFrom('companies').select('id').execute();
    expect(companies).toHaveLength(1);
    expect([a.output(), b.output()].filter((out) => out.includes('demo data seeded now'))).toHaveLength(1);
  });

  it('deliver a change written through one process to a device connected to the other', async () => {
    const stores = await demoStoreIds(handle.db);
    const token = await mintAccessToken(handle.db, 'user@demo.test', publicUrl);
    const onA = await connectHub(a.url, token);
    connections.push(onA);
    await onA.invoke('joinAlltracStore', stores[101]);
    const rating = await handle.db
      .selectFrom('ratings')
      .select('ratingId')
      .where('storeId', '=', stores[101]!)
      .where('isRead', '=', false)
      .executeTakeFirstOrThrow();
    const seen = nextEvent(onA, 'RatingViewedMessage', 3000);
    const response = await fetch(`${b.url}${withApiVersion(`/api/alltrac/ratings/${rating.ratingId}`)}`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${token}`, [activeStoreHeader]: String(stores[101]), 'content-type': 'application/json' },
      body: JSON.stringify([{ op: 'replace', path: '/isRead', value: true }]),
    });
    expect(response.status).toBe(200);
    expect(await seen).toEqual([rating.ratingId]);
  });

  /** An API call to one process, as the PWA makes it. */
  const call = (
    server: ServerProcess,
    method: string,
    path: string,
    options: { token?: string; store?: number; body?: unknown; headers?: Record<string, string> } = {},
  ) =>
    fetch(`${server.url}${withApiVersion(path)}`, {
      method,
      headers: {
        ...options.headers,
        ...(options.token && { authorization: `Bearer ${options.token}` }),
        ...(options.store !== undefined && { [activeStoreHeader]: String(options.store) }),
        ...(options.body !== undefined && { 'content-type': 'application/json' }),
      },
      ...(options.body !== undefined && { body: JSON.stringify(options.body) }),
    });
  const renew = (server: ServerProcess, refreshToken: string) =>
    fetch(`${server.url}/identity/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: refreshToken, client_id: 'alltrac-staff-pwa' }).toString(),
    });

  it("hold a public call's limit for both together: the call past it is refused by the other process", async () => {
    const vehicle = await handle.db.selectFrom('customerVehicles').select('vehicleHashId').executeTakeFirstOrThrow();
    const path = apiPaths.vehicleByHash.replace(':vehicleHashId', vehicle.vehicleHashId);
    // The vehicle lookup's limit per address (server/modules/customers/lookups.ts): 60 a minute.
    const limit = 60;
    const servers = [a, b];
    const statuses: number[] = [];
    // Each process answers half of them itself: only a count they share can refuse the next one.
    for (let i = 0; i < limit; i++) statuses.push((await call(servers[i % 2]!, 'GET', path)).status);
    expect(statuses).toEqual(Array.from({ length: limit }, () => 200));
    const refused = await call(servers[limit % 2]!, 'GET', path);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await call(servers[(limit + 1) % 2]!, 'GET', path)).status).toBe(429);
  });

  it('answer a write replayed with its Idempotency-Key on the other process with the stored answer, changing nothing', async () => {
    const store = (await demoStoreIds(handle.db))[101]!;
    const token = await mintAccessToken(handle.db, 'user@demo.test', publicUrl);
    const customer = {
      customerId: randomUUID(),
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
    };
    const rows = () => handle.db.selectFrom('customers').select(['version', 'notes']).where('customerId', '=', customer.customerId).execute();
    const twice = async (first: ServerProcess, second: ServerProcess, method: string, path: string, body: unknown) => {
      const headers = { 'Idempotency-Key': `scale-out-${randomUUID()}` };
      const answered = await call(first, method, path, { token, store, body, headers });
      const stored = await rows();
      const replayed = await call(second, method, path, { token, store, body, headers });
      expect(replayed.status).toBe(answered.status);
      expect(await replayed.json()).toEqual(await answered.json());
      expect(await rows()).toEqual(stored);
      return answered.status;
    };

    expect(await twice(a, b, 'POST', apiPaths.customers, customer)).toBe(201);
    const [created] = await rows();
    expect(await twice(b, a, 'PATCH', apiPaths.customer.replace(':customerId', customer.customerId), [{ op: 'replace', path: '/notes', value: 'Once' }])).toBe(
      200,
    );
    expect(await rows()).toEqual([{ version: created!.version + 1, notes: 'Once' }]);
  });

  it("renew on one process a sign-in made on the other, each accepting the other's access tokens", async () => {
    const { tokens } = await signInWithPassword(overNetwork(a.url), 'admin@demo.test', 'demo1234', undefined, publicUrl);
    expect(tokens?.refresh_token).toBeTruthy();
    const renewal = await renew(b, tokens!.refresh_token!);
    expect(renewal.status).toBe(200);
    const renewed = (await renewal.json()) as { access_token: string; refresh_token: string };
    expect(renewed.refresh_token).not.toBe(tokens!.refresh_token);
    expect((await call(a, 'GET', apiPaths.me, { token: renewed.access_token })).status).toBe(200);
    expect((await call(b, 'GET', apiPaths.me, { token: tokens!.access_token })).status).toBe(200);
    // Renewal rotates the refresh token: the one B used up is spent on A too.
    const reused = await renew(a, tokens!.refresh_token!);
    expect(reused.status).toBe(400);
    expect(((await reused.json()) as { error: string }).error).toBe('invalid_grant');
  });

  it('complete a sign-in whose requests alternate between them, as a balancer without sticky sessions sends them', async () => {
    const { tokens, loginResponse } = await signInWithPassword(overNetwork(a.url, b.url), 'user@demo.test', 'demo1234', undefined, publicUrl);
    expect(loginResponse.statusCode).toBe(303);
    expect(tokens?.access_token).toBeTruthy();
  });

  it('take someone removed from a store on one process out of its group on the other, and tell notices across both', async () => {
    const stores = await demoStoreIds(handle.db);
    const [user, admin, platform] = await Promise.all(
      ['user@demo.test', 'admin@demo.test', 'platform@demo.test'].map((email) => mintAccessToken(handle.db, email, publicUrl)),
    );
    const removed = await connectHub(a.url, user!);
    const colleague = await connectHub(b.url, admin!);
    connections.push(removed, colleague);
    await removed.invoke('joinAlltracStore', stores[101]);
    await colleague.invoke('joinAlltracStore', stores[101]);
    const heard = recordEvents(removed, 'AlltracVehicleUpdated');
    const notices = recordEvents(removed, systemNoticeEvent);
    const { userId } = await handle.db.selectFrom('users').select('userId').where('email', '=', 'user@demo.test').executeTakeFirstOrThrow();
    const path = apiPaths.storeUser.replace(':userId', userId);
    expect((await call(b, 'DELETE', path, { token: admin, store: stores[101] })).status).toBe(204);
    try {
      // A notice for every store, made on B after B's store event: on A's socket, in that order, or the event not at all.
      let round = 0;
      const stillHears = async () => {
        const probe = `probe-${++round}`;
        await colleague.invoke('notifyOthersInGroup', storeGroup(stores[101]!), 'AlltracVehicleUpdated', probe);
        const systemNotificationId = randomUUID();
        const made = await call(b, 'POST', apiPaths.systemNotifications, {
          token: platform,
          body: {
            systemNotificationId,
            content: 'Texting is slow',
            severityLevel: 'Low',
            dateStarted: new Date(Date.now() - 60_000).toISOString(),
            dateEnded: new Date(Date.now() + 60_000).toISOString(),
          },
        });
        expect(made.status).toBe(201);
        await expect.poll(() => notices.flat()).toContain(systemNotificationId);
        return heard.flat().includes(probe);
      };
      await expect.poll(stillHears, { timeout: 15_000 }).toBe(false);
    } finally {
      expect((await call(a, 'PATCH', path, { token: admin, store: stores[101], body: { role: 'AllTracUser' } })).status).toBe(200);
    }
  });

  it('count failed sign-ins on both together: failures spread over them pause the account on either', async () => {
    const servers = [a, b];
    // Five failures from one address pause that account from it (server/identity/sign-in-throttle.ts).
    for (let i = 0; i < 5; i++) {
      const failed = await signInWithPassword(overNetwork(servers[i % 2]!.url), 'lead@demo.test', 'not the password', undefined, publicUrl);
      expect(failed.loginResponse.statusCode).toBe(401);
    }
    const paused = await signInWithPassword(overNetwork(servers[5 % 2]!.url), 'lead@demo.test', 'demo1234', undefined, publicUrl);
    expect(paused.loginResponse.statusCode).toBe(429);
    expect(paused.loginResponse.body).toContain('Too many failed sign-in attempts');
    expect(paused.tokens).toBeUndefined();
  });
});
