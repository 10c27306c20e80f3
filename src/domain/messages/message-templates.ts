import { messageTemplateTypes, type MessageTemplateType } from '../../contract/enum-values.ts';
import type { StoreLocation } from '../../contract/store-location.ts';
import { dateFormats } from '../calendar/date-format.ts';
import { formatPhone } from '../people/phone.ts';
import { storeTimeZone } from '../calendar/time-zone.ts';

/** What a template may name, in braces: {customerName}. */
export const templatePlaceholders = {
  customerName: "the customer's first name, or their full name",
  storeName: "the store's name",
  storePhone: "the store's phone number",
  appointmentDate: "the appointment's day, in the store's time zone",
  appointmentTime: "the appointment's time, in the store's time zone",
  vehicle: 'the vehicle: year, make and model',
  reviewLink: "where to leave a review (the store's Google link, else Yelp)",
  ratingLink: 'the page where the customer rates the visit (nothing when the store does not ask for ratings)',
  ratingRequest: '"How did we do? Rate your visit:" and the rating page\'s link (nothing when the store does not ask for ratings)',
  inspectionReportLink: "the page of the visit's inspection report (in the message that sends it)",
} as const;
export type Placeholder = keyof typeof templatePlaceholders;
export type TemplateValues = Partial<Record<Placeholder, string>>;

/** What of a store its messages' placeholders read. */
export type TemplateStore = Pick<StoreLocation, 'name' | 'phoneNumber' | 'timeZone' | 'googleReviewUrl' | 'yelpReviewUrl'>;

export interface TemplateTexts {
  smsText: string;
  emailSubject: string;
  emailText: string;
}

/** A template type for people to read: the spec's label where it gives one, else its words spaced ("Appointment Reminder"). */
export function templateLabel(type: MessageTemplateType): string {
  const label = messageTemplateTypes.label(type);
  return label === type ? type.replace(/(?<=[a-z])(?=[A-Z])/g, ' ') : label;
}

/** The types that are not templates: a message written freely, and one from a customer. */
const notTemplates = new Set<MessageTemplateType>(['Unknown', 'FreeForm', 'Incoming']);
export const isTemplateType = (type: MessageTemplateType) => !notTemplates.has(type);

const both = (smsText: string, emailSubject: string, emailText = smsText): TemplateTexts => ({ smsText, emailSubject, emailText });

/** The words every store starts with, for every template type of spec section 3; admins change them per store. */
export const defaultTemplates: Record<Exclude<MessageTemplateType, 'Unknown' | 'FreeForm' | 'Incoming'>, TemplateTexts> = {
  AppointmentConfirmation: both(
    'Hi {customerName}, your appointment at {storeName} is confirmed for {appointmentDate} at {appointmentTime}. Questions? Call {storePhone}.',
    'Your appointment at {storeName} is confirmed',
  ),
  AppointmentAcknowledgement: both(
    'Hi {customerName}, {storeName} got your appointment request for {appointmentDate} at {appointmentTime}. We will confirm it shortly.',
    'We got your appointment request',
  ),
  AppointmentReminder: both(
    'Hi {customerName}, a reminder of your appointment at {storeName} on {appointmentDate} at {appointmentTime}. Need to change it? Call {storePhone}.',
    'A reminder of your appointment at {storeName}',
  ),
  CancellationConfirmation: both(
    'Hi {customerName}, your appointment at {storeName} on {appointmentDate} at {appointmentTime} is canceled. Call {storePhone} to book again.',
    'Your appointment at {storeName} is canceled',
  ),
  ServiceFinished: both('Hi {customerName}, your {vehicle} is ready for pickup at {storeName}.', 'Your vehicle is ready'),
  ServiceThankYou: both('Thank you for visiting {storeName}, {customerName}. We hope to see you again! {ratingRequest}', 'Thank you from {storeName}'),
  ServiceLowRatingStep1: both(
    '{customerName}, we are sorry your visit to {storeName} fell short. Could you tell us what went wrong?',
    'Tell us what went wrong',
  ),
  ServiceLowRatingStep2: both(
    '{customerName}, thank you for telling us. The manager of {storeName} will make it right; call us at {storePhone}.',
    'We will make it right',
  ),
  ServiceHighRatingWithReview: both(
    'Thank you for the great rating, {customerName}! Would you share it in a review? {reviewLink}',
    'Would you leave a review?',
  ),
  ServiceHighRating: both('Thank you for the great rating, {customerName}! We are glad {storeName} took good care of you.', 'Thank you for your rating'),
  RetailContactUsFormSubmission: both('New message from {customerName} through the {storeName} contact form.', 'New contact form message'),
  InspectionReport: both(
    'Hi {customerName}, the inspection report for your {vehicle} from {storeName} is ready: {inspectionReportLink} Questions? Call {storePhone}.',
    'Your vehicle inspection report',
  ),
  MemberNewAppointment: both('New appointment at {storeName}: {customerName} on {appointmentDate} at {appointmentTime}.', 'New appointment'),
  MemberLowRating: both('{customerName} left a low rating for {storeName}. Please follow up.', 'A customer left a low rating'),
  MemberContactUsNotification: both('{customerName} sent {storeName} a message through the contact form.', 'New message from the contact form'),
  CustomerContactUsConfirmation: both('Hi {customerName}, thank you for contacting {storeName}. We will get back to you soon.', 'We got your message'),
  TractionOrderSuccessEmail: both('Your order at {storeName} went through. Thank you, {customerName}!', 'Your order went through'),
  TractionOrderFailureEmail: both('Your order at {storeName} could not be placed. Please call {storePhone}.', 'Your order could not be placed'),
  CustomerStopTextConfirmation: both('{storeName}: you will get no more texts from us. Text START to get them again.', 'Texts stopped'),
  CustomerStartTextConfirmation: both('{storeName}: you will get our texts again. Text STOP to stop them, HELP for help.', 'Texts started again'),
};

