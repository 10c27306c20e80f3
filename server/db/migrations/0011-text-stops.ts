import { sql, type Kysely } from 'kysely';

/**
 * Numbers that texted STOP to a store's texting number (issue: messaging), replicated to the store's devices
 * so a reply to one is refused there first, with the reason. START removes the row (a tombstone).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table text_stops (
    store_id integer not null references store_locations(id),
    phone_number text not null,
    stopped_on timestamptz not null,
    company_id integer not null references companies(id),
    version bigint not null, deleted boolean not null default false,
    changed_by uuid, changed_by_name text, changed_at timestamptz,
    primary key (store_id, phone_number))`.execute(db);
  await sql`create index text_stops_company_version on text_stops (company_id, version)`.execute(db);
}
