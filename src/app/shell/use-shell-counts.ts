import { useLiveQuery } from 'dexie-react-hooks';
import { replicaOf } from '../../db/use-replica.ts';

/**
 * The drawer badges, live from the replica: incoming messages still needing an answer (not archived, not
 * replied: spec section 4) and unread ratings.
 */
export function useShellCounts(storeId: number | null): { unreadMessages: number; unreadRatings: number } {
  return useLiveQuery(async () => {
    if (storeId === null) return { unreadMessages: 0, unreadRatings: 0 };
    const db = replicaOf(storeId);
    const [unreadMessages, unreadRatings] = await Promise.all([
      db.collection('storeMessages').filter((m) => m.messageDirection === 'Inbound' && m.isArchived !== true && !m.repliedToByUserId).count(),
      db.collection('ratings').filter((r) => r.isRead === false).count(),
    ]);
    return { unreadMessages, unreadRatings };
  }, [storeId]) ?? { unreadMessages: 0, unreadRatings: 0 };
}
