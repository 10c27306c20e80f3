import { z } from 'zod';
import { applicationName } from './application-name.ts';
import { systemNotificationSchema } from './entities.ts';

/** The longest a notice's words may be, markup included (the stored row's schema holds it to this too). */
export const systemNotificationContentMax = 10_000;

const endsAfterItStarts = (n: { dateStarted: string; dateEnded: string }) => Date.parse(n.dateEnded) > Date.parse(n.dateStarted);
const endsAfterItStartsIssue = { path: ['dateEnded'], message: 'End the notice after it starts' };

/**
 * POST /api/alltrac/system-notifications (the platform's admins, issue 27): a notice to every store or to some,
 * shown by the shell's hourly poll (spec section 9) from its start to its end. The device makes the id; the
 * application is this product's unless said.
 */
export const createSystemNotificationSchema = systemNotificationSchema
  .extend({
    content: z.string().trim().min(1, 'Write what the notice says').max(systemNotificationContentMax, 'Keep the notice under 10,000 characters'),
    application: systemNotificationSchema.shape.application.default(applicationName),
    storeIds: z.array(z.number().int().positive()).min(1, 'Choose at least one store, or every store').max(1000).nullable().default(null),
  })
  .strict()
  .refine(endsAfterItStarts, endsAfterItStartsIssue);
export type CreateSystemNotification = z.input<typeof createSystemNotificationSchema>;

/** The fields a JSON patch of a notice may change (PATCH /api/alltrac/system-notifications/{id}); ending one is a patch of dateEnded. */
export const systemNotificationPatchableFields = ['content', 'dateStarted', 'dateEnded', 'severityLevel', 'application', 'storeIds'] as const;
/** A notice as patched, checked whole. */
export const patchedSystemNotificationSchema = createSystemNotificationSchema;
