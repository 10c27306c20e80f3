import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiPaths } from '../src/contract/routes.ts';
import type { TireQuoteOption } from '../src/contract/tire-pricing.ts';
import { formatCents } from '../src/domain/figures/money-format.ts';
import { apiCall } from '../tests/support/api.ts';
import { mintAccessToken } from '../tests/support/tokens.ts';
import { firstSyncDone, readStore } from './support/idb.ts';
import { e2eEnvironment } from './support/server.ts';
import { textsInSink } from './support/sms-sink.ts';
import { shellReady, signIn } from './support/session.ts';

const env = e2eEnvironment();
const db = () => env.server.database.db;

/** The public page of the quote a text links to: the totals it shows, as the customer sees them. */
async function publicTotals(page: Page, body: string, totals: string[]): Promise<void> {
  const link = /https?:\/\/\S+\/tire-quotes\/[\w-]+/.exec(body)![0];
  await page.goto(link.replace(/^https?:\/\/[^/]+/, env.server.url));
  for (const total of totals) await page.getByText(total).filter({ visible: true }).first().waitFor();
}

describe("a quote's text (issue 46 item 1)", () => {
  it('carries the totals the store honours: a saved quote texted after a price change, and a quote texted offline while a price changes, read the same in the text and on the public page', async () => {
    const store = (await db().selectFrom('storeLocations').select(['id', 'companyId']).where('storeNumber', '=', 101).executeTakeFirstOrThrow()).id;
    const customer = await db()
      .selectFrom('customers')
      .select(['customerId', 'firstName'])
      .where((eb) => eb.or([eb('storeId', '=', store), eb('storeId', 'is', null)]))
      .where('deleted', '=', false)
      .where('firstName', 'is not', null)
      .where('companyName', 'is', null)
      .orderBy('customerId', 'desc')
      .executeTakeFirstOrThrow();
    // A customer who agreed to texts, with a mobile number of their own.
    await db()
      .updateTable('customers')
      .set({ phoneNumber: '(555) 010-8383', textConsentMethod: 'InPerson', textConsentGivenOn: new Date().toISOString(), textConsentRecordedBy: 'Uma User' })
      .where('customerId', '=', customer.customerId)
      .execute();
    const addOn = (category: string) =>
      db()
        .selectFrom('tirePurchaseAddOns')
        .select(['tirePurchaseAddOnId', 'priceInCents'])
        .where('storeId', '=', store)
        .where('category', '=', category as never)
        .where('deleted', '=', false)
        .executeTakeFirstOrThrow();
    const adminToken = await mintAccessToken(db(), 'admin@demo.test', env.server.publicUrl);
    /** Retail Management's change of an add-on's price, by an admin elsewhere. */
    const raise = async (category: string, priceInCents: number) => {
      const { tirePurchaseAddOnId } = await addOn(category);
      const answer = await apiCall(env.server.app, {
        method: 'PATCH',
        path: apiPaths.tirePurchaseAddOn.replace(':tirePurchaseAddOnId', tirePurchaseAddOnId),
        token: adminToken,
        store,
        body: [{ op: 'replace', path: '/priceInCents', value: priceInCents }],
      });
      expect(answer.statusCode, answer.body).toBe(200);
      return tirePurchaseAddOnId;
    };
    const quotesOf = () => db().selectFrom('tireQuotes').selectAll().where('customerId', '=', customer.customerId).orderBy('changedAt').execute();

    const { context, page } = await signIn(env.browser, env.server.url, 'user@demo.test');
    try {
      await shellReady(page, 'Uma User');
      const userId = (await db().selectFrom('users').select('userId').where('email', '=', 'user@demo.test').executeTakeFirstOrThrow()).userId;
      await firstSyncDone(page, userId, store);
      await page.evaluate(async () => {
        await navigator.serviceWorker.ready;
      });
      const replicaPrice = async (id: string) =>
        (await readStore<{ tirePurchaseAddOnId: string; priceInCents: number }>(page, `alltrac-${userId}-store-${store}`, 'tirePurchaseAddOns')).find(
          (a) => a.tirePurchaseAddOnId === id,
        )?.priceInCents;
      const good = page.getByRole('region', { name: 'Quote option Good' });
      const newQuoteOfOneTire = async () => {
        await page.goto(`${env.server.url}/tires?customerId=${customer.customerId}`);
        await page.getByText(`Quote for ${customer.firstName}`, { exact: false }).waitFor();
        await page.getByRole('textbox', { name: 'Size, brand or line' }).fill('2256517');
        const results = page.getByRole('list', { name: 'Tires found' }).getByRole('listitem');
        await results
          .first()
          .getByRole('button', { name: /to Good$/ })
          .click();
        await good.getByTestId('option-total').waitFor();
      };

      // A customer who never agreed to texts: the counter says why the quote cannot be texted, and offers email.
      const unagreed = await db()
        .selectFrom('customers')
        .select(['customerId', 'firstName'])
        .where((eb) => eb.or([eb('storeId', '=', store), eb('storeId', 'is', null)]))
        .where('deleted', '=', false)
        .where('phoneNumber', 'is not', null)
        .where('email', 'is not', null)
        .where('textConsentMethod', 'is', null)
        .where('firstName', 'is not', null)
        .where('companyName', 'is', null)
        .orderBy('customerId')
        .executeTakeFirstOrThrow();
      await page.goto(`${env.server.url}/tires?customerId=${unagreed.customerId}`);
      await page.getByText(`Quote for ${unagreed.firstName}`, { exact: false }).waitFor();
      await expect
        .poll(() => page.getByTestId('quote-text-problem').textContent())
        .toBe(
          'The quote cannot be texted: the customer has not agreed to texts (record their consent on the customer once they give it). Email the quote instead.',
        );
      expect(await page.getByRole('button', { name: 'Text quote' }).isDisabled()).toBe(true);
      expect(await page.getByRole('button', { name: 'Email quote' }).isEnabled()).toBe(true);

      // (a) A quote saved, Mounting raised from $20.00 to $31.47, the quote opened again and texted unchanged.
      await newQuoteOfOneTire();
      await page.getByRole('button', { name: 'Save quote' }).click();
      await expect.poll(async () => (await quotesOf()).length, { timeout: 30_000 }).toBe(1);
      const [first] = await quotesOf();
      const savedTotal = formatCents((first!.options as unknown as TireQuoteOption[])[0]!.totalInCents);
      const mounting = await raise('Mounting', 3147);
      await expect.poll(() => replicaPrice(mounting), { timeout: 60_000 }).toBe(3147);
      await page.goto(`${env.server.url}/tires?quote=${first!.tireQuoteId}`);
      // The counter shows the prices the quote keeps until its good-through date, as the page and the text will.
      await expect.poll(() => good.getByTestId('option-total').textContent(), { timeout: 30_000 }).toBe(savedTotal);
      await page.getByRole('button', { name: 'Text quote' }).click();
      await page.getByRole('status').filter({ hasText: 'Quote texted to' }).waitFor({ timeout: 60_000 });
      await expect.poll(() => textsInSink(env.config.dataDir).length, { timeout: 60_000 }).toBe(1);
      const [kept] = textsInSink(env.config.dataDir);
      expect(kept!.body).toContain(`Good ${savedTotal} out the door`);
      const publicPage = await context.newPage();
      await publicTotals(publicPage, kept!.body, [savedTotal]);

      // (b) A new quote built and texted offline while an admin raises Tire Disposal; then the device reconnects.
      await newQuoteOfOneTire();
      await context.setOffline(true);
      const offlineTotal = (await good.getByTestId('option-total').textContent())!;
      await page.getByRole('button', { name: 'Text quote' }).click();
      // Queued, not sent: the counter says so.
      await page.getByRole('status').filter({ hasText: 'queued' }).waitFor();
      const disposal = await addOn('TireDisposal');
      await raise('TireDisposal', disposal.priceInCents + 650);
      expect(textsInSink(env.config.dataDir)).toHaveLength(1);
      await context.setOffline(false);
      await expect.poll(() => textsInSink(env.config.dataDir).length, { timeout: 60_000 }).toBe(2);
      const second = (await quotesOf()).find((q) => q.tireQuoteId !== first!.tireQuoteId);
      const serverTotal = formatCents((second!.options as unknown as TireQuoteOption[])[0]!.totalInCents);
      // 4 tires × $6.50 more disposal, and its tax: the device's figure was short.
      expect(serverTotal).not.toBe(offlineTotal);
      const sent = textsInSink(env.config.dataDir).find((t) => t.body !== kept!.body)!;
      expect(sent.body).toContain(`Good ${serverTotal} out the door`);
      await publicTotals(publicPage, sent.body, [serverTotal]);
      // And the counter shows the server's figures once it has them, with the text as sent.
      await expect.poll(() => good.getByTestId('option-total').textContent(), { timeout: 60_000 }).toBe(serverTotal);
      await page.getByRole('status').filter({ hasText: 'Quote texted to' }).waitFor({ timeout: 60_000 });
    } finally {
      await context.close();
    }
  });
});
