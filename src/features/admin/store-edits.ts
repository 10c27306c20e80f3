import { storeLocationFieldsSchema, storeTimeZoneMessages, type StoreLocation, type UpdateStoreLocation } from '../../contract/store-location.ts';
import { formatPhone, textingNumberOf } from '../../domain/people/phone.ts';

/** The store's fields the platform's admin manages on the dashboard, as the edit dialog holds them while typed. */
export interface StoreDraft {
  name: string;
  storeNumber: number | string;
  timeZone: string | null;
  latitude: number | string;
  longitude: number | string;
  googlePlaceId: string;
  twilioPhoneNumber: string;
  /** Only for a store that has a key: the dashboard changes one, never gives a store its first (its Admin does). */
  serviceKey: string;
}

export type StoreDraftField = keyof StoreDraft;

export const storeDraftOf = (store: StoreLocation): StoreDraft => ({
  name: store.name,
  storeNumber: store.storeNumber,
  timeZone: store.timeZone,
  latitude: store.latitude,
  longitude: store.longitude,
  googlePlaceId: store.googlePlaceId,
  twilioPhoneNumber: formatPhone(store.twilioPhoneNumber),
  serviceKey: store.serviceKey ?? '',
});

/** Each field's problem in words a person can act on; the schema's own words for the rest (a name too long). */
const wordsFor: Partial<Record<StoreDraftField, string>> = {
  name: 'Enter the store name',
  storeNumber: 'Enter the store number, a whole number from 1 to 999999',
  latitude: 'Enter a latitude from -90 to 90',
  longitude: 'Enter a longitude from -180 to 180',
  googlePlaceId: 'Enter the Google Place ID (find it in Google Maps)',
  timeZone: "Choose the store's time zone from the list",
};

/** What to type for a texting number that cannot be read. */
export const textingNumberWords = 'Enter a 10-digit number such as (555) 010-2000 (abroad: + and the country code), or leave it empty for none';

const numberOf = (value: number | string) => (value === '' ? Number.NaN : Number(value));

/**
 * What the dialog's draft changes of the store: only the fields whose value differs (spec section 7, changed
 * fields only), or each field's problem. A texting number is read in any usual US form; empty is none.
 */
export function storeEdits(store: StoreLocation, draft: StoreDraft): { changes: UpdateStoreLocation; problems: Partial<Record<StoreDraftField, string>> } {
  const problems: Partial<Record<StoreDraftField, string>> = {};
  const typedNumber = draft.twilioPhoneNumber.trim();
  const twilioPhoneNumber = typedNumber === '' ? null : textingNumberOf(typedNumber);
  if (typedNumber !== '' && twilioPhoneNumber === null) {
    problems.twilioPhoneNumber = textingNumberWords;
  }
  const next = {
    name: draft.name.trim(),
    storeNumber: numberOf(draft.storeNumber),
    timeZone: draft.timeZone,
    latitude: numberOf(draft.latitude),
    longitude: numberOf(draft.longitude),
    googlePlaceId: draft.googlePlaceId.trim(),
    twilioPhoneNumber,
    // Only a key the caller reads: a store whose key is withheld would otherwise lose it to the empty field.
    ...(store.serviceKey ? { serviceKey: draft.serviceKey.trim() || null } : {}),
  };
  if (!draft.timeZone) problems.timeZone = storeTimeZoneMessages.field;
  const parsed = storeLocationFieldsSchema.partial().safeParse(next);
  for (const issue of parsed.error?.issues ?? []) {
    const field = String(issue.path[0]) as StoreDraftField;
    problems[field] ??= wordsFor[field] ?? issue.message;
  }
  const changes = Object.fromEntries(Object.entries(next).filter(([field, value]) => value !== store[field as keyof StoreLocation]));
  return { changes: changes as UpdateStoreLocation, problems };
}

/**
 * The server's refusal of a store form, placed: each field's message (the server's own words) for a field the form
 * shows; when it names none of them, its detail is thrown, for the form to say under its fields.
 */
export function placedRefusal(refusal: { problem: string; fields: Record<string, string> }, shown: readonly string[]): Record<string, string> {
  const named = Object.fromEntries(Object.entries(refusal.fields).filter(([field]) => shown.includes(field)));
  if (Object.keys(named).length === 0) throw new Error(refusal.problem);
  return named;
}
