import { useLiveQuery } from 'dexie-react-hooks';
import type { StoreMessage } from '../../contract/entities.ts';
import { replicaOf } from '../../db/use-replica.ts';
import { isDone } from '../../domain/quick-reply.ts';

/**
 * The drawer badges, live from the replica: incoming messages still needing an answer (not archived, not
 * replied: spec section 4) and unread ratings.
 */
export function useShellCounts(storeId: number | null): { unreadMessages: number; unreadRatings: number } {
  return useLiveQuery(async () => {
    if (storeId === null) return { unreadMessages: 0, unreadRatings: 0 };
    const db = replicaOf(storeId);
    const [unreadMessages, unreadRatings] = await Promise.all([
      db.rows<StoreMessage>('storeMessages').filter((m) => m.messageDirection === 'Inbound' && !isDone(m)).count(),
      db.collection('ratings').filter((r) => r.isRead === false).count(),
    ]);
    return { unreadMessages, unreadRatings };
  }, [storeId]) ?? { unreadMessages: 0, unreadRatings: 0 };
}
