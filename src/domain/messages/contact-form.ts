import type { ContactFormSubmission } from '../../contract/contact-form.ts';
import { emailAddressMessage, isEmailAddress } from '../../contract/email-address.ts';
import { e164 } from '../people/phone.ts';

/**
 * What is wrong with a contact form before it is sent, by field, in words a customer acts on; the page and the
 * server say the same. The way they ask to be answered needs its contact: a call or a text a 10-digit phone
 * number, an email an address; a text only from a store that texts.
 */
export function contactFormProblems(
  form: Pick<ContactFormSubmission, 'name' | 'email' | 'phoneNumber' | 'preferredContactMethod' | 'content'>,
  storeTexts: boolean,
): Record<string, string[]> {
  const problems: Record<string, string[]> = {};
  const add = (field: string, words: string) => {
    (problems[field] ??= []).push(words);
  };
  if (!form.name?.trim()) add('name', 'Enter your name');
  if (!form.content?.trim()) add('content', 'Write your message');
  const phone = form.phoneNumber?.trim() ?? '';
  const email = form.email?.trim() ?? '';
  if (phone !== '' && !e164(phone)) add('phoneNumber', 'Enter a 10-digit phone number, like (555) 123-4567');
  if (email !== '' && !isEmailAddress(email)) add('email', emailAddressMessage);
  if (form.preferredContactMethod === 'Email' && email === '') add('email', 'Enter your email address so we can write back');
  if (form.preferredContactMethod !== 'Email' && phone === '')
    add('phoneNumber', form.preferredContactMethod === 'Sms' ? 'Enter your phone number so we can text you' : 'Enter your phone number so we can call you');
  if (form.preferredContactMethod === 'Sms' && !storeTexts) add('preferredContactMethod', 'This store cannot text: choose a call or an email');
  return problems;
}

/**
 * How the store confirms a contact form to the customer, or null when it does not: by text to one who asked
 * for texts, from a store that texts, to a number that has not texted STOP (they asked for this one text, so
 * no standing consent is needed); else by email when they gave one; a customer who asked for a call gets the
 * call.
 */
export function confirmationChannel(
  form: { preferredContactMethod: ContactFormSubmission['preferredContactMethod']; phoneNumber: string | null; email: string | null },
  storeTexts: boolean,
  isStopped: (phoneNumber: string) => boolean,
): { channel: 'sms' | 'email'; to: string } | null {
  const number = e164(form.phoneNumber);
  if (form.preferredContactMethod === 'Sms' && storeTexts && number && !isStopped(number)) return { channel: 'sms', to: number };
  if (form.preferredContactMethod !== 'Phone' && form.email) return { channel: 'email', to: form.email };
  return null;
}
