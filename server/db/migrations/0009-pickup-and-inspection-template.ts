import { sql, type Kysely } from 'kysely';

/**
 * Pickup and delivery settings of a store (issue: store settings): the service area (a radius around the
 * store or a list of postal codes), the fee (null: free) and the daily time windows customers choose from.
 * And each store's inspection template (replicated: the technicians' devices inspect by it offline).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table store_locations
    add column pickup_service_area text not null default 'radius',
    add column pickup_radius_miles integer default 10,
    add column pickup_postal_codes jsonb not null default '[]',
    add column pickup_fee_in_cents integer,
    add column pickup_windows jsonb not null default '[{"start":"08:00","end":"10:00"},{"start":"16:00","end":"18:00"}]'`.execute(db);
  await sql`create table inspection_templates (
    store_id integer primary key references store_locations(id),
    groups jsonb not null,
    company_id integer not null references companies(id),
    version bigint not null, deleted boolean not null default false,
    changed_by uuid, changed_by_name text, changed_at timestamptz)`.execute(db);
  await sql`create index inspection_templates_company_version on inspection_templates (company_id, version)`.execute(db);
}
