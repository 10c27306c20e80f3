import type { z } from 'zod';
import type { contactMethods } from '../contract/enums.ts';
import type { StoreLocation } from '../contract/store-location.ts';

/** A store texts only from its texting number: without one, texting is off everywhere (spec section 3). */
export const textingEnabled = (store: Pick<StoreLocation, 'twilioPhoneNumber'>) => !!store.twilioPhoneNumber;

/**
 * A message is answered by phone only when the customer prefers calls, or prefers texts while the store
 * cannot text (spec section 5): no quick reply or archive, and the call box shows.
 */
export const isPhoneReplyOnly = (preferredContactMethod: z.infer<typeof contactMethods.schema>, store: Pick<StoreLocation, 'twilioPhoneNumber'>) =>
  preferredContactMethod === 'Phone' || (preferredContactMethod === 'Sms' && !textingEnabled(store));
