import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, type DatabaseHandle } from '../../server/db/connect.ts';
import { migrateToLatest } from '../../server/db/migrate.ts';
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
    expect(await migrateToLatest(handle.db)).toEqual(['0001-initial', '0002-notification-preferences-and-support', '0003-calendar-window-indexes', '0004-change-metadata-and-key-claims', '0005-sign-in-failure-times', '0006-customers-and-vehicles', '0007-replicated-store-locations', '0008-user-invites', '0009-pickup-and-inspection-template', '0010-outbound-messages', '0011-text-stops', '0012-message-templates', '0013-visit-messages', '0014-contact-forms', '0015-rating-follow-ups', '0016-inspections']);
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
    const visit = await handle.db.selectFrom('scheduledVisits').select(['confirmationDate', 'version']).where('confirmationDate', 'is not', null).executeTakeFirstOrThrow();
    expect(visit.confirmationDate).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(typeof visit.version).toBe('number');
    const rating = await handle.db.selectFrom('ratings').select('score').executeTakeFirstOrThrow();
    expect(typeof rating.score).toBe('number');
  });
});
