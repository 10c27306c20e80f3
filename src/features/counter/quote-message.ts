import { formatCents } from '../../app/money.ts';
import type { PricedTireQuote } from '../../contract/tire-pricing.ts';
import { formatCalendarDate } from '../../domain/calendar/date-format.ts';

/**
 * The text or email that carries a quote: short enough for one or two texts, each option's out-the-door total,
 * the day the prices hold to, and the link to the public page with every line.
 */
export function quoteMessage(storeName: string, quote: PricedTireQuote, link: string): string {
  const totals = quote.options.map((o) => `${o.name} ${formatCents(o.totalInCents)}`).join(', ');
  return `Your tire quote from ${storeName}: ${totals} out the door, good through ${formatCalendarDate(quote.validUntil)}. Every line: ${link}`;
}
