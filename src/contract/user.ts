import { z } from 'zod';
import { emailAddress } from './email-address-field.ts';
import { roles } from './enums.ts';

/** A store id: a positive whole number the database's integer column can hold. */
export const storeIdSchema = z.number().int().min(1, 'A store id is a positive whole number').max(2_147_483_647, 'No store has such an id');

/** A store id as text (a path, a header): plain decimal digits only, so 0x1, 1e0, +1 or 01 never stand for store 1. */
export const storeIdText = z
  .string()
  .regex(/^[1-9]\d{0,9}$/, 'A store id is a whole number written in digits, such as 17')
  .transform(Number)
  .pipe(storeIdSchema);

/** A role held at one store, or (storeId null) across the platform, as PointSAdmin is. */
export const userRoleSchema = z.object({ storeId: z.number().int().nullable(), role: roles.schema });
export type UserRole = z.infer<typeof userRoleSchema>;

export const currentUserSchema = z.object({
  userId: z.uuid(),
  companyId: z.number().int(),
  alltracCompanyId: z.number().int(),
  name: z.string(),
  email: emailAddress(),
  roles: z.array(userRoleSchema),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

export const userSettingsSchema = z.object({
  allTracCurrentStoreLocation: storeIdSchema.nullable(),
  allTracHideInstallPrompt: z.iso.datetime({ offset: true }).nullable(),
});
export type UserSettings = z.infer<typeof userSettingsSchema>;

/** A JSON patch document (RFC 6902) as fast-json-patch's compare() makes it. */
export const jsonPatchSchema = z.array(
  z.discriminatedUnion('op', [
    z.object({ op: z.enum(['add', 'replace', 'test']), path: z.string(), value: z.unknown() }),
    z.object({ op: z.literal('remove'), path: z.string() }),
    z.object({ op: z.enum(['move', 'copy']), path: z.string(), from: z.string() }),
  ]),
);
export type JsonPatch = z.infer<typeof jsonPatchSchema>;
