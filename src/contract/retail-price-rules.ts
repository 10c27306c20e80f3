/**
 * A retail price catalogue's rule (ours, issue 26): how a store's tire price follows the catalogue it subscribes
 * to. The catalogue's margin over cost lives on the catalogue (retailPriceCatalogSchema); its fixed prices, one
 * per tire where it has one (a promotion, a price matched), are rows of their own, replicated to the counter
 * devices of the company that owns the catalogue (collection retailPriceCatalogPrices). The rule that reads both
 * is src/domain/tires/retail-tire-price.ts.
 */
import { z } from 'zod';
import { maxCents, type RetailPriceCatalog } from './entities.ts';

const price = z.number().int('Enter the price in whole cents').min(0, 'Enter a price of 0 or more').max(maxCents, 'Enter a price under $1,000,000');

/** A tire's fixed price in a catalogue: it wins over the catalogue's margin and the tire's list price. */
export const retailPriceCatalogPriceSchema = z.object({
  retailPriceCatalogId: z.uuid(),
  tireId: z.uuid(),
  priceInCents: price,
});
export type RetailPriceCatalogPrice = z.infer<typeof retailPriceCatalogPriceSchema>;

/** PUT /api/alltrac/retail-price-catalog/{retailPriceCatalogId}/prices/{tireId}: the price; the path names the rest. */
export const putRetailPriceCatalogPriceSchema = z.object({ priceInCents: price }).strict();
export type PutRetailPriceCatalogPrice = z.infer<typeof putRetailPriceCatalogPriceSchema>;

/** The fields a JSON patch of a catalogue may change (PATCH /api/alltrac/retail-price-catalog/{id}): its rule only. */
export const retailPriceCatalogPatchableFields = ['marginInBasisPoints', 'priceEndingInCents'] as const satisfies readonly (keyof RetailPriceCatalog)[];
