import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Customer } from '../../src/contract/entities.ts';
import { apiPaths } from '../../src/contract/routes.ts';
import type { TireQuote, TireQuoteChoice, TireQuoteOption } from '../../src/contract/tire-pricing.ts';
import { formatCents } from '../../src/domain/figures/money-format.ts';
import { quoteMessageWaiting } from '../../src/domain/tires/saved-quote-prices.ts';
import { tireQuoteMutations } from '../../workers/tire-quote-mutations.ts';
import { apiCall } from '../support/api.ts';
import { syncTestEnvironment, type Device } from '../support/sync-harness.ts';
import { mintAccessToken } from '../support/tokens.ts';

const env = syncTestEnvironment();
const db = () => env.server.database.db;
const outbox = (d: Device) => d.db.outbox.orderBy('seq').toArray();
const today = '2026-11-04'; // the server's clock, in the store's zone
let adminToken: string;
let mounting: { tirePurchaseAddOnId: string; priceInCents: number };
let customer: Customer;
let counter: Device;

const store = () => ({ id: env.store, twilioPhoneNumber: '+15550000000' });
const totalsOf = (options: TireQuoteOption[]) => options.map((o) => `${o.name} ${formatCents(o.totalInCents)}`).join(', ');
const raiseMounting = async (priceInCents: number) => {
  const answer = await apiCall(env.server.app, {
    method: 'PATCH',
    path: apiPaths.tirePurchaseAddOn.replace(':tirePurchaseAddOnId', mounting.tirePurchaseAddOnId),
    token: adminToken,
    store: env.store,
    body: [{ op: 'replace', path: '/priceInCents', value: priceInCents }],
  });
  expect(answer.statusCode, answer.body).toBe(200);
};
const queuedText = async (storeMessageId: string) =>
  (await db().selectFrom('outboundMessages').select(['body', 'toAddress']).where('storeMessageId', '=', storeMessageId).executeTakeFirst()) ?? null;

/** Four mounted tires at $120, priced by the device with what its replica holds (options are the device's guess). */
function deviceQuote(more: Partial<TireQuote> = {}): TireQuote {
  const choice: TireQuoteChoice = {
    name: 'Good',
    services: [],
    installPackageId: null,
    addOnIds: [mounting.tirePurchaseAddOnId],
    tireServiceTypes: [],
    warrantyType: null,
    tires: [{ tireId: null, description: 'Falken Sincera 225/65R17', quantity: 4, unitPriceInCents: 12_000, isTaxable: true, isStuddable: false }],
  };
  const guess = 4 * 12_000 + 4 * mounting.priceInCents;
  return {
    tireQuoteId: randomUUID(),
    tireQuoteHashId: '',
    customerId: customer.customerId,
    vehicleId: null,
    createdOn: today,
    validUntil: '2026-12-04',
    choices: [choice],
    options: [
      {
        name: 'Good',
        lines: [],
        tireCount: 4,
        subtotalInCents: guess,
        feesInCents: 0,
        taxableInCents: guess,
        taxInCents: 0,
        totalInCents: guess,
        perTireInCents: guess / 4,
      },
    ],
    ...more,
  };
}

beforeAll(async () => {
  adminToken = await mintAccessToken(db(), 'admin@demo.test', env.server.publicUrl);
  const customerId = randomUUID();
  const created = await apiCall(env.server.app, {
    method: 'POST',
    path: apiPaths.customers,
    token: env.token,
    store: env.store,
    body: {
      customerId,
      firstName: 'Quinn',
      lastName: 'Quote',
      companyName: null,
      email: 'quinn@example.com',
      phoneNumber: '(555) 010-6161',
      preferredContactMethod: 'Text',
      addressLine1: null,
      city: null,
      state: null,
      postalCode: null,
      notes: null,
    },
  });
  expect(created.statusCode, created.body).toBe(201);
  await db()
    .updateTable('customers')
    .set({ textConsentMethod: 'InPerson', textConsentGivenOn: new Date().toISOString(), textConsentRecordedBy: 'Uma User' } as never)
    .where('customerId', '=', customerId)
    .execute();
  // A counter device that already synced: the customer and the store's add-ons are on it.
  counter = env.device();
  await counter.engine.pull();
  customer = (await counter.db.collection('customers').get(customerId)) as Customer;
  const addOn = await counter.db
    .collection('tirePurchaseAddOns')
    .filter((a) => a.category === 'Mounting')
    .first();
  mounting = { tirePurchaseAddOnId: String(addOn!.tirePurchaseAddOnId), priceInCents: Number(addOn!.priceInCents) };
});

