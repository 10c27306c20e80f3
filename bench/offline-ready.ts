import fs from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { readStore } from '../e2e/support/idb.ts';
import { localConfig, startLocalServer } from '../tests/support/running-server.ts';

export interface OfflineReady {
  /** Per sign-in: the Sign in press → the shell drawn (the account button), ms. */
  shell: number[];
  /** Per sign-in: the Sign in press → the page served by the service worker, ms. */
  controlled: number[];
  /** Per sign-in: the Sign in press → the store's first sync complete, ms. */
  synced: number[];
  /** Per sign-in: the Sign in press → all of it, what "ready for offline use" waits for, ms. */
  ready: number[];
  /** What the service worker's caches held once it took the page, at the first sign-in (files, bytes as stored). */
  precached: { files: number; bytes: number };
}

/** Milliseconds since `started` once `condition` holds in the page, polled every 20 ms (from any document of it). */
async function whenTrue(page: Page, started: number, condition: () => Promise<boolean>): Promise<number> {
  for (;;) {
    if (await condition().catch(() => false)) return performance.now() - started;
    if (performance.now() - started > 60_000) throw new Error('not ready for offline use a minute after signing in');
    await page.waitForTimeout(20);
  }
}

/** Every file the service worker's caches hold, and their bytes as stored. */
const cachedFiles = (page: Page) =>
  page.evaluate(async () => {
    let files = 0;
    let bytes = 0;
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) {
        files++;
        bytes += (await (await cache.match(request))!.arrayBuffer()).byteLength;
      }
    }
    return { files, bytes };
  });

/**
 * Issue 52: a first sign-in on a new device (a fresh profile, the demo store, user@demo.test at #101), from the
 * press of Sign in to the device being ready to open and work with no network: the page served by the service
 * worker (the app kept on the device) and the store's first sync complete. Baseline: the same press to the shell
 * drawn. A server of its own, so the big store's data is not what is measured.
 */
export async function offlineReadiness(browser: Browser, rounds: number, log: (message: string) => void = () => undefined): Promise<OfflineReady> {
  const config = await localConfig();
  const server = await startLocalServer(config);
  const result: OfflineReady = { shell: [], controlled: [], synced: [], ready: [], precached: { files: 0, bytes: 0 } };
  try {
    const db = server.database.db;
    const { id: storeId } = await db.selectFrom('storeLocations').select('id').where('storeNumber', '=', 101).executeTakeFirstOrThrow();
    const { userId } = await db.selectFrom('users').select('userId').where('email', '=', 'user@demo.test').executeTakeFirstOrThrow();
    log(`ready for offline use: ${rounds} first sign-ins on fresh profiles…`);
    for (let round = 0; round < rounds; round++) {
      const context = await browser.newContext({ viewport: { width: 1440, height: 1000 } });
      try {
        const page = await context.newPage();
        await page.goto(server.url);
        await page.waitForURL(/\/identity\/interaction\//);
        await page.getByLabel('Email').fill('user@demo.test');
        await page.getByLabel('Password').fill('demo1234');
        const started = performance.now();
        await page.getByRole('button', { name: 'Sign in' }).click();
        const [shell, controlled, synced] = await Promise.all([
          page
            .getByRole('button', { name: 'Account: Uma User' })
            .waitFor({ timeout: 60_000 })
            .then(() => performance.now() - started),
          whenTrue(page, started, () => page.evaluate(() => navigator.serviceWorker.controller !== null)),
          whenTrue(page, started, async () =>
            (await readStore<{ name: string; value: unknown }>(page, `alltrac-${userId}-store-${storeId}`, 'syncState')).some(
              (r) => r.name === 'complete' && r.value === true,
            ),
          ),
        ]);
        result.shell.push(shell);
        result.controlled.push(controlled);
        result.synced.push(synced);
        result.ready.push(Math.max(shell, controlled, synced));
        if (round === 0) result.precached = await cachedFiles(page);
      } finally {
        await context.close();
      }
    }
    return result;
  } finally {
    await server.close();
    fs.rmSync(config.dataDir, { recursive: true, force: true });
  }
}
