import { z } from 'zod';
import { roles } from './enums.ts';
import { emailAddress } from './email-address-field.ts';
import { storeIdSchema, userRoleSchema } from './user.ts';

/**
 * A person of any company, as the platform's admins see them on the dashboard's People tab (issue 27; ours,
 * docs/api.md): their roles per store, whether they are disabled, when they last signed in and on how many
 * devices they are signed in now (their refresh tokens still in use).
 */
export const platformPersonSchema = z.object({
  userId: z.uuid(),
  name: z.string(),
  email: z.string(),
  alltracCompanyId: z.number().int(),
  companyName: z.string(),
  roles: z.array(userRoleSchema),
  disabledAt: z.iso.datetime({ offset: true }).nullable(),
  lastSignInAt: z.iso.datetime({ offset: true }).nullable(),
  signedInDevices: z.number().int().min(0),
});
export type PlatformPerson = z.infer<typeof platformPersonSchema>;

/** At most this many people in one answer: the tab searches, it does not page through thousands. */
export const peopleListLimit = 50;

export const peopleQuerySchema = z.object({
  /** Part of a name or an email address. */
  q: z.string().trim().max(200, 'Search with at most 200 characters').default(''),
  alltracCompanyId: z.coerce.number().int().optional(),
});

export const peopleListSchema = z.object({
  items: z.array(platformPersonSchema),
  /** How many match in all (more than items when the search is too wide). */
  count: z.number().int().min(0),
});
export type PeopleList = z.infer<typeof peopleListSchema>;

/** Invites a person to a store of any company (the store says which company). */
export const invitePersonSchema = z
  .object({
    email: emailAddress("Enter the person's email address").transform((e) => e.toLowerCase()),
    name: z.string().trim().min(1, "Enter the person's name").max(200),
    storeId: storeIdSchema,
    role: roles.schema,
  })
  .strict();
export type InvitePerson = z.input<typeof invitePersonSchema>;

export const personAccessSchema = z.object({ disabled: z.boolean() }).strict();

export const peopleMessages = {
  storeRoleOnly: 'PointSAdmin is not a role at one store: make the person a platform administrator instead.',
  notOwnPlatformAdmin: 'You cannot take away your own PointSAdmin role: ask another platform administrator.',
  notSelf: 'You cannot disable your own account: ask another platform administrator.',
  otherCompany: (company: string) => `This email address already has an account at ${company}: a person works for one company.`,
  disabled: 'This account is disabled. Ask your administrator to enable it.',
  inviteDisabled: "This person's account is disabled: a platform administrator must enable it before they are given a role.",
  lastPlatformAdmin: 'This would leave no platform administrator: make someone else one first.',
} as const;
