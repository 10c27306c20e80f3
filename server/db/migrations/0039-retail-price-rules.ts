import { sql, type Kysely } from 'kysely';
import { giveNewVersions } from '../migration-helpers.ts';

/**
 * How a store's tire price follows its retail price catalogue (issue 26): a tire's cost, a catalogue's margin
 * over cost and the ending a price made from it rounds up to, and a catalogue's fixed prices per tire.
 *
 * Fixed prices are rows of the company that owns the catalogue (store null), on the change feed like its other
 * company-wide rows; keyed by catalogue and tire, so a tire has at most one fixed price in a catalogue. A tire is
 * the platform's (no foreign key: a discontinued tire is a tombstone, and its price rows stay as they were).
 * Catalogues get new versions so devices synced before pull them again with the rule's fields.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const run = (statement: string) => sql.raw(statement).execute(db);
  await run(`alter table tires add column cost_in_cents integer`);
  await run(`alter table retail_price_catalogs
    add column margin_in_basis_points integer,
    add column price_ending_in_cents integer,
    add constraint retail_price_catalogs_margin check (margin_in_basis_points is null or margin_in_basis_points >= 0),
    add constraint retail_price_catalogs_ending check (price_ending_in_cents is null or price_ending_in_cents between 0 and 99)`);
  await run(`create table retail_price_catalog_prices (
    retail_price_catalog_id uuid not null references retail_price_catalogs(retail_price_catalog_id),
    tire_id uuid not null,
    price_in_cents integer not null check (price_in_cents >= 0),
    company_id integer not null references companies(id),
    store_id integer references store_locations(id),
    version bigint not null, deleted boolean not null default false,
    changed_by uuid, changed_by_name text, changed_at timestamptz,
    primary key (retail_price_catalog_id, tire_id))`);
  await run(`create index retail_price_catalog_prices_company_version on retail_price_catalog_prices (company_id, version)`);
  await run(`create index retail_price_catalog_prices_company_store_version on retail_price_catalog_prices (company_id, store_id, version)`);
  await giveNewVersions(db, 'retail_price_catalogs');
}
