import { describe, expect, it } from 'vitest';
import { apiPaths } from '../src/contract/routes.ts';
import { apiCall } from '../tests/support/api.ts';
import { mintAccessToken } from '../tests/support/tokens.ts';
import { firstSyncDone, readStore } from './support/idb.ts';
import { e2eEnvironment } from './support/server.ts';
import { shellReady, signIn } from './support/session.ts';

const env = e2eEnvironment();
const db = () => env.server.database.db;

describe('Retail Management', () => {
  it('an admin adds an add-on and prices a warranty, changes the add-on offline, and the server holds each value once; a user is refused the screen', async () => {
    const { context, page } = await signIn(env.browser, env.server.url, 'admin@demo.test');
    try {
      await shellReady(page, 'Alex Admin');
      const userId = (await db().selectFrom('users').select('userId').where('email', '=', 'admin@demo.test').executeTakeFirstOrThrow()).userId;
      const store = (await db().selectFrom('storeLocations').select('id').where('storeNumber', '=', 101).executeTakeFirstOrThrow()).id;
      await firstSyncDone(page, userId, store);
      await page.evaluate(async () => { await navigator.serviceWorker.ready; });
      await page.goto(`${env.server.url}/retail-management`);
      await page.getByRole('heading', { name: 'Retail Management' }).waitFor();

      const token = await mintAccessToken(db(), 'admin@demo.test', env.server.publicUrl);
      const list = async <T>(path: string): Promise<T[]> => {
        const answer = await apiCall(env.server.app, { method: 'GET', path, token, store });
        expect(answer.statusCode, answer.body).toBe(200);
        return (answer.json() as { items: T[] }).items;
      };
      const nitrogen = async () => (await list<{ name: string; category: string; priceInCents: number; chargedPer: string }>(apiPaths.tirePurchaseAddOns))
        .filter((a) => a.name === 'Nitrogen fill');
      const promisePlus = async () => (await list<{ type: string; priceInCents: number | null }>(apiPaths.storeTireWarranties)).find((w) => w.type === 'PromisePlus')?.priceInCents;

      await page.getByRole('button', { name: 'Add add-on' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add add-on' });
      await dialog.getByRole('textbox', { name: 'Category' }).or(dialog.getByRole('combobox', { name: 'Category' })).click();
      await page.getByRole('option', { name: 'Miscellaneous Item' }).click();
      await dialog.getByRole('textbox', { name: 'Name' }).fill('Nitrogen fill');
      await dialog.getByRole('textbox', { name: 'Price' }).fill('-1');
      await dialog.getByRole('button', { name: 'Add add-on' }).click();
      await dialog.getByText('Enter a price of 0 or more').waitFor();
      await dialog.getByRole('textbox', { name: 'Price' }).fill('5');
      await dialog.getByRole('radio', { name: 'Per tire' }).check();
      await dialog.getByRole('button', { name: 'Add add-on' }).click();
      await dialog.waitFor({ state: 'detached' });
      const row = page.getByRole('row').filter({ has: page.getByRole('button', { name: 'Edit Nitrogen fill' }) });
      await row.getByText('$5.00 per tire').waitFor();

      const options = page.getByRole('region', { name: 'Tire services and warranties' });
      await options.getByRole('textbox', { name: 'Promise Plus price per tire', exact: true }).fill('24.99');
      await options.getByRole('button', { name: 'Save', exact: true }).click();
      await expect.poll(promisePlus, { timeout: 30_000 }).toBe(2499);
      await expect.poll(async () => (await nitrogen()).length, { timeout: 30_000 }).toBe(1);

      await context.setOffline(true);
      await row.getByRole('button', { name: 'Edit Nitrogen fill' }).click();
      const edit = page.getByRole('dialog', { name: 'Edit Nitrogen fill' });
      await edit.getByRole('textbox', { name: 'Price' }).fill('6.50');
      await edit.getByRole('button', { name: 'Save' }).click();
      await edit.waitFor({ state: 'detached' });
      await row.getByText('$6.50 per tire').waitFor();
      await row.getByText('Waiting to send').waitFor();
      expect((await nitrogen())[0]!.priceInCents).toBe(500);

      await context.setOffline(false);
      await expect.poll(async () => (await nitrogen())[0]!.priceInCents, { timeout: 30_000 }).toBe(650);
      await row.getByText('Waiting to send').waitFor({ state: 'detached', timeout: 30_000 });
      expect(await nitrogen()).toEqual([expect.objectContaining({ category: 'MiscellaneousItem', priceInCents: 650, chargedPer: 'PerTire' })]);
      expect(await promisePlus()).toBe(2499);
      expect(await readStore(page, `alltrac-${userId}-store-${store}`, 'outbox')).toEqual([]);
    } finally {
      await context.close();
    }

    const user = await signIn(env.browser, env.server.url, 'user@demo.test');
    try {
      await shellReady(user.page, 'Uma User');
      await user.page.goto(`${env.server.url}/retail-management`);
      await user.page.waitForURL(`${env.server.url}/forbidden`);
      await user.page.getByRole('heading', { name: 'No access' }).waitFor();
    } finally {
      await user.context.close();
    }
  }, 60_000);
});
