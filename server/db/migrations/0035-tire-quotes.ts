import { sql, type Kysely } from 'kysely';
import { giveNewVersions } from '../migration-helpers.ts';

/**
 * Tire quotes saved on a customer (issue 26), and the two retail settings that price them: the store's sales tax
 * rate in millionths (8.875% is 88750) and how many days a quote holds. Settings are replicated: their rows get
 * new versions, so devices synced before pull them again with the new fields.
 *
 * A quote is a store's row (the counter that made it, replicated to the store's counter devices) keyed by the
 * device-made id, with the public page's id beside it. `choices` are what the counter chose; `options` the
 * choices as the server priced them (src/domain/tires/tire-quote.ts), kept as shown so the public page reads them as
 * they were. Dates are the store's calendar dates.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const run = (statement: string) => sql.raw(statement).execute(db);
  await run(`alter table retail_store_settings
    add column sales_tax_rate_in_millionths integer not null default 0,
    add column quote_valid_for_days integer not null default 30`);
  await giveNewVersions(db, 'retail_store_settings');

  await run(`create table tire_quotes (
    tire_quote_id uuid primary key,
    tire_quote_hash_id text not null unique,
    customer_id uuid not null references customers(customer_id),
    vehicle_id uuid references customer_vehicles(vehicle_id),
    created_on date not null,
    valid_until date not null,
    choices jsonb not null,
    options jsonb not null,
    company_id integer not null references companies(id),
    store_id integer not null references store_locations(id),
    version bigint not null, deleted boolean not null default false,
    changed_by uuid, changed_by_name text, changed_at timestamptz)`);
  await run(`create index tire_quotes_company_version on tire_quotes (company_id, version)`);
  // Made here rather than by 0031, which made this index for every replicated table there was then.
  await run(`create index tire_quotes_company_store_version on tire_quotes (company_id, store_id, version)`);
  // A customer's quotes (the counter's list, a merge moving them) and the store's newest first.
  await run(`create index tire_quotes_customer on tire_quotes (company_id, customer_id)`);
  await run(`create index tire_quotes_store_created on tire_quotes (company_id, store_id, created_on desc)`);
}
