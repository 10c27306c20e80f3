// Migration 0032's frozen copy of src/domain/people/customer-search.ts as it was when the migration was frozen: never edit it.
import { phoneDigits } from './phone.ts';
import { normalizeVin } from './vin.ts';

/**
 * Customer search, one rule for the device and the server. The device's replica keeps search tokens on each
 * customer and vehicle row (indexed by IndexedDB) and a query is a handful of prefix lookups in them; the
 * server matches the same reading of the query against the same fields, normalised the same way, in SQL
 * (server/modules/customers/customer-search.ts). Tokens are typed by a prefix: n: a word of a name or
 * company, e: an email, p: a phone number (all its digits, and the last seven), l: a licence plate (with and
 * without its state), v: a VIN (whole, and its last eight, seven and six characters).
 */

/** The customer's fields a search reads, by what they hold. */
export const customerSearchFields = {
  names: ['firstName', 'lastName', 'companyName'],
  email: 'email',
  phones: ['phoneNumber', 'alternatePhoneNumber'],
} as const;
/** The vehicle's fields a search reads: a customer is found by any of their vehicles. */
export const vehicleSearchFields = { plate: 'vehicleLicensePlateNumber', plateState: 'vehicleLicensePlateState', vin: 'vin' } as const;

/** A phone is found from its first digit, or from the first of its last seven (the number without its area code). */
export const phoneSearch = { minDigits: 7, ending: 7 } as const;
/** A VIN is found from its start, or from the start of its last eight, seven or six characters (what people read out). */
export const vinSearch = { minLength: 6, endings: [8, 7, 6] } as const;

/**
 * How text is folded and cut into words, as regular expressions that JavaScript and PostgreSQL read alike:
 * accents go after NFKD, apostrophes join (O'Brien is obrien), anything but a plain letter or digit breaks a
 * word; plates keep only letters and digits.
 */
export const searchPatterns = { combiningMarks: '[\\u0300-\\u036f]', apostrophes: "['’]", wordBreak: '[^a-z0-9]', notInPlate: '[^A-Z0-9]' } as const;
const combiningMarks = new RegExp(searchPatterns.combiningMarks, 'g');
const apostrophes = new RegExp(searchPatterns.apostrophes, 'g');
const wordBreaks = new RegExp(`${searchPatterns.wordBreak}+`);
const notInPlate = new RegExp(searchPatterns.notInPlate, 'g');

export interface SearchableCustomer {
  firstName: string | null;
  lastName: string | null;
  companyName: string | null;
  email: string | null;
  phoneNumber: string | null;
  alternatePhoneNumber?: string | null;
}
export interface SearchableVehicle {
  vin: string | null;
  vehicleLicensePlateState: string | null;
  vehicleLicensePlateNumber: string | null;
}

/** Lower case, accents gone: "Zoë" and "zoe" are one name. (Plain ASCII, most names, skips the Unicode work.) */
export const foldText = (text: string) => (/[^ -~]/.test(text) ? text.normalize('NFKD').replace(combiningMarks, '') : text).toLowerCase();
const words = (text: string | null | undefined) =>
  foldText(text ?? '')
    .replace(apostrophes, '')
    .split(wordBreaks)
    .filter(Boolean);
export const normalizePlate = (text: string) => text.toUpperCase().replace(notInPlate, '');

/** A phone number as search and the duplicate check compare it: its digits, when there are enough for a number. */
export function searchablePhone(text: string | null | undefined): string | null {
  const digits = phoneDigits(text);
  return digits.length >= phoneSearch.minDigits ? digits : null;
}
/** An email address as search and the duplicate check compare it. */
export const searchableEmail = (text: string | null | undefined) => text?.trim().toLowerCase() || null;

function phoneTokens(phone: string | null | undefined): string[] {
  const digits = searchablePhone(phone);
  if (!digits) return [];
  return [`p:${digits}`, ...(digits.length > phoneSearch.ending ? [`p:${digits.slice(-phoneSearch.ending)}`] : [])];
}

export function customerSearchTokens(c: SearchableCustomer): string[] {
  const tokens = new Set<string>();
  for (const field of customerSearchFields.names) for (const w of words(c[field])) tokens.add(`n:${w}`);
  const email = searchableEmail(c[customerSearchFields.email]);
  if (email) tokens.add(`e:${email}`);
  for (const field of customerSearchFields.phones) for (const t of phoneTokens(c[field])) tokens.add(t);
  return [...tokens];
}

