import { describe, expect, it } from 'vitest';
import { demoAccounts, demoPassword } from '../server/seed/demo.ts';
import { e2eEnvironment } from './support/server.ts';
import { shellReady, signIn } from './support/session.ts';

const env = e2eEnvironment();

describe('signing in through the login page in Chromium', () => {
  it.each(demoAccounts.map((a) => [a.email, a.name]))('signs %s in and loads their user with the access token', async (email, name) => {
    const { context, page, meCalls } = await signIn(env.browser, env.server.url, email, demoPassword);
    try {
      await shellReady(page, name);
      expect(meCalls.length).toBeGreaterThan(0);
      expect(meCalls[0]).toMatch(/^Bearer [\w-]+\.[\w-]+\.[\w-]+$/);
    } finally {
      await context.close();
    }
  });

  it('shows "Incorrect email or password." for a wrong password and stays on the login page', async () => {
    const { context, page } = await signIn(env.browser, env.server.url, 'user@demo.test', 'not-the-password');
    try {
      await expect.poll(() => page.getByRole('alert').textContent()).toBe('Incorrect email or password.');
      expect(page.url()).toContain('/identity/interaction/');
      expect(await page.getByLabel('Email').inputValue()).toBe('user@demo.test');
    } finally {
      await context.close();
    }
  });
});

describe('signing out', () => {
  it('ends the provider session: opening the app again asks for the password', async () => {
    const { context, page } = await signIn(env.browser, env.server.url, 'admin@demo.test', demoPassword);
    try {
      await shellReady(page, 'Alex Admin');
      await page.getByRole('button', { name: 'Account: Alex Admin' }).click();
      await page.getByRole('menuitem', { name: 'Sign out' }).click();
      await page.waitForURL(/\/identity\/interaction\//, { timeout: 20_000 });
      await expect.poll(() => page.getByLabel('Password').isVisible()).toBe(true);
      const databases = await page.evaluate(async () => (await indexedDB.databases()).map((d) => d.name));
      expect(databases.filter((n) => /^alltrac-.*store-\d+$/.test(n ?? ''))).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('starting the app', () => {
  it('fails with the spec message when a startup setting is missing', async () => {
    const context = await env.browser.newContext({ serviceWorkers: 'block' });
    const page = await context.newPage();
    try {
      await page.route('**/app-settings.json', async (route) => {
        const settings = await (await route.fetch()).json();
        delete settings.mapsKey;
        settings.baseUrl = '';
        await route.fulfill({ json: settings });
      });
      await page.goto(env.server.url);
      await expect.poll(() => page.getByRole('alert').textContent()).toContain('Missing required environment settings: mapsKey, baseUrl');
    } finally {
      await context.close();
    }
  });
});
