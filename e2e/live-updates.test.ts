import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { startLocalServer } from '../tests/support/running-server.ts';
import { firstSyncDone } from './support/idb.ts';
import { e2eEnvironment } from './support/server.ts';
import { liveConnection, shellReady, signIn, watchStatus } from './support/session.ts';

const env = e2eEnvironment();

/** Marks the first unread notification read on one page and waits for another page to show it read. */
async function markOneReadAndWatch(from: Page, to: Page): Promise<void> {
  const unreadThere = await to.getByRole('button', { name: 'Mark read' }).count();
  await from.getByRole('button', { name: 'Mark read' }).first().click();
  await to.waitForFunction((count) => [...document.querySelectorAll('button')].filter((b) => b.textContent === 'Mark read').length === count - 1, unreadThere, {
    timeout: 15_000,
  });
}

describe('live updates between devices', () => {
  it('show a change made on one device on another without a reload, also after the server restarted', async () => {
    const a = await signIn(env.browser, env.server.url, 'admin@demo.test');
    const b = await signIn(env.browser, env.server.url, 'admin@demo.test');
    try {
      for (const { page } of [a, b]) {
        await shellReady(page, 'Alex Admin');
        await page.goto(`${env.server.url}/notifications`);
        await page.getByRole('heading', { name: 'Notifications' }).waitFor();
        await page.getByRole('button', { name: 'Mark read' }).first().waitFor({ timeout: 15_000 });
        await watchStatus(page);
      }
      await expect.poll(() => liveConnection(b.page), { timeout: 10_000 }).toBe('connected');
      await markOneReadAndWatch(a.page, b.page);

      await env.server.close();
      env.server = await startLocalServer(env.config);
      for (const { page } of [a, b]) await expect.poll(() => liveConnection(page), { timeout: 30_000 }).toBe('connected');
      await markOneReadAndWatch(b.page, a.page);
    } finally {
      await a.context.close();
      await b.context.close();
    }
  });
});

/** Uma signed in, with the app open in two tabs of one browser profile. */
async function twoTabs() {
  const first = await signIn(env.browser, env.server.url, 'user@demo.test');
  try {
    await shellReady(first.page, 'Uma User');
    const second = await first.context.newPage();
    await second.goto(env.server.url);
    await shellReady(second, 'Uma User');
    // The tabs' changes name rows of the replica, which the first sync fills: a change made before it has
    // brought the row is refused ("not on this device yet").
    const db = env.server.database.db;
    const { userId } = await db.selectFrom('users').select('userId').where('email', '=', 'user@demo.test').executeTakeFirstOrThrow();
    const store = await db.selectFrom('storeLocations').select('id').where('storeNumber', '=', 101).executeTakeFirstOrThrow();
    await firstSyncDone(first.page, userId, store.id);
    return { first, second };
  } catch (error) {
    await first.context.close();
    throw error;
  }
}

describe('tabs of one browser profile', () => {
  it('elect one sync leader, and another tab takes over when it closes', async () => {
    const { first, second } = await twoTabs();
    try {
      const locks = () =>
        second.evaluate(async () => {
          const state = await navigator.locks.query();
          return {
            held: (state.held ?? []).filter((l) => l.name === 'alltrac-sync-leader').length,
            waiting: (state.pending ?? []).filter((l) => l.name === 'alltrac-sync-leader').length,
          };
        });
      await expect.poll(locks).toEqual({ held: 1, waiting: 1 });
      await first.page.close();
      await expect.poll(locks, { timeout: 15_000 }).toEqual({ held: 1, waiting: 0 });
      // The new leader syncs: a change queued in this tab reaches the env.server.
      const rating = await env.server.database.db
        .selectFrom('ratings')
        .innerJoin('storeLocations', 'storeLocations.id', 'ratings.storeId')
        .select('ratingId')
        .where('storeNumber', '=', 101)
        .where('isRead', '=', false)
        .executeTakeFirstOrThrow();
      await second.evaluate(
        (id) => (window as unknown as { alltrac: { sync: { markRatingRead(id: string): Promise<boolean> } } }).alltrac.sync.markRatingRead(id),
        rating.ratingId,
      );
      await expect
        .poll(
          async () =>
            (await env.server.database.db.selectFrom('ratings').select('isRead').where('ratingId', '=', rating.ratingId).executeTakeFirstOrThrow()).isRead,
          { timeout: 10_000 },
        )
        .toBe(true);
    } finally {
      await first.context.close();
    }
  });
});

describe('a newer version of the app taking over the databases', () => {
  it('makes the old leader hand over: the old tab asks for a reload and another tab syncs', async () => {
    const { first, second } = await twoTabs();
    try {
      const db = env.server.database.db;
      const { userId } = await db.selectFrom('users').select('userId').where('email', '=', 'user@demo.test').executeTakeFirstOrThrow();
      const store = (await db.selectFrom('storeLocations').select('id').where('storeNumber', '=', 101).executeTakeFirstOrThrow()).id;
      // What a newer version does to the replica: upgrade it (here: to a version, then away).
      await second.evaluate(async (name) => {
        await new Promise<void>((resolve, reject) => {
          const open = indexedDB.open(name, 1000);
          open.onsuccess = () => {
            open.result.close();
            resolve();
          };
          open.onerror = () => reject(open.error);
        });
        await new Promise<void>((resolve) => {
          indexedDB.deleteDatabase(name).onsuccess = () => resolve();
        });
      }, `alltrac-${userId}-store-${store}`);
      await first.page.getByText('A new version of the app is ready.').waitFor({ timeout: 10_000 });
      // The newer version's tab leads now, and syncs.
      await second.reload();
      await shellReady(second, 'Uma User');
      const rating = await db.selectFrom('ratings').select('ratingId').where('storeId', '=', store).where('isRead', '=', false).executeTakeFirstOrThrow();
      await expect
        .poll(
          () =>
            second.evaluate(async (id) => {
              try {
                return await (window as unknown as { alltrac: { sync: { markRatingRead(id: string): Promise<boolean> } } }).alltrac.sync.markRatingRead(id);
              } catch {
                return false;
              }
            }, rating.ratingId),
          { timeout: 20_000, interval: 500 },
        )
        .toBe(true);
      await expect
        .poll(async () => (await db.selectFrom('ratings').select('isRead').where('ratingId', '=', rating.ratingId).executeTakeFirstOrThrow()).isRead, {
          timeout: 15_000,
        })
        .toBe(true);
    } finally {
      await first.context.close();
    }
  });
});
