import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { firstSyncDone } from './support/idb.ts';
import { e2eEnvironment } from './support/server.ts';
import { fillSignIn, liveConnection, shellReady, signIn, watchStatus } from './support/session.ts';

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
  await page
    .getByRole('table', { name: 'System notices' })
    .getByRole('row', { name: new RegExp(words) })
    .getByText('Showing')
    .waitFor();
}

describe('the administrator dashboard', () => {
  it('reach an open device at once: a High one sends its user to the maintenance page and its end lets them back; a dismissed Low one stays dismissed', async () => {
    const admin = await signIn(env.browser, env.server.url, 'platform@demo.test', 'demo1234', { viewport: { width: 1440, height: 900 } });
    const user = await signIn(env.browser, env.server.url, 'user@demo.test', 'demo1234', { viewport: { width: 390, height: 844 } });
    try {
      await shellReady(admin.page, 'Pat Platform');
      await admin.page.goto(`${env.server.url}/administrator-dashboard`);
      await admin.page.getByRole('tab', { name: 'System notices' }).click();
      await shellReady(user.page, 'Uma User');
      // The user's device is connected to the hub before the notice is made: it is told, not polled.
      await watchStatus(user.page);
      await expect.poll(() => liveConnection(user.page), { timeout: 30_000 }).toBe('connected');

      await newNotice(admin.page, 'Database upgrade in progress', 'High');
      await user.page.waitForURL(`${env.server.url}/system-maintenance`, { timeout: 15_000 });
      await user.page.getByText('Database upgrade in progress').waitFor();
      const high = admin.page.getByRole('table', { name: 'System notices' }).getByRole('row', { name: /Database upgrade in progress/ });
      await high.getByRole('button', { name: /^End now/ }).click();
      await high.getByText('Ended').waitFor();
      // Released by the end itself: nobody presses Try again.
      await user.page.waitForURL(`${env.server.url}/`, { timeout: 15_000 });
      await shellReady(user.page, 'Uma User');

      await newNotice(admin.page, 'Texting runs slow this afternoon', 'Low');
      const low = user.page.getByRole('status').filter({ hasText: 'Texting runs slow this afternoon' });
      await low.waitFor({ timeout: 15_000 });
      await low.getByRole('button', { name: 'Dismiss' }).click();
      await low.waitFor({ state: 'detached' });
      await newNotice(admin.page, 'New: ratings by store', 'Low');
      await user.page.getByRole('status').filter({ hasText: 'New: ratings by store' }).waitFor({ timeout: 15_000 });
      await user.page.reload();
      await shellReady(user.page, 'Uma User');
      // Once the notices are read again after the reload, the dismissed one is still not there.
      await user.page.getByRole('status').filter({ hasText: 'New: ratings by store' }).waitFor({ timeout: 15_000 });
      expect(await low.count()).toBe(0);
    } finally {
      await user.context.close();
      await admin.context.close();
    }
  });

  it("lists the notices on a phone without scrolling sideways, another application's said to be its own, with End now on screen", async () => {
    const admin = await signIn(env.browser, env.server.url, 'platform@demo.test', 'demo1234', { viewport: { width: 390, height: 844 } });
    try {
      await shellReady(admin.page, 'Pat Platform');
      await admin.page.goto(`${env.server.url}/administrator-dashboard`);
      await admin.page.getByRole('tab', { name: 'System notices' }).click();
      await admin.page.getByRole('button', { name: 'New notice' }).click();
      const dialog = admin.page.getByRole('dialog', { name: 'New system notice' });
      const words = 'Scheduled maintenance of the texting provider between ten and eleven tonight, texts queue meanwhile';
      await dialog.getByRole('textbox', { name: 'What it says' }).fill(words);
      await dialog.getByRole('button', { name: 'Create notice' }).click();
      await dialog.waitFor({ state: 'detached' });
      const list = admin.page.getByRole('list', { name: 'System notices' });
      const card = list.getByRole('listitem', { name: new RegExp(words.slice(0, 30)) });
      await card.getByText('Showing').waitFor();
      expect(await admin.page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
      const endNow = card.getByRole('button', { name: /^End now/ });
      const box = (await endNow.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(390);
      await admin.page.screenshot({ path: 'screenshots/admin-notices-390.png', fullPage: true });
      // The demo's High notice of another product is listed only when asked for, and says whose it is.
      expect(await list.getByText('Another product of the platform').count()).toBe(0);
      await admin.page.getByRole('switch', { name: /Show other applications' notices \(1\)/ }).check();
      await list
        .getByRole('listitem', { name: /Another product of the platform/ })
        .getByText('OtherProduct only')
        .waitFor();
      await endNow.click();
      await card.getByText('Ended').waitFor();
    } finally {
      await admin.context.close();
    }
  });

  it('opens a store only with every required field and a time zone, naming each one missing, says which store has a number taken, and closes it', async () => {
    const { context, page } = await signIn(env.browser, env.server.url, 'platform@demo.test', 'demo1234', { viewport: { width: 1440, height: 900 } });
    try {
      await shellReady(page, 'Pat Platform');
      await page.goto(`${env.server.url}/administrator-dashboard`);
      await page.getByRole('button', { name: 'New store' }).click();
      const dialog = page.getByRole('dialog', { name: 'Open a new store' });
      await dialog.getByRole('textbox', { name: 'Name' }).fill('Demo Tire & Auto Riverside');
      await dialog.getByRole('button', { name: 'Open the store' }).click();
      for (const message of [
        'Choose the company',
        'Enter the store number',
        "Choose the store's time zone",
        'Enter the latitude',
        'Enter the longitude',
        'Enter the Google Place ID',
      ])
        await dialog.getByText(message).waitFor();
      await dialog
        .getByRole('textbox', { name: 'Company' })
        .or(dialog.getByRole('combobox', { name: 'Company' }))
        .click();
      await page.getByRole('option', { name: /^Demo Tire & Auto \(1001\)/ }).click();
      await dialog.getByRole('textbox', { name: 'Store number' }).fill('101');
      const zone = dialog.getByRole('textbox', { name: 'Time zone' }).or(dialog.getByRole('combobox', { name: 'Time zone' }));
      await zone.fill('Central Standard Time');
      await page.getByRole('option', { name: /^Central Standard Time \(America\/Chicago\)/ }).click();
      await dialog.getByRole('textbox', { name: 'Latitude' }).fill('39.78');
      await dialog.getByRole('textbox', { name: 'Longitude' }).fill('-89.65');
      await dialog.getByRole('textbox', { name: 'Google Place ID' }).fill('ChIJdemoRiverside177');
      await dialog.getByRole('button', { name: 'Open the store' }).click();
      // The server's own words, beside the number: which store has it.
      await dialog.getByText('Store number 101 is already used by Demo Tire & Auto Springfield: choose another number').waitFor();
      await dialog.getByRole('textbox', { name: 'Store number' }).fill('177');
      await dialog.getByRole('button', { name: 'Open the store' }).click();
      await dialog.waitFor({ state: 'detached' });
      const row = page.getByRole('row', { name: /#177 Demo Tire & Auto Riverside/ });
      await row.waitFor();
      await row.getByRole('button', { name: 'Close store #177' }).click();
      await page
        .getByRole('dialog', { name: /Close store #177/ })
        .getByRole('button', { name: 'Close the store' })
        .click();
      await row.waitFor({ state: 'detached' });
    } finally {
      await context.close();
    }
  });

  it("is the platform's admins' alone: a store's Admin is shown the forbidden page, in words for an Admin", async () => {
    const { context, page } = await signIn(env.browser, env.server.url, 'admin@demo.test');
    try {
      await shellReady(page, 'Alex Admin');
      await page.goto(`${env.server.url}/administrator-dashboard`);
      await page.waitForURL(`${env.server.url}/forbidden`);
      await page.getByRole('heading', { name: 'No access' }).waitFor();
      expect(await page.getByRole('button', { name: 'New notice' }).count()).toBe(0);
      await page.getByText("This page is for AllTrac's platform administrators only.", { exact: false }).waitFor();
      // A page of the store's technicians: an Admin is sent to where roles are given, not to "ask your store's Admin".
      await page.goto(`${env.server.url}/technicians`);
      await page.waitForURL(`${env.server.url}/forbidden`);
      await page
        .getByText("It is for the Lead Technician role. As this store's Admin, you give people their roles in Settings, under Users.", { exact: false })
        .waitFor();
      expect(await page.getByText("ask your store's Admin", { exact: false }).count()).toBe(0);
      await page.getByRole('link', { name: 'Open Users settings' }).click();
      await page.waitForURL(`${env.server.url}/settings/users`);
    } finally {
      await context.close();
    }
  });

  it('edits a store with its changed fields only: a texting number another store has is refused beside the field, a free one shows in the list', async () => {
    const { context, page } = await signIn(env.browser, env.server.url, 'platform@demo.test', 'demo1234', { viewport: { width: 1440, height: 900 } });
    try {
      await shellReady(page, 'Pat Platform');
      await page.goto(`${env.server.url}/administrator-dashboard`);
      const taken = (
        await page
          .getByRole('row', { name: /#101 Demo Tire/ })
          .getByRole('cell')
          .nth(2)
          .innerText()
      ).trim();
      await page.getByRole('button', { name: 'Edit store #103' }).click();
      const dialog = page.getByRole('dialog', { name: /Edit store #103/ });
      const save = () => dialog.getByRole('button', { name: 'Save changes' }).click();
      await save();
      await dialog.getByText('Nothing changed').waitFor();

      await dialog.getByRole('textbox', { name: 'Name' }).fill('Demo Tire & Auto Lakeview East');
      await dialog.getByRole('textbox', { name: 'Texting number' }).fill(taken);
      await save();
      await dialog.getByText(/^Already the number of store #101 /).waitFor();
      await dialog.getByRole('textbox', { name: 'Texting number' }).fill('555.010.7703');
      await save();
      await dialog.waitFor({ state: 'detached' });
      const row = page.getByRole('row', { name: /#103 Demo Tire & Auto Lakeview East/ });
      await row.getByText('(555) 010-7703').waitFor();
    } finally {
      await context.close();
    }
  });

  it('disables a person: their device signs out when it is back online and keeps the change they queued, and enabling lets them back in to send it', async () => {
    const admin = await signIn(env.browser, env.server.url, 'platform@demo.test', 'demo1234', { viewport: { width: 1440, height: 900 } });
    const lead = await signIn(env.browser, env.server.url, 'lead@demo.test', 'demo1234', { viewport: { width: 390, height: 844 } });
    try {
      await shellReady(lead.page, 'Lee Lead');
      await lead.page.getByRole('button', { name: 'Sync status: Saved' }).waitFor({ timeout: 20_000 });
      await lead.context.setOffline(true);
      await lead.page.evaluate(() =>
        (window as unknown as { alltrac: { sync: { sendSupportRequest(m: object): Promise<boolean> } } }).alltrac.sync.sendSupportRequest({
          supportRequestId: crypto.randomUUID(),
          subject: 'Bay 2 lift is slow',
          message: 'It takes a minute to rise.',
          callbackPhone: '555-010-4444',
        }),
      );
      await lead.page.getByRole('button', { name: 'Sync status: Offline, 1 waiting' }).waitFor();

      await shellReady(admin.page, 'Pat Platform');
      await admin.page.goto(`${env.server.url}/administrator-dashboard`);
      await admin.page.getByRole('tab', { name: 'People' }).click();
      await admin.page.getByRole('textbox', { name: 'Search people' }).fill('lead@demo');
      await admin.page
        .getByRole('list', { name: 'People' })
        .getByRole('listitem')
        .filter({ hasText: 'lead@demo.test' })
        .getByText('#101 Lead Technician')
        .waitFor();
      await admin.page.getByRole('button', { name: 'Manage Lee Lead' }).click();
      const dialog = admin.page.getByRole('dialog', { name: 'Lee Lead' });
      await dialog.getByRole('button', { name: 'Disable…' }).click();
      await dialog.getByRole('button', { name: 'Disable account' }).click();
      await dialog.getByRole('button', { name: 'Enable account' }).waitFor();

      await lead.context.setOffline(false);
      await lead.page.getByRole('heading', { name: 'Signed out of this device' }).waitFor({ timeout: 30_000 });
      await lead.page
        .getByRole('alert')
        .filter({ hasText: 'Lee Lead was signed out' })
        .filter({ hasText: 'This account is disabled. Ask your administrator to enable it.' })
        .waitFor();
      await lead.page
        .getByText(
          /1 change made here before then was not sent\. It is kept on this device, shown to nobody else, and sent once Lee Lead signs in here again\./,
        )
        .waitFor();

      await dialog.getByRole('button', { name: 'Enable account' }).click();
      await dialog.getByRole('button', { name: 'Disable…' }).waitFor();
      await admin.page.getByRole('list', { name: 'People' }).getByText('Disabled', { exact: true }).waitFor({ state: 'detached' });
      await lead.page.getByRole('button', { name: 'Sign in' }).click();
      await fillSignIn(lead.page, 'lead@demo.test');
      await shellReady(lead.page, 'Lee Lead');
      await expect
        .poll(
          async () =>
            (await env.server.database.db.selectFrom('supportRequests').select('subject').where('subject', '=', 'Bay 2 lift is slow').execute()).length,
          { timeout: 30_000 },
        )
        .toBe(1);
    } finally {
      await lead.context.close();
      await admin.context.close();
    }
  });

  it("shows on the Health tab the device that just synced, at its store and for its person, on a phone's screen", async () => {
    const user = await signIn(env.browser, env.server.url, 'user@demo.test', 'demo1234', { viewport: { width: 390, height: 844 } });
    const admin = await signIn(env.browser, env.server.url, 'platform@demo.test', 'demo1234', { viewport: { width: 390, height: 844 } });
    try {
      await shellReady(user.page, 'Uma User');
      const uma = (await env.server.database.db.selectFrom('users').select('userId').where('email', '=', 'user@demo.test').executeTakeFirstOrThrow()).userId;
      const store = (await env.server.database.db.selectFrom('storeLocations').select('id').where('storeNumber', '=', 101).executeTakeFirstOrThrow()).id;
      await firstSyncDone(user.page, uma, store);
      await shellReady(admin.page, 'Pat Platform');
      await admin.page.goto(`${env.server.url}/administrator-dashboard`);
      await admin.page.getByRole('tab', { name: 'Health' }).click();
      await admin.page.getByRole('button', { name: 'See the devices' }).click();
      const dialog = admin.page.getByRole('dialog', { name: 'Devices' });
      await dialog.getByRole('table', { name: 'Devices' }).getByRole('row').filter({ hasText: 'Uma User' }).filter({ hasText: '#101' }).first().waitFor();
      // Readable on a phone: the lists scroll inside themselves, the page never sideways.
      expect(await admin.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    } finally {
      await admin.context.close();
      await user.context.close();
    }
  });
});
