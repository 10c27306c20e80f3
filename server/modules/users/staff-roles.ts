import type { Role } from '../../../src/contract/enums.ts';
import { rolesChangedTarget } from '../../hub/control.ts';
import type { Writer } from '../../sync/write-path.ts';
import { refreshStoreStaff } from './store-staff.ts';

/**
 * Gives `userId` exactly `role` at the store (PointSAdmin is held at every store), or no role there. The writer's
 * company must be the person's: their store staff rows and the lock on their roles are that company's.
 */
export async function setRoleAtStore(w: Writer, userId: string, storeId: number, role: Role | null): Promise<void> {
  await w.lockOn('roles-of-user', userId);
  await w.trx.deleteFrom('userRoles').where('userId', '=', userId).where('storeId', '=', storeId).execute();
  if (role === 'PointSAdmin') {
    await w.trx
      .insertInto('userRoles')
      .values({ userId, storeId: null, role })
      .onConflict((oc) => oc.doNothing())
      .execute();
  } else if (role) {
    await w.trx.insertInto('userRoles').values({ userId, storeId, role }).execute();
  }
  await refreshStoreStaff(w, w.scope.companyId, [userId]);
  w.events.push({ companyId: w.scope.companyId, storeId, name: 'ReplicaChanged', args: ['storeStaff', `${storeId}/${userId}`] });
  rolesChanged(w, userId);
}

/**
 * After the write commits, every process's hub checks the person's live connections again: a store they no longer
 * hold a role at stops sending them its events (issue 46 item 25), as disabling them closes their connections.
 */
export function rolesChanged(w: Writer, userId: string): void {
  w.events.push({ companyId: w.scope.companyId, storeId: null, userId, name: rolesChangedTarget, args: [] });
}

/** Ends every unused link of the person (a new one replaces them; a removed or disabled person keeps none). */
export async function voidInvites(w: Writer, userId: string): Promise<void> {
  await w.trx.updateTable('userInvites').set({ usedAt: w.now.toISOString() }).where('userId', '=', userId).where('usedAt', 'is', null).execute();
}

/** Whether the person holds no role anywhere any more (then they keep no way in). */
export async function holdsNoRole(w: Writer, userId: string): Promise<boolean> {
  return !(await w.trx.selectFrom('userRoles').select('role').where('userId', '=', userId).executeTakeFirst());
}
