import type { Customer } from '../../contract/entities.ts';
import type { StoreLocation } from '../../contract/store-location.ts';
import { e164 } from '../people/phone.ts';
import { stoppedNumberProblem } from './text-keywords.ts';
import { textingEnabled } from './texting.ts';

/** The words for a customer without texting consent on record (docs/decisions.md, "Texting consent"). */
export const noTextConsentProblem = 'The customer has not agreed to texts';

/**
 * Whether the store may start a text to a customer (an automatic message, a tire quote from the counter): from a
 * store that texts, to a 10-digit number, with the customer's texting consent on record, to a number that did
 * not text STOP. The reason it may not, in words, or null when it may. The one consent rule: replies in a
 * conversation the customer started are the spec's quick reply, not this.
 */
export function storeTextProblem(
  customer: Pick<Customer, 'phoneNumber' | 'textConsentMethod'>,
  store: Pick<StoreLocation, 'twilioPhoneNumber'>,
  isStopped: (phoneNumber: string) => boolean,
): string | null {
  const number = e164(customer.phoneNumber);
  if (!textingEnabled(store)) return 'The store cannot text';
  if (!number) return 'The customer has no 10-digit phone number';
  if (!customer.textConsentMethod) return noTextConsentProblem;
  if (isStopped(number)) return stoppedNumberProblem;
  return null;
}

/**
 * Why a tire quote cannot go to its customer by `channel` (the counter says it before sending, the server refuses
 * with the same words), or null when it can: an email needs an address on file; a text, the store's text rule
 * above. A quote that cannot be texted is offered by email.
 */
export function quoteSendProblem(
  channel: 'sms' | 'email',
  customer: Pick<Customer, 'phoneNumber' | 'email' | 'textConsentMethod'>,
  store: Pick<StoreLocation, 'twilioPhoneNumber'>,
  isStopped: (phoneNumber: string) => boolean,
): string | null {
  if (channel === 'email') return customer.email ? null : 'This customer has no email address: add one on the customer, or text the quote';
  if (!customer.phoneNumber) return 'This customer has no mobile number: add one on the customer, or email the quote';
  const why = storeTextProblem(customer, store, isStopped);
  if (why === null) return null;
  if (why === stoppedNumberProblem) return why.replace(/\.$/, '');
  const also = why === noTextConsentProblem ? ' (record their consent on the customer once they give it)' : '';
  return `The quote cannot be texted: ${why.replace(/^./, (c) => c.toLowerCase())}${also}. Email the quote instead`;
}
