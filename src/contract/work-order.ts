import { z } from 'zod';

/** The customer's work order (spec section 2, /work-order/{visitHashId}, public). Not in the spec's call list: docs/api.md. */
export const publicWorkOrderSchema = z.object({
  store: z.object({ name: z.string(), phoneNumber: z.string().nullable(), timeZone: z.string() }),
  vehicle: z.string().nullable(),
  licence: z.string().nullable(),
  /** Where the visit stands, in the words of spec section 4 (Checked In, Service Started, Ready For Pickup…). */
  status: z.string(),
  milestones: z.object({
    checkInDate: z.string().nullable(),
    workStartDate: z.string().nullable(),
    workCompleteDate: z.string().nullable(),
    readyForPickupDate: z.string().nullable(),
    checkOutDate: z.string().nullable(),
  }),
  /** The ready-by time the store promised (issue 48), or null when it gave none. */
  pickUpTime: z.string().nullable(),
  services: z.array(z.object({ name: z.string(), startDate: z.string(), durationInMinutes: z.number() })),
  invoiceNumber: z.string().nullable(),
  /** The visit's inspection report, once it is complete: the work order links to it. */
  inspectionReportHashId: z.string().nullable(),
});
export type PublicWorkOrder = z.infer<typeof publicWorkOrderSchema>;
