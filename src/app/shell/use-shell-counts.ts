import { useLiveQuery } from 'dexie-react-hooks';
import { replicaOf } from '../../db/use-replica.ts';

/**
 * The drawer badges, live from the replica: incoming messages still needing an answer (not archived, not
 * replied: spec section 4) and unread ratings, counted on the marks the device keeps on those rows
 * (src/db/derived-fields.ts): a count of an index, whatever the store's history.
 */
export function useShellCounts(storeId: number | null): { unreadMessages: number; unreadRatings: number } {
  return useLiveQuery(async () => {
    if (storeId === null) return { unreadMessages: 0, unreadRatings: 0 };
    const db = replicaOf(storeId);
    const [unreadMessages, unreadRatings] = await Promise.all([
      db.collection('storeMessages').where('awaitingReply').equals(1).count(),
      db.collection('ratings').where('unread').equals(1).count(),
    ]);
    return { unreadMessages, unreadRatings };
  }, [storeId]) ?? { unreadMessages: 0, unreadRatings: 0 };
}
