import type { Customer, CustomerVehicle } from '../../contract/entities.ts';
import { formatPhone, phoneDigits } from './phone.ts';
import { formatTireSize, parseTireSize } from '../tires/tire-size.ts';
import { modelYearFromVin, normalizeVin, vinProblem } from './vin.ts';

/**
 * The rules of a customer and a vehicle beyond their shapes (the contract's schemas), in words a person at
 * the counter can act on. The form shows them as the user types; the server refuses what breaks them.
 */
export type FieldProblems = Record<string, string[]>;

type CustomerFields = Pick<
  Customer,
  | 'firstName'
  | 'lastName'
  | 'companyName'
  | 'email'
  | 'phoneNumber'
  | 'alternatePhoneNumber'
  | 'preferredContactMethod'
  | 'textConsentMethod'
  | 'textConsentGivenOn'
  | 'textConsentRecordedBy'
>;
type VehicleFields = Pick<CustomerVehicle, 'vin' | 'year' | 'tireSize' | 'vehicleLicensePlateNumber' | 'vehicleLicensePlateState'>;

const textFields = [
  'firstName',
  'lastName',
  'companyName',
  'email',
  'phoneNumber',
  'alternatePhoneNumber',
  'addressLine1',
  'addressLine2',
  'city',
  'state',
  'postalCode',
  'notes',
  'textConsentRecordedBy',
  'make',
  'model',
  'trim',
  'vin',
  'vehicleLicensePlateState',
  'vehicleLicensePlateNumber',
  'tireSize',
];

/**
 * A customer or vehicle as stored: text trimmed (empty is none), phones as (555) 123-4567, emails in lower
 * case, VINs, plates and states in capitals, a tire size written the one way the counter's parser writes it
 * (2256517 is 225/65R17, 245/75r16lt is LT245/75R16). The form and the server both store what this gives.
 */
export function normalizeFields<T extends Record<string, unknown>>(model: T): T {
  const out: Record<string, unknown> = { ...model };
  for (const field of textFields) {
    if (typeof out[field] === 'string') out[field] = (out[field] as string).trim() || null;
  }
  for (const field of ['phoneNumber', 'alternatePhoneNumber']) {
    if (typeof out[field] === 'string' && phoneDigits(out[field] as string).length === 10) out[field] = formatPhone(out[field] as string);
  }
  if (typeof out.email === 'string') out.email = out.email.toLowerCase();
  for (const field of ['vin']) if (typeof out[field] === 'string') out[field] = normalizeVin(out[field] as string);
  for (const field of ['vehicleLicensePlateNumber', 'vehicleLicensePlateState', 'tireSize']) {
    if (typeof out[field] === 'string') out[field] = (out[field] as string).toUpperCase();
  }
  if (typeof out.tireSize === 'string') {
    const size = parseTireSize(out.tireSize);
    if (size.ok) out.tireSize = formatTireSize(size.size);
  }
  return out as T;
}

const add = (problems: FieldProblems, field: string, message: string) => (problems[field] ??= []).push(message);

export function customerProblems(c: CustomerFields): FieldProblems {
  const problems: FieldProblems = {};
  if (!c.companyName) {
    if (!c.firstName && !c.lastName) add(problems, 'firstName', 'Enter a first and last name, or a company name');
    else if (!c.firstName) add(problems, 'firstName', 'Enter the first name too, or a company name');
    else if (!c.lastName) add(problems, 'lastName', 'Enter the last name too, or a company name');
  }
  for (const field of ['phoneNumber', 'alternatePhoneNumber'] as const) {
    const value = c[field];
    if (value && phoneDigits(value).length !== 10) add(problems, field, 'Enter a 10-digit phone number, such as (555) 123-4567');
  }
  if (c.preferredContactMethod === 'Text' && !c.phoneNumber) add(problems, 'phoneNumber', 'Enter a phone number to text, or choose another way to contact');
  if (c.preferredContactMethod === 'Phone' && !c.phoneNumber) add(problems, 'phoneNumber', 'Enter a phone number to call, or choose another way to contact');
  if (c.preferredContactMethod === 'Email' && !c.email) add(problems, 'email', 'Enter an email address, or choose another way to contact');
  if (c.textConsentMethod && (!c.textConsentGivenOn || !c.textConsentRecordedBy))
    add(problems, 'textConsentMethod', 'Say when the customer agreed to texts and who recorded it');
  if (!c.textConsentMethod && (c.textConsentGivenOn || c.textConsentRecordedBy)) add(problems, 'textConsentMethod', 'Say how the customer agreed to texts');
  return problems;
}

export function vehicleProblems(v: VehicleFields): FieldProblems {
  const problems: FieldProblems = {};
  if (v.vin) {
    const problem = vinProblem(v.vin, v.year ?? null);
    if (problem) add(problems, 'vin', problem);
  }
  // The counter's own parser (issue 46 item 16): a vehicle's size is one the finder reads, in its words.
  const size = v.tireSize ? parseTireSize(v.tireSize) : null;
  if (size && !size.ok) add(problems, 'tireSize', size.problem);
  if (v.vehicleLicensePlateState && !/^[A-Z]{2}$/.test(v.vehicleLicensePlateState))
    add(problems, 'vehicleLicensePlateState', 'Use the two-letter state code, such as IL');
  return problems;
}

/**
 * What looks wrong but may be right, shown and not refused: a year the VIN's model-year code disagrees with
 * (the code is read the light-vehicle way, which heavy trucks and trailers do not follow).
 */
export function vehicleWarnings(v: VehicleFields): Partial<Record<'year', string>> {
  if (!v.vin || v.year === null || v.year === undefined || vinProblem(v.vin, v.year)) return {};
  const fromVin = modelYearFromVin(v.vin);
  return fromVin !== null && fromVin !== v.year ? { year: `The VIN reads as a ${fromVin} model: check the year (heavy trucks and trailers may differ)` } : {};
}

/**
 * The problems a change brings: those of the fields it changed, and of the rules those fields take part in.
 * A row saved before a rule existed can still have its other fields changed.
 */
export function problemsOfChange(problems: FieldProblems, current: Record<string, unknown>, next: Record<string, unknown>): FieldProblems {
  const changed = new Set(Object.keys(next).filter((f) => JSON.stringify(current[f] ?? null) !== JSON.stringify(next[f] ?? null)));
  const related: Record<string, string[]> = {
    firstName: ['firstName', 'lastName', 'companyName'],
    lastName: ['firstName', 'lastName', 'companyName'],
    phoneNumber: ['phoneNumber', 'preferredContactMethod'],
    email: ['email', 'preferredContactMethod'],
    textConsentMethod: ['textConsentMethod', 'textConsentGivenOn', 'textConsentRecordedBy'],
    year: ['year', 'vin'],
  };
  return Object.fromEntries(Object.entries(problems).filter(([field]) => (related[field] ?? [field]).some((f) => changed.has(f))));
}
