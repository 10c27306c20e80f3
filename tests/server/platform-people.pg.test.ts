import { beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '../../src/contract/routes.ts';
import { apiCall } from '../support/api.ts';
import { demoStoreIds } from '../support/demo.ts';
import { postgresTestApp } from '../support/pg-app.ts';
import { postgresUnavailable } from '../support/postgres.ts';
import { testPublicUrl } from '../support/test-app.ts';
import { mintAccessToken } from '../support/tokens.ts';

describe.skipIf(postgresUnavailable !== null)('people across companies on PostgreSQL, with a store admin at the same time', () => {
  const t = postgresTestApp();
  let platform: string;
  let admin: string;
  let stores: Record<number, number>;
  beforeAll(async () => {
    platform = await mintAccessToken(t.db, 'platform@demo.test', testPublicUrl);
    admin = await mintAccessToken(t.db, 'admin@demo.test', testPublicUrl);
    stores = await demoStoreIds(t.db);
  });

  it('leaves a person one role at a store when the platform admin and the store\'s admin give two at once', async () => {
    const { userId } = await t.db.selectFrom('users').select('userId').where('email', '=', 'tech@demo.test').executeTakeFirstOrThrow();
    const store = stores[102]!;
    for (let round = 0; round < 5; round++) {
      const answers = await Promise.all([
        apiCall(t.app, { method: 'PUT', path: apiPaths.platformPersonStoreRole.replace(':userId', userId).replace(':storeId', String(store)), token: platform, body: { role: 'AllTracUser' } }),
        apiCall(t.app, { method: 'PATCH', path: apiPaths.storeUser.replace(':userId', userId), token: admin, store, body: { role: round % 2 ? 'AllTracTechnician' : 'AllTracLeadTechnician' } }),
      ]);
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
      const held = await t.db.selectFrom('userRoles').select('role').where('userId', '=', userId).where('storeId', '=', store).execute();
      expect(held).toHaveLength(1);
      const staff = await t.db.selectFrom('storeStaff').select('roles').where('userId', '=', userId).where('storeId', '=', store).executeTakeFirstOrThrow();
      expect(staff.roles).toEqual([held[0]!.role]);
    }
  });
});
