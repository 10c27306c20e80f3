import { sql, type Kysely } from 'kysely';
import { giveNewVersions } from '../migration-helpers.ts';

/**
 * An appointment request the store cannot take is declined with a reason the customer is sent (issue 24 item
 * 13). Requests take new versions so every device receives the new fields.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table unconfirmed_visits add column declined_on timestamptz, add column decline_reason text`.execute(db);
  await giveNewVersions(db, 'unconfirmed_visits');
}
