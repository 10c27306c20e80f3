/**
 * The customer told before, not after (issue 48): the words of the update a customer gets when the counter
 * moves their visit's promise, and how it reaches them or why it cannot. One rule for the panel's preview and the
 * server's send, so the counter reads exactly what goes (docs/decisions/scheduler.md, "The promise").
 */
import type { Customer, CustomerVehicle } from '../../contract/entities.ts';
import { fillPath } from '../../contract/fill-path.ts';
import { publicPagePaths } from '../../contract/routes.ts';
import type { StoreLocation } from '../../contract/store-location.ts';
import { calendarDateAt, dateFormats, formatCalendarDay } from '../calendar/date-format.ts';
import { storeTimeZone } from '../calendar/time-zone.ts';
import { stoppedNumberProblem } from '../messages/text-keywords.ts';
import { automaticChannel } from '../messages/visit-messages.ts';
import { formatPhone } from '../people/phone.ts';

export interface PromiseUpdateInput {
  vehicle: Pick<CustomerVehicle, 'year' | 'make' | 'model'> | null | undefined;
  /** The new promise (ISO instant). */
  pickUpTime: string;
  /** The promise it replaces, or null when the visit had none. */
  previousPickUpTime: string | null;
  /** Why, as the counter typed it; empty or null says nothing. */
  reason: string | null;
  /** The customer's work order page, whole address (workOrderLink). */
  link: string;
  store: Pick<StoreLocation, 'name' | 'timeZone'>;
  now: Date;
}

/** The public work order page of a visit, which follows it live: the address a customer's update carries. */
export const workOrderLink = (publicUrl: string, scheduledVisitHashId: string) =>
  `${publicUrl.replace(/\/$/, '')}${fillPath(publicPagePaths.workOrder, { visitHashId: scheduledVisitHashId })}`;

/** "2019 Toyota Camry", or "vehicle" when the visit names none (or one without year, make and model). */
const vehicleWords = (vehicle: PromiseUpdateInput['vehicle']) =>
  (vehicle ? [vehicle.year, vehicle.make, vehicle.model].filter(Boolean).join(' ') : '') || 'vehicle';

/**
 * The reason as a clause after a colon: its first word lowered when it is an ordinary capitalised word ("The brake
 * work" → "the brake work"; "ABS", "I" and "Goodyear's" would read wrong lowered, so a word with another capital or
 * an apostrophe stays), its end a full stop unless it asks or exclaims.
 */
function reasonClause(reason: string): string {
  let text = reason.trim().replace(/[\s.]+$/, '');
  const first = /^[A-Z][a-z]*(?=[\s,;:]|$)/.exec(text)?.[0];
  if (first && first !== 'I') text = first.toLowerCase() + text.slice(first.length);
  return /[!?]$/.test(text) ? text : `${text}.`;
}

/**
 * The update's words: "Your 2019 Toyota Camry will be ready at 4:15 PM instead of 3:30 PM: the brake work you
 * approved adds 45 minutes. Follow it here: <link> — <store>". Times at the store's wall clock; a time on
 * another day than today (the store's today at `now`) names its day ("on Tue, Dec 1 at 9:00 AM"), and when the
 * two times are on different days, the one of today says so. No previous promise (or the same one) says no
 * "instead of"; no reason, no clause.
 */
export function promiseUpdateText(input: PromiseUpdateInput): string {
  const zone = storeTimeZone(input.store.timeZone, () => undefined);
  const formats = dateFormats(zone, () => input.now);
  const today = calendarDateAt(input.now, zone);
  const dayOf = (iso: string) => calendarDateAt(new Date(iso), zone);
  const previous = input.previousPickUpTime && Date.parse(input.previousPickUpTime) !== Date.parse(input.pickUpTime) ? input.previousPickUpTime : null;
  const acrossDays = previous !== null && dayOf(previous) !== dayOf(input.pickUpTime);
  const when = (iso: string) => {
    const day = dayOf(iso);
    if (day !== today) return `on ${formatCalendarDay(day, { weekday: 'short', month: 'short', day: 'numeric' })} at ${formats.time(iso)}`;
    return acrossDays ? `today at ${formats.time(iso)}` : `at ${formats.time(iso)}`;
  };
  // The time it replaces, on the new one's day, is only a time: that day was just named.
  const instead = previous && (acrossDays ? when(previous).replace(/^on /, '') : formats.time(previous));
  const moved = `Your ${vehicleWords(input.vehicle)} will be ready ${when(input.pickUpTime)}${instead ? ` instead of ${instead}` : ''}`;
  const reason = input.reason?.trim() ? `: ${reasonClause(input.reason)}` : '.';
  return `${moved}${reason} Follow it here: ${input.link} — ${input.store.name}`;
}

/** The subject of the update sent by email. */
export const promiseUpdateSubject = (vehicle: PromiseUpdateInput['vehicle']) => `A new ready-by time for your ${vehicleWords(vehicle)}`;

export type PromiseUpdateCustomer = Pick<Customer, 'preferredContactMethod' | 'phoneNumber' | 'email' | 'textConsentMethod'>;

/**
 * How the update reaches the customer (automaticChannel: their preference, texting consent and STOP, as every
 * message the store starts), or why it cannot, in words the counter acts on: "The customer asked for calls: call
 * them at (555) 010-1234".
 */
export function promiseUpdateRoute(
  customer: PromiseUpdateCustomer | null | undefined,
  store: Pick<StoreLocation, 'twilioPhoneNumber'>,
  isStopped: (phoneNumber: string) => boolean,
): { channel: 'sms' | 'email'; to: string } | { cannot: string } {
  if (!customer) return { cannot: 'The visit has no customer to tell' };
  const route = automaticChannel(customer, store, isStopped);
  if (!('skipped' in route)) return route;
  // STOP's own words already say to call or email: here only calling is left (an address would have been used).
  const why = route.skipped === stoppedNumberProblem ? 'The customer texted STOP' : route.skipped.replace(/\.$/, '');
  return { cannot: customer.phoneNumber ? `${why}: call them at ${formatPhone(customer.phoneNumber)}` : why };
}

/** The server's refusal of a promise moved with "tell the customer" when the update cannot go: nothing is stored. */
export const promiseUpdateRefusal = (cannot: string) => `The customer was not told and the promise stays as it was. ${cannot}.`;
