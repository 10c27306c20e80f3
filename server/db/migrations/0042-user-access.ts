import { sql, type Kysely } from 'kysely';

/**
 * A person a platform admin disabled (issue 27): kept with their roles, so enabling them again gives back what
 * they had; and when they last signed in, for the dashboard's People tab.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table users add column disabled_at timestamptz`.execute(db);
  await sql`alter table users add column last_sign_in_at timestamptz`.execute(db);
  // A person's tokens, found without reading every token: to count their devices and to end them when disabled.
  await sql`create index oidc_payloads_account on oidc_payloads ((payload->>'accountId'), model)`.execute(db);
}
