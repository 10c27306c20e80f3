import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../server/db/connect.ts';
import { takeVersions, versionFloor } from '../../server/db/versions.ts';
import { readChanges } from '../../server/sync/changes.ts';

/**
 * Many writers commit customers, each holding its version for a random while before commit, while a reader
 * pulls the feed by cursor the whole time. Returns the versions the reader never saw although they were
 * committed: with correct versioning, none.
 */
export async function raceWritersAgainstReader(db: Db, options: { writers: number; writesEach: number }): Promise<{ missed: number[]; written: number }> {
  const store = await db.selectFrom('storeLocations').select(['id', 'companyId']).orderBy('id').executeTakeFirstOrThrow();
  const scope = { companyId: store.companyId, storeId: store.id, userId: randomUUID(), roles: ['AllTracUser' as const] };
  const seen = new Set<number>();
  let cursor = (await versionFloor(db)) - 1;
  let writing = true;

  const reader = (async () => {
    while (writing) {
      const page = await readChanges(db, scope, cursor, 200);
      for (const change of page.changes) seen.add(change.version);
      cursor = page.changes.at(-1)?.version ?? cursor;
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
  })();

  const written: number[] = [];
  const writer = async () => {
    for (let i = 0; i < options.writesEach; i++) {
      await db.transaction().execute(async (trx) => {
        const version = await takeVersions(trx);
        await sql`select pg_sleep(${Math.random() * 0.02})`.execute(trx);
        await trx
          .insertInto('customers')
          .values({
            customerId: randomUUID(),
            firstName: 'Race',
            lastName: String(version),
            companyName: null,
            email: null,
            phoneNumber: null,
            preferredContactMethod: 'Phone',
            addressLine1: null,
            city: null,
            state: null,
            postalCode: null,
            notes: null,
            legacyCustomerId: null,
            createdOn: new Date().toISOString(),
            companyId: store.companyId,
            storeId: null,
            version,
          })
          .execute();
        written.push(version);
      });
    }
  };
  await Promise.all(Array.from({ length: options.writers }, writer));
  writing = false;
  await reader;
  // What the reader would still get from its cursor is not missed; only what lies behind it is.
  const rest = await readChanges(db, scope, cursor, 100_000);
  for (const change of rest.changes) seen.add(change.version);
  return { missed: written.filter((v) => !seen.has(v)), written: written.length };
}
