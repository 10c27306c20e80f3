import { describe, expect, it } from 'vitest';
import type { TireQuoteChoice, TireQuoteOption } from '../../src/contract/tire-pricing.ts';
import { noTextConsentProblem, quoteSendProblem } from '../../src/domain/messages/texting-consent.ts';
import { quoteChoicesChanged, quoteExpiredProblem, quoteMessage, quoteStillGood, savedQuotePrices } from '../../src/domain/tires/saved-quote-prices.ts';
import type { TireQuoteResult } from '../../src/domain/tires/tire-quote.ts';
import type { OutboxEntry } from '../../src/db/store-db.ts';
import { nextToSend } from '../../workers/outbox-order.ts';

const choice: TireQuoteChoice = {
  name: 'Good',
  services: [],
  installPackageId: null,
  addOnIds: ['a1'],
  tireServiceTypes: [],
  warrantyType: null,
  tires: [{ tireId: null, description: 'Falken 225/65R17', quantity: 4, unitPriceInCents: 12_000, isTaxable: true, isStuddable: false }],
};
const option = (totalInCents: number): TireQuoteOption => ({
  name: 'Good',
  lines: [],
  tireCount: 4,
  subtotalInCents: totalInCents,
  feesInCents: 0,
  taxableInCents: 0,
  taxInCents: 0,
  totalInCents,
  perTireInCents: totalInCents / 4,
});
const saved = { createdOn: '2026-11-04', validUntil: '2026-12-04', choices: [choice], options: [option(80_199)] };
const now: TireQuoteResult = { ok: true, quote: { createdOn: '2026-11-04', validUntil: '2026-12-04', options: [option(85_166)] } };

describe("a saved quote's prices (issue 46)", () => {
  it('are the ones it was saved with while its options are as saved, whatever was raised since', () => {
    expect(savedQuotePrices(saved, [{ ...choice }], () => now)).toEqual({
      ok: true,
      quote: { createdOn: '2026-11-04', validUntil: '2026-12-04', options: [option(80_199)] },
    });
    // The same options with their fields in another order (a copy from the server's JSON column) are the same options.
    const reordered = Object.fromEntries(Object.entries(choice).reverse()) as TireQuoteChoice;
    expect(quoteChoicesChanged([choice], [reordered])).toBe(false);
    expect(savedQuotePrices(saved, [reordered], () => now)).toMatchObject({ quote: { options: [option(80_199)] } });
  });

  it("are today's once its options change, and a quote not saved yet is priced today", () => {
    expect(savedQuotePrices(saved, [{ ...choice, addOnIds: [] }], () => now)).toBe(now);
    expect(savedQuotePrices(saved, [{ ...choice, tires: [{ ...choice.tires[0]!, quantity: 2 }] }], () => now)).toBe(now);
    expect(savedQuotePrices(null, [choice], () => now)).toBe(now);
  });

  it("hold through the good-through day by the store's date, and no later", () => {
    expect(quoteStillGood(saved, '2026-12-04')).toBe(true);
    expect(quoteStillGood(saved, '2026-12-05')).toBe(false);
    expect(quoteExpiredProblem(saved)).toBe("This quote was good through Fri, Dec 4, 2026: start a new quote for today's prices");
  });

  it("are what its text says, option by option, with the day they hold to and the page's link", () => {
    expect(
      quoteMessage('Demo Tire #101', { ...saved, options: [option(80_199), { ...option(95_000), name: 'Better' }] }, 'https://x.test/tire-quotes/abc'),
    ).toBe(
      'Your tire quote from Demo Tire #101: Good $801.99, Better $950.00 out the door, good through Fri, Dec 4, 2026. Every line: https://x.test/tire-quotes/abc',
    );
  });
});

describe('whether a quote can go to its customer', () => {
  const store = { twilioPhoneNumber: '+15550000000' };
  const agreed = { phoneNumber: '(555) 010-2020', email: 'a@example.com', textConsentMethod: 'InPerson' as const };
  it.each([
    ['a customer who agreed to texts', 'sms', agreed, store, null],
    [
      'a customer who never agreed to texts',
      'sms',
      { ...agreed, textConsentMethod: null },
      store,
      `The quote cannot be texted: ${noTextConsentProblem.toLowerCase()} (record their consent on the customer once they give it). Email the quote instead`,
    ],
    ['a store that cannot text', 'sms', agreed, { twilioPhoneNumber: null }, 'The quote cannot be texted: the store cannot text. Email the quote instead'],
    [
      'a customer with no number',
      'sms',
      { ...agreed, phoneNumber: null },
      store,
      'This customer has no mobile number: add one on the customer, or email the quote',
    ],
    ['by email, one without consent to texts', 'email', { ...agreed, textConsentMethod: null }, store, null],
    [
      'by email, one with no address',
      'email',
      { ...agreed, email: null },
      store,
      'This customer has no email address: add one on the customer, or text the quote',
    ],
  ] as const)('%s: %s', (_what, channel, customer, at, expected) => {
    expect(quoteSendProblem(channel, customer, at, () => false)).toBe(expected);
  });

  it('is never texted to a number that texted STOP', () => {
    expect(quoteSendProblem('sms', agreed, store, () => true)).toMatch(/^Texts to this number are off: the customer texted STOP/);
  });
});

describe("a quote's text in the outbox", () => {
  const entry = (entity: string, order: number, more: Partial<OutboxEntry> = {}) => ({
    storeId: 101,
    entry: {
      seq: order,
      entity,
      collection: 'tireQuotes' as const,
      key: entity.split('/')[1]!,
      method: 'POST' as const,
      path: '/x',
      idempotencyKey: `k-${order}-abcdef`,
      description: entity,
      status: 'pending' as const,
      attempts: 0,
      createdAt: '2026-11-04T10:00:00.000Z',
      order,
      ...more,
    },
  });
  const at = Date.parse('2026-11-04T12:00:00.000Z');
  it('waits while its quote is refused or waiting out a retry, and goes after it otherwise', () => {
    const text = entry('storeMessages/m', 2, { dependsOn: ['tireQuotes/q'] });
    expect(nextToSend([entry('tireQuotes/q', 1), text], at).next?.entry.entity).toBe('tireQuotes/q');
    expect(nextToSend([entry('tireQuotes/q', 1, { status: 'failed' }), text], at).next).toBeNull();
    expect(nextToSend([entry('tireQuotes/q', 1, { retryAt: at + 1000 }), text], at).next).toBeNull();
    expect(nextToSend([text], at).next?.entry.entity).toBe('storeMessages/m');
  });
});
