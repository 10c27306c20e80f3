import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openPglite, type Db } from '../../server/db/connect.ts';
import { migrateTo, migrateToLatest } from '../../server/db/migrate.ts';
import { versionFloor } from '../../server/db/versions.ts';

/**
 * Inserts a row with `values` and a plain value in every other required column (by its type): enough to make
 * the rows an earlier release left, without repeating that release's seed.
 */
async function insertRow(db: Db, table: string, values: Record<string, unknown>): Promise<void> {
  const { rows } = await sql<{ name: string; type: string }>`select column_name as name, data_type as type from information_schema.columns
    where table_name = ${table} and is_nullable = 'NO' and column_default is null and is_generated = 'NEVER' and identity_generation is null`.execute(db);
  const plain = (type: string) =>
    type === 'boolean' ? false : /int|double|numeric/.test(type) ? 1 : type === 'jsonb' ? '{}' : type === 'uuid' ? randomUUID() : randomUUID().slice(0, 12);
  const row = { ...Object.fromEntries(rows.map((c) => [c.name, plain(c.type)])), ...values };
  const columns = Object.keys(row);
  await sql`insert into ${sql.table(table)} (${sql.join(columns.map((c) => sql.ref(c)))}) values (${sql.join(columns.map((c) => row[c]))})`.execute(db);
}

describe('a database an earlier release left', () => {
  it("gets each store's visit scope with versions newer than any device's cursor, and versions go on above every old one", async () => {
    const handle = await openPglite(null);
    try {
      const db = handle.db;
      await migrateTo(db, '0016-inspections');
      await insertRow(db, 'companies', { id: 1, alltrac_company_id: 10, name: 'Old Tires' });
      await insertRow(db, 'store_locations', { id: 5, alltrac_company_id: 10, company_id: 1, store_number: 1, version: 1 });
      const [kept, gone, car] = [randomUUID(), randomUUID(), randomUUID()];
      await insertRow(db, 'customers', { customer_id: kept, company_id: 1, store_id: null, version: 2 });
      await insertRow(db, 'customers', { customer_id: gone, company_id: 1, store_id: null, version: 3 });
      await insertRow(db, 'customer_vehicles', { vehicle_id: car, customer_id: kept, company_id: 1, store_id: null, version: 4 });
      await insertRow(db, 'scheduled_visits', { scheduled_visit_id: randomUUID(), customer_id: kept, vehicle_id: car, company_id: 1, store_id: 5, version: 5 });
      await insertRow(db, 'scheduled_visits', {
        scheduled_visit_id: randomUUID(),
        customer_id: gone,
        vehicle_id: null,
        company_id: 1,
        store_id: 5,
        version: 6,
        deleted: true,
      });
      await insertRow(db, 'company_change_counters', { company_id: 1, version: 100 });

      await migrateToLatest(db);
      const scope = await db.selectFrom('visitScope').select(['storeId', 'collection', 'rowKey', 'version', 'deleted']).orderBy('collection').execute();
      expect(scope.map(({ version: _, ...entry }) => entry)).toEqual([
        { storeId: 5, collection: 'customerVehicles', rowKey: car, deleted: false },
        { storeId: 5, collection: 'customers', rowKey: kept, deleted: false },
      ]);
      expect(Math.min(...scope.map((s) => s.version))).toBeGreaterThan(100);
      expect(await versionFloor(db)).toBeGreaterThan(Math.max(...scope.map((s) => s.version)));
    } finally {
      await handle.close();
    }
  });

  it('keeps a texting number set on several stores with the store that had it first, and takes it from the others', async () => {
    const handle = await openPglite(null);
    try {
      const db = handle.db;
      await migrateTo(db, '0024-outbound-handover');
      await insertRow(db, 'companies', { id: 1, alltrac_company_id: 10, name: 'First Tires' });
      await insertRow(db, 'companies', { id: 2, alltrac_company_id: 20, name: 'Second Tires' });
      await insertRow(db, 'store_locations', {
        id: 5,
        alltrac_company_id: 10,
        company_id: 1,
        store_number: 1,
        version: 1,
        twilio_phone_number: '+15550102001',
      });
      await insertRow(db, 'store_locations', {
        id: 9,
        alltrac_company_id: 20,
        company_id: 2,
        store_number: 1,
        version: 2,
        twilio_phone_number: '+15550102001',
      });
      await insertRow(db, 'store_locations', {
        id: 12,
        alltrac_company_id: 20,
        company_id: 2,
        store_number: 2,
        version: 3,
        twilio_phone_number: '+15550102002',
      });

      await migrateToLatest(db);
      const numbers = await db.selectFrom('storeLocations').select(['id', 'twilioPhoneNumber']).orderBy('id').execute();
      expect(numbers).toEqual([
        { id: 5, twilioPhoneNumber: '+15550102001' },
        { id: 9, twilioPhoneNumber: null },
        { id: 12, twilioPhoneNumber: '+15550102002' },
      ]);
    } finally {
      await handle.close();
    }
  });
});
