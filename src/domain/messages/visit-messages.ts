import type { Customer, ScheduledVisit } from '../../contract/entities.ts';
import type { StoreLocation } from '../../contract/store-location.ts';
import { e164 } from '../people/phone.ts';
import { storeTextProblem } from './texting-consent.ts';
import { isVisitOpen } from '../scheduler/visit-rules.ts';

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
  let whyNoText: string | null = null;
  if (customer.preferredContactMethod === 'Text') {
    whyNoText = storeTextProblem(customer, store, isStopped);
    if (whyNoText === null) return { channel: 'sms', to: e164(customer.phoneNumber)! };
  }
  if (customer.email) return { channel: 'email', to: customer.email };
  return { skipped: whyNoText ?? 'The customer has no email address' };
}

/** The counter's note on a visit whose customer prefers calls and whose report is waiting for them. */
export const preferCallsNote = 'Call the customer: they prefer calls';

/**
 * What the counter must do about a finished inspection report the store cannot send its customer (issue 46): call
 * them. Shown while the visit is open and the report is neither sent nor answered, at a store that sends report
 * links, when the way the store reaches the customer (automaticChannel, the rule the server's send follows) has
 * none: "Call the customer: they prefer calls", or why the report cannot go. Derived, not stored: it goes as soon
 * as the report is sent, the customer answers, their contact details change or the car leaves.
 */
export function reportCallNote(
  visit: Pick<ScheduledVisit, 'cancelDate' | 'checkOutDate'>,
  report: { completedAt: string | null; sentAt: string | null; approvedAt: string | null } | null | undefined,
  customer: Pick<Customer, 'preferredContactMethod' | 'phoneNumber' | 'email' | 'textConsentMethod'> | null | undefined,
  store: Pick<StoreLocation, 'twilioPhoneNumber' | 'inspectionReportLinkEnabled'>,
  isStopped: (phoneNumber: string) => boolean,
): string | null {
  if (!report?.completedAt || report.sentAt || report.approvedAt || !customer || !store.inspectionReportLinkEnabled || !isVisitOpen(visit)) return null;
  const route = automaticChannel(customer, store, isStopped);
  if (!('skipped' in route)) return null;
  if (customer.preferredContactMethod === 'Phone') return preferCallsNote;
  return `Call the customer: their inspection report cannot be sent (${route.skipped.replace(/^./, (c) => c.toLowerCase()).replace(/\.$/, '')})`;
}
