import { useLiveQuery } from 'dexie-react-hooks';
import type { Rating } from '../../contract/entities.ts';
import type { StoreLocation } from '../../contract/store-location.ts';
import { replicaOf } from '../../db/use-replica.ts';
import { ratingSummary, type Average } from '../../domain/ratings.ts';
import { storeTimeZone } from '../../domain/time-zone.ts';

/**
 * The shell's rating summary (spec sections 1 and 9), live from the replica: the average of the seven days
 * that end with the store's today, and of every rating; undefined while it is read.
 */
export function useRatingSummary(store: StoreLocation | null): { recent: Average; overall: Average } | undefined {
  return useLiveQuery(async () => {
    if (!store) return undefined;
    const ratings = await replicaOf(store.id).rows<Rating>('ratings').toArray();
    return ratingSummary(ratings, new Date(), storeTimeZone(store.timeZone, () => undefined));
  }, [store?.id, store?.timeZone]);
}
