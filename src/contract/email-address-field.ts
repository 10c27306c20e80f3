import { z } from 'zod';
import { emailAddressMaxLength, emailAddressMessage, emailAddressPattern } from './email-address.ts';

// Apart from the rule (email-address.ts): a customer's page that checks an address need not download zod.
/** The rule as a schema field, with `message` for an address that does not follow it. */
export const emailAddress = (message = emailAddressMessage) =>
  z.string().max(emailAddressMaxLength, `Keep the email under ${emailAddressMaxLength} characters`).regex(emailAddressPattern, message);
