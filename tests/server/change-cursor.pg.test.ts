import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, type DatabaseHandle } from '../../server/db/connect.ts';
import { migrateToLatest } from '../../server/db/migrate.ts';
import { takeVersions, versionFloor } from '../../server/db/versions.ts';
import { seedDemo } from '../../server/seed/demo.ts';
import { raceWritersAgainstReader } from '../support/cursor-race.ts';
import { createTestDatabase, postgresUnavailable } from '../support/postgres.ts';

describe.skipIf(postgresUnavailable !== null)('the change cursor on PostgreSQL', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let handle: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
    handle = await openPostgres(database.url);
    await migrateToLatest(handle.db);
    await seedDemo(handle.db);
  });
  afterAll(async () => {
    await handle?.close();
    await database?.drop();
  });

  it('never skips a committed change while many concurrent writers race a reader', async () => {
    const { missed, written } = await raceWritersAgainstReader(handle.db, { writers: 8, writesEach: 25 });
    expect(written).toBe(200);
    expect(missed).toEqual([]);
  });

  it("serves this database's changes while a write in another database of the same server is still in flight", async () => {
    const other = await createTestDatabase();
    const elsewhere = new pg.Client({ connectionString: other.url });
    try {
      await elsewhere.connect();
      // The other database's write marks its version as the write path does (a transaction-level advisory lock
      // keyed by the negated version), at a version far below this database's, and holds it open.
      await elsewhere.query('begin');
      await elsewhere.query('select pg_advisory_xact_lock_shared(-1)');
      const written = await handle.db.transaction().execute((trx) => takeVersions(trx));
      expect(await versionFloor(handle.db)).toBe(written + 1);
      await elsewhere.query('rollback');
    } finally {
      await elsewhere.end();
      await other.drop();
    }
  });
});
