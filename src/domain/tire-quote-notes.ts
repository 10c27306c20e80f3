import type { PricedTireQuote } from '../contract/tire-pricing.ts';
import { formatCents } from './money-format.ts';

/**
 * A tire quote as the staff notes of the appointment that installs it: each option's tires and out-the-door
 * total, so the bay and the counter know what was quoted without opening it.
 */
export function quoteNotes(quote: PricedTireQuote): string {
  const options = quote.options.map((o) => {
    const tires = o.lines.filter((l) => l.kind === 'Tire').map((l) => `${l.quantity} × ${l.description}`).join(', ');
    return `${o.name}: ${tires || 'no tires'}, ${formatCents(o.totalInCents)} out the door`;
  });
  return `Tire quote of ${quote.createdOn}. ${options.join('; ')}.`.slice(0, 2000);
}
