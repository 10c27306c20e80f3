import { useLiveQuery } from 'dexie-react-hooks';
import type { Rating } from '../../contract/entities.ts';
import type { StoreLocation } from '../../contract/store-location.ts';
import type { StoreDb } from '../../db/store-db.ts';
import { replicaOf } from '../../db/use-replica.ts';
import { averageOfTallies, ratingSummary, recentWindowStart, type Average } from '../../domain/figures/ratings.ts';
import { storeTimeZone } from '../../domain/calendar/time-zone.ts';

/** A day: an offset written into a visit's date (less than a day, by the contract) moves its text from the instant's. */
const offsetMargin = 86_400_000;

/**
 * The shell's rating summary (spec sections 1 and 9): the average of the seven days that end with the store's
 * today, read by date, and of every rating, from the scores' index (each score a customer gave and how many gave
 * it), so a store's years of ratings are never read whole as the shell opens.
 */
export async function readRatingSummary(db: StoreDb, now: Date, timeZone: string): Promise<{ recent: Average; overall: Average }> {
  const ratings = db.rows<Rating>('ratings');
  const since = new Date(Date.parse(recentWindowStart(now, timeZone)) - offsetMargin).toISOString();
  const [recent, scores] = await Promise.all([ratings.where('visitDate').aboveOrEqual(since).toArray(), ratings.orderBy('score').uniqueKeys()]);
  const tallies = await Promise.all(scores.map(async (score) => ({ score: Number(score), count: await ratings.where('score').equals(score).count() })));
  return { recent: ratingSummary(recent, now, timeZone).recent, overall: averageOfTallies(tallies) };
}

/** The rating summary, live from the replica; undefined while it is read. */
export function useRatingSummary(store: StoreLocation | null): { recent: Average; overall: Average } | undefined {
  return useLiveQuery(async () => {
    if (!store) return undefined;
    return readRatingSummary(
      replicaOf(store.id),
      new Date(),
      storeTimeZone(store.timeZone, () => undefined),
    );
  }, [store?.id, store?.timeZone]);
}
