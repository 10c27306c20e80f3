import { phoneDigits } from './phone.ts';
import { normalizeVin } from './vin.ts';

/**
 * Instant customer search at the front counter, over the device's replica: each customer and vehicle row
 * carries search tokens (kept by the sync engine, indexed by IndexedDB), and a query is a handful of prefix
 * lookups in those indexes. Tokens are typed by a prefix: n: a word of a name or company, e: an email,
 * p: a phone number (all ten digits, and the last seven), l: a licence plate (with and without its state),
 * v: a VIN (whole, and its last eight, seven and six characters).
 */

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
export const foldText = (text: string) => (/[^ -~]/.test(text) ? text.normalize('NFKD').replace(/[\u0300-\u036f]/g, '') : text).toLowerCase();
const words = (text: string | null | undefined) => foldText(text ?? '').replace(/['’]/g, '').split(/[^a-z0-9]+/).filter(Boolean);
export const normalizePlate = (text: string) => text.toUpperCase().replace(/[^A-Z0-9]/g, '');

function phoneTokens(phone: string | null | undefined): string[] {
  const digits = phoneDigits(phone);
  if (digits.length < 7) return [];
  return [`p:${digits}`, ...(digits.length > 7 ? [`p:${digits.slice(-7)}`] : [])];
}

export function customerSearchTokens(c: SearchableCustomer): string[] {
  const tokens = new Set<string>();
  for (const w of [...words(c.firstName), ...words(c.lastName), ...words(c.companyName)]) tokens.add(`n:${w}`);
  if (c.email) tokens.add(`e:${c.email.trim().toLowerCase()}`);
  for (const t of [...phoneTokens(c.phoneNumber), ...phoneTokens(c.alternatePhoneNumber)]) tokens.add(t);
  return [...tokens];
}

export function vehicleSearchTokens(v: SearchableVehicle): string[] {
  const tokens = new Set<string>();
  const plate = normalizePlate(v.vehicleLicensePlateNumber ?? '');
  if (plate) {
    tokens.add(`l:${plate}`);
    const state = normalizePlate(v.vehicleLicensePlateState ?? '');
    if (state) tokens.add(`l:${state}${plate}`);
  }
  const vin = normalizeVin(v.vin ?? '');
  if (vin.length >= 6) for (const t of [vin, vin.slice(-8), vin.slice(-7), vin.slice(-6)]) tokens.add(`v:${t}`);
  return [...tokens];
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

/** How a query is looked up: each reading of it that could make sense (a name, a phone, a plate, a VIN…). */
export function searchLookups(query: string): SearchLookup[] {
  const q = query.trim();
  if (!q) return [];
  const lookups: SearchLookup[] = [];
  const digits = q.replace(/\D/g, '');
  const phoneShaped = /^[\d\s()+.-]+$/.test(q);
  if (phoneShaped && digits.length >= 3) {
    const normalized = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
    lookups.push({ table: 'customers', prefix: `p:${normalized}`, exact: 0, partial: 2 });
  }
  // Plates and VINs have digits, no phone punctuation; a long run of digits is a phone, not a plate.
  const compact = normalizePlate(q);
  const plateShaped = /^[A-Za-z0-9 -]+$/.test(q) && /\d/.test(q) && !(phoneShaped && digits.length > 8);
  if (plateShaped && compact.length >= 2 && compact.length <= 10) lookups.push({ table: 'customerVehicles', prefix: `l:${compact}`, exact: 0, partial: 3 });
  if (plateShaped && compact.length >= 6 && compact.length <= 17) lookups.push({ table: 'customerVehicles', prefix: `v:${compact}`, exact: 0, partial: 3 });
  if (q.includes('@')) lookups.push({ table: 'customers', prefix: `e:${q.toLowerCase()}`, exact: 1, partial: 4 });
  // A name is looked up by its longest word (the fewest rows to read); the other words are checked on the rows found.
  const nameWords = words(q);
  const longest = nameWords.reduce((a, b) => (b.length > a.length ? b : a), '');
  if (longest && /[a-z]/i.test(q)) lookups.push({ table: 'customers', prefix: `n:${longest}`, exact: 5, partial: 6, ...(nameWords.length > 1 ? { otherWords: true as const } : {}) });
  return lookups;
}

/**
 * Whether a customer found by one word of a name query has every other word too (a prefix of one of
 * its name words), and how well: 0 when every word is a whole name word, 1 when some are prefixes.
 */
export function nameMatch(query: string, customer: SearchableCustomer): number | null {
  const wanted = words(query);
  const have = [...words(customer.firstName), ...words(customer.lastName), ...words(customer.companyName)];
  let partial = 0;
  for (const w of wanted) {
    if (have.includes(w)) continue;
    if (have.some((h) => h.startsWith(w))) partial = 1;
    else return null;
  }
  return partial;
}

/** Free text sent to the server's search parameter is wrapped in double quotes (spec section 5). */
export const quotedSearch = (text: string) => `"${text.trim().replace(/"/g, '')}"`;
