import type { Customer, SpecialStoreHours, UnconfirmedVisit } from '../contract/entities.ts';
import { hoursOn, type WeekdayHours } from './store-hours.ts';
import { instantToWallClock } from './time-zone.ts';

type Request = Pick<UnconfirmedVisit, 'confirmedVisitId' | 'declinedOn'>;

/** A request waits for staff until someone confirms or declines it. */
export const isOpenRequest = (request: Request) => request.confirmedVisitId === null && request.declinedOn === null;

/**
 * Declining a request: the fields it sets, null when it was declined before (nothing to do), or why not (a
 * confirmed request is an appointment now: it is canceled on the calendar instead).
 */
export function declineChanges(request: Request, reason: string, at: string): { refused: string } | Pick<UnconfirmedVisit, 'declinedOn' | 'declineReason'> | null {
  if (request.confirmedVisitId) return { refused: 'This request was confirmed: cancel the appointment on the calendar instead.' };
  if (request.declinedOn) return null;
  return { declinedOn: at, declineReason: reason.trim() };
}

/**
 * The requester as the rules of automatic messages see a customer: how they asked to be answered. Texts only
 * when they agreed to them on the booking page; else by email, or by a call when there is no address.
 */
export function requesterContact(request: Pick<UnconfirmedVisit, 'preferredContactMethod' | 'phoneNumber' | 'email' | 'textConsent'>): Pick<Customer, 'preferredContactMethod' | 'phoneNumber' | 'email' | 'textConsentMethod'> {
  const preferred = request.preferredContactMethod === 'Sms' ? 'Text' : request.preferredContactMethod;
  return { preferredContactMethod: preferred, phoneNumber: request.phoneNumber, email: request.email, textConsentMethod: request.textConsent ? 'OnlineForm' : null };
}

/** Why a requested time needs a second look before it is confirmed: the store is closed then, or it is outside its hours. */
export function requestTimeProblem(request: Pick<UnconfirmedVisit, 'requestedStartDate'>, store: WeekdayHours, special: readonly Pick<SpecialStoreHours, 'date' | 'isClosed' | 'openTime' | 'closeTime' | 'description'>[], timeZone: string): string | null {
  const wall = instantToWallClock(request.requestedStartDate, timeZone);
  const date = wall.slice(0, 10);
  const hours = hoursOn(store, special, date);
  if (!hours) {
    const note = special.find((s) => s.date === date)?.description;
    return `The store is closed that day${note ? ` (${note})` : ''}.`;
  }
  const time = wall.slice(11, 16);
  return time < hours.open || time >= hours.close ? 'It is outside the store\'s hours that day.' : null;
}
