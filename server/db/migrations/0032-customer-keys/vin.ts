// Migration 0032's frozen copy of src/domain/people/vin.ts as it was when the migration was frozen: never edit it.
/**
 * Vehicle identification numbers (ISO 3779, with the North American check digit in position 9). Staff type
 * them from a door sticker or a registration: mistakes are caught before the vehicle is saved.
 */

const transliteration: Record<string, number> = {
  A: 1,
  B: 2,
  C: 3,
  D: 4,
  E: 5,
  F: 6,
  G: 7,
  H: 8,
  J: 1,
  K: 2,
  L: 3,
  M: 4,
  N: 5,
  P: 7,
  R: 9,
  S: 2,
  T: 3,
  U: 4,
  V: 5,
  W: 6,
  X: 7,
  Y: 8,
  Z: 9,
};
const weights = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];

/** What a VIN may be typed with that is not part of it (a pattern the server's search runs in SQL too). */
export const vinSeparators = '[\\s-]';
const separators = new RegExp(vinSeparators, 'g');
/** The VIN as stored: upper case, without spaces or dashes. */
export const normalizeVin = (vin: string) => vin.toUpperCase().replace(separators, '');

/** The check digit a VIN's other characters call for ('0'–'9' or 'X'). */
export function vinCheckDigit(vin: string): string {
  const sum = [...normalizeVin(vin)].reduce((total, c, i) => total + (/\d/.test(c) ? Number(c) : (transliteration[c] ?? 0)) * weights[i]!, 0);
  const remainder = sum % 11;
  return remainder === 10 ? 'X' : String(remainder);
}

/** The last model year before the 17-character VIN (1981): older vehicles carry their maker's own, shorter number. */
export const lastYearOfShortVins = 1980;

/**
 * What is wrong with a VIN, in words a person can act on, or null when it is valid. A vehicle of 1980 or
 * before (`year`) may have a shorter serial of letters and digits, which has no check digit.
 */
export function vinProblem(vin: string, year: number | null = null): string | null {
  const v = normalizeVin(vin);
  if (year !== null && year <= lastYearOfShortVins && v.length < 17) {
    return /^[A-Z0-9]{5,16}$/.test(v) ? null : 'A VIN of a vehicle from before 1981 has 5 to 16 letters and digits.';
  }
  if (v.length !== 17) return `A VIN has 17 characters; this one has ${v.length}.`;
  if (/[IOQ]/.test(v)) return 'A VIN never has the letters I, O or Q: check for 1 and 0.';
  if (!/^[A-HJ-NPR-Z0-9]{17}$/.test(v)) return 'A VIN has only letters and digits.';
  if (v[8] !== vinCheckDigit(v)) return 'This VIN does not add up (its check digit, the 9th character, is wrong): check it against the vehicle.';
  return null;
}

const yearCodes = 'ABCDEFGHJKLMNPRSTVWXY123456789';

/**
 * The model year a VIN gives (its 10th character). The code repeats every 30 years: for cars and light trucks a
 * letter in the 7th position means the later cycle (2010 on), a digit the earlier one (1980–2009).
 */
export function modelYearFromVin(vin: string): number | null {
  const v = normalizeVin(vin);
  if (v.length !== 17) return null;
  const index = yearCodes.indexOf(v[9]!);
  if (index < 0) return null;
  return (/[A-Z]/.test(v[6]!) ? 2010 : 1980) + index;
}

/** A vehicle's year, read from its VIN when the person left it out (the form and the server do the same). */
export const withYearFromVin = <T extends { vin: string | null; year: number | null }>(vehicle: T): T =>
  vehicle.year === null && vehicle.vin ? { ...vehicle, year: modelYearFromVin(vehicle.vin) } : vehicle;
