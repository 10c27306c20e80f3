import type { UserRole } from '../../contract/user.ts';
import { isPlatformAdmin } from '../people/roles.ts';

interface StoreRef {
  id: number;
  storeNumber: number;
}

/** The stores a user may select: those where they hold a role (PointSAdmin: every store given), by store number. */
export function selectableStores<S extends StoreRef>(roles: readonly UserRole[], stores: readonly S[]): S[] {
  const platform = isPlatformAdmin(roles);
  return stores.filter((s) => platform || roles.some((r) => r.storeId === s.id)).sort((a, b) => a.storeNumber - b.storeNumber);
}

/**
 * The active store (spec section 4): the store named in the user's setting if the user may use it,
 * otherwise the first store where the user holds a role; null when there is none.
 */
export function chooseActiveStore<S extends StoreRef>(setting: number | null, roles: readonly UserRole[], stores: readonly S[]): S | null {
  const allowed = selectableStores(roles, stores);
  return allowed.find((s) => s.id === setting) ?? allowed[0] ?? null;
}
