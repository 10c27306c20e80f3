import type { PricedTireQuote } from '../contract/tire-pricing.ts';

/**
 * A tire quote as the staff notes of the appointment that installs it: each option's tires, so the bay and the
 * counter know what was quoted without opening it. No prices: the bay reads staff notes, and prices are the
 * counter's (the quote on the customer's page has them). The tires the visit fits are its own rows (visit tires).
 */
export function quoteNotes(quote: PricedTireQuote): string {
  const options = quote.options.map((o) => {
    const tires = o.lines.filter((l) => l.kind === 'Tire').map((l) => `${l.quantity} × ${l.description}`).join(', ');
    return `${o.name}: ${tires || 'no tires'}`;
  });
  return `Tire quote of ${quote.createdOn}. ${options.join('; ')}.`.slice(0, 2000);
}
