import { sql, type Kysely } from 'kysely';

/**
 * The company's replicated tables as the contract listed them when this migration was frozen (src/contract/sync.ts,
 * without the platform's catalogue): a migration carries its own copy, so what it does never changes with live code.
 */
const companyTables = [
  'store_locations',
  'special_store_hours',
  'store_staff',
  'inspection_templates',
  'scheduler_resources',
  'store_service_categories',
  'store_services',
  'appointment_resources',
  'scheduler_resource_services',
  'scheduled_visits',
  'scheduled_services',
  'blocked_times',
  'recurring_blocked_times',
  'unconfirmed_visits',
  'store_messages',
  'text_stops',
  'message_templates',
  'customers',
  'customer_vehicles',
  'customer_duplicate_dismissals',
  'ratings',
  'user_notifications',
  'notification_preferences',
  'support_requests',
  'retail_store_settings',
  'retail_price_catalogs',
  'store_contacts',
  'social_media_accounts',
  'tire_purchase_add_ons',
  'traction_orders',
  'store_tire_services',
  'store_tire_warranties',
  'logistics_transfers',
  'inventory_summaries',
  'inspection_reports',
  'inspection_items',
  'inspection_photos',
  'tire_quotes',
  'tire_install_packages',
  'tire_fees',
  'visit_tires',
  'retail_price_catalog_prices',
];

/**
 * Indexes for the queries a dealer network's company runs (issue 25): a store's feed page walks its own rows and
 * the company-wide ones by version, not every store's; a visit's services, an order's visit, the store's
 * messages newest first, and a customer found by the digits of their phone each go straight to their rows.
 * `tests/server/query-plans.pg.test.ts` reads the plans on a ten-store company.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const run = (statement: string) => sql.raw(statement).execute(db);
  // A company's tables only: the platform's catalogue joined the feed later (migration 0034) with its own index.
  // A table made by a later migration (tire_quotes, 0035) is not there yet, and that migration makes its own index.
  const { rows } = await sql<{ name: string }>`select table_name as name from information_schema.tables where table_schema = current_schema()`.execute(db);
  const existing = new Set(rows.map((r) => r.name));
  for (const table of companyTables.filter((t) => existing.has(t))) {
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
