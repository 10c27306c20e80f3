import fs from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAccounts, demoPassword } from '../server/seed/demo.ts';
import type { RunningServer } from '../server/start.ts';
import type { Config } from '../server/config.ts';
import { localConfig, startLocalServer } from '../tests/support/running-server.ts';
import { assertBuilt, launchBrowser } from './support/browser.ts';

let config: Config;
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  assertBuilt();
  config = await localConfig();
  server = await startLocalServer(config);
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  fs.rmSync(config.dataDir, { recursive: true, force: true });
});

async function signIn(email: string, password: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const meRequests: { authorization?: string }[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/alltrac/users/me')) meRequests.push({ authorization: request.headers().authorization });
  });
  await page.goto(server.url);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/identity\/interaction\//);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  return { context, page, meRequests };
}

describe('signing in through the login page in Chromium', () => {
  it.each(demoAccounts.map((a) => [a.email, a.name]))('signs %s in and loads their user with the access token', async (email, name) => {
    const { context, page, meRequests } = await signIn(email, demoPassword);
    try {
      await expect.poll(() => page.getByTestId('signed-in-user').textContent(), { timeout: 15_000 }).toBe(`Signed in as ${name} (${email})`);
      expect(meRequests.length).toBeGreaterThan(0);
      expect(meRequests[0]!.authorization).toMatch(/^Bearer [\w-]+\.[\w-]+\.[\w-]+$/);
    } finally {
      await context.close();
    }
  });

  it('shows "Incorrect email or password." for a wrong password and stays on the login page', async () => {
    const { context, page } = await signIn('user@demo.test', 'not-the-password');
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
  it('ends the provider session: signing in again asks for the password', async () => {
    const { context, page } = await signIn('admin@demo.test', demoPassword);
    try {
      await page.getByTestId('signed-in-user').waitFor();
      await page.getByRole('button', { name: 'Sign out' }).click();
      await page.waitForURL(`${server.url}/`);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.waitForURL(/\/identity\/interaction\//);
      await expect.poll(() => page.getByLabel('Password').isVisible()).toBe(true);
    } finally {
      await context.close();
    }
  });
});

describe('starting the app', () => {
  it('fails with the spec message when a startup setting is missing', async () => {
    const context = await browser.newContext({ serviceWorkers: 'block' });
    const page = await context.newPage();
    try {
      await page.route('**/app-settings.json', async (route) => {
        const settings = await (await route.fetch()).json();
        delete settings.mapsKey;
        settings.baseUrl = '';
        await route.fulfill({ json: settings });
      });
      await page.goto(server.url);
      await expect.poll(() => page.getByRole('alert').textContent()).toContain('Missing required environment settings: mapsKey, baseUrl');
    } finally {
      await context.close();
    }
  });
});
