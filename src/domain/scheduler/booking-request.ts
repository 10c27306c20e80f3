import type { BookingRequest } from '../../contract/online-booking.ts';
import { e164 } from '../people/phone.ts';

/**
 * A link, a web or email address ("http://", "www.", "phish.example/x", "bank.com", "a@b"): never part of a person's
 * name. A dot before a word alone ("A.Jones") is a name; before a path or a usual ending it is an address.
 */
const linkPattern = /[a-z][a-z0-9+.-]*:\/\/|www\.|[/@\\]|\.(?:com|net|org|info|biz|io|co|us|me|ly|app|link|xyz|site|online|example)\b/i;
/** Three digits in a row: no name has them; a card, an account or a phone number does. */
const digitRunPattern = /\d{3}/;

/** Why a name field cannot be a person's name, or null (issue 46 item 22: a name that read as a bank's warning). */
export function nameProblem(name: string, which: 'first' | 'last'): string | null {
  if (linkPattern.test(name)) return `Enter just your ${which} name, with no web address`;
  if (digitRunPattern.test(name)) return `Enter just your ${which} name, with no numbers`;
  return null;
}

/**
 * What is wrong with a booking request beyond its schema, by field, in words a customer acts on: the booking page
 * and the server say the same (one phone rule, src/domain/people/phone.ts). A name carries no link or number; the phone is
 * a 10-digit one; the way they ask to be answered needs its contact, and a text needs their consent to texts.
 */
export function bookingRequestProblems(
  form: Pick<BookingRequest, 'firstName' | 'lastName' | 'phoneNumber' | 'email' | 'preferredContactMethod' | 'textConsent'>,
  storeTexts: boolean,
): Record<string, string[]> {
  const problems: Record<string, string[]> = {};
  const add = (field: string, words: string | null) => {
    if (words) (problems[field] ??= []).push(words);
  };
  add('firstName', nameProblem(form.firstName, 'first'));
  add('lastName', nameProblem(form.lastName, 'last'));
  if (form.phoneNumber.trim() !== '' && !e164(form.phoneNumber)) add('phoneNumber', 'Enter a 10-digit phone number, like (555) 123-4567');
  if (form.preferredContactMethod === 'Email' && !form.email?.trim()) add('email', 'Enter your email address so we can write back');
  if (form.preferredContactMethod === 'Sms' && !storeTexts) add('preferredContactMethod', 'This store cannot text: choose a call or an email');
  else if (form.preferredContactMethod === 'Sms' && !form.textConsent) add('textConsent', 'Tick the box to get texts, or choose a call or an email');
  return problems;
}
