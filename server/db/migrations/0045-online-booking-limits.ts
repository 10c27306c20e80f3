import { sql, type Kysely } from 'kysely';
import { giveNewVersions } from '../migration-helpers.ts';

/**
 * How far ahead customers may book online, and how much (issue 30): the least notice in minutes, the days ahead
 * offered, and the most minutes of booked work a day (null: no cap). Store rows take new versions so devices
 * learn the new settings.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table store_locations
    add column online_booking_lead_minutes integer not null default 120,
    add column online_booking_horizon_days integer not null default 14,
    add column online_booking_daily_cap_minutes integer`.execute(db);
  await giveNewVersions(db, 'store_locations');
}
