import { sql, type Kysely } from 'kysely';

/** The tire quote a visit was booked from (issue 28: the dashboard's quotes turned into visits); null for every visit before. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table scheduled_visits add column tire_quote_id uuid`.execute(db);
}
