import { sql, type Kysely } from 'kysely';

/**
 * Every promise of a visit (issue 48): each ready-by time (`pickUpTime`) a visit was given, the one before it,
 * who gave it, when and why, written by the write that changes the visit's pickUpTime. Rows are only added.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table visit_promises (
    visit_promise_id uuid primary key,
    -- The order they were given in: a visit's moves wait for each other on its row's lock.
    seq bigint generated always as identity,
    company_id integer not null,
    store_id integer not null,
    scheduled_visit_id uuid not null,
    pick_up_time timestamptz,
    previous_pick_up_time timestamptz,
    moved_by text,
    moved_by_name text,
    moved_at timestamptz not null,
    reason text check (char_length(reason) <= 500))`.execute(db);
  await sql`create index visit_promises_visit on visit_promises (company_id, scheduled_visit_id, seq)`.execute(db);
}
