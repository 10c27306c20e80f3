import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '../../src/contract/routes.ts';
import type { TireQuote } from '../../src/contract/tire-pricing.ts';
import { newHashId } from '../../src/domain/app/hash-id.ts';
import { formatCents } from '../../src/domain/figures/money-format.ts';
import { priceTireQuote } from '../../src/domain/tires/tire-quote.ts';
import { storePriceList } from '../../server/modules/tire-quotes/prices.ts';
import { apiCall } from '../support/api.ts';
import { runRace } from '../support/concurrent-writes.ts';
import { demoStoreIds } from '../support/demo.ts';
import { postgresTestApp } from '../support/pg-app.ts';
import { postgresUnavailable } from '../support/postgres.ts';
import { testPublicUrl } from '../support/test-app.ts';
import { mintAccessToken } from '../support/tokens.ts';

const replace = (path: string, value: unknown) => [{ op: 'replace', path, value }];
const quoteDay = new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10);

describe.skipIf(postgresUnavailable !== null)('a tire quote on PostgreSQL, changed from two devices at once', () => {
  const t = postgresTestApp();
  let token: string;
  let store: number;
  let addOnId: string;
  const user = () => ({ token, store });

  beforeAll(async () => {
    token = await mintAccessToken(t.db, 'user@demo.test', testPublicUrl);
    store = (await demoStoreIds(t.db))[101]!;
    addOnId = (
      await t.db
        .selectFrom('tirePurchaseAddOns')
        .select('tirePurchaseAddOnId')
        .where('storeId', '=', store)
        .where('category', '=', 'Balancing')
        .executeTakeFirstOrThrow()
    ).tirePurchaseAddOnId;
  });

  /** A customer with a vehicle and a quote of four tires, balanced, with Promise Plus. */
  async function newQuote(): Promise<TireQuote & { version: number }> {
    const customerId = randomUUID();
    const vehicleId = randomUUID();
    expect(
      (
        await apiCall(t.app, {
          method: 'POST',
          path: apiPaths.customers,
          ...user(),
          body: {
            customerId,
            firstName: 'Ada',
            lastName: 'Race',
            companyName: null,
            email: null,
            phoneNumber: `555${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`,
            preferredContactMethod: 'Phone',
            addressLine1: null,
            city: null,
            state: null,
            postalCode: null,
            notes: null,
          },
        })
      ).statusCode,
    ).toBe(201);
    expect(
      (
        await apiCall(t.app, {
          method: 'POST',
          path: apiPaths.customerVehicles.replace(':customerId', customerId),
          ...user(),
          body: {
            vehicleId,
            year: 2020,
            make: 'Honda',
            model: 'Civic',
            trim: null,
            vin: null,
            vehicleLicensePlateState: 'IL',
            vehicleLicensePlateNumber: 'RACE1',
            color: 'Blue',
            mileage: 1000,
          },
        })
      ).statusCode,
    ).toBe(201);
    const created = await apiCall(t.app, {
      method: 'POST',
      path: apiPaths.tireQuotes,
      ...user(),
      body: {
        tireQuoteId: randomUUID(),
        tireQuoteHashId: newHashId(),
        customerId,
        vehicleId,
        createdOn: quoteDay,
        choices: [
          {
            name: 'Better',
            services: [],
            installPackageId: null,
            addOnIds: [addOnId],
            tireServiceTypes: [],
            warrantyType: 'PromisePlus',
            tires: [{ tireId: null, description: 'Michelin Defender2 215/55R17', quantity: 4, unitPriceInCents: 18_999, isTaxable: true, isStuddable: false }],
          },
        ],
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    // The customer agreed to texts, so the quote may be texted.
    await t.db
      .updateTable('customers')
      .set({ textConsentMethod: 'InPerson', textConsentGivenOn: new Date().toISOString(), textConsentRecordedBy: 'Uma User' } as never)
      .where('customerId', '=', customerId)
      .execute();
    return created.json();
  }

  it('applies both patches in some order, each with a higher version, and stores the quote priced from its final choices', async () => {
    await runRace(t.app, {
      name: 'two patches of one quote at once',
      prepare: async () => {
        const quote = await newQuote();
        const at = apiPaths.tireQuote.replace(':tireQuoteId', quote.tireQuoteId);
        return {
          target: quote,
          calls: [
            { method: 'PATCH', path: at, ...user(), body: replace('/choices/0/tires/0/quantity', 2), headers: { 'Idempotency-Key': `quote-${randomUUID()}` } },
            { method: 'PATCH', path: at, ...user(), body: replace('/choices/0/warrantyType', null), headers: { 'Idempotency-Key': `quote-${randomUUID()}` } },
          ],
        };
      },
      check: async (quote, answers) => {
        expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
        const versions = answers.map((a) => a.json().version as number);
        expect(new Set(versions).size).toBe(2);
        for (const version of versions) expect(version).toBeGreaterThan(quote.version);
        const row = await t.db.selectFrom('tireQuotes').selectAll().where('tireQuoteId', '=', quote.tireQuoteId).executeTakeFirstOrThrow();
        expect(row.version).toBe(Math.max(...versions));
        expect(row.choices[0]).toMatchObject({ warrantyType: null, tires: [expect.objectContaining({ quantity: 2 })] });
        // The later answer is the row as stored; the earlier saw only its own change.
        expect(answers.find((a) => a.json().version === row.version)!.json().options).toEqual(row.options);
        const priced = priceTireQuote({
          createdOn: row.createdOn,
          prices: await storePriceList(t.db, { companyId: row.companyId, storeId: store }),
          options: row.choices,
        });
        expect(priced.ok && priced.quote).toEqual({ createdOn: row.createdOn, validUntil: row.validUntil, options: row.options });
        expect(row.options[0]).toMatchObject({ tireCount: 2 });
        // The demo's state tire fee has an amount on every day since 2024.
        expect(row.options[0]!.lines.map((l) => l.kind)).toEqual(['Tire', 'AddOn', 'Fee']);
      },
    });
  });

  it("texts a quote while its options change and the store raises a price: the text carries one stored version's totals, never a device's or a mixture", async () => {
    const adminToken = await mintAccessToken(t.db, 'admin@demo.test', testPublicUrl);
    const balancing = await t.db.selectFrom('tirePurchaseAddOns').select('priceInCents').where('tirePurchaseAddOnId', '=', addOnId).executeTakeFirstOrThrow();
    let raise = 0;
    const totalsOf = (options: TireQuote['options']) => options.map((o) => `${o.name} ${formatCents(o.totalInCents)}`).join(', ');
    await runRace(t.app, {
      name: 'a quote texted while it is changed and a price is raised',
      prepare: async () => {
        const quote = await newQuote();
        const at = apiPaths.tireQuote.replace(':tireQuoteId', quote.tireQuoteId);
        const storeMessageId = randomUUID();
        raise += 100;
        return {
          target: { quote, storeMessageId },
          calls: [
            {
              method: 'POST',
              path: apiPaths.tireQuoteMessages.replace(':tireQuoteId', quote.tireQuoteId),
              ...user(),
              body: { storeMessageId, channel: 'sms' },
              headers: { 'Idempotency-Key': `text-${storeMessageId}` },
            },
            { method: 'PATCH', path: at, ...user(), body: replace('/choices/0/tires/0/quantity', 2), headers: { 'Idempotency-Key': `quote-${randomUUID()}` } },
            {
              method: 'PATCH',
              path: apiPaths.tirePurchaseAddOn.replace(':tirePurchaseAddOnId', addOnId),
              token: adminToken,
              store,
              body: replace('/priceInCents', balancing.priceInCents + raise),
              headers: { 'Idempotency-Key': `price-${randomUUID()}` },
            },
          ],
        };
      },
      check: async ({ quote, storeMessageId }, answers) => {
        expect(answers.map((a) => a.statusCode)).toEqual([201, 200, 200]);
        const row = await t.db.selectFrom('tireQuotes').selectAll().where('tireQuoteId', '=', quote.tireQuoteId).executeTakeFirstOrThrow();
        const text = await t.db.selectFrom('outboundMessages').select('body').where('storeMessageId', '=', storeMessageId).executeTakeFirstOrThrow();
        const stored = await t.db.selectFrom('storeMessages').select('content').where('storeMessageId', '=', storeMessageId).executeTakeFirstOrThrow();
        expect(stored.content).toBe(text.body);
        // Written under the quote's lock: before the patch (the totals it was saved with) or after it (the row as stored).
        const before = `${totalsOf(quote.options)} out the door`;
        const after = `${totalsOf(row.options)} out the door`;
        expect(before).not.toBe(after);
        expect([text.body.includes(before), text.body.includes(after)].filter(Boolean)).toHaveLength(1);
        expect(text.body).toContain(`/tire-quotes/${row.tireQuoteHashId}`);
      },
    });
  });
});
