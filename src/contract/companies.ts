import { z } from 'zod';

/** A company of the dealer network, as the platform's admins list them (GET /api/alltrac/companies, issue 27). */
export const companySchema = z.object({
  alltracCompanyId: z.number().int(),
  name: z.string(),
  /** Its open stores. */
  storeCount: z.number().int().min(0),
});
export type Company = z.infer<typeof companySchema>;
