import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../server/db/migrate.ts';
import type { Db } from '../../server/db/connect.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

/** What the stores' live visits name, and what the scope holds as live, each as sorted "store/collection/key". */
async function namedAndScoped(db: Db) {
  const named = await sql<{ entry: string }>`
    select store_id || '/customers/' || customer_id as entry from scheduled_visits where not deleted and customer_id is not null
    union select store_id || '/customerVehicles/' || vehicle_id from scheduled_visits where not deleted and vehicle_id is not null
    order by 1`.execute(db);
  const scoped = await sql<{ entry: string }>`select store_id || '/' || collection || '/' || row_key as entry from visit_scope where not deleted order by 1`.execute(db);
  return { named: named.rows.map((r) => r.entry), scoped: scoped.rows.map((r) => r.entry) };
}

describe('the visit scope of each store', () => {
  it('holds after the demo seed exactly the customers and vehicles its live visits name', async () => {
    const { named, scoped } = await namedAndScoped(t.db);
    expect(named.length).toBeGreaterThan(100);
    expect(scoped).toEqual(named);
  });

  it('is made for a database from before it existed, with versions newer than any device\'s cursor', async () => {
    const counter = async () => Number((await t.db.selectFrom('companyChangeCounters').select('version').executeTakeFirstOrThrow()).version);
    await sql`drop table visit_scope`.execute(t.db);
    await sql`delete from kysely_migration where name = '0017-visit-scope'`.execute(t.db);
    const before = await counter();
    expect(await migrateToLatest(t.db)).toEqual(['0017-visit-scope']);
    const { named, scoped } = await namedAndScoped(t.db);
    expect(scoped).toEqual(named);
    const oldest = await t.db.selectFrom('visitScope').select(({ fn }) => fn.min('version').as('v')).executeTakeFirstOrThrow();
    expect(Number(oldest.v)).toBeGreaterThan(before);
    expect(await counter()).toBe(before + named.length);
  });
});
