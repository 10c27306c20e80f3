import { sql, type Kysely } from 'kysely';
import { giveNewVersions } from '../migration-helpers.ts';

/**
 * Online booking against floods (issue 46 items 10 and 21):
 * - each store caps the online requests waiting for staff, per store day and in all (null: no cap);
 * - each queued message says whose budget it spends: the sender's and the store's ('sender'), the store's alone
 *   ('store': the answer to an online request), or none ('none': notices to the store's own people and the
 *   acknowledgement of an online request, bounded by the request caps instead);
 * - Retail Management's online booking lead time, stored and never read, goes: Settings → Appointments' notice is
 *   the one the booking page follows.
 * Store and retail settings rows take new versions so devices learn the change.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table store_locations
    add column online_booking_open_requests_per_day integer default 8,
    add column online_booking_open_requests integer default 30`.execute(db);
  await sql`alter table outbound_messages add column budget text not null default 'sender'`.execute(db);
  await sql`alter table retail_store_settings drop column online_booking_lead_time_hours`.execute(db);
  await giveNewVersions(db, 'store_locations');
  await giveNewVersions(db, 'retail_store_settings');
}
