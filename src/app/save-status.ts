import { useLiveQuery } from 'dexie-react-hooks';
import type { CollectionName } from '../contract/sync.ts';
import type { OutboxEntry } from '../db/store-db.ts';
import { replicaOf } from '../db/use-replica.ts';

/**
 * Which of this device's waiting changes a form's saves go into: rows of some collections, or one row (`path`: only
 * its changes of that call, a server action such as sending a report).
 */
export type OutboxScope = { collections: readonly CollectionName[] } | { entity: string; path?: string };

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
  /** A read after this save found it refused (it may have been discarded since). */
  refusedBefore: boolean;
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
  return save != null && read.empty && !read.refusedBefore ? 'saved' : null;
}

/**
 * The status of a form's saves, live. The sync worker writes the outbox, and the page hears of that write a
 * moment after the save returns: a read started before then finds nothing waiting and would say "Saved" of a
 * change not sent yet. So the outbox is read anew at each save (the token is a dependency of the query), in a
 * transaction of its own: Dexie answers a live query's plain read from its cache, which hears of the worker's
 * write only as late. A save refused and then discarded is not "saved": it stays as it was (null).
 */
export function useSaveStatus(storeId: number, scope: OutboxScope, save: unknown): SaveStatus {
  return saveStatus(save, useOutboxRead(storeId, scope, save));
}

/**
 * Where a server action a screen asked for stands (a report sent to the customer), read as a save's status, and
 * the server's refusal of it while it is kept: the screen that asked says it was refused, and what to do.
 */
export function useActionStatus(storeId: number, scope: OutboxScope, save: unknown): { status: SaveStatus; refused: OutboxEntry | null } {
  const read = useOutboxRead(storeId, scope, save);
  return { status: saveStatus(save, read), refused: read?.refused ?? null };
}

function useOutboxRead(storeId: number, scope: OutboxScope, save: unknown): (OutboxRead & { refused: OutboxEntry | null }) | undefined {
  const key = 'entity' in scope ? `${scope.entity} ${scope.path ?? ''}` : scope.collections.join(',');
  // The scope's content (its key), not its identity, is what the read depends on.
  return useLiveQuery(async () => {
    const db = replicaOf(storeId);
    const entries = await db.transaction('r', db.outbox, () =>
      'entity' in scope
        ? db.outbox
            .where('entity')
            .equals(scope.entity)
            .filter((e) => scope.path === undefined || e.path === scope.path)
            .toArray()
        : db.outbox.filter((e) => scope.collections.includes(e.collection)).toArray(),
    );
    const failed = entries.filter((e) => e.status === 'failed');
    // A refused server action holds back nothing of its row (workers/outbox-order.ts).
    const refused = new Set(failed.filter((e) => !e.serverAction).map((e) => e.entity));
    const waiting = entries.filter((e) => e.status === 'pending');
    const found = { pending: waiting.some((e) => !refused.has(e.entity)), held: waiting.some((e) => refused.has(e.entity)), empty: entries.length === 0 };
    return { after: save, ...found, refusedBefore: noteRefusal(save, found), refused: failed.at(-1) ?? null };
  }, [storeId, key, save]);
}

/** Saves a read after them found refused (and not since sent again): once discarded, they are not "saved". */
const refusedSaves = new WeakSet<object>();

function noteRefusal(save: unknown, found: { pending: boolean; held: boolean; empty: boolean }): boolean {
  if (typeof save !== 'object' || save === null) return false;
  if (found.pending || found.held) refusedSaves.delete(save);
  else if (!found.empty) refusedSaves.add(save);
  return refusedSaves.has(save);
}
