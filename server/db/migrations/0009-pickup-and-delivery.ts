import { sql, type Kysely } from 'kysely';

/**
 * Pickup and delivery settings of a store (issue: store settings): the service area (a radius around the
 * store or a list of postal codes), the fee (null: free) and the daily time windows customers choose from.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table store_locations
    add column pickup_service_area text not null default 'radius',
    add column pickup_radius_miles integer default 10,
    add column pickup_postal_codes jsonb not null default '[]',
    add column pickup_fee_in_cents integer,
    add column pickup_windows jsonb not null default '[{"start":"08:00","end":"10:00"},{"start":"16:00","end":"18:00"}]'`.execute(db);
}
