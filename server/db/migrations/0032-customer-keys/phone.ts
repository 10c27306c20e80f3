// Migration 0032's frozen copy of src/domain/people/phone.ts as it was when the migration was frozen: never edit it.
/**
 * A phone number as its digits, the way staff type it any way they like: (555) 123-4567, 555.123.4567 and
 * +1 555 123 4567 are one number. A leading 1 of an 11-digit North American number is dropped.
 */
export function phoneDigits(text: string | null | undefined): string {
  const digits = (text ?? '').replace(/\D/g, '');
  return digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
}

/** A phone number for people to read: (555) 123-4567 for a 10-digit number, else as it was typed. */
export function formatPhone(text: string | null | undefined): string {
  const digits = phoneDigits(text);
  return digits.length === 10 ? `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}` : (text ?? '');
}

/** A phone number as the texting provider takes it (E.164), for 10-digit North American numbers; else null. */
export function e164(text: string | null | undefined): string | null {
  const digits = phoneDigits(text);
  return digits.length === 10 ? `+1${digits}` : null;
}

/**
 * A store's texting number as the platform's admin types it: any usual form of a 10-digit North American
 * number, or a number already in E.164 (a store abroad), as the texting provider takes it; null when it is neither.
 */
export function textingNumberOf(text: string): string | null {
  const compact = text.replace(/[\s().-]/g, '');
  // A number abroad is taken only as E.164 (its own country code): read as a US number, ten of its digits would be another line.
  if (compact.startsWith('+') && !compact.startsWith('+1')) return /^\+[2-9]\d{6,14}$/.test(compact) ? compact : null;
  return e164(compact);
}
