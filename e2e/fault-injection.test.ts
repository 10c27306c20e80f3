import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../server/start.ts';
import { freePort } from '../tests/support/ports.ts';
import { localConfig, startLocalServer } from '../tests/support/running-server.ts';
import { assertBuilt, launchBrowser } from './support/browser.ts';
import { e2eSettings } from './support/server.ts';
import { FaultyProxy, seededRandom } from './support/faulty-proxy.ts';
import { readStore } from './support/idb.ts';
import { shellReady, signIn } from './support/session.ts';

type Op = { verb: string; args: unknown[] };

let browser: Browser;
beforeAll(async () => {
  assertBuilt();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const until = async (check: () => Promise<boolean>, ms: number, what: string) => {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
};

/** Runs the ops in the page through the app's sync API; returns how many were queued (no-ops are not). */
const run = (page: Page, ops: Op[]) =>
  page.evaluate(async (ops) => {
    const sync = (window as unknown as { alltrac: { sync: Record<string, (...a: unknown[]) => Promise<boolean>> } }).alltrac.sync;
    let queued = 0;
    for (const op of ops) if (await sync[op.verb]!(...op.args)) queued++;
    return queued;
  }, ops);

describe('changes made offline, replayed through a faulty network', () => {
  it.each([[11], [29]])('are each applied exactly once and the replica ends equal to the server (seed %i)', async (seed) => {
    const random = seededRandom(seed);
    const proxyPort = await freePort();
    const config = await localConfig(undefined, { ...e2eSettings, PUBLIC_URL: `http://127.0.0.1:${proxyPort}` });
    const server: RunningServer = await startLocalServer(config);
    const proxy = new FaultyProxy(config.port, random);
    await proxy.listen(proxyPort);
    const url = `http://127.0.0.1:${proxyPort}`;
    const { context, page } = await signIn(browser, url, 'user@demo.test');
    try {
      await shellReady(page, 'Uma User');
      const db = server.database.db;
      const store = (await db.selectFrom('storeLocations').select('id').where('storeNumber', '=', 101).executeTakeFirstOrThrow()).id;
      const user = await db.selectFrom('users').select(['userId']).where('email', '=', 'user@demo.test').executeTakeFirstOrThrow();
      const replicaName = `alltrac-${user.userId}-store-${store}`;
      await until(
        async () => (await readStore<{ name: string; value: unknown }>(page, replicaName, 'syncState')).some((r) => r.name === 'complete' && r.value === true),
        30_000,
        'the first sync',
      );

      const existing = (await db.selectFrom('customers').select('customerId').orderBy('customerId').limit(10).execute()).map((c) => c.customerId);
      const ratings = (await db.selectFrom('ratings').select('ratingId').where('storeId', '=', store).where('isRead', '=', false).limit(20).execute()).map(
        (r) => r.ratingId,
      );
      const messages = (
        await db.selectFrom('storeMessages').select('storeMessageId').where('storeId', '=', store).where('isArchived', '=', false).limit(20).execute()
      ).map((m) => m.storeMessageId);
      const notifications = await db
        .selectFrom('userNotifications')
        .select(['userNotificationId', 'dateMarkedRead'])
        .where('identityId', '=', user.userId)
        .execute();

      // 200 changes over five kinds of rows, in a seeded order; expectations follow the last change of each row.
      const created: string[] = [];
      const expectedNotes = new Map<string, string>();
      const expectedRead = new Map(notifications.map((n) => [n.userNotificationId, n.dateMarkedRead !== null]));
      const ops: Op[] = [];
      const pick = <T>(list: T[]) => list[Math.floor(random() * list.length)]!;
      for (let i = 0; ops.length < 200; i++) {
        const roll = random();
        if (roll < 0.15 || created.length === 0) {
          const customerId = randomUUID();
          created.push(customerId);
          ops.push({
            verb: 'createCustomer',
            args: [
              {
                customerId,
                firstName: 'Fault',
                lastName: `Test ${seed}-${i}`,
                companyName: null,
                email: null,
                phoneNumber: `555${String(i).padStart(7, '0')}`,
                preferredContactMethod: 'Phone',
                addressLine1: null,
                city: null,
                state: null,
                postalCode: null,
                notes: null,
              },
            ],
          });
        } else if (roll < 0.55) {
          const customerId = pick([...created, ...existing]);
          const notes = `note ${seed}-${i}`;
          expectedNotes.set(customerId, notes);
          ops.push({ verb: 'updateCustomer', args: [customerId, { notes }] });
        } else if (roll < 0.65 && ratings.length) {
          ops.push({ verb: 'markRatingRead', args: [ratings.pop()!] });
        } else if (roll < 0.75 && messages.length) {
          ops.push({ verb: 'archiveMessage', args: [messages.pop()!] });
        } else {
          const n = pick(notifications).userNotificationId;
          const read = !expectedRead.get(n);
          expectedRead.set(n, read);
          ops.push({ verb: 'setNotificationRead', args: [n, read] });
        }
      }
      const touchedRatings = ops.filter((o) => o.verb === 'markRatingRead').map((o) => o.args[0] as string);
      const touchedMessages = ops.filter((o) => o.verb === 'archiveMessage').map((o) => o.args[0] as string);

      proxy.cut();
      const queued = await run(page, ops);
      expect(queued).toBeGreaterThan(150);
      expect((await readStore(page, replicaName, 'outbox')).length).toBe(queued);

      // Back online through a bad network: replies lost after commit, cuts, reloads mid-replay.
      proxy.restore();
      proxy.dropReplyChance = 0.3;
      let reloads = 0;
      const active = page;
      await until(
        async () => {
          const roll = random();
          // The first step always reloads the page in the middle of the replay.
          if (reloads === 0 || (roll < 0.1 && reloads < 3)) {
            reloads++;
            await active.reload();
            await shellReady(active, 'Uma User');
          } else if (roll < 0.25) {
            proxy.cut();
            await new Promise((r) => setTimeout(r, 300));
            proxy.restore();
          }
          await active.evaluate(() => (window as unknown as { alltrac: { sync: { syncNow(): Promise<void> } } }).alltrac.sync.syncNow()).catch(() => undefined);
          return (await readStore(active, replicaName, 'outbox')).length === 0;
        },
        120_000,
        'the outbox to empty',
      );
      expect(proxy.droppedReplies).toBeGreaterThan(0);

      // Exactly once: one stored answer per queued change, and every change's effect is on the server.
      proxy.dropReplyChance = 0;
      const keys = await db
        .selectFrom('idempotencyKeys')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('userId', '=', user.userId)
        .executeTakeFirstOrThrow();
      expect(Number(keys.n)).toBe(queued);
      const serverCustomers = await db
        .selectFrom('customers')
        .select(['customerId', 'notes'])
        .where('customerId', 'in', [...created, ...existing])
        .execute();
      expect(serverCustomers.filter((c) => created.includes(c.customerId))).toHaveLength(created.length);
      for (const [customerId, notes] of expectedNotes) expect(serverCustomers.find((c) => c.customerId === customerId)?.notes).toBe(notes);
      const serverNotifications = await db
        .selectFrom('userNotifications')
        .select(['userNotificationId', 'dateMarkedRead'])
        .where('identityId', '=', user.userId)
        .execute();
      for (const n of serverNotifications) expect(n.dateMarkedRead !== null, n.userNotificationId).toBe(expectedRead.get(n.userNotificationId));
      expect(await db.selectFrom('ratings').select('ratingId').where('ratingId', 'in', touchedRatings).where('isRead', '=', false).execute()).toEqual([]);
      if (touchedMessages.length)
        expect(
          await db
            .selectFrom('storeMessages')
            .select('storeMessageId')
            .where('storeMessageId', 'in', touchedMessages)
            .where('isArchived', '=', false)
            .execute(),
        ).toEqual([]);

      // The replica ends equal to the server for every row the changes touched.
      await active.evaluate(() => (window as unknown as { alltrac: { sync: { syncNow(): Promise<void> } } }).alltrac.sync.syncNow());
      await until(
        async () => {
          const replicaCustomers = await readStore<{ customerId: string; notes: string | null }>(active, replicaName, 'customers');
          const replicaNotifications = await readStore<{ userNotificationId: string; dateMarkedRead: string | null }>(active, replicaName, 'userNotifications');
          const customersMatch = serverCustomers.every((s) => replicaCustomers.find((r) => r.customerId === s.customerId)?.notes === s.notes);
          const notificationsMatch = serverNotifications.every(
            (s) => replicaNotifications.find((r) => r.userNotificationId === s.userNotificationId)?.dateMarkedRead === s.dateMarkedRead,
          );
          return customersMatch && notificationsMatch;
        },
        20_000,
        'the replica to equal the server',
      );
    } finally {
      await context.close();
      await proxy.close();
      await server.close();
      fs.rmSync(config.dataDir, { recursive: true, force: true });
    }
  });
});
