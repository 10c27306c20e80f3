import type { CollectionName } from '../src/contract/sync.ts';
import { deviceOnlyFields } from '../src/db/derived-fields.ts';
import type { Row } from '../src/db/store-db.ts';
import { sameMeaning } from '../src/domain/people/same-meaning.ts';

/** Fields a row carries for sync or for the device's indexes, never the user's: never compared, never reported. */
const syncFields = new Set(['version', 'changedBy', 'changedByName', 'changedAt', 'storeId', ...deviceOnlyFields]);

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** The fields a change sets on a row that exists, with their new values (nothing for a new row). */
export function fieldsSet(current: Row | undefined, next: Row | null): Row | undefined {
  if (!current || !next) return undefined;
  const sets = Object.fromEntries(Object.entries(next).filter(([field, value]) => !syncFields.has(field) && !same(current[field], value)));
  return Object.keys(sets).length > 0 ? sets : undefined;
}

/** Which of the fields this device set hold something that means otherwise in a newer copy of the row. */
export function overwrittenFields(collection: CollectionName, sets: Row, newer: Row): { field: string; mine: unknown; theirs: unknown }[] {
  return Object.entries(sets)
    .filter(([field, mine]) => !sameMeaning(collection, field, mine, newer[field]))
    .map(([field, mine]) => ({ field, mine, theirs: newer[field] ?? null }));
}

export const versionOf = (row: Row | null | undefined): number => (typeof row?.version === 'number' ? row.version : -1);

/** The newer of two copies of a row by version (the first when neither has one). */
export function newerCopy(a: Row | null | undefined, b: Row | null | undefined): Row | null {
  if (!a) return b ?? null;
  if (!b) return a;
  return versionOf(b) > versionOf(a) ? b : a;
}
