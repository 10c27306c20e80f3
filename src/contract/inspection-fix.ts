import { z } from 'zod';
import { tireQuoteChoiceSchema, tireQuoteOptionSchema } from './tire-pricing.ts';

const date = z.iso.date('Enter a date as YYYY-MM-DD');

/**
 * What fixes an inspection finding (issue 26, "findings with a price"): the counter's choice (a store service,
 * tires, add-ons, as a quote option is chosen) and that choice priced by the quote rule (src/domain/tires/tire-quote.ts)
 * on the store's date it was priced, by the server with the store's prices then. The customer's report shows
 * the priced lines and total, so nobody approves work without knowing what it costs; a later price change does
 * not move a price the customer was shown.
 */
export const inspectionFixSchema = z.object({
  pricedOn: date,
  choice: tireQuoteChoiceSchema,
  priced: tireQuoteOptionSchema,
});
export type InspectionFix = z.infer<typeof inspectionFixSchema>;

/** PUT /api/alltrac/inspection-reports/{id}/items/{itemId}/fix: the choice, priced by the server on `pricedOn`. */
export const setInspectionFixSchema = inspectionFixSchema.pick({ pricedOn: true, choice: true }).strict();
export type SetInspectionFix = z.infer<typeof setInspectionFixSchema>;
