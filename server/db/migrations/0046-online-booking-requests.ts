import { sql, type Kysely } from 'kysely';

/**
 * Requests made on the booking page (issue 30): whether the customer agreed to texts, and the unconfirmed visit
 * that holds the bays for the asked time until staff confirm or decline it (null for requests made before).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table unconfirmed_visits
    add column text_consent boolean not null default false,
    add column scheduled_visit_id uuid`.execute(db);
}
