import { useLiveQuery } from 'dexie-react-hooks';
import type { CollectionName } from '../contract/sync.ts';
import { replicaOf } from '../db/use-replica.ts';

/** Which of this device's waiting changes a form's saves go into: rows of some collections, or one row. */
export type OutboxScope = { collections: readonly CollectionName[] } | { entity: string };

/**
 * Where a form's saved changes stand: `waiting` on this device (or on their way), `held` on this device behind a
 * change of the same row the server refused (sent once that one is tried again or discarded), `saved` on the
 * server, or null (nothing saved here and nothing waiting, or a refused change, which the form shows apart).
 */
export type SaveStatus = 'waiting' | 'held' | 'saved' | null;

/** What a read of the outbox found, and which save it was read after. */
export interface OutboxRead {
  after: unknown;
  /** Some change waits and nothing holds it back. */
  pending: boolean;
  /** Some change waits behind a refused change of its row. */
  held: boolean;
  empty: boolean;
}

/**
 * The status from the last read of the outbox: a read made before the last save (`save`, a token that changes
 * at each save and is null before the first) says nothing of that save, which counts as waiting until a read
 * made after it answers.
 */
export function saveStatus(save: unknown, read: OutboxRead | undefined): SaveStatus {
  if (!read || read.after !== save) return save == null ? null : 'waiting';
  if (read.pending) return 'waiting';
  if (read.held) return 'held';
  return save != null && read.empty ? 'saved' : null;
}

/**
 * The status of a form's saves, live. The sync worker writes the outbox, and the page hears of that write a
 * moment after the save returns: a read started before then finds nothing waiting and would say "Saved" of a
 * change not sent yet. So the outbox is read anew at each save (the token is a dependency of the query).
 */
export function useSaveStatus(storeId: number, scope: OutboxScope, save: unknown): SaveStatus {
  const key = 'entity' in scope ? scope.entity : scope.collections.join(',');
  // The scope's content (its key), not its identity, is what the read depends on.
  const read = useLiveQuery(async (): Promise<OutboxRead> => {
    const outbox = replicaOf(storeId).outbox;
    const entries = 'entity' in scope ? await outbox.where('entity').equals(scope.entity).toArray()
      : await outbox.filter((e) => scope.collections.includes(e.collection)).toArray();
    const refused = new Set(entries.filter((e) => e.status === 'failed').map((e) => e.entity));
    const waiting = entries.filter((e) => e.status === 'pending');
    return { after: save, pending: waiting.some((e) => !refused.has(e.entity)), held: waiting.some((e) => refused.has(e.entity)), empty: entries.length === 0 };
  }, [storeId, key, save]);
  return saveStatus(save, read);
}
