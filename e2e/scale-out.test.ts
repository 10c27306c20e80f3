import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, type DatabaseHandle } from '../server/db/connect.ts';
import { freePort } from '../tests/support/ports.ts';
import { createTestDatabase, postgresUnavailable } from '../tests/support/postgres.ts';
import { redisUnavailable, redisUrl } from '../tests/support/redis.ts';
import { assertServerBuilt, startServerProcess, type ServerProcess } from '../tests/support/server-process.ts';
import { startBalancer, type Balancer } from './support/balancer.ts';
import { assertBuilt, launchBrowser } from './support/browser.ts';
import { e2eSettings } from './support/server.ts';
import { firstSyncDone, readStore } from './support/idb.ts';
import { shellReady, signIn } from './support/session.ts';

type Op = { verb: string; args: unknown[] };

/** Runs changes through the app's sync API, as its screens do; returns how many were queued. */
const run = (page: Page, ops: Op[]) =>
  page.evaluate(async (ops) => {
    const sync = (window as unknown as { alltrac: { sync: Record<string, (...a: unknown[]) => Promise<boolean>> } }).alltrac.sync;
    let queued = 0;
    for (const op of ops) if (await sync[op.verb]!(...op.args)) queued++;
    return queued;
  }, ops);

/** Keeps the sync leader's last broadcast status in the page, to read its live connection's state. */
const watchStatus = (page: Page) =>
  page.evaluate(() => {
    const channel = new BroadcastChannel('alltrac-sync');
    channel.onmessage = (event: MessageEvent<{ type: string; status?: unknown }>) => {
      if (event.data.type === 'status') Object.assign(window, { lastSyncStatus: event.data.status });
    };
    channel.postMessage({ type: 'status-request' });
  });
const liveConnection = (page: Page) =>
  page.evaluate(() => (window as unknown as { lastSyncStatus?: { connection: string } }).lastSyncStatus?.connection ?? 'unknown');

const storedToken = (page: Page) =>
  page.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => k.startsWith('oidc.user:'));
    return key ? (JSON.parse(localStorage.getItem(key)!) as { access_token: string }).access_token : null;
  });

const createCustomer = (customerId: string, lastName: string, n: number): Op => ({
  verb: 'createCustomer',
  args: [
    {
      customerId,
      firstName: 'Scale',
      lastName,
      companyName: null,
      email: null,
      phoneNumber: `5550${String(n).padStart(6, '0')}`,
      preferredContactMethod: 'Phone',
      addressLine1: null,
      city: null,
      state: null,
      postalCode: null,
      notes: null,
    },
  ],
});

