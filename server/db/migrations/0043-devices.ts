import { sql, type Kysely } from 'kysely';

/**
 * Each device at each store it pulls at, as it last pulled there (issue 27, the platform's health): who, how many
 * changes wait in that store's outbox on it, when. Kept per store, so a laptop that moves to another store leaves
 * the first one's last activity and waiting changes standing. Written by the pull and read by the platform's admins only; not replicated, so it has none of
 * the sync columns. No foreign keys: it is what a device said, and a closed store or a removed person must
 * not be held up by it. Failed messages of the last day are read by when they were last handed over.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table devices (
    device_id uuid not null,
    user_id uuid not null,
    company_id integer not null,
    store_id integer not null,
    outbox_backlog integer not null check (outbox_backlog >= 0),
    last_sync_at timestamptz not null,
    user_agent text,
    primary key (device_id, store_id))`.execute(db);
  await sql`create index devices_store_last_sync on devices (store_id, last_sync_at)`.execute(db);
  await sql`create index outbound_messages_failed on outbound_messages (handed_at) where status = 'failed'`.execute(db);
}
