import { sql, type Kysely } from 'kysely';

/**
 * The tires a visit fits, one row per tire, with the DOT code the bay reads off each (issue 26). A row of the
 * visit's store, on the change feed like its visit. The tire is the platform's catalogue row when it is one (no
 * foreign key: a discontinued tire is a tombstone, and what was fitted stays as it was).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const run = (statement: string) => sql.raw(statement).execute(db);
  await run(`create table visit_tires (
    visit_tire_id uuid primary key,
    scheduled_visit_id uuid not null references scheduled_visits(scheduled_visit_id),
    tire_id uuid,
    description text not null,
    position integer not null,
    dot_code text,
    dot_recorded_at timestamptz,
    dot_recorded_by text,
    company_id integer not null references companies(id),
    store_id integer not null references store_locations(id),
    version bigint not null, deleted boolean not null default false,
    changed_by uuid, changed_by_name text, changed_at timestamptz)`);
  await run(`create index visit_tires_company_version on visit_tires (company_id, version)`);
  await run(`create index visit_tires_company_store_version on visit_tires (company_id, store_id, version)`);
  await run(`create index visit_tires_visit on visit_tires (scheduled_visit_id)`);
}
