import { describe, expect, it } from 'vitest';
import type { UserRole } from '../../src/contract/user.ts';
import { chooseActiveStore, selectableStores } from '../../src/domain/store/active-store.ts';

const stores = [
  { id: 3, storeNumber: 103 },
  { id: 1, storeNumber: 101 },
  { id: 2, storeNumber: 102 },
];
const admin: UserRole[] = [
  { storeId: 2, role: 'AllTracAdmin' },
  { storeId: 1, role: 'AllTracAdmin' },
];
const platform: UserRole[] = [{ storeId: null, role: 'PointSAdmin' }];

describe('the active store', () => {
  it.each([
    ['the setting, when the user holds a role there', admin, 2, 2],
    ['the first store with a role, when the setting names another store', admin, 3, 1],
    ['the first store with a role, when there is no setting', admin, null, 1],
    ['any store for PointSAdmin', platform, 3, 3],
    ['nothing for a user with no store role', [] as UserRole[], 1, null],
  ] as const)('is %s', (_, roles, setting, expected) => {
    expect(chooseActiveStore(setting, roles, stores)?.id ?? null).toBe(expected);
  });

  it('may be chosen only among stores where the user holds a role, listed by store number', () => {
    expect(selectableStores(admin, stores).map((s) => s.storeNumber)).toEqual([101, 102]);
    expect(selectableStores(platform, stores).map((s) => s.storeNumber)).toEqual([101, 102, 103]);
  });
});