describe('a quote texted from a counter device that already synced (issue 46 item 1)', () => {
  it("made and texted offline while an admin raises a price: the text waits for the quote and carries the server's totals", async () => {
    const quote = deviceQuote();
    const storeMessageId = randomUUID();
    counter.network.offline = true;
    expect(await counter.engine.mutateAll(tireQuoteMutations.sendTireQuote(store(), quote, 'sms', customer, storeMessageId, () => false))).toBe(true);
    const [save, text] = await outbox(counter);
    expect(save).toMatchObject({ entity: `tireQuotes/${quote.tireQuoteId}`, method: 'POST' });
    expect(text).toMatchObject({
      entity: `storeMessages/${storeMessageId}`,
      dependsOn: [`tireQuotes/${quote.tireQuoteId}`],
      body: { storeMessageId, channel: 'sms' },
    });
    // The thread shows the text as queued, with no figures of the device's own.
    expect(await counter.db.collection('storeMessages').get(storeMessageId)).toMatchObject({ content: quoteMessageWaiting, deliveryStatus: 'Queued' });

    await raiseMounting(mounting.priceInCents + 1000);
    counter.network.offline = false;
    expect(await counter.push()).toMatchObject({ sent: 2, failed: 0 });
    const stored = await db()
      .selectFrom('tireQuotes')
      .select(['options', 'tireQuoteHashId'])
      .where('tireQuoteId', '=', quote.tireQuoteId)
      .executeTakeFirstOrThrow();
    const options = stored.options as unknown as TireQuoteOption[];
    expect(options[0]!.lines.find((l) => l.kind === 'AddOn')).toMatchObject({ unitInCents: mounting.priceInCents + 1000 });
    expect(options[0]!.totalInCents).not.toBe(quote.options[0]!.totalInCents);
    const sent = (await queuedText(storeMessageId))!;
    expect(sent.body).toContain(`${totalsOf(options)} out the door`);
    expect(sent.body).toContain(`/tire-quotes/${stored.tireQuoteHashId}`);
    // The device now holds the server's quote (its public id too) and the server's words.
    expect(await counter.db.collection('tireQuotes').get(quote.tireQuoteId)).toMatchObject({ options, tireQuoteHashId: stored.tireQuoteHashId });
    expect(await counter.db.collection('storeMessages').get(storeMessageId)).toMatchObject({ content: sent.body });
    await raiseMounting(mounting.priceInCents);
  });

  it('reopened unchanged after a price was raised: only the text is queued, and it carries the prices the quote was saved with', async () => {
    const quote = deviceQuote();
    await counter.engine.mutate(tireQuoteMutations.saveTireQuote(env.store, quote));
    expect(await counter.push()).toMatchObject({ sent: 1 });
    const saved = (await counter.db.collection('tireQuotes').get(quote.tireQuoteId)) as TireQuote;
    await raiseMounting(mounting.priceInCents + 1999);
    await counter.engine.pull();

    const storeMessageId = randomUUID();
    await counter.engine.mutateAll(tireQuoteMutations.sendTireQuote(store(), saved, 'sms', customer, storeMessageId, () => false));
    expect((await outbox(counter)).map((e) => e.entity)).toEqual([`storeMessages/${storeMessageId}`]);
    expect(await counter.push()).toMatchObject({ sent: 1, failed: 0 });
    expect((await queuedText(storeMessageId))!.body).toContain(`${totalsOf(saved.options)} out the door`);
    const page = await apiCall(env.server.app, { method: 'GET', path: apiPaths.publicTireQuote.replace(':tireQuoteHashId', saved.tireQuoteHashId) });
    expect(page.json().options).toEqual(saved.options);
    await raiseMounting(mounting.priceInCents);
  });

  it("is refused with its quote, never sent on its own, tried again with it, and goes with it when the quote's refusal is dismissed", async () => {
    // A vehicle that is not the customer's: the server refuses the quote (400).
    const quote = deviceQuote({ vehicleId: randomUUID() });
    const storeMessageId = randomUUID();
    await counter.engine.mutateAll(tireQuoteMutations.sendTireQuote(store(), quote, 'sms', customer, storeMessageId, () => false));
    expect(await counter.push()).toMatchObject({ sent: 0, failed: 1 });
    const [save, text] = await outbox(counter);
    expect(save).toMatchObject({ status: 'failed', problem: { status: 400 } });
    expect(text).toMatchObject({ status: 'failed', refusedWith: `tireQuotes/${quote.tireQuoteId}`, problem: { status: 400 } });
    expect(text!.problem!.detail).toMatch(/^Not sent: "Save a tire quote" was refused\./);
    expect(await queuedText(storeMessageId)).toBeNull();

    // Tried again (still refused), both are refused again; nothing is ever sent alone.
    await counter.engine.retry(save!.seq!);
    expect((await outbox(counter)).map((e) => e.status)).toEqual(['pending', 'pending']);
    expect(await counter.push()).toMatchObject({ sent: 0, failed: 1 });
    expect((await outbox(counter)).map((e) => e.status)).toEqual(['failed', 'failed']);
    expect(await queuedText(storeMessageId)).toBeNull();

    // Dismissed: the quote made here and its text both leave the device.
    await counter.engine.discard(save!.seq!);
    expect(await outbox(counter)).toEqual([]);
    expect(await counter.db.collection('tireQuotes').get(quote.tireQuoteId)).toBeUndefined();
    expect(await counter.db.collection('storeMessages').get(storeMessageId)).toBeUndefined();
  });

  it("refuses on the device, in the server's words, a text to a customer without texting consent, and queues nothing", async () => {
    const quote = deviceQuote();
    const without = { ...customer, textConsentMethod: null };
    expect(() => tireQuoteMutations.sendTireQuote(store(), quote, 'sms', without, randomUUID(), () => false)).toThrow(
      'The quote cannot be texted: the customer has not agreed to texts (record their consent on the customer once they give it). Email the quote instead.',
    );
    expect(await outbox(counter)).toEqual([]);
  });
});
