import { sql, type Kysely } from 'kysely';
import { replicatedCollections } from '../../../src/contract/sync.ts';

/**
 * Indexes for the queries a dealer network's company runs (issue 25): a store's feed page walks its own rows and
 * the company-wide ones by version, not every store's; a visit's services, an order's visit, the store's
 * messages newest first, and a customer found by the digits of their phone each go straight to their rows.
 * `tests/server/query-plans.pg.test.ts` reads the plans on a ten-store company.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const run = (statement: string) => sql.raw(statement).execute(db);
  // A company's tables only: the platform's catalogue joined the feed later (migration 0034) with its own index.
  // The list is today's contract: a table made by a later migration (tire_quotes, 0035) is not there yet, and
  // that migration makes its own index.
  const { rows } = await sql<{ name: string }>`select table_name as name from information_schema.tables where table_schema = current_schema()`.execute(db);
  const existing = new Set(rows.map((r) => r.name));
  for (const { table } of Object.values(replicatedCollections).filter((c) => !('platform' in c) && existing.has(c.table))) {
    await run(`create index ${table}_company_store_version on ${table} (company_id, store_id, version)`);
  }
  await run(`create index scheduled_services_visit on scheduled_services (scheduled_visit_id)`);
  await run(`create index traction_orders_related_visit on traction_orders (related_visit_id) where related_visit_id is not null`);
  await run(`create index store_messages_store_sent on store_messages (company_id, store_id, sent_on)`);
  // The expression customerByPhone looks a number up by (server/modules/customers/customer-by-contact.ts).
  await run(
    `create index customers_phone_digits on customers (company_id, right(regexp_replace(coalesce(phone_number, ''), '[^0-9]', '', 'g'), 10)) where not deleted`,
  );
}
