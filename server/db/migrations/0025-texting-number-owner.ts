import { sql, type Kysely } from 'kysely';

/**
 * A texting number belongs to one store across every company (DESIGN.md: real-world identifiers are unique
 * across tenants): customers' texts, and their STOP, go to the store that owns the number. Where a number was
 * set on several live stores, the store that has had the longest (the lowest id) keeps it and the others lose it,
 * so they stop texting until the platform's admins assign them a number (docs/decisions/messages.md).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`update store_locations s set twilio_phone_number = null
    where not s.deleted and s.twilio_phone_number is not null and exists (
      select 1 from store_locations first where not first.deleted and first.twilio_phone_number = s.twilio_phone_number and first.id < s.id)`.execute(db);
  await sql`create unique index store_locations_texting_number on store_locations (twilio_phone_number) where not deleted and twilio_phone_number is not null`.execute(
    db,
  );
}
