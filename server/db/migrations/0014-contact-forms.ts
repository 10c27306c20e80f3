import { sql, type Kysely } from 'kysely';
import { giveNewVersions } from '../migration-helpers.ts';

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
  await giveNewVersions(db, 'store_locations');
}
