import { sql, type Kysely } from 'kysely';

/**
 * A device's report is tied to the sign-in that made it (issue 46 item 26): each row keeps a digest of its sign-in's
 * grant, and a sign-in reports one device at a store. Rows from before have none, and age out as usual.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table devices add column sign_in text`.execute(db);
  await sql`create index devices_person_store on devices (user_id, store_id, last_sync_at)`.execute(db);
}
