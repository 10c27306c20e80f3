import { sql, type Kysely } from 'kysely';

/**
 * Each device as it last pulled (issue 27, the platform's health): who, at which store, how many changes wait in
 * its outbox, when. Written by the pull and read by the platform's admins only; not replicated, so it has none of
 * the sync columns. No foreign keys: it is what a device said, and a closed store or a removed person must
 * not be held up by it. Failed messages of the last day are read by when they were last handed over.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table devices (
    device_id uuid primary key,
    user_id uuid not null,
    company_id integer not null,
    store_id integer not null,
    outbox_backlog integer not null check (outbox_backlog >= 0),
    last_sync_at timestamptz not null,
    user_agent text)`.execute(db);
  await sql`create index devices_store_last_sync on devices (store_id, last_sync_at)`.execute(db);
  await sql`create index outbound_messages_failed on outbound_messages (handed_at) where status = 'failed'`.execute(db);
}
