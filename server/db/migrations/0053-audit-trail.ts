import { sql, type Kysely } from 'kysely';

/**
 * The audit trail (issue 51): one row per row a write changed, written by the write path in the change's own
 * transaction (server/sync/audit-trail.ts). Rows are only added, and deleted when older than the kept period.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table audit_records (
    audit_record_id bigint generated always as identity primary key,
    company_id integer not null,
    -- The store the row belongs to; null for company-wide rows (customers, vehicles).
    store_id integer,
    collection text not null,
    row_key text not null,
    action text not null check (action in ('create', 'patch', 'delete', 'restore')),
    changed_by text,
    on_behalf_of text,
    changed_by_name text,
    device_id text,
    recorded_at timestamptz not null,
    acted_at timestamptz,
    patch jsonb not null)`.execute(db);
  await sql`create index audit_records_row on audit_records (company_id, collection, row_key, audit_record_id)`.execute(db);
  // The pruning job's walk by age (server/jobs/audit-trail-pruning.ts).
  await sql`create index audit_records_recorded_at on audit_records (recorded_at)`.execute(db);
}