export function vehicleSearchTokens(v: SearchableVehicle): string[] {
  const tokens = new Set<string>();
  const plate = normalizePlate(v[vehicleSearchFields.plate] ?? '');
  if (plate) {
    tokens.add(`l:${plate}`);
    const state = normalizePlate(v[vehicleSearchFields.plateState] ?? '');
    if (state) tokens.add(`l:${state}${plate}`);
  }
  const vin = normalizeVin(v[vehicleSearchFields.vin] ?? '');
  if (vin.length >= vinSearch.minLength) for (const t of [vin, ...vinSearch.endings.map((n) => vin.slice(-n))]) tokens.add(`v:${t}`);
  return [...tokens];
}

/** Typed like a phone number: digits and the punctuation people put in them. */
export const isPhoneShaped = (text: string) => /^[\d\s()+.-]+$/.test(text.trim());

/**
 * What a typed query asks for: each reading of it that could make sense, normalised as the tokens are. A
 * customer is found by any reading; a null reading (or no name words) is one the query cannot mean.
 */
export interface CustomerQuery {
  /** Digits a phone number starts with, whole or its last seven. */
  phone: string | null;
  /** Letters and digits a plate starts with, alone or after its state. */
  plate: string | null;
  /** Letters and digits a VIN starts with, whole or from one of its endings. */
  vin: string | null;
  /** The start of an email address. */
  email: string | null;
  /** Words each of which starts a word of the customer's names or company. */
  nameWords: string[];
}

export function readCustomerQuery(text: string): CustomerQuery {
  const q = text.trim();
  const digits = q.replace(/\D/g, '');
  const phoneShaped = isPhoneShaped(q);
  // Plates and VINs have digits, no phone punctuation; a long run of digits is a phone, not a plate.
  const compact = normalizePlate(q);
  const plateShaped = /^[A-Za-z0-9 -]+$/.test(q) && /\d/.test(q) && !(phoneShaped && digits.length > 8);
  return {
    phone: phoneShaped && digits.length >= 3 ? phoneDigits(digits) : null,
    plate: plateShaped && compact.length >= 2 && compact.length <= 10 ? compact : null,
    vin: plateShaped && compact.length >= vinSearch.minLength && compact.length <= 17 ? compact : null,
    email: q.includes('@') ? q.toLowerCase() : null,
    nameWords: /[a-z]/i.test(q) ? words(q) : [],
  };
}

/** One index lookup of a query: which table, which token prefix, and how good a hit on it is (lower first). */
export interface SearchLookup {
  table: 'customers' | 'customerVehicles';
  prefix: string;
  /** An exact hit (the whole token equals the prefix) ranks `exact`; a prefix hit `partial`. */
  exact: number;
  partial: number;
  /** The query has other words the rows found must also have: read more rows than shown. */
  otherWords?: true;
}

/** How a query is looked up in the device's indexes: one lookup per reading of it. */
export function searchLookups(query: CustomerQuery): SearchLookup[] {
  const lookups: SearchLookup[] = [];
  if (query.phone) lookups.push({ table: 'customers', prefix: `p:${query.phone}`, exact: 0, partial: 2 });
  if (query.plate) lookups.push({ table: 'customerVehicles', prefix: `l:${query.plate}`, exact: 0, partial: 3 });
  if (query.vin) lookups.push({ table: 'customerVehicles', prefix: `v:${query.vin}`, exact: 0, partial: 3 });
  if (query.email) lookups.push({ table: 'customers', prefix: `e:${query.email}`, exact: 1, partial: 4 });
  // A name is looked up by its longest word (the fewest rows to read); the other words are checked on the rows found.
  const longest = query.nameWords.reduce((a, b) => (b.length > a.length ? b : a), '');
  if (longest)
    lookups.push({ table: 'customers', prefix: `n:${longest}`, exact: 5, partial: 6, ...(query.nameWords.length > 1 ? { otherWords: true as const } : {}) });
  return lookups;
}

/**
 * Whether a customer found by one word of a name query has every other word too (a prefix of one of
 * its name words), and how well: 0 when every word is a whole name word, 1 when some are prefixes.
 */
export function nameMatch(nameWords: readonly string[], customer: SearchableCustomer): number | null {
  const have = customerSearchFields.names.flatMap((field) => words(customer[field]));
  let partial = 0;
  for (const w of nameWords) {
    if (have.includes(w)) continue;
    if (have.some((h) => h.startsWith(w))) partial = 1;
    else return null;
  }
  return partial;
}

/** Free text sent to the server's search parameter is wrapped in double quotes (spec section 5). */
export const quotedSearch = (text: string) => `"${text.trim().replace(/"/g, '')}"`;
