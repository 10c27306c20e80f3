import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { e2eEnvironment } from './support/server.ts';
import { shellReady, signIn } from './support/session.ts';

const env = e2eEnvironment();

/** Makes a notice on the dashboard, as the platform's admin types it: its words and severity, now for two hours. */
async function newNotice(page: Page, words: string, severity: 'Low' | 'Medium' | 'High') {
  await page.getByRole('button', { name: 'New notice' }).click();
  const dialog = page.getByRole('dialog', { name: 'New system notice' });
  await dialog.getByRole('textbox', { name: 'What it says' }).fill(words);
  await dialog.getByRole('radiogroup', { name: 'Severity' }).getByText(severity, { exact: true }).click();
  await dialog.getByLabel('Preview').getByText(words).waitFor();
  await dialog.getByRole('button', { name: 'Create notice' }).click();
  await dialog.waitFor({ state: 'detached' });
  await page.getByRole('table', { name: 'System notices' }).getByRole('row', { name: new RegExp(words) }).getByText('Showing').waitFor();
}

describe('the administrator dashboard', () => {
  it('reach a signed-in user: a High one at their next hourly poll sends them to the maintenance page until it is ended, a Low one is shown and dismissed', async () => {
    const admin = await signIn(env.browser, env.server.url, 'platform@demo.test', 'demo1234', { viewport: { width: 1440, height: 900 } });
    const user = await signIn(env.browser, env.server.url, 'user@demo.test', 'demo1234', { viewport: { width: 390, height: 844 }, fakeTimers: true });
    try {
      await shellReady(admin.page, 'Pat Platform');
      await admin.page.goto(`${env.server.url}/administrator-dashboard`);
      await admin.page.getByRole('tab', { name: 'System notices' }).click();
      await shellReady(user.page, 'Uma User');

      await newNotice(admin.page, 'Database upgrade in progress', 'High');
      // The user's app asks again an hour on: no waiting, the test moves its clock to the next poll.
      await user.context.clock.fastForward('01:00:00');
      await user.page.getByText('Database upgrade in progress').waitFor({ timeout: 20_000 });
      expect(new URL(user.page.url()).pathname).toBe('/system-maintenance');
      // The platform's admin, polling too (a reload polls at once), sees it as an error banner and stays to end it.
      await admin.page.reload();
      await admin.page.getByRole('alert').filter({ hasText: 'Database upgrade in progress' }).waitFor({ timeout: 20_000 });
      expect(new URL(admin.page.url()).pathname).toBe('/administrator-dashboard');
      await admin.page.getByRole('tab', { name: 'System notices' }).click();
      const high = admin.page.getByRole('table', { name: 'System notices' }).getByRole('row', { name: /Database upgrade in progress/ });
      await high.getByRole('button', { name: /^End now/ }).click();
      await high.getByText('Ended').waitFor();
      await user.page.getByRole('button', { name: 'Try again' }).click();
      await user.page.waitForURL(`${env.server.url}/`);
      await shellReady(user.page, 'Uma User');

      await newNotice(admin.page, 'Texting runs slow this afternoon', 'Low');
      await user.page.reload();
      const low = user.page.getByRole('status').filter({ hasText: 'Texting runs slow this afternoon' });
      await low.waitFor({ timeout: 20_000 });
      await low.getByRole('button', { name: 'Dismiss' }).click();
      await low.waitFor({ state: 'detached' });
    } finally {
      await user.context.close();
      await admin.context.close();
    }
  });

  it('opens a store only with every required field, naming each one missing, and closes it', async () => {
    const { context, page } = await signIn(env.browser, env.server.url, 'platform@demo.test', 'demo1234', { viewport: { width: 1440, height: 900 } });
    try {
      await shellReady(page, 'Pat Platform');
      await page.goto(`${env.server.url}/administrator-dashboard`);
      await page.getByRole('button', { name: 'New store' }).click();
      const dialog = page.getByRole('dialog', { name: 'Open a new store' });
      await dialog.getByRole('textbox', { name: 'Name' }).fill('Demo Tire & Auto Riverside');
      await dialog.getByRole('button', { name: 'Open the store' }).click();
      for (const message of ['Choose the company', 'Enter the store number', 'Enter the latitude', 'Enter the longitude', 'Enter the Google Place ID']) await dialog.getByText(message).waitFor();
      await dialog.getByRole('textbox', { name: 'Company' }).or(dialog.getByRole('combobox', { name: 'Company' })).click();
      await page.getByRole('option').first().click();
      await dialog.getByRole('textbox', { name: 'Store number' }).fill('177');
      await dialog.getByRole('textbox', { name: 'Latitude' }).fill('39.78');
      await dialog.getByRole('textbox', { name: 'Longitude' }).fill('-89.65');
      await dialog.getByRole('textbox', { name: 'Google Place ID' }).fill('ChIJdemoRiverside177');
      await dialog.getByRole('button', { name: 'Open the store' }).click();
      await dialog.waitFor({ state: 'detached' });
      const row = page.getByRole('row', { name: /#177 Demo Tire & Auto Riverside/ });
      await row.waitFor();
      await row.getByRole('button', { name: 'Close store #177' }).click();
      await page.getByRole('dialog', { name: /Close store #177/ }).getByRole('button', { name: 'Close the store' }).click();
      await row.waitFor({ state: 'detached' });
    } finally {
      await context.close();
    }
  });

  it('is the platform\'s admins\' alone: a store\'s Admin is shown the forbidden page', async () => {
    const { context, page } = await signIn(env.browser, env.server.url, 'admin@demo.test');
    try {
      await shellReady(page, 'Alex Admin');
      await page.goto(`${env.server.url}/administrator-dashboard`);
      await page.waitForURL(`${env.server.url}/forbidden`);
      await page.getByRole('heading', { name: 'No access' }).waitFor();
      expect(await page.getByRole('button', { name: 'New notice' }).count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});
