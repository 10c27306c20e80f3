import { sql, type Kysely } from 'kysely';
import { rebuildCustomerKeys } from './0032-customer-keys/rebuild-keys.ts';

/**
 * Customers found and compared through keys kept at write time (issue 25: no request reads a whole company):
 * the device's search tokens and the duplicate keys, and the pairs of customers that look like one person. The
 * keys are made for every company's customers as they are now. Keys are compared byte by byte (collation C),
 * so a prefix search walks the index. The keys are made by this migration's own copy of the rules
 * (0032-customer-keys/), as they were when it was frozen.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table customer_keys (
    company_id integer not null references companies(id),
    key text collate "C" not null,
    customer_id uuid not null,
    row_id uuid not null,
    primary key (company_id, key, row_id))`.execute(db);
  await sql`create index customer_keys_customer on customer_keys (company_id, customer_id)`.execute(db);
  await sql`create table customer_duplicate_candidates (
    company_id integer not null references companies(id),
    customer_id uuid not null,
    other_customer_id uuid not null,
    reasons jsonb not null,
    primary key (company_id, customer_id, other_customer_id))`.execute(db);
  await sql`create index customer_duplicate_candidates_other on customer_duplicate_candidates (company_id, other_customer_id)`.execute(db);
  const companies = await sql<{ id: number }>`select id from companies`.execute(db);
  for (const { id } of companies.rows) await rebuildCustomerKeys(db, id);
}
