import { apiPaths } from '../src/contract/routes.ts';
import { tireQuoteCreateSchema, type TireQuote } from '../src/contract/tire-pricing.ts';
import type { Mutation } from './sync-engine.ts';

/**
 * A tire quote saved at the counter, offline too: made with a create the first time, then each save sends the
 * choices whole (the server prices them again; a quote is one person's at the counter, so the last save wins
 * rather than field by field). `quote` is already priced by the device with the replica's prices, so the
 * screen shows the saved total at once; the server's answer replaces it.
 */
export const tireQuoteMutations = {
  saveTireQuote(storeId: number, quote: TireQuote): Mutation {
    return {
      collection: 'tireQuotes',
      key: quote.tireQuoteId,
      description: 'Save a tire quote',
      build: (current) => {
        if (!current) {
          const parsed = tireQuoteCreateSchema.safeParse(quote);
          if (!parsed.success) throw new Error(`The quote was not saved: ${parsed.error.issues[0]!.message}.`);
          return { next: { ...quote, storeId }, request: { method: 'POST', path: apiPaths.tireQuotes, body: parsed.data } };
        }
        const unchanged = JSON.stringify(current.choices) === JSON.stringify(quote.choices) && current.vehicleId === quote.vehicleId;
        if (unchanged) return null;
        const patch = [
          { op: 'replace' as const, path: '/choices', value: quote.choices },
          ...(current.vehicleId === quote.vehicleId ? [] : [{ op: 'replace' as const, path: '/vehicleId', value: quote.vehicleId }]),
        ];
        return {
          next: { ...current, ...quote, storeId },
          request: { method: 'PATCH', path: apiPaths.tireQuote.replace(':tireQuoteId', encodeURIComponent(quote.tireQuoteId)), body: patch },
        };
      },
    };
  },
};
