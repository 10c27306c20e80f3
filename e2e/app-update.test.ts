import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../server/config.ts';
import { assetArchiveDir } from '../server/http/hosting-rules.ts';
import type { RunningServer } from '../server/start.ts';
import { localConfig, startLocalServer } from '../tests/support/running-server.ts';
import { assertBuilt, launchBrowser } from './support/browser.ts';
import { e2eSettings } from './support/server.ts';
import { firstSyncDone } from './support/idb.ts';
import { fillSignIn, shellReady, signIn } from './support/session.ts';

/** The build the server serves, copied so a test can deploy over it as a release would. */
let served: string;
let config: Config;
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  assertBuilt();
  served = fs.mkdtempSync(path.join(os.tmpdir(), 'alltrac-served-'));
  fs.cpSync('dist', served, { recursive: true, filter: (source) => !source.endsWith('.map') && !source.includes(`${path.sep}bench`) });
  config = { ...(await localConfig(undefined, e2eSettings)), staticDir: served };
  server = await startLocalServer(config);
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  for (const dir of [served, config?.dataDir]) if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

/** The served files of a screen's code (its chunk, named after its module), by the module's name. */
const chunksOf = (module: string) => fs.readdirSync(path.join(served, 'assets')).filter((file) => file.startsWith(`${module}-`) && file.endsWith('.js'));

/**
 * A chunk gone from the server: from the build and from the archive of earlier builds' chunks (after its 30 days),
 * with its compressed copies (the server would send those in its place).
 */
function removeFromServer(chunk: string): void {
  fs.rmSync(path.join(served, 'assets', chunk));
  for (const dir of [path.join(served, 'assets'), assetArchiveDir(config)]) {
    for (const copy of [chunk, `${chunk}.br`, `${chunk}.gz`]) fs.rmSync(path.join(dir, copy), { force: true });
  }
}

/**
 * Deploys build B over the served build A: a new index.html (marked "B") with its revision in a new service
 * worker, and a screen's code gone under its old name, as a release with new hashes leaves it; gone from the archive
 * too, so only the device's copy can open that screen.
 */
function deployB(gone: string): void {
  const index = path.join(served, 'index.html');
  const html = fs.readFileSync(index, 'utf8').replace('<head>', '<head><meta name="alltrac-build" content="B">');
  fs.writeFileSync(index, html);
  const chunks = chunksOf(gone);
  expect(chunks.length).toBeGreaterThan(0);
  const sw = path.join(served, 'sw.js');
  let worker = fs
    .readFileSync(sw, 'utf8')
    .replace(/"revision":"[0-9a-f]+","url":"index.html"/, '"revision":"b0000000000000000000000000000000","url":"index.html"');
  for (const chunk of chunks) {
    worker = worker.replace(`{"revision":null,"url":"assets/${chunk}"},`, '');
    removeFromServer(chunk);
  }
  fs.writeFileSync(sw, worker);
  // The build's compressed copies of the two files written here are the old ones: gone, as a new build has none.
  for (const file of [index, sw]) for (const copy of [`${file}.br`, `${file}.gz`]) fs.rmSync(copy, { force: true });
}

async function userAndStore(email: string): Promise<{ userId: string; storeId: number }> {
  const db = server.database.db;
  const { userId } = await db.selectFrom('users').select('userId').where('email', '=', email).executeTakeFirstOrThrow();
  const { id } = await db.selectFrom('storeLocations').select('id').where('storeNumber', '=', 101).executeTakeFirstOrThrow();
  return { userId, storeId: id };
}

const build = (page: Page) => page.evaluate(() => document.querySelector('meta[name="alltrac-build"]')?.getAttribute('content') ?? 'A');

describe('a deploy while the app is open', () => {
  it('keeps the open page working on its own version, offers the new one, and reloads into it with a change made offline sent once', async () => {
    const { context, page } = await signIn(browser, server.url, 'user@demo.test');
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    try {
      await shellReady(page, 'Uma User');
      const { userId, storeId } = await userAndStore('user@demo.test');
      await firstSyncDone(page, userId, storeId);
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null);

      await context.setOffline(true);
      const subject = `Across a deploy ${Date.now()}`;
      await page.evaluate(
        (s) =>
          (window as unknown as { alltrac: { sync: { sendSupportRequest(m: object): Promise<boolean> } } }).alltrac.sync.sendSupportRequest({
            supportRequestId: crypto.randomUUID(),
            subject: s,
            message: 'Queued before the new version came.',
            callbackPhone: '555-0100',
          }),
        subject,
      );
      deployB('ratings-page');
      // Back online, the app looks for a new version at once (and hourly while it stays open).
      await context.setOffline(false);

      // The screen whose code the deploy replaced still opens: the device holds this version's copy.
      await page
        .getByRole('navigation', { name: 'Main menu' })
        .getByRole('link', { name: /Ratings/ })
        .first()
        .click();
      await page.getByRole('heading', { name: 'Ratings' }).waitFor();

      const notice = page.getByRole('status', { name: 'App update' });
      await notice.getByText('A new version is available').waitFor({ timeout: 30_000 });
      expect(await build(page)).toBe('A');
      await Promise.all([page.waitForEvent('load', { timeout: 30_000 }), notice.getByRole('button', { name: 'Reload' }).click()]);
      await shellReady(page, 'Uma User');
      expect(await build(page)).toBe('B');
      await expect
        .poll(async () => (await server.database.db.selectFrom('supportRequests').select('supportRequestId').where('subject', '=', subject).execute()).length, {
          timeout: 30_000,
        })
        .toBe(1);
      await page.getByRole('button', { name: 'Sync status: Saved' }).waitFor({ timeout: 20_000 });
      expect((await server.database.db.selectFrom('supportRequests').select('supportRequestId').where('subject', '=', subject).execute()).length).toBe(1);
      expect(errors.filter((e) => /chunk|dynamically imported module/i.test(e))).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("reloads once when a screen's code is gone from the server and the device, then shows the error rather than reloading again", async () => {
    const context = await browser.newContext({ serviceWorkers: 'block' });
    const page = await context.newPage();
    try {
      await page.goto(server.url);
      await fillSignIn(page, 'user@demo.test');
      await shellReady(page, 'Uma User');
      for (const chunk of chunksOf('messages-page')) removeFromServer(chunk);
      let loads = 0;
      page.on('load', () => {
        loads += 1;
      });
      await page
        .getByRole('navigation', { name: 'Main menu' })
        .getByRole('link', { name: /Messages/ })
        .first()
        .click();
      await page.getByRole('alert').filter({ hasText: 'This screen could not be loaded' }).waitFor({ timeout: 30_000 });
      expect(loads).toBe(1);
    } finally {
      await context.close();
    }
  });
});
