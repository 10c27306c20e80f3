import type { Customer, SpecialStoreHours, UnconfirmedVisit } from '../../contract/entities.ts';
import { foldText, searchableEmail } from '../people/customer-search.ts';
import { templateValues, type TemplateStore } from '../messages/message-templates.ts';
import { phoneDigits } from '../people/phone.ts';
import { hoursOn, type WeekdayHours } from '../store/store-hours.ts';
import { instantToWallClock } from '../calendar/time-zone.ts';

type Request = Pick<UnconfirmedVisit, 'confirmedVisitId' | 'declinedOn'>;

/** A request waits for staff until someone confirms or declines it. */
export const isOpenRequest = (request: Request) => request.confirmedVisitId === null && request.declinedOn === null;

/**
 * Declining a request: the fields it sets, null when it was declined before (nothing to do), or why not (a
 * confirmed request is an appointment now: it is canceled on the calendar instead).
 */
export function declineChanges(
  request: Request,
  reason: string,
  at: string,
): { refused: string } | Pick<UnconfirmedVisit, 'declinedOn' | 'declineReason'> | null {
  if (request.confirmedVisitId) return { refused: 'This request was confirmed: cancel the appointment on the calendar instead.' };
  if (request.declinedOn) return null;
  return { declinedOn: at, declineReason: reason.trim() };
}

/**
 * The requester as the rules of automatic messages see a customer: how they asked to be answered. Texts only
 * when they agreed to them on the booking page; else by email, or by a call when there is no address.
 */
export function requesterContact(
  request: Pick<UnconfirmedVisit, 'preferredContactMethod' | 'phoneNumber' | 'email' | 'textConsent'>,
): Pick<Customer, 'preferredContactMethod' | 'phoneNumber' | 'email' | 'textConsentMethod'> {
  const preferred = request.preferredContactMethod === 'Sms' ? 'Text' : request.preferredContactMethod;
  return {
    preferredContactMethod: preferred,
    phoneNumber: request.phoneNumber,
    email: request.email,
    textConsentMethod: request.textConsent ? 'OnlineForm' : null,
  };
}

/** Why a requested time needs a second look before it is confirmed: the store is closed then, or it is outside its hours. */
export function requestTimeProblem(
  request: Pick<UnconfirmedVisit, 'requestedStartDate'>,
  store: WeekdayHours,
  special: readonly Pick<SpecialStoreHours, 'date' | 'isClosed' | 'openTime' | 'closeTime' | 'description'>[],
  timeZone: string,
): string | null {
  const wall = instantToWallClock(request.requestedStartDate, timeZone);
  const date = wall.slice(0, 10);
  const hours = hoursOn(store, special, date);
  if (!hours) {
    const note = special.find((s) => s.date === date)?.description;
    return `The store is closed that day${note ? ` (${note})` : ''}.`;
  }
  const time = wall.slice(11, 16);
  return time < hours.open || time >= hours.close ? "It is outside the store's hours that day." : null;
}

/** A company's customer as the match of a request reads it. */
export type MatchCandidate = Pick<Customer, 'customerId' | 'firstName' | 'lastName' | 'email' | 'phoneNumber'>;

/**
 * Which customer a confirmed request joins (issue 46 item 23: it joined whoever had its email or phone, whatever
 * the name): one with its email, else its phone number, and the same first and last name (case, accents and
 * punctuation aside), oldest first as given. A customer with the contact under another name is not joined: it is
 * named (`differs`) so staff see it before they confirm, and confirming makes a new customer they can merge.
 */
export function requestCustomerMatch(
  request: Pick<UnconfirmedVisit, 'firstName' | 'lastName' | 'email' | 'phoneNumber'>,
  candidates: readonly MatchCandidate[],
): { joins: MatchCandidate; by: 'email' | 'phone' } | { differs: MatchCandidate; by: 'email' | 'phone' } | null {
  const email = searchableEmail(request.email);
  const phone = phoneDigits(request.phoneNumber);
  const byEmail = email ? candidates.filter((c) => searchableEmail(c.email) === email) : [];
  const byPhone = phone.length === 10 ? candidates.filter((c) => phoneDigits(c.phoneNumber).slice(-10) === phone) : [];
  const named = (c: MatchCandidate) => sameName(c.firstName, request.firstName) && sameName(c.lastName, request.lastName);
  const joinsByEmail = byEmail.find(named);
  if (joinsByEmail) return { joins: joinsByEmail, by: 'email' };
  const joinsByPhone = byPhone.find(named);
  if (joinsByPhone) return { joins: joinsByPhone, by: 'phone' };
  if (byEmail[0]) return { differs: byEmail[0], by: 'email' };
  return byPhone[0] ? { differs: byPhone[0], by: 'phone' } : null;
}

const nameKey = (name: string | null | undefined) => foldText(name ?? '').replace(/[^a-z0-9]/g, '');
const sameName = (a: string | null | undefined, b: string | null | undefined) => nameKey(a) !== '' && nameKey(a) === nameKey(b);

/**
 * What the requester is sent when staff decline a request (issue 46 item 4: it read "your appointment … is canceled"
 * for something never booked): a request that could not be accepted, with staff's reason. It greets no name: nobody
 * verified the requester's contact, so their own words stay out (item 22).
 */
export function declinedRequestWords(
  store: TemplateStore,
  request: Pick<UnconfirmedVisit, 'requestedStartDate'>,
  reason: string,
): { smsText: string; emailSubject: string; emailText: string } {
  const { appointmentDate, appointmentTime, storePhone } = templateValues({ store, appointmentAt: request.requestedStartDate });
  const words = [
    `${store.name} could not accept your appointment request for ${appointmentDate} at ${appointmentTime}.`,
    reason.trim() ? `Reason: ${reason.trim()}` : '',
    storePhone ? `Call ${storePhone} to find another time.` : '',
  ]
    .filter(Boolean)
    .join(' ');
  return { smsText: words, emailSubject: `Your appointment request at ${store.name}`, emailText: words };
}
