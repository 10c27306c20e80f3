import { useLiveQuery } from 'dexie-react-hooks';
import type { StoreDb } from '../../db/store-db.ts';
import { replicaOf } from '../../db/use-replica.ts';

export interface ShellCounts {
  unreadMessages: number;
  unreadRatings: number;
}

/**
 * The drawer's and the top bar's badges: incoming messages still needing an answer (not archived, not replied:
 * spec section 4) and unread ratings, counted on the marks the device keeps on those rows
 * (src/db/derived-fields.ts): a count of an index, whatever the store's history.
 */
export async function readShellCounts(db: StoreDb): Promise<ShellCounts> {
  const [unreadMessages, unreadRatings] = await Promise.all([
    db.collection('storeMessages').where('awaitingReply').equals(1).count(),
    db.collection('ratings').where('unread').equals(1).count(),
  ]);
  return { unreadMessages, unreadRatings };
}

/** The badges, live from the replica. */
export function useShellCounts(storeId: number | null): ShellCounts {
  return (
    useLiveQuery(async () => (storeId === null ? { unreadMessages: 0, unreadRatings: 0 } : readShellCounts(replicaOf(storeId))), [storeId]) ?? {
      unreadMessages: 0,
      unreadRatings: 0,
    }
  );
}
