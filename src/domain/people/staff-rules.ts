import type { Role } from '../../contract/enum-values.ts';
import type { UserRole } from '../../contract/user.ts';
import { isPlatformAdmin } from './roles.ts';

/** The roles held at one store (PointSAdmin is held at every store, from the sign-in identity). */
export const storeRoles: Role[] = ['AllTracAdmin', 'AllTracUser', 'AllTracTechnician', 'AllTracLeadTechnician'];

/** The roles a person may give: an Admin gives store roles; only PointSAdmin gives PointSAdmin. */
export function grantableRoles(callerRoles: readonly UserRole[]): Role[] {
  return isPlatformAdmin(callerRoles) ? ['PointSAdmin', ...storeRoles] : storeRoles;
}

export const staffMessages = {
  cannotGrant: (role: Role) => `You cannot give the role ${role}: only a PointSAdmin can.`,
  ownLastAdmin: 'You cannot remove your own last Admin role: ask another Admin of the store to do it.',
  cannotInvite: 'This email address cannot be invited here. Use another address, or ask support.',
} as const;

/**
 * Whether a change of `target`'s roles at `storeId` (to `newRole`, or none) takes the caller's own last
 * Admin role away: then nobody may be left unable to manage their stores by their own mistake.
 */
export function removesOwnLastAdmin(callerId: string, callerRoles: readonly UserRole[], targetId: string, storeId: number, newRole: Role | null): boolean {
  if (callerId !== targetId || newRole === 'AllTracAdmin' || isPlatformAdmin(callerRoles)) return false;
  const adminAt = callerRoles.filter((r) => r.role === 'AllTracAdmin').map((r) => r.storeId);
  return adminAt.includes(storeId) && adminAt.every((s) => s === storeId);
}
