import type { Db } from '../../server/db/connect.ts';

/** Store ids of the demo company by store number. */
export async function demoStoreIds(db: Db): Promise<Record<number, number>> {
  const rows = await db.selectFrom('storeLocations').select(['id', 'storeNumber']).execute();
  return Object.fromEntries(rows.map((r) => [r.storeNumber, r.id]));
}
