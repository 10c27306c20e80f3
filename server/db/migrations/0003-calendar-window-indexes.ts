import { sql, type Kysely } from 'kysely';

/**
 * The calendar of a store by date: the first sync's priority feed picks this week's services and blocked
 * times (and through them the visits, customers and vehicles) by store and start date, as the scheduler will.
 * Without these, each priority page scanned every service of the company.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index scheduled_services_store_start on scheduled_services (store_id, start_date)`.execute(db);
  await sql`create index blocked_times_store_start on blocked_times (store_id, start_date)`.execute(db);
}
