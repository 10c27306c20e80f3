import { sql, type Kysely } from 'kysely';

/** Every table a device replicates: they get who changed a row last and when. */
export const replicatedTables = [
  'customers',
  'customer_vehicles',
  'scheduler_resources',
  'store_service_categories',
  'store_services',
  'appointment_resources',
  'scheduler_resource_services',
  'scheduled_visits',
  'scheduled_services',
  'unconfirmed_visits',
  'blocked_times',
  'recurring_blocked_times',
  'store_messages',
  'ratings',
  'user_notifications',
  'notification_preferences',
  'support_requests',
  'retail_price_catalogs',
  'retail_store_settings',
  'store_contacts',
  'social_media_accounts',
  'tire_purchase_add_ons',
  'traction_orders',
  'store_tire_services',
  'store_tire_warranties',
  'logistics_transfers',
  'inventory_summaries',
] as const;

/**
 * 1. Who changed a replicated row last, and when (changed_by, changed_by_name, changed_at): a device whose
 *    change was overwritten by a later one shows who made it (DESIGN.md, "Conflicts are never silent").
 *    Null for rows no person has changed (the seed, imports).
 * 2. An Idempotency-Key is claimed before the write's work (status_code null until the answer is stored),
 *    and bound to its request by a hash of the body: the same key with another request is refused.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const run = (statement: string) => sql.raw(statement).execute(db);
  for (const table of replicatedTables) {
    await run(`alter table ${table} add column changed_by uuid, add column changed_by_name text, add column changed_at timestamptz`);
  }
  await run(`alter table idempotency_keys alter column status_code drop not null, add column request_hash text`);
}
