import type { Customer, ScheduledVisit } from '../contract/entities.ts';
import type { StoreLocation } from '../contract/store-location.ts';
import { e164 } from './phone.ts';
import { stoppedNumberProblem } from './text-keywords.ts';
import { textingEnabled } from './texting.ts';

export type VisitMessageKind = 'reminder' | 'thankYou';
/** How late a thank-you may still go: a server that was down longer skips it rather than thank a week late. */
const thankYouGraceMs = 24 * 3600_000;

/**
 * Whether a visit's automatic message is due now: a reminder from `hours` before the customer's scheduled
 * arrival until they arrive (not for a canceled visit or one already checked in); a thank-you from `hours`
 * after checkout, for a day.
 */
export function visitMessageDue(
  kind: VisitMessageKind,
  visit: Pick<ScheduledVisit, 'scheduledCustomerCheckIn' | 'cancelDate' | 'checkInDate' | 'checkOutDate'>,
  hours: number,
  now: Date,
): boolean {
  if (visit.cancelDate) return false;
  const at = now.getTime();
  if (kind === 'reminder') {
    if (!visit.scheduledCustomerCheckIn || visit.checkInDate) return false;
    const arrival = Date.parse(visit.scheduledCustomerCheckIn);
    return arrival - hours * 3600_000 <= at && at < arrival;
  }
  if (!visit.checkOutDate) return false;
  const due = Date.parse(visit.checkOutDate) + hours * 3600_000;
  return due <= at && at <= due + thankYouGraceMs;
}

/**
 * How an automatic message reaches a customer, or why it does not: by text to one who prefers texts and
 * agreed to them (the consent on their record), whose number did not text STOP, from a store that texts;
 * else by email when they have an address; never to one who asked for calls.
 */
export function automaticChannel(
  customer: Pick<Customer, 'preferredContactMethod' | 'phoneNumber' | 'email' | 'textConsentMethod'>,
  store: Pick<StoreLocation, 'twilioPhoneNumber'>,
  isStopped: (phoneNumber: string) => boolean,
): { channel: 'sms' | 'email'; to: string } | { skipped: string } {
  if (customer.preferredContactMethod === 'Phone') return { skipped: 'The customer asked for calls' };
  const number = e164(customer.phoneNumber);
  let whyNoText: string | null = null;
  if (customer.preferredContactMethod === 'Text') {
    if (!textingEnabled(store)) whyNoText = 'The store cannot text';
    else if (!number) whyNoText = 'The customer has no 10-digit phone number';
    else if (!customer.textConsentMethod) whyNoText = 'The customer has not agreed to texts';
    else if (isStopped(number)) whyNoText = stoppedNumberProblem;
    else return { channel: 'sms', to: number };
  }
  if (customer.email) return { channel: 'email', to: customer.email };
  return { skipped: whyNoText ?? 'The customer has no email address' };
}
