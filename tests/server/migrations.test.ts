import { describe, expect, it } from 'vitest';
import { openPglite } from '../../server/db/connect.ts';
import { migrateToLatest, migrationNames } from '../../server/db/migrate.ts';
import { catalogueCollectionNames, companyCollectionNames, replicatedCollections } from '../../src/contract/sync.ts';
import { columnMismatches, columnsOf, entityTables, tableNames } from '../support/schema-checks.ts';

describe('migrations on the embedded database (PGlite)', () => {
  it('apply once, and a second run changes nothing', async () => {
    const handle = await openPglite(null);
    try {
      expect(await migrateToLatest(handle.db)).toEqual(migrationNames);
      expect(migrationNames).toEqual([...migrationNames].sort());
      const tables = await tableNames(handle.db);
      expect(await migrateToLatest(handle.db)).toEqual([]);
      expect(await tableNames(handle.db)).toEqual(tables);
    } finally {
      await handle.close();
    }
  });

  it('create a table for every contract entity with exactly its fields, plus the sync columns where replicated', async () => {
    const handle = await openPglite(null);
    try {
      await migrateToLatest(handle.db);
      for (const [table, schema] of entityTables) {
        expect(await columnMismatches(handle.db, table, schema), table).toEqual({ extra: [], missing: [] });
      }
      for (const table of companyCollectionNames.map((c) => replicatedCollections[c].table)) {
        expect(await columnsOf(handle.db, table), table).toEqual(expect.arrayContaining(['company_id', 'store_id', 'version', 'deleted']));
      }
      // The platform's catalogue is on the feed without a company.
      for (const table of catalogueCollectionNames.map((c) => replicatedCollections[c].table)) {
        expect(await columnsOf(handle.db, table), table).toEqual(expect.arrayContaining(['version', 'deleted']));
        expect(await columnsOf(handle.db, table), table).not.toContain('company_id');
      }
    } finally {
      await handle.close();
    }
  });
});
