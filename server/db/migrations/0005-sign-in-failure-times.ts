import { sql, type Kysely } from 'kysely';

/**
 * Sign-in throttling by account, by account and address, and by address (server/identity/sign-in-throttle.ts)
 * needs the time of the last failure too: an account's delay grows from its last failure.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`delete from sign_in_failures`.execute(db);
  await sql`alter table sign_in_failures add column last_failure_at timestamptz not null`.execute(db);
}
