import { sql, type Kysely } from 'kysely';

/**
 * Which customers and vehicles each store's calendar names (DESIGN.md: "scope is entered, not only changed").
 * A bay device holds a customer or vehicle only while a live visit at its store names it; a row here says so,
 * with a version from the company's counter, so the change feed sends the customer when it enters the store's
 * scope (a visit booked) and a tombstone when it leaves (the last visit naming it gone), even though the
 * customer's own row did not change.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const run = (statement: string) => sql.raw(statement).execute(db);
  await run(`create table visit_scope (
    company_id integer not null references companies(id),
    store_id integer not null references store_locations(id),
    collection text not null check (collection in ('customers', 'customerVehicles')),
    row_key uuid not null,
    version bigint not null,
    deleted boolean not null default false,
    primary key (company_id, store_id, collection, row_key))`);
  await run(`create index visit_scope_feed on visit_scope (company_id, store_id, version)`);
  // Today's scope, with new versions: a bay device synced before this migration may lack a customer booked
  // after its last pull, so every one in scope reaches it once more on its next pull.
  await run(`insert into visit_scope (company_id, store_id, collection, row_key, version)
    select company_id, store_id, collection, row_key, 0 from (
      select distinct company_id, store_id, 'customers' as collection, customer_id as row_key from scheduled_visits where not deleted and customer_id is not null
      union
      select distinct company_id, store_id, 'customerVehicles', vehicle_id from scheduled_visits where not deleted and vehicle_id is not null) named`);
  await run(`with numbered as (
      select s.ctid as row_id, c.version + row_number() over (partition by s.company_id) as version
      from visit_scope s join company_change_counters c on c.company_id = s.company_id)
    update visit_scope s set version = numbered.version from numbered where s.ctid = numbered.row_id`);
  await run(`update company_change_counters c set version = m.version
    from (select company_id, max(version) as version from visit_scope group by company_id) m
    where m.company_id = c.company_id and m.version > c.version`);
}
