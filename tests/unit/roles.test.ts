import { describe, expect, it } from 'vitest';
import type { UserRole } from '../../src/contract/user.ts';
import { hasRole, mayUseStore, rolesAtStore } from '../../src/domain/people/roles.ts';

const admin: UserRole[] = [
  { storeId: 1, role: 'AllTracAdmin' },
  { storeId: 2, role: 'AllTracAdmin' },
];
const platform: UserRole[] = [{ storeId: null, role: 'PointSAdmin' }];
const mixed: UserRole[] = [
  { storeId: 1, role: 'AllTracUser' },
  { storeId: 2, role: 'AllTracTechnician' },
];

describe('role checks', () => {
  it.each([
    [admin, 1, 'AllTracAdmin', true],
    [admin, 3, 'AllTracAdmin', false],
    [mixed, 1, ['AllTracTechnician', 'AllTracUser'], true],
    [mixed, 1, 'AllTracTechnician', false],
    [mixed, 2, 'AllTracTechnician', true],
    [platform, 99, 'PointSAdmin', true],
    [platform, 99, 'AllTracAdmin', false],
  ] as const)('roles %j at store %i holding %j → %s', (roles, store, wanted, expected) => {
    expect(hasRole(roles, store, wanted)).toBe(expected);
  });

  it('count identity roles at every store', () => {
    expect(rolesAtStore([...platform, ...mixed], 2)).toEqual(['PointSAdmin', 'AllTracTechnician']);
  });

  it('let a user act only at stores where they hold a role, and PointSAdmin everywhere', () => {
    expect(mayUseStore(mixed, 2)).toBe(true);
    expect(mayUseStore(mixed, 3)).toBe(false);
    expect(mayUseStore(platform, 12345)).toBe(true);
  });
});
