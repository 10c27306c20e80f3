import { z } from 'zod';
import { inspectionItemStatuses } from './enums.ts';

/**
 * The customer's inspection report (spec section 2, /inspection-reports/{id}, public): what they need of it
 * and nothing else. Not in the spec's call list: docs/api.md.
 */
export const publicInspectionReportSchema = z.object({
  store: z.object({ name: z.string(), phoneNumber: z.string().nullable(), address: z.string().nullable(), timeZone: z.string() }),
  vehicle: z.string().nullable(),
  licence: z.string().nullable(),
  inspectedOn: z.string(),
  approvedByName: z.string().nullable(),
  approvedAt: z.string().nullable(),
  /** Inspected items, Failed first, then Warning, then Passed. */
  lines: z.array(
    z.object({
      itemId: z.uuid(),
      groupName: z.string(),
      name: z.string(),
      measurementKind: z.enum(['none', 'treadDepth32nds', 'pressurePsi', 'brakePadMm']),
      status: inspectionItemStatuses.schema,
      notes: z.string().nullable(),
      measurement: z.number().nullable(),
      customerDecision: z.enum(['Approved', 'Declined']).nullable(),
      decidedByName: z.string().nullable(),
      decidedAt: z.string().nullable(),
      photoIds: z.array(z.uuid()),
      /** What fixing a Failed or Warning item costs, as the store priced it (none: ask the store). */
      price: z
        .object({
          lines: z.array(z.object({ description: z.string(), quantity: z.number().int(), totalInCents: z.number().int() })),
          feesInCents: z.number().int(),
          taxInCents: z.number().int(),
          totalInCents: z.number().int(),
        })
        .nullable(),
    }),
  ),
  /** What the items the customer approved cost, together (their prices summed). */
  approvedTotalInCents: z.number().int(),
});
export type PublicInspectionReport = z.infer<typeof publicInspectionReportSchema>;

/** The customer's answers to the items that failed or need attention, signed with their name. */
export const customerDecisionsSchema = z
  .object({
    name: z.string().trim().min(2, 'Type your name to sign your answers').max(200),
    decisions: z
      .array(
        z.object({
          itemId: z.uuid(),
          decision: z.enum(['Approved', 'Declined']),
          /** The item's price as the report showed it (null: it showed none): an answer to a price since changed is refused. */
          totalInCents: z.number().int().min(0).nullable().optional(),
        }),
      )
      .min(1, 'Approve or decline at least one item')
      .max(100),
  })
  .strict();
export type CustomerDecisions = z.infer<typeof customerDecisionsSchema>;
