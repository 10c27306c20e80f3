import { sql } from 'kysely';
import type { VersionStamper } from '../../sync/write-path.ts';

interface StaffRow {
  storeId: number;
  userId: string;
  name: string;
  email: string;
  roles: string[];
}

const sameStaff = (a: StaffRow, b: StaffRow) => a.name === b.name && a.email === b.email && JSON.stringify(a.roles) === JSON.stringify(b.roles);

/**
 * Brings store staff rows (replicated: who has a role at which store) in line with users and their roles: a
 * changed or new row takes a new version, a person who lost every role at a store leaves a tombstone there.
 * Called in the transaction that changed `userIds`' roles (after their locks), for those people's rows only;
 * without `userIds` (the seeds), for the whole company.
 */
export async function refreshStoreStaff(w: VersionStamper, companyId: number, userIds?: readonly string[]): Promise<void> {
  if (userIds?.length === 0) return;
  const { trx } = w;
  const only = userIds ? sql`and u.user_id in (${sql.join(userIds)})` : sql``;
  const wanted = (
    await sql<StaffRow>`select r.store_id as "storeId", u.user_id as "userId", u.name, u.email, jsonb_agg(r.role order by r.role) as roles
    from user_roles r join users u on u.user_id = r.user_id
    where u.company_id = ${companyId} and r.store_id is not null ${only}
    group by r.store_id, u.user_id, u.name, u.email`.execute(trx)
  ).rows;
  let storedQuery = trx.selectFrom('storeStaff').select(['storeId', 'userId', 'name', 'email', 'roles', 'deleted']).where('companyId', '=', companyId);
  if (userIds) storedQuery = storedQuery.where('userId', 'in', userIds);
  const stored = (await storedQuery.execute()) as unknown as (StaffRow & { deleted: boolean })[];
  const key = (row: { storeId: number | null; userId: string }) => `${row.storeId}/${row.userId}`;
  const storedBy = new Map(stored.map((row) => [key(row), row]));
  const wantedKeys = new Set(wanted.map(key));
  const changed = wanted.filter((row) => {
    const now = storedBy.get(key(row));
    return !now || now.deleted || !sameStaff(now, row);
  });
  const gone = stored.filter((row) => !row.deleted && !wantedKeys.has(key(row)));
  if (changed.length + gone.length === 0) return;
  const stamps = await w.stamps(changed.length + gone.length);
  for (const row of changed) {
    const values = { ...row, roles: JSON.stringify(row.roles), companyId, deleted: false, ...stamps.shift()! };
    await trx
      .insertInto('storeStaff')
      .values(values)
      .onConflict((oc) => oc.columns(['storeId', 'userId']).doUpdateSet(values))
      .execute();
  }
  for (const row of gone) {
    await trx
      .updateTable('storeStaff')
      .set({ deleted: true, ...stamps.shift()! })
      .where('storeId', '=', row.storeId)
      .where('userId', '=', row.userId)
      .execute();
  }
}
