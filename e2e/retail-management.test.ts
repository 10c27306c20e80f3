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
      await page.evaluate(async () => {
        await navigator.serviceWorker.ready;
      });
      await page.goto(`${env.server.url}/retail-management`);
      await page.getByRole('heading', { name: 'Retail Management' }).waitFor();

      const token = await mintAccessToken(db(), 'admin@demo.test', env.server.publicUrl);
      const list = async <T>(path: string): Promise<T[]> => {
        const answer = await apiCall(env.server.app, { method: 'GET', path, token, store });
        expect(answer.statusCode, answer.body).toBe(200);
        return (answer.json() as { items: T[] }).items;
      };
      const nitrogen = async () =>
        (await list<{ name: string; category: string; priceInCents: number; chargedPer: string }>(apiPaths.tirePurchaseAddOns)).filter(
          (a) => a.name === 'Nitrogen fill',
        );
      const promisePlus = async () =>
        (await list<{ type: string; priceInCents: number | null }>(apiPaths.storeTireWarranties)).find((w) => w.type === 'PromisePlus')?.priceInCents;

      await page.getByRole('button', { name: 'Add add-on' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add add-on' });
      await dialog
        .getByRole('textbox', { name: 'Category' })
        .or(dialog.getByRole('combobox', { name: 'Category' }))
        .click();
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

      // The quote terms: a percent of up to 4 decimals, stored as exact millionths.
      const storeCard = page.getByRole('region', { name: 'Store', exact: true });
      await storeCard.getByRole('textbox', { name: 'Sales tax' }).fill('8.875');
      await storeCard.getByRole('textbox', { name: 'Quotes good for' }).fill('14');
      await storeCard.getByRole('button', { name: 'Save', exact: true }).click();
      const terms = async () => {
        const answer = await apiCall(env.server.app, { method: 'GET', path: apiPaths.retailStoreSettings, token, store });
        const { salesTaxRateInMillionths, quoteValidForDays } = answer.json() as { salesTaxRateInMillionths: number; quoteValidForDays: number };
        return { salesTaxRateInMillionths, quoteValidForDays };
      };
      await expect.poll(terms, { timeout: 30_000 }).toEqual({ salesTaxRateInMillionths: 88_750, quoteValidForDays: 14 });
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

  it("an admin adds an install package and changes a fee's rate from a date, offline, and the server holds each once", async () => {
    const { context, page } = await signIn(env.browser, env.server.url, 'admin@demo.test');
    page.on('dialog', (question) => void question.accept());
    try {
      await shellReady(page, 'Alex Admin');
      const userId = (await db().selectFrom('users').select('userId').where('email', '=', 'admin@demo.test').executeTakeFirstOrThrow()).userId;
      const store = (await db().selectFrom('storeLocations').select('id').where('storeNumber', '=', 101).executeTakeFirstOrThrow()).id;
      await firstSyncDone(page, userId, store);
      await page.evaluate(async () => {
        await navigator.serviceWorker.ready;
      });
      await page.goto(`${env.server.url}/retail-management`);
      const packages = page.getByRole('region', { name: 'Install packages' });
      const fees = page.getByRole('region', { name: 'State tire fees' });
      await packages.getByRole('button', { name: 'Edit Winter package' }).waitFor();

      const winter = () =>
        db()
          .selectFrom('tireInstallPackages')
          .select(['pricingType', 'priceInCents', 'addOnIds'])
          .where('storeId', '=', store)
          .where('type', '=', 'Winter')
          .where('deleted', '=', false)
          .execute();
      const stateFee = () =>
        db()
          .selectFrom('tireFees')
          .select(['amountInCents', 'effectiveFrom', 'effectiveThrough'])
          .where('storeId', '=', store)
          .where('name', '=', 'State tire fee')
          .where('deleted', '=', false)
          .orderBy('effectiveFrom')
          .execute();
      const addOnId = async (category: string) =>
        (
          await db()
            .selectFrom('tirePurchaseAddOns')
            .select('tirePurchaseAddOnId')
            .where('storeId', '=', store)
            .where('category', '=', category as never)
            .where('deleted', '=', false)
            .executeTakeFirstOrThrow()
        ).tirePurchaseAddOnId;

      // The demo's Winter package goes (online), so a new one can be added: a store has one package a kind of tire.
      await packages.getByRole('button', { name: 'Edit Winter package' }).click();
      const old = page.getByRole('dialog', { name: 'Edit Winter package' });
      await old.getByRole('button', { name: 'Delete package' }).click();
      await old.getByRole('button', { name: 'Delete package' }).click();
      await old.waitFor({ state: 'detached' });
      await expect.poll(async () => (await winter()).length, { timeout: 30_000 }).toBe(0);

      await context.setOffline(true);
      await packages.getByRole('button', { name: 'Add package' }).click();
      const add = page.getByRole('dialog', { name: 'Add package' });
      await add.getByRole('radio', { name: 'One price per tire' }).check();
      await add.getByRole('button', { name: 'Add package' }).click();
      await add.getByText('Give the package a price per tire, or itemize it').waitFor();
      await add.getByRole('textbox', { name: 'Price per tire' }).fill('34.99');
      await add.getByRole('checkbox', { name: 'Mounting' }).check();
      await add.getByRole('checkbox', { name: 'Balancing' }).check();
      await add.getByRole('button', { name: 'Add package' }).click();
      await add.waitFor({ state: 'detached' });
      const row = packages.getByRole('row').filter({ has: page.getByRole('button', { name: 'Edit Winter package' }) });
      await row.getByText('$34.99 per tire').waitFor();
      await row.getByText('Waiting to send').waitFor();

      await fees.getByRole('button', { name: 'Change the rate from a date: State tire fee' }).click();
      const rate = page.getByRole('dialog', { name: 'Change the State tire fee rate' });
      await rate.getByRole('textbox', { name: 'New amount per tire' }).fill('2.25');
      await rate.getByRole('textbox', { name: 'From' }).fill('2028-01-01');
      await rate.getByRole('heading').click();
      await rate.getByText('$2.00 a tire from Jan 1, 2027 through Dec 31, 2027, then $2.25 from Jan 1, 2028.').waitFor();
      await rate.getByRole('button', { name: 'Change the rate' }).click();
      await rate.waitFor({ state: 'detached' });
      const ended = fees
        .getByRole('row')
        .filter({ has: page.getByRole('button', { name: 'Edit the State tire fee amount from Jan 1, 2027 through Dec 31, 2027' }) });
      const added = fees.getByRole('row').filter({ has: page.getByRole('button', { name: 'Edit the State tire fee amount from Jan 1, 2028' }) });
      await ended.getByText('Waiting to send').waitFor();
      await added.getByText('$2.25').waitFor();
      await added.getByText('Waiting to send').waitFor();
      expect(await winter()).toEqual([]);
      expect(await stateFee()).toHaveLength(2);

      await context.setOffline(false);
      await expect.poll(async () => (await stateFee()).length, { timeout: 30_000 }).toBe(3);
      await added.getByText('Waiting to send').waitFor({ state: 'detached', timeout: 30_000 });
      await row.getByText('Waiting to send').waitFor({ state: 'detached', timeout: 30_000 });
      expect(await winter()).toEqual([
        { pricingType: 'TotalPricing', priceInCents: 3499, addOnIds: expect.arrayContaining([await addOnId('Mounting'), await addOnId('Balancing')]) },
      ]);
      expect((await winter())[0]!.addOnIds).toHaveLength(2);
      expect(await stateFee()).toEqual([
        { amountInCents: 175, effectiveFrom: '2024-01-01', effectiveThrough: '2026-12-31' },
        { amountInCents: 200, effectiveFrom: '2027-01-01', effectiveThrough: '2027-12-31' },
        { amountInCents: 225, effectiveFrom: '2028-01-01', effectiveThrough: null },
      ]);
      await expect.poll(() => readStore(page, `alltrac-${userId}-store-${store}`, 'outbox'), { timeout: 30_000 }).toEqual([]);
    } finally {
      await context.close();
    }
  }, 90_000);
});
