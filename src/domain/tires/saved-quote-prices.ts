import jsonpatch from 'fast-json-patch';
import type { PricedTireQuote, TireQuote, TireQuoteChoice } from '../../contract/tire-pricing.ts';
import { formatCalendarDate } from '../calendar/date-format.ts';
import { formatCents } from '../figures/money-format.ts';
import type { TireQuoteResult } from './tire-quote.ts';

/**
 * Which prices a saved quote keeps (issue 46): the one rule the counter, the server's write, the quote's text and
 * its public page follow, so the customer receives the figures the store will honour.
 *
 * - Through its "good through" date (`validUntil`, the store's own calendar day), a saved quote keeps every
 *   price it was saved with: tires, add-ons, services, fees and tax. A price raised since (Mounting, a tire
 *   fee) does not reach it: opened again, texted or emailed unchanged, it reads as it was saved.
 * - Its options changed (a tire, a quantity, an add-on ticked), it is priced again with the store's prices of
 *   now, on its own date (so it holds to the same day): the options as changed are a new offer.
 * - After its good-through date it is neither changed nor sent: the counter starts a new quote, at today's
 *   prices.
 */
export type SavedQuote = Pick<TireQuote, 'createdOn' | 'validUntil' | 'choices' | 'options'>;

/** Whether the counter's options differ from the saved quote's (any field of any option, in any key order). */
export function quoteChoicesChanged(saved: readonly TireQuoteChoice[], next: readonly TireQuoteChoice[]): boolean {
  return jsonpatch.compare(saved as TireQuoteChoice[], next as TireQuoteChoice[]).length > 0;
}

/** A quote holds through its good-through day, by the store's date. */
export const quoteStillGood = (quote: Pick<TireQuote, 'validUntil'>, storeToday: string) => storeToday <= quote.validUntil;

/** What the counter and the server say when a quote past its good-through date is changed or sent. */
export const quoteExpiredProblem = (quote: Pick<TireQuote, 'validUntil'>) =>
  `This quote was good through ${formatCalendarDate(quote.validUntil)}: start a new quote for today's prices`;

/**
 * The quote's prices under the rule: the saved quote's own when its options are as saved, else `priceNow()`
 * (the quote rule with the store's prices of now). A quote not saved yet is priced now.
 */
export function savedQuotePrices(saved: SavedQuote | null | undefined, next: readonly TireQuoteChoice[], priceNow: () => TireQuoteResult): TireQuoteResult {
  if (saved && !quoteChoicesChanged(saved.choices, next)) {
    return { ok: true, quote: { createdOn: saved.createdOn, validUntil: saved.validUntil, options: saved.options } };
  }
  return priceNow();
}

/**
 * The text or email that carries a quote: short enough for one or two texts, each option's out-the-door total,
 * the day the prices hold to, and the link to the public page with every line. Written by the server from the
 * quote as it stored it (the figures its public page shows), never from a device's copy.
 */
export function quoteMessage(storeName: string, quote: PricedTireQuote, link: string): string {
  const totals = quote.options.map((o) => `${o.name} ${formatCents(o.totalInCents)}`).join(', ');
  return `Your tire quote from ${storeName}: ${totals} out the door, good through ${formatCalendarDate(quote.validUntil)}. Every line: ${link}`;
}

/**
 * What a quote's text reads on the device that queued it, until the server's copy of the message arrives: the
 * server writes the words from the quote as it stores it, so the device shows no figures of its own there.
 */
export const quoteMessageWaiting = 'Tire quote: written with the quote as the store saved it, when the server sends it.';
