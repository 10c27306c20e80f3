import type { Kysely, Transaction } from 'kysely';
import { Temporal } from 'temporal-polyfill';
import { storeTimeZone } from '../../src/domain/calendar/time-zone.ts';
import type { Database } from '../db/schema.ts';

/** The store's calendar date at an instant (a quote's or a price's date is the store's, wherever the server runs). */
export async function storeDateAt(db: Kysely<Database> | Transaction<Database>, storeId: number, at: Date): Promise<string> {
  const store = await db.selectFrom('storeLocations').select('timeZone').where('id', '=', storeId).executeTakeFirstOrThrow();
  return Temporal.Instant.fromEpochMilliseconds(at.getTime())
    .toZonedDateTimeISO(storeTimeZone(store.timeZone, () => undefined))
    .toPlainDate()
    .toString();
}

/** The store's calendar date now. */
export const storeToday = storeDateAt;
