import { sql, type Kysely } from 'kysely';

/**
 * The retail contact form (issue: messaging): each store gets an unguessable id for its public form page,
 * the address the store puts on its website. Stores made later get one by the column's default. Existing
 * rows take new versions past every device's cursor, so devices learn the id (the settings page shows it).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const run = (statement: string) => sql.raw(statement).execute(db);
  await run(`alter table store_locations add column contact_form_id text not null default replace(gen_random_uuid()::text, '-', '')`);
  await run(`create unique index store_locations_contact_form_id on store_locations (contact_form_id)`);
  // A form's sender is matched to a customer by email too.
  await run(`create index customers_email on customers (company_id, lower(email)) where not deleted`);
  await run(`with numbered as (
      select t.ctid as row_id, c.version + row_number() over (partition by t.company_id) as version
      from store_locations t join company_change_counters c on c.company_id = t.company_id)
    update store_locations t set version = numbered.version from numbered where t.ctid = numbered.row_id`);
  await run(`update company_change_counters c set version = m.version
    from (select company_id, max(version) as version from store_locations group by company_id) m
    where m.company_id = c.company_id and m.version > c.version`);
}
