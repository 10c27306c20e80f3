import type { checkOutMethods, contactMethods } from '../../contract/enum-values.ts';
import { bookingRequestSchema, takenTimeMessage, type BookingReceipt, type BookingRequest, type FreeTime } from '../../contract/online-booking.ts';
import { formatCalendarDay } from '../../domain/calendar/date-format.ts';
import { bookingRequestProblems } from '../../domain/scheduler/booking-request.ts';
import type { ApiResponse } from '../../http/api-client.ts';
import { problemOf } from '../../http/problem-of.ts';

/**
 * The booking page's view model: what the customer types, the request it makes, what is wrong with it (the
 * server's own words), and what each answer of the server means for the page. Pure, so each case is a table test
 * (tests/unit/booking-form-model.test.ts) and the page only draws it.
 */

export type ContactMethod = (typeof contactMethods.values)[number];
export type CheckOutMethod = (typeof checkOutMethods.values)[number];

/** What the customer types about themselves: kept on their phone until the store has the request. */
export interface Details {
  firstName: string;
  lastName: string;
  phoneNumber: string;
  email: string;
  vehicle: string;
  preferredContactMethod: ContactMethod;
  comments: string;
  textConsent: boolean;
}

/** A call until they choose otherwise: texts need the consent box ticked first (issue 46 item 15). */
export const emptyDetails: Details = {
  firstName: '',
  lastName: '',
  phoneNumber: '',
  email: '',
  vehicle: '',
  preferredContactMethod: 'Phone',
  comments: '',
  textConsent: false,
};

/** The form's fields in the order they are shown: the first with a problem takes the focus. */
export const fieldOrder = [
  'storeServiceIds',
  'startDate',
  'firstName',
  'lastName',
  'phoneNumber',
  'email',
  'vehicle',
  'preferredContactMethod',
  'textConsent',
  'comments',
] as const;

export type Sending =
  | { state: 'idle' }
  | { state: 'sending' }
  | { state: 'sent'; receipt: BookingReceipt }
  | { state: 'taken'; words: string; nearest: FreeTime[] }
  | { state: 'problem'; words: string };

/** A calendar date as the page says it ("Tue, Jun 4"): the date's own day, whatever the phone's zone. */
export const dayLabel = formatCalendarDay;

/** A store's wall-clock time ("14:30") as "2:30 PM". */
export const timeLabel = (time: string) => {
  const [h, m] = time.split(':').map(Number) as [number, number];
  return `${((h + 11) % 12) + 1}:${String(m).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
};

/** How the customer may ask to be reached: texts only where the store texts. */
export const contactChoices = (storeTexts: boolean) =>
  [
    { value: 'Phone', label: 'Call me' },
    { value: 'Sms', label: 'Text me' },
    { value: 'Email', label: 'Email me' },
  ].filter((m) => m.value !== 'Sms' || storeTexts);

/** The way to reach them the page sends: their choice while the store offers it, else a call. */
export const contactMethodOf = (details: Details, storeTexts: boolean): ContactMethod =>
  contactChoices(storeTexts).some((m) => m.value === details.preferredContactMethod) ? details.preferredContactMethod : 'Phone';

export interface BookingChoice {
  services: string[];
  checkOutMethod: CheckOutMethod;
  /** The free time chosen, still among those offered; null while none is. */
  startDate: string | null;
  details: Details;
  /** The field people never see: a bot fills it. */
  website: string;
}

export function bookingRequest(choice: BookingChoice, store: { texts: boolean }, formToken: string): BookingRequest {
  const { details } = choice;
  return {
    storeServiceIds: choice.services,
    checkOutMethod: choice.checkOutMethod,
    startDate: choice.startDate ?? '',
    ...details,
    preferredContactMethod: contactMethodOf(details, store.texts),
    email: details.email.trim() || null,
    comments: details.comments.trim() || null,
    textConsent: store.texts && details.textConsent,
    formToken,
    ...(choice.website ? { website: choice.website } : {}),
  };
}

/** Every problem at once, by field, in the server's words: one phone rule, texts only with consent, no links in names. */
export function bookingProblems(body: BookingRequest, storeTexts: boolean): Record<string, string> {
  const checked = bookingRequestSchema.safeParse(body);
  const found: Record<string, string> = checked.success ? {} : Object.fromEntries(checked.error.issues.map((i) => [String(i.path[0]), i.message]).reverse());
  for (const [field, words] of Object.entries(bookingRequestProblems(body, storeTexts)).reverse()) found[field] ??= words[0]!;
  if (!body.startDate) found.startDate = body.storeServiceIds.length === 0 ? 'Choose a service, then a time' : 'Choose a time';
  return found;
}

/** What the page does with the server's answer to a request. */
export type BookingOutcome =
  | { kind: 'sent'; receipt: BookingReceipt }
  | { kind: 'problems'; problems: Record<string, string> }
  | { kind: 'taken'; words: string; nearest: FreeTime[] }
  | { kind: 'refused'; words: string; renewToken: boolean };

export function bookingOutcome(answer: ApiResponse): BookingOutcome {
  if (answer.status === 200 || answer.status === 201) return { kind: 'sent', receipt: answer.body as BookingReceipt };
  const problem = problemOf(answer);
  if (answer.status === 400 && problem.errors) {
    return { kind: 'problems', problems: Object.fromEntries(Object.entries(problem.errors).map(([field, words]) => [field, words[0]!])) };
  }
  if (answer.status === 409 && answer.body && typeof answer.body === 'object' && 'nearest' in answer.body) {
    return { kind: 'taken', words: problem.detail ?? takenTimeMessage, nearest: (answer.body as { nearest: FreeTime[] }).nearest };
  }
  const words =
    answer.status >= 500 ? 'Something went wrong on our side. What you entered is kept here: try again in a moment.' : (problem.detail ?? problem.title);
  return { kind: 'refused', words, renewToken: answer.status === 422 && Boolean(problem.errors?.formToken) };
}

/** The words when the request could not leave the phone. */
export const offlineWords = 'There is no connection. What you entered is kept on this phone: send it again when you are back online.';

/** The taken-time alert's words: the server's, or, with no free time near, where to turn instead. */
export const takenWords = (sending: { words: string; nearest: FreeTime[] }, storePhone: string | null) =>
  sending.nearest.length > 0 ? sending.words : `${sending.words.split('.')[0]!}. No free time is near it${storePhone ? `: call ${storePhone}` : ''}.`;
