import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, type DatabaseHandle } from '../../server/db/connect.ts';
import { migrateToLatest, migrationNames } from '../../server/db/migrate.ts';
import { seedDemo } from '../../server/seed/demo.ts';
import { createTestDatabase, postgresUnavailable } from '../support/postgres.ts';
import { columnMismatches, entityTables, tableNames } from '../support/schema-checks.ts';

describe.skipIf(postgresUnavailable !== null)('migrations on PostgreSQL', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let handle: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
    handle = await openPostgres(database.url);
  });
  afterAll(async () => {
    await handle?.close();
    await database?.drop();
  });

  it('apply once, and a second run changes nothing', async () => {
    expect(await migrateToLatest(handle.db)).toEqual(migrationNames);
    const tables = await tableNames(handle.db);
    expect(await migrateToLatest(handle.db)).toEqual([]);
    expect(await tableNames(handle.db)).toEqual(tables);
  });

  it('give the same tables and columns as on the embedded database', async () => {
    for (const [table, schema] of entityTables) {
      expect(await columnMismatches(handle.db, table, schema), table).toEqual({ extra: [], missing: [] });
    }
  });

  it('take the demo seed once, with values read back in the contract shapes', async () => {
    expect(await seedDemo(handle.db)).toBe(true);
    expect(await seedDemo(handle.db)).toBe(false);
    const visit = await handle.db
      .selectFrom('scheduledVisits')
      .select(['confirmationDate', 'version'])
      .where('confirmationDate', 'is not', null)
      .executeTakeFirstOrThrow();
    expect(visit.confirmationDate).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(typeof visit.version).toBe('number');
    const rating = await handle.db.selectFrom('ratings').select('score').executeTakeFirstOrThrow();
    expect(typeof rating.score).toBe('number');
  });
});
