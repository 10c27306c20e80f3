import { sql, type Kysely } from 'kysely';

/**
 * Idempotency keys are pruned by age (server/jobs/idempotency-key-pruning.ts): the job finds the old ones by
 * when they were made, so that walk is an index range and not a scan of every key a company ever sent.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index idempotency_keys_created_on on idempotency_keys (created_on)`.execute(db);
}
