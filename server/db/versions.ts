import { sql, type Transaction } from 'kysely';
import type { Database } from './schema.ts';

/**
 * Takes `count` consecutive versions from the company's change counter. The advisory lock is held until
 * the writing transaction ends, so the next writer of this company gets its versions only after this one
 * has committed or rolled back: a reader's cursor can never pass a version that is still to commit.
 * Returns the first of the versions taken.
 */
export async function takeVersions(trx: Transaction<Database>, companyId: number, count = 1): Promise<number> {
  await sql`select pg_advisory_xact_lock(${companyId})`.execute(trx);
  const row = await trx
    .insertInto('companyChangeCounters')
    .values({ companyId, version: count })
    .onConflict((oc) => oc.column('companyId').doUpdateSet({ version: sql`company_change_counters.version + ${count}` }))
    .returning('version')
    .executeTakeFirstOrThrow();
  return row.version - count + 1;
}

/*
 * Every row a transaction writes takes its own version (count = rows written): the change feed pages by
 * version, and two rows sharing one could be split across a page boundary and the second never sent.
 */
