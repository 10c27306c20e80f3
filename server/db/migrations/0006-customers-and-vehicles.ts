import { sql, type Kysely } from 'kysely';

/**
 * Customers and vehicles (issue: customers and vehicles): a second phone and address line, texting consent,
 * the customer a merged one went into, a vehicle's tire size; pairs marked "not a duplicate" (replicated to
 * every store of the company); and the indexes a merge needs to find a customer's rows.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const run = (statement: string) => sql.raw(statement).execute(db);
  await run(`alter table customers
    add column alternate_phone_number text, add column address_line2 text,
    add column text_consent_method text, add column text_consent_given_on timestamptz, add column text_consent_recorded_by text,
    add column merged_into_customer_id uuid references customers(customer_id)`);
  await run(`alter table customer_vehicles add column tire_size text`);
  await run(`create table customer_duplicate_dismissals (
    customer_id uuid not null references customers(customer_id),
    other_customer_id uuid not null references customers(customer_id),
    dismissed_on timestamptz not null,
    primary key (customer_id, other_customer_id),
    company_id integer not null references companies(id),
    store_id integer references store_locations(id),
    version bigint not null,
    deleted boolean not null default false,
    changed_by uuid, changed_by_name text, changed_at timestamptz)`);
  await run(`create index customer_duplicate_dismissals_company_version on customer_duplicate_dismissals (company_id, version)`);
  for (const table of ['customer_vehicles', 'scheduled_visits', 'store_messages', 'ratings']) {
    await run(`create index ${table}_customer on ${table} (customer_id)`);
  }
}
