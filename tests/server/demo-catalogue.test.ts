import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.ts';
import { openPglite, type Db } from '../../server/db/connect.ts';
import { migrateToLatest } from '../../server/db/migrate.ts';
import { seedDemo } from '../../server/seed/demo.ts';
import { demoStoreIds } from '../support/demo.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/*
 * The end-to-end tests' demo (DEMO_CATALOGUE=small): the full demo but for a catalogue of a few hundred tires, so a
 * browser's first sync copies a tenth of the rows. What the end-to-end tests read of the catalogue must be there.
 */
let full: TestApp;
let small: { db: Db; close(): Promise<void> };

const tiresOf = (db: Db) =>
  db.selectFrom('tires').select(['tireId', 'sku', 'sizeKey', 'dualLoadIndex', 'productLineHashId']).where('deleted', '=', false).orderBy('tireId').execute();

beforeAll(async () => {
  full = await createTestApp();
  small = await openPglite(null);
  await migrateToLatest(small.db);
  await seedDemo(small.db, new Date(), { catalogue: 'small' });
}, 180_000);
afterAll(async () => {
  await full?.close();
  await small?.close();
});

describe('the demo catalogue', () => {
  it('is full unless DEMO_CATALOGUE says small, and refuses any other size', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).demoCatalogue).toBe('full');
    expect(loadConfig({ NODE_ENV: 'test', DEMO_CATALOGUE: 'small' }).demoCatalogue).toBe('small');
    expect(() => loadConfig({ NODE_ENV: 'test', DEMO_CATALOGUE: 'tiny' })).toThrow(/DEMO_CATALOGUE/);
  });

  it('seeds a few hundred tires when small: every size of the full one, every tire of 225/65R17 and 245/75R16 as the full one has them', async () => {
    const [all, few] = [await tiresOf(full.db), await tiresOf(small.db)];
    expect(all.length).toBeGreaterThan(4000);
    expect(few.length).toBeGreaterThan(200);
    expect(few.length).toBeLessThan(all.length / 5);
    expect(new Set(few.map((t) => t.sizeKey))).toEqual(new Set(all.map((t) => t.sizeKey)));
    for (const size of ['225/65R17', '245/75R16']) expect(few.filter((t) => t.sizeKey === size)).toEqual(all.filter((t) => t.sizeKey === size));
    // Each tire kept is the full catalogue's, and its line is there; no line is left without a tire.
    const byId = new Map(all.map((t) => [t.tireId, t]));
    for (const tire of few) expect(byId.get(tire.tireId)).toEqual(tire);
    const lines = await small.db.selectFrom('productLines').select('productLineHashId').execute();
    expect(new Set(lines.map((l) => l.productLineHashId))).toEqual(new Set(few.map((t) => t.productLineHashId)));
  });

  it("stocks the counter's size when small as the full demo does: several at the first store, and 6 of one at the second that the first has none of", async () => {
    const stores = await demoStoreIds(small.db);
    const stock = await small.db
      .selectFrom('inventorySummaries')
      .innerJoin('tires', 'tires.tireId', 'inventorySummaries.tireId')
      .select(['inventorySummaries.storeId', 'inventorySummaries.tireId', 'inventorySummaries.quantityOnHand'])
      .where('tires.sizeKey', '=', '225/65R17')
      .execute();
    const at = (store: number) => stock.filter((s) => s.storeId === stores[store]);
    expect(at(101).length).toBeGreaterThan(2);
    expect(at(102).some((s) => s.quantityOnHand === 6 && !at(101).some((f) => f.tireId === s.tireId))).toBe(true);
  });
});
