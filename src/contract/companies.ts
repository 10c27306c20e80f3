import { z } from 'zod';

/** A company of the dealer network, as the platform's admins list them (GET /api/alltrac/companies, issue 27). */
export const companySchema = z.object({
  alltracCompanyId: z.number().int(),
  name: z.string(),
  /** Its open stores. */
  storeCount: z.number().int().min(0),
  /** When a device last synced at each of its stores (stores no device has synced at are absent). */
  storeActivity: z.array(z.object({ storeId: z.number().int(), lastActivityAt: z.iso.datetime({ offset: true }) })),
});
export type Company = z.infer<typeof companySchema>;
