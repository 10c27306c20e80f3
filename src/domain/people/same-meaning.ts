import type { CollectionName } from '../../contract/sync.ts';

/**
 * Fields whose values differ without meaning anything different to a person: a notification read at 10:02
 * on one device and 10:05 on another is read either way. A change replaced by one that means the same is
 * not a conflict to show.
 */
const meanings: Partial<Record<CollectionName, Record<string, (value: unknown) => unknown>>> = {
  userNotifications: { dateMarkedRead: (value) => value !== null && value !== undefined },
};

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

export function sameMeaning(collection: CollectionName, field: string, a: unknown, b: unknown): boolean {
  const meaning = meanings[collection]?.[field];
  return meaning ? meaning(a) === meaning(b) : same(a, b);
}
