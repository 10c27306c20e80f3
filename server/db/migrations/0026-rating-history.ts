import { sql, type Kysely } from 'kysely';
import { giveNewVersions } from '../migration-helpers.ts';

/**
 * A rating changed by its customer keeps what it said before (issue 24 item 7): staff see every score and
 * comment of the visit, oldest first. Ratings take new versions so every device receives the new field.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table ratings add column previous_ratings jsonb not null default '[]'`.execute(db);
  await giveNewVersions(db, 'ratings');
}