export type StoredTemplate = { templateType: MessageTemplateType } & TemplateTexts;

/** A store's own words for a type where it has them, else the default; null for a type that is no template. */
export function templateTexts(type: MessageTemplateType, stored: readonly StoredTemplate[]): TemplateTexts | null {
  if (!isTemplateType(type)) return null;
  const own = stored.find((t) => t.templateType === type);
  return own ? { smsText: own.smsText, emailSubject: own.emailSubject, emailText: own.emailText } : defaultTemplates[type as keyof typeof defaultTemplates];
}

const placeholderPattern = /\{(\w+)\}/g;

/** A template type's words for one message, placeholders filled in; null for a type that is no template. */
export function renderedTemplate(type: MessageTemplateType, stored: readonly StoredTemplate[], values: TemplateValues): TemplateTexts | null {
  const texts = templateTexts(type, stored);
  return (
    texts && {
      smsText: renderTemplate(texts.smsText, values),
      emailSubject: renderTemplate(texts.emailSubject, values),
      emailText: renderTemplate(texts.emailText, values),
    }
  );
}

/** The text with each placeholder replaced by its value; a value this message does not have leaves nothing. */
export function renderTemplate(text: string, values: TemplateValues): string {
  return text
    .replace(placeholderPattern, (whole, name: string) => (Object.hasOwn(templatePlaceholders, name) ? (values[name as Placeholder] ?? '') : whole))
    .replace(/ {2,}/g, ' ')
    .trim();
}

/** What is wrong with an admin's words for a template, by field; empty when they can be saved. */
export function templateProblems(texts: TemplateTexts, maxSms: number): Record<string, string[]> {
  const problems: Record<string, string[]> = {};
  const known = Object.keys(templatePlaceholders)
    .map((p) => `{${p}}`)
    .join(', ');
  for (const field of ['smsText', 'emailSubject', 'emailText'] as const) {
    if (texts[field].trim() === '') (problems[field] ??= []).push('Write the words, or restore the default');
    const unknown = [...texts[field].matchAll(placeholderPattern)].map((m) => m[1]!).filter((name) => !Object.hasOwn(templatePlaceholders, name));
    if (unknown.length > 0) (problems[field] ??= []).push(`{${unknown[0]}} is not a placeholder; use ${known}`);
  }
  if (texts.smsText.length > maxSms) (problems.smsText ??= []).push(`Keep a text under ${maxSms} characters`);
  return problems;
}

/**
 * The values of a message's placeholders, the same on the device and the server: dates and times in the
 * store's zone, in one fixed form (a text reads the same whoever sends it).
 */
export function templateValues(input: {
  store: TemplateStore;
  customer?: { firstName: string | null; lastName: string | null } | null;
  name?: string | null;
  appointmentAt?: string | null;
  vehicle?: { year: number | null; make: string | null; model: string | null } | null;
  /** The visit's rating page (whole address), when the store asks for ratings and the message is about a visit. */
  ratingLink?: string | null;
  /** The visit's inspection report page (whole address), in the message that sends it. */
  inspectionReportLink?: string | null;
}): TemplateValues {
  const timeZone = storeTimeZone(input.store.timeZone, () => undefined);
  const vehicle = input.vehicle ? [input.vehicle.year, input.vehicle.make, input.vehicle.model].filter(Boolean).join(' ') : '';
  const values: TemplateValues = {
    customerName: input.customer?.firstName || input.customer?.lastName || input.name || 'there',
    storeName: input.store.name,
    storePhone: input.store.phoneNumber ? formatPhone(input.store.phoneNumber) : '',
    vehicle: vehicle || 'vehicle',
    reviewLink: input.store.googleReviewUrl ?? input.store.yelpReviewUrl ?? '',
    ratingLink: input.ratingLink ?? '',
    ratingRequest: input.ratingLink ? `How did we do? Rate your visit: ${input.ratingLink}` : '',
    inspectionReportLink: input.inspectionReportLink ?? '',
  };
  if (input.appointmentAt) {
    const formats = dateFormats(timeZone);
    values.appointmentDate = formats.date(input.appointmentAt);
    values.appointmentTime = formats.time(input.appointmentAt);
  }
  return values;
}
