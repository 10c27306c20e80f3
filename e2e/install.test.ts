import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { apiPaths } from '../src/contract/routes.ts';
import { apiCall } from '../tests/support/api.ts';
import { mintAccessToken } from '../tests/support/tokens.ts';
import { e2eEnvironment } from './support/server.ts';
import { fillSignIn, shellReady } from './support/session.ts';

const env = e2eEnvironment();
const db = () => env.server.database.db;

const androidChrome = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const phone: BrowserContextOptions = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, userAgent: androidChrome };
const desktop: BrowserContextOptions = { viewport: { width: 1440, height: 900 }, hasTouch: false, isMobile: false };

/** A fresh device (its own profile) on which Uma signs in, with the shell up. */
async function umaOn(browser: Browser, device: BrowserContextOptions): Promise<{ close: () => Promise<void>; page: Page }> {
  const context = await browser.newContext(device);
  const page = await context.newPage();
  await page.goto(env.server.url);
  await fillSignIn(page, 'user@demo.test');
  await shellReady(page, 'Uma User');
  return { close: () => context.close(), page };
}

/**
 * Chromium's `beforeinstallprompt`, as a browser fires it once the app can be installed: its prompt() is counted
 * on `window.installPrompts`, and the user answers `outcome`. Answers whether the app kept it (preventDefault).
 */
function offerInstall(page: Page, outcome: 'accepted' | 'dismissed'): Promise<boolean> {
  return page.evaluate((outcome) => {
    const counted = window as unknown as { installPrompts: number };
    counted.installPrompts = 0;
    const event = new Event('beforeinstallprompt', { cancelable: true });
    Object.assign(event, {
      prompt: async () => {
        counted.installPrompts += 1;
      },
      userChoice: Promise.resolve({ outcome, platform: 'web' }),
    });
    window.dispatchEvent(event);
    return event.defaultPrevented;
  }, outcome);
}

const sheet = (page: Page) => page.getByRole('dialog', { name: 'Install AllTrac Staff' });

/**
 * The sheet is not there once React has had its turn: the kept prompt re-renders the shell in the next task
 * (useSyncExternalStore), and the drawer is in the page from its first frame when it opens.
 */
async function staysHidden(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    const task = () =>
      new Promise((resolve) => {
        const channel = new MessageChannel();
        channel.port1.onmessage = resolve;
        channel.port2.postMessage(null);
      });
    await frame();
    await task();
    await frame();
  });
  expect(await sheet(page).count()).toBe(0);
}

async function serverSettings(): Promise<{ allTracHideInstallPrompt: string | null }> {
  const token = await mintAccessToken(db(), 'user@demo.test', env.server.publicUrl);
  const answer = await apiCall(env.server.app, { method: 'GET', path: apiPaths.userSettings, token });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json();
}

beforeEach(async () => {
  // Each test starts with a user who never said Not Now.
  const { userId } = await db().selectFrom('users').select('userId').where('email', '=', 'user@demo.test').executeTakeFirstOrThrow();
  await db().updateTable('userSettings').set({ allTracHideInstallPrompt: null }).where('userId', '=', userId).execute();
});

describe('install sheet', () => {
  it('offers the app on a phone once the browser can install it, and Open App shows the install prompt once and closes the sheet when accepted', async () => {
    const { page, close } = await umaOn(env.browser, phone);
    try {
      await staysHidden(page);
      expect(await offerInstall(page, 'accepted')).toBe(true);
      await sheet(page).waitFor();
      await expect.poll(() => sheet(page).getByRole('button', { name: 'Not Now' }).isVisible()).toBe(true);
      expect(await sheet(page).getByRole('button', { name: 'Close' }).isVisible()).toBe(true);
      await sheet(page).getByRole('button', { name: 'Open App' }).click();
      await sheet(page).waitFor({ state: 'detached' });
      expect(await page.evaluate(() => (window as unknown as { installPrompts: number }).installPrompts)).toBe(1);
      // Installing is not hiding: nothing was saved in the user's settings.
      expect((await serverSettings()).allTracHideInstallPrompt).toBeNull();
    } finally {
      await close();
    }
  });

  it("stays hidden after Not Now, after a reload and on the user's other phone, the choice saved in the user's settings on the server", async () => {
    const before = Date.now();
    const first = await umaOn(env.browser, phone);
    try {
      await offerInstall(first.page, 'accepted');
      await sheet(first.page).getByRole('button', { name: 'Not Now' }).click();
      await sheet(first.page).waitFor({ state: 'detached' });
      await expect.poll(async () => (await serverSettings()).allTracHideInstallPrompt, { timeout: 20_000 }).not.toBeNull();
      const hiddenAt = Date.parse((await serverSettings()).allTracHideInstallPrompt!);
      expect(hiddenAt).toBeGreaterThanOrEqual(before - 1_000);
      expect(hiddenAt).toBeLessThanOrEqual(Date.now() + 1_000);

      await first.page.reload();
      await shellReady(first.page, 'Uma User');
      expect(await offerInstall(first.page, 'accepted')).toBe(true);
      await staysHidden(first.page);
    } finally {
      await first.close();
    }
    const other = await umaOn(env.browser, phone);
    try {
      expect(await offerInstall(other.page, 'accepted')).toBe(true);
      await staysHidden(other.page);
    } finally {
      await other.close();
    }
  });

  it('never shows on a desktop, even when the browser can install the app', async () => {
    const { page, close } = await umaOn(env.browser, desktop);
    try {
      // Kept all the same (the browser's own install bar stays away), but not offered.
      expect(await offerInstall(page, 'accepted')).toBe(true);
      await staysHidden(page);
    } finally {
      await close();
    }
  });
});