describe.skipIf(postgresUnavailable !== null || redisUnavailable !== null)('two server processes behind a load balancer', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let handle: DatabaseHandle;
  let ports: number[];
  const processes: ServerProcess[] = [];
  const dataDirs: string[] = [];
  let balancer: Balancer;
  let browser: Browser;

  beforeAll(async () => {
    assertBuilt();
    assertServerBuilt();
    database = await createTestDatabase();
    const balancerPort = await freePort();
    ports = [await freePort(), await freePort()];
    const publicUrl = `http://127.0.0.1:${balancerPort}`;
    // As production runs them (compiled), on one PostgreSQL and one Redis; access tokens last the shortest time
    // the server allows, so the session renews during the test.
    const started = await Promise.allSettled(
      ports.map((port) => {
        const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'alltrac-scale-out-'));
        dataDirs.push(dataDir);
        return startServerProcess(
          {
            ...e2eSettings,
            NODE_ENV: 'test',
            DATA_DIR: dataDir,
            DATABASE_URL: database.url,
            REDIS_URL: redisUrl,
            PUBLIC_URL: publicUrl,
            TRUST_PROXY: '127.0.0.1',
            ACCESS_TOKEN_TTL_SECONDS: '30',
          },
          port,
          { compiled: true },
        );
      }),
    );
    for (const result of started) if (result.status === 'fulfilled') processes.push(result.value);
    for (const result of started) if (result.status === 'rejected') throw result.reason;
    balancer = await startBalancer(balancerPort, ports);
    handle = await openPostgres(database.url);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await balancer?.stop();
    await Promise.all(processes.map((p) => p.stop()));
    await handle?.close();
    await database?.drop();
    for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  /** Live connections each process holds (its /readyz, asked directly). */
  const liveConnections = () =>
    Promise.all(
      ports.map(async (port) => {
        const answer = await fetch(`http://127.0.0.1:${port}/readyz`).then(
          (r) => r.json() as Promise<{ connections: number }>,
          () => null,
        );
        return answer?.connections ?? null;
      }),
    );

  it("keep a device working through one process's SIGKILL mid-burst: it reconnects, renews its session on the other, every change lands once, and other devices still hear of changes", async () => {
    const db = handle.db;
    const { userId } = await db.selectFrom('users').select('userId').where('email', '=', 'user@demo.test').executeTakeFirstOrThrow();
    const storeId = (await db.selectFrom('storeLocations').select('id').where('storeNumber', '=', 101).executeTakeFirstOrThrow()).id;
    const replica = `alltrac-${userId}-store-${storeId}`;
    const outbox = (page: Page) => readStore(page, replica, 'outbox').then((rows) => rows.length);

    // Device B shows a customer; device A makes the changes. Both signed in through the balancer.
    const [b, a] = await Promise.all([signIn(browser, balancer.url, 'user@demo.test'), signIn(browser, balancer.url, 'user@demo.test')]);
    // A's session renewals: how many succeeded, and whether one is under way (the kill waits for none to be).
    let renewals = 0;
    let renewalsInFlight = 0;
    const isRenewal = (request: Request) => request.url().endsWith('/identity/token') && !!request.postData()?.includes('grant_type=refresh_token');
    a.context.on('request', (request) => {
      if (isRenewal(request)) renewalsInFlight++;
    });
    a.context.on('requestfailed', (request) => {
      if (isRenewal(request)) renewalsInFlight--;
    });
    a.context.on('requestfinished', async (request) => {
      if (!isRenewal(request)) return;
      renewalsInFlight--;
      if ((await request.response())?.status() === 200) renewals++;
    });
    try {
      await Promise.all(
        [b, a].map(async ({ page }) => {
          await shellReady(page, 'Uma User');
          await firstSyncDone(page, userId, storeId);
        }),
      );
      await watchStatus(a.page);
      // Two customers on the devices (which customers a store's devices hold is the sync's scope rule).
      const [watched, edited] = (
        await readStore<{ customerId: string; firstName: string; companyName: string | null; deleted: boolean }>(a.page, replica, 'customers')
      ).filter((c) => !c.deleted && c.companyName === null);
      await b.page.goto(`${balancer.url}/customers/${watched!.customerId}`);
      await watchStatus(b.page);
      for (const { page } of [a, b]) await expect.poll(() => liveConnection(page), { timeout: 20_000 }).toBe('connected');

      // Online: a change on A shows on B without a reload, whichever processes each is on.
      let queued = await run(a.page, [{ verb: 'updateCustomer', args: [watched!.customerId, { lastName: 'Online' }] }]);
      await b.page.getByRole('heading', { name: `${watched!.firstName} Online` }).waitFor({ timeout: 15_000 });
      // B showing it says the server has it; A drops it from its outbox once the answer is back.
      await expect.poll(() => outbox(a.page), { timeout: 15_000 }).toBe(0);

      // Offline: the changes wait on the device, and reach the server once it is back online.
      const created: string[] = [];
      const ops = (label: string, count: number): Op[] =>
        Array.from({ length: count }, (_, i) => {
          if (i % 2 === 1) return { verb: 'updateCustomer', args: [edited!.customerId, { notes: `${label} ${i}` }] };
          created.push(crypto.randomUUID());
          return createCustomer(created.at(-1)!, label, created.length);
        });
      await a.context.setOffline(true);
      const offline = await run(a.page, ops('Offline', 10));
      queued += offline;
      expect(await outbox(a.page)).toBe(offline);
      expect(await db.selectFrom('customers').select('customerId').where('lastName', '=', 'Offline').execute()).toEqual([]);
      await a.context.setOffline(false);
      await expect.poll(() => outbox(a.page), { timeout: 30_000 }).toBe(0);
      await expect.poll(() => liveConnection(a.page), { timeout: 30_000 }).toBe('connected');

      // B closes the app for a while, so the only live connection left is A's: the process that holds it is the
      // one to kill, and A's connection must move.
      await b.page.goto('about:blank');
      await expect.poll(async () => (await liveConnections()).reduce<number>((sum, n) => sum + (n ?? 0), 0), { timeout: 10_000 }).toBe(1);

      // A burst of changes; one process is killed once a few have landed.
      const burst = 40;
      queued += await run(a.page, ops('Burst', burst));
      const landed = () =>
        db
          .selectFrom('customers')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('lastName', '=', 'Burst')
          .executeTakeFirstOrThrow()
          .then((r) => Number(r.n));
      // Not while A renews its session, which restarts its live connection: the kill is aimed at where it is.
      let holding = -1;
      await expect
        .poll(
          async () => {
            if (renewalsInFlight > 0 || (await landed()) < 3) return false;
            const counts = await liveConnections();
            holding = counts.indexOf(1);
            return holding >= 0 && counts.reduce<number>((sum, n) => sum + (n ?? 0), 0) === 1;
          },
          { timeout: 20_000, interval: 50 },
        )
        .toBe(true);
      const tokenAtKill = await storedToken(a.page);
      const renewalsAtKill = renewals;
      await processes[holding]!.kill();
      const landedAtKill = await landed();
      // Half the burst creates customers (the other half edits one).
      expect(landedAtKill, 'the kill came mid-burst').toBeLessThan(burst / 2);
      const survivor = 1 - holding;

      // A keeps working: its changes go through the other process, and its live connection moves there.
      await expect.poll(() => outbox(a.page), { timeout: 60_000 }).toBe(0);
      await expect.poll(() => liveConnection(a.page), { timeout: 30_000 }).toBe('connected');
      await expect.poll(async () => (await liveConnections())[survivor], { timeout: 30_000 }).toBe(1);
      // B opens the app again: a change made on A shows there without a reload.
      await b.page.goto(`${balancer.url}/customers/${watched!.customerId}`);
      await b.page.getByRole('heading', { name: `${watched!.firstName} Online` }).waitFor({ timeout: 20_000 });
      await watchStatus(b.page);
      await expect.poll(() => liveConnection(b.page), { timeout: 30_000 }).toBe('connected');
      queued += await run(a.page, [{ verb: 'updateCustomer', args: [watched!.customerId, { lastName: 'Survived' }] }]);
      await b.page.getByRole('heading', { name: `${watched!.firstName} Survived` }).waitFor({ timeout: 15_000 });

      // A's session renews, on the only process left (about 22 s into each 30 s token).
      await expect.poll(() => renewals, { timeout: 45_000 }).toBeGreaterThan(renewalsAtKill);
      await expect.poll(() => storedToken(a.page), { timeout: 5_000 }).not.toBe(tokenAtKill);

      // Every change is on the server exactly once: each change's key claimed once and answered, each customer
      // made once, the edits applied in order.
      await expect.poll(() => outbox(a.page), { timeout: 10_000 }).toBe(0);
      const keys = await db.selectFrom('idempotencyKeys').select('statusCode').where('userId', '=', userId).execute();
      expect(keys).toHaveLength(queued);
      expect(keys.every((k) => k.statusCode !== null && k.statusCode < 300)).toBe(true);
      const stored = await db.selectFrom('customers').select('customerId').where('lastName', 'in', ['Offline', 'Burst']).execute();
      expect(stored.map((c) => c.customerId).sort()).toEqual([...created].sort());
      expect((await db.selectFrom('customers').select('notes').where('customerId', '=', edited!.customerId).executeTakeFirstOrThrow()).notes).toBe(
        `Burst ${burst - 1}`,
      );
    } finally {
      await a.context.close();
      await b.context.close();
    }
  }, 240_000);
});
