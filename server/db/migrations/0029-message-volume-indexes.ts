import { sql, type Kysely } from 'kysely';

/** Counting what a store and a person sent in the last minute and day (message limits) reads only those rows. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index outbound_messages_store_created on outbound_messages (store_id, created_at)`.execute(db);
  await sql`create index outbound_messages_sender_created on outbound_messages (sent_by, created_at) where sent_by is not null`.execute(db);
}
