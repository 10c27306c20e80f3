import { sql, type Kysely } from 'kysely';

/** A system notice shown at some stores only (issue 27): their ids; null, as every notice before, is every store. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table system_notifications add column store_ids jsonb`.execute(db);
}
