import type { z } from 'zod';
import type { contactMethods } from '../../contract/enums.ts';
import type { StoreLocation } from '../../contract/store-location.ts';
import type { UserRole } from '../../contract/user.ts';
import { isPlatformAdmin } from '../people/roles.ts';

/** A store texts only from its texting number: without one, texting is off everywhere (spec section 3). */
export const textingEnabled = (store: Pick<StoreLocation, 'twilioPhoneNumber'>) => !!store.twilioPhoneNumber;

/**
 * A message is answered by phone only when the customer prefers calls, or prefers texts while the store
 * cannot text (spec section 5): no quick reply or archive, and the call box shows.
 */
export const isPhoneReplyOnly = (preferredContactMethod: z.infer<typeof contactMethods.schema>, store: Pick<StoreLocation, 'twilioPhoneNumber'>) =>
  preferredContactMethod === 'Phone' || (preferredContactMethod === 'Sms' && !textingEnabled(store));

/**
 * Who assigns a store's texting number: the platform's admins only. A number belongs to one store across every
 * company (inbound texts and STOP route by it), so a store's own admins may not claim one (issue 24 item 6).
 */
export const mayAssignTextingNumber = (roles: readonly UserRole[]) => isPlatformAdmin(roles);

export const textingNumberMessages = {
  platformOnly: "Only the platform's administrators assign a store's texting number: ask them to set or change it.",
  taken: 'Another store already texts from this number: a texting number belongs to one store.',
} as const;
