import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from './schema.ts';

/**
 * Takes `count` consecutive versions for rows this transaction writes, and returns the first. Versions come
 * from one sequence; the transaction's first version stays marked until it commits or rolls back, and the
 * change feed serves only versions below the lowest mark (versionFloor), so a reader's cursor never passes a
 * version still to commit, while writers of different rows never wait for each other (migration 0023,
 * docs/sync.md). A row's new version is taken after the row is locked, so each row's versions rise.
 */
export async function takeVersions(trx: Transaction<Database>, count = 1): Promise<number> {
  const { rows } = await sql<{ first: string }>`select take_change_versions(${count}::integer)::text as first`.execute(trx);
  return Number(rows[0]!.first);
}

/** The lowest version the change feed may not serve yet: every version below it is committed or never will be. */
export async function versionFloor(db: Kysely<Database>): Promise<number> {
  const { rows } = await sql<{ floor: string }>`select change_version_floor()::text as floor`.execute(db);
  return Number(rows[0]!.floor);
}

/*
 * Every row a transaction writes takes its own version (count = rows written): the change feed pages by
 * version, and two rows sharing one could be split across a page boundary and the second never sent.
 */
