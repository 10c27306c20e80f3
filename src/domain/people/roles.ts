import type { Role } from '../../contract/enum-values.ts';
import type { UserRole } from '../../contract/user.ts';

/**
 * Who may do what (spec section 6), for routes, drawer items and the API alike; a route absent from these
 * needs only a signed-in user.
 */
export const frontCounter: Role[] = ['PointSAdmin', 'AllTracAdmin', 'AllTracUser'];
export const leadTechnicians: Role[] = ['PointSAdmin', 'AllTracLeadTechnician'];
export const technicians: Role[] = ['PointSAdmin', 'AllTracTechnician'];
/** Settings, Retail Management, the Manage Store link, and changing store locations. */
export const storeAdmins: Role[] = ['PointSAdmin', 'AllTracAdmin'];
export const platformAdmins: Role[] = ['PointSAdmin'];
/** Who works in the bays: the people a scheduler resource (a column) can be assigned to. */
export const bayRoles: Role[] = ['AllTracTechnician', 'AllTracLeadTechnician'];
/** Who inspects vehicles and moves a visit through the bay: the bay, and the front counter beside it. */
export const bayAndCounter: Role[] = [...frontCounter, ...bayRoles];

/**
 * The roles that count at a store: those from the sign-in identity (storeId null, e.g. PointSAdmin)
 * plus those held at that store (spec section 6).
 */
export function rolesAtStore(roles: readonly UserRole[], storeId: number | null): Role[] {
  return [...new Set(roles.filter((r) => r.storeId === null || r.storeId === storeId).map((r) => r.role))];
}

/** True when any of the wanted roles is held at the store. */
export function hasRole(roles: readonly UserRole[], storeId: number | null, wanted: Role | readonly Role[]): boolean {
  const held = rolesAtStore(roles, storeId);
  const list: readonly Role[] = typeof wanted === 'string' ? [wanted] : wanted;
  return list.some((role) => held.includes(role));
}

export const isPlatformAdmin = (roles: readonly UserRole[]): boolean => roles.some((r) => r.role === 'PointSAdmin' && r.storeId === null);

/** A user may act at a store only with a role there; PointSAdmin may act at every store. */
export function mayUseStore(roles: readonly UserRole[], storeId: number): boolean {
  return isPlatformAdmin(roles) || roles.some((r) => r.storeId === storeId);
}
