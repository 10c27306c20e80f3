import { sql, type Kysely } from 'kysely';

/**
 * The automatic messages of a visit (issue: messaging): one row per visit and kind, written in the
 * transaction that queues the message, so each goes once however many server processes run the job. A row
 * without a message says why none went.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table visit_messages (
    scheduled_visit_id uuid not null references scheduled_visits(scheduled_visit_id),
    kind text not null check (kind in ('reminder', 'thankYou')),
    company_id integer not null references companies(id),
    store_id integer not null references store_locations(id),
    store_message_id uuid,
    skipped_because text,
    created_at timestamptz not null,
    primary key (scheduled_visit_id, kind))`.execute(db);
}
