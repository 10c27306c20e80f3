import { sql, type Kysely } from 'kysely';

/**
 * A store's install packages and state tire fees (issue 26), until now absent from a quote's price list: both
 * become replicated rows of the store, edited in Retail Management and read by the counter and the server alike
 * (storeTirePrices).
 *
 * A package bundles some of the store's add-ons (`add_on_ids`, jsonb: the ids it names are checked by the write,
 * as a list cannot carry foreign keys). A fee is the rows of one name, each an amount from a date through a
 * date (null: still in force); that rows of one fee never overlap is the write's rule (src/domain/tires/tire-fees.ts),
 * under a lock per store, since a constraint would need an extension PGlite does not ship. Dates are the store's
 * calendar dates.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const run = (statement: string) => sql.raw(statement).execute(db);
  const sync = `company_id integer not null references companies(id),
    store_id integer not null references store_locations(id),
    version bigint not null, deleted boolean not null default false,
    changed_by uuid, changed_by_name text, changed_at timestamptz`;

  await run(`create table tire_install_packages (
    tire_install_package_id uuid primary key,
    type text not null,
    pricing_type text not null,
    price_in_cents integer,
    is_taxable boolean not null default true,
    add_on_ids jsonb not null default '[]',
    ${sync})`);
  await run(`create table tire_fees (
    tire_fee_id uuid primary key,
    name text not null,
    amount_in_cents integer not null,
    is_taxable boolean not null default false,
    effective_from date not null,
    effective_through date,
    ${sync},
    constraint tire_fees_ends_after_it_starts check (effective_through is null or effective_through >= effective_from))`);

  for (const table of ['tire_install_packages', 'tire_fees']) {
    await run(`create index ${table}_company_version on ${table} (company_id, version)`);
    // Made here rather than by 0031, which made this index for every replicated table there was then.
    await run(`create index ${table}_company_store_version on ${table} (company_id, store_id, version)`);
  }
}
