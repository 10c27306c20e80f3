import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { firstSyncDone } from './support/idb.ts';
import { e2eEnvironment } from './support/server.ts';
import { shellReady, signIn } from './support/session.ts';

const env = e2eEnvironment();
const db = () => env.server.database.db;

async function syncedAt(page: Page, email: string, name: string, path: string) {
  await shellReady(page, name);
  const userId = (await db().selectFrom('users').select('userId').where('email', '=', email).executeTakeFirstOrThrow()).userId;
  const store = (await db().selectFrom('storeLocations').select('id').where('storeNumber', '=', 101).executeTakeFirstOrThrow()).id;
  await firstSyncDone(page, userId, store);
  await page.evaluate(async () => { await navigator.serviceWorker.ready; });
  await page.goto(`${env.server.url}${path}`);
  return store;
}

describe('the service catalogue in settings', () => {
  it('an admin changes a duration offline: 20 minutes is refused with the steps to use, 60 reaches the server once back online', async () => {
    const { context, page } = await signIn(env.browser, env.server.url, 'admin@demo.test');
    try {
      const store = await syncedAt(page, 'admin@demo.test', 'Alex Admin', '/settings/services');
      const service = await db().selectFrom('storeServices').select(['storeServiceId', 'name', 'durationInMinutes'])
        .where('storeId', '=', store).where('deleted', '=', false).where('durationInMinutes', '!=', 60).orderBy('name').executeTakeFirstOrThrow();
      await page.getByRole('heading', { name: 'Services' }).waitFor();
      await context.setOffline(true);

      await page.getByRole('button', { name: `Edit ${service.name}` }).click();
      const dialog = page.getByRole('dialog', { name: `Edit ${service.name}` });
      const duration = dialog.getByRole('textbox', { name: 'Duration (minutes)' });
      await duration.fill('20');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await dialog.getByText('Use steps of 15 minutes: 15 or 30').waitFor();
      expect(await duration.evaluate((el) => el === document.activeElement)).toBe(true);

      await duration.fill('60');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await dialog.waitFor({ state: 'detached' });
      const row = page.getByRole('row').filter({ has: page.getByRole('button', { name: `Edit ${service.name}` }) });
      await row.getByText('1 h', { exact: true }).waitFor();
      await row.getByText('Waiting to send').waitFor();
      expect((await db().selectFrom('storeServices').select('durationInMinutes').where('storeServiceId', '=', service.storeServiceId).executeTakeFirstOrThrow()).durationInMinutes)
        .toBe(service.durationInMinutes);

      await context.setOffline(false);
      await expect.poll(async () => (await db().selectFrom('storeServices').select('durationInMinutes').where('storeServiceId', '=', service.storeServiceId).executeTakeFirstOrThrow()).durationInMinutes,
        { timeout: 30_000 }).toBe(60);
      await row.getByText('Waiting to send').waitFor({ state: 'detached', timeout: 30_000 });
    } finally {
      await context.close();
    }
  });

  it('a new service added by an admin appears on another signed-in device of the store without a reload', async () => {
    const admin = await signIn(env.browser, env.server.url, 'admin@demo.test');
    const counter = await signIn(env.browser, env.server.url, 'platform@demo.test');
    try {
      await syncedAt(admin.page, 'admin@demo.test', 'Alex Admin', '/settings/services');
      await syncedAt(counter.page, 'platform@demo.test', 'Pat Platform', '/settings/services');
      await counter.page.getByRole('heading', { name: 'Services' }).waitFor();

      await admin.page.getByRole('button', { name: 'Add service' }).click();
      const dialog = admin.page.getByRole('dialog', { name: 'Add service' });
      await dialog.getByRole('textbox', { name: 'Name' }).fill('Winter tire swap');
      await dialog.getByRole('textbox', { name: 'Duration (minutes)' }).fill('45');
      await dialog.getByRole('textbox', { name: 'Price' }).fill('59.99');
      await dialog.getByRole('button', { name: 'Add service' }).click();
      await dialog.waitFor({ state: 'detached' });

      await counter.page.getByRole('button', { name: 'Edit Winter tire swap' }).waitFor({ timeout: 30_000 });
      const stored = await db().selectFrom('storeServices').select(['durationInMinutes', 'priceInCents']).where('name', '=', 'Winter tire swap').execute();
      expect(stored).toEqual([{ durationInMinutes: 45, priceInCents: 5999 }]);
    } finally {
      await admin.context.close();
      await counter.context.close();
    }
  });
});
