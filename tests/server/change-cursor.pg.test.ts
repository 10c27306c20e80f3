import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, type DatabaseHandle } from '../../server/db/connect.ts';
import { migrateToLatest } from '../../server/db/migrate.ts';
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
});
