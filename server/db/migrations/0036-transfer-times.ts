import { sql, type Kysely } from 'kysely';
import { giveNewVersions } from '../migration-helpers.ts';

/**
 * A transfer path's cut-off and arrival time (issue 26): the counter says "ordered before 3 pm arrives
 * tomorrow by 10 am", which transit days alone cannot. Both at the receiving store's wall clock, HH:MM; unknown
 * (null) for paths made before. New versions: synced devices pull the paths with the new fields.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table logistics_transfers add column cut_off_time text, add column arrives_by_time text`.execute(db);
  await giveNewVersions(db, 'logistics_transfers');
}
