import type { InspectionItem } from '../../contract/entities.ts';
import type { SetInspectionFix } from '../../contract/inspection-fix.ts';
import type { TireQuoteChoice, TireQuoteOption, TireQuotePrices } from '../../contract/tire-pricing.ts';
import type { FieldProblems } from '../people/customer-rules.ts';
import { priceTireQuote } from '../tires/tire-quote.ts';

/**
 * An inspection finding's fix priced by the quote rule (issue 26): the same lines, fees and tax a tire quote's
 * option gets, on the store's date it is priced. Each fix is priced on its own, as the customer approves each
 * item on its own; what they approve costs the sum of the fixes' totals.
 *
 * Problems are named as the caller sent them: `choice.…` for the choice, `pricedOn` for a date after the
 * store's today (a price dated ahead would read fees not yet in force).
 */
export function priceFix(
  fix: SetInspectionFix,
  prices: TireQuotePrices,
  storeToday: string,
): { ok: true; priced: TireQuoteOption } | { ok: false; problems: FieldProblems } {
  if (fix.pricedOn > storeToday) return { ok: false, problems: { pricedOn: [`Price the fix on the day it is priced: ${storeToday} at the store`] } };
  const result = priceTireQuote({ createdOn: fix.pricedOn, prices, options: [fix.choice] });
  if (result.ok) return { ok: true, priced: result.quote.options[0]! };
  return {
    ok: false,
    problems: Object.fromEntries(Object.entries(result.problems).map(([field, messages]) => [field.replace(/^options\.0(?=\.|$)/, 'choice'), messages])),
  };
}

/** What the customer approved costs: the priced fixes of the items they approved (an item with no price adds nothing). */
export function approvedTotalInCents(items: readonly Pick<InspectionItem, 'customerDecision' | 'fix'>[]): number {
  return items.reduce((total, item) => total + (item.customerDecision === 'Approved' && item.fix ? item.fix.priced.totalInCents : 0), 0);
}

/** A fix's choice named after the item it fixes (a quote option's name is at most 40 characters). */
export function fixChoice(itemName: string, parts: Omit<TireQuoteChoice, 'name'>): TireQuoteChoice {
  const name = itemName.length <= 40 ? itemName : `${itemName.slice(0, 39)}…`;
  return { name, ...parts };
}
