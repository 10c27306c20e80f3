import type { PricedTireQuote } from '../../contract/tire-pricing.ts';

/**
 * A tire quote as the staff notes of the appointment that installs it: the option the customer is buying
 * (`bought`, its index) and its tires, or, until they chose, each option's, so the bay and the counter know what
 * was quoted without opening it. No prices: the bay reads staff notes, and prices are the counter's (the quote on
 * the customer's page has them). The tires the visit fits are its own rows (visit tires).
 */
export function quoteNotes(quote: PricedTireQuote, bought: number | null = null): string {
  const tiresOf = (o: PricedTireQuote['options'][number]) =>
    o.lines
      .filter((l) => l.kind === 'Tire')
      .map((l) => `${l.quantity} × ${l.description}`)
      .join(', ') || 'no tires';
  const option = bought === null ? undefined : quote.options[bought];
  const text = option
    ? `Tire quote of ${quote.createdOn}, ${option.name} bought: ${tiresOf(option)}.`
    : `Tire quote of ${quote.createdOn}. ${quote.options.map((o) => `${o.name}: ${tiresOf(o)}`).join('; ')}.`;
  return text.slice(0, 2000);
}
