import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '../../src/contract/routes.ts';
import type { TireQuote } from '../../src/contract/tire-pricing.ts';
import { newHashId } from '../../src/domain/app/hash-id.ts';
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
            phoneNumber: '5550001111',
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
});
