import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/connect.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** What the stores' live visits name, and what the scope holds as live, each as sorted "store/collection/key". */
async function namedAndScoped(db: Db) {
  const named = await sql<{ entry: string }>`
    select store_id || '/customers/' || customer_id as entry from scheduled_visits where not deleted and customer_id is not null
    union select store_id || '/customerVehicles/' || vehicle_id from scheduled_visits where not deleted and vehicle_id is not null
    order by 1`.execute(db);
  const scoped = await sql<{
    entry: string;
  }>`select store_id || '/' || collection || '/' || row_key as entry from visit_scope where not deleted order by 1`.execute(db);
  return { named: named.rows.map((r) => r.entry), scoped: scoped.rows.map((r) => r.entry) };
}

describe('the visit scope of each store', () => {
  it('holds after the demo seed exactly the customers and vehicles its live visits name', async () => {
    const { named, scoped } = await namedAndScoped(t.db);
    expect(named.length).toBeGreaterThan(100);
    expect(scoped).toEqual(named);
  });
});
