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

  it("leaves a person one role at a store when the platform admin and the store's admin give two at once", async () => {
    const { userId } = await t.db.selectFrom('users').select('userId').where('email', '=', 'tech@demo.test').executeTakeFirstOrThrow();
    const store = stores[102]!;
    for (let round = 0; round < 5; round++) {
      const answers = await Promise.all([
        apiCall(t.app, {
          method: 'PUT',
          path: apiPaths.platformPersonStoreRole.replace(':userId', userId).replace(':storeId', String(store)),
          token: platform,
          body: { role: 'AllTracUser' },
        }),
        apiCall(t.app, {
          method: 'PATCH',
          path: apiPaths.storeUser.replace(':userId', userId),
          token: admin,
          store,
          body: { role: round % 2 ? 'AllTracTechnician' : 'AllTracLeadTechnician' },
        }),
      ]);
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
      const held = await t.db.selectFrom('userRoles').select('role').where('userId', '=', userId).where('storeId', '=', store).execute();
      expect(held).toHaveLength(1);
      const staff = await t.db.selectFrom('storeStaff').select('roles').where('userId', '=', userId).where('storeId', '=', store).executeTakeFirstOrThrow();
      expect(staff.roles).toEqual([held[0]!.role]);
    }
  });

  it("never leaves the platform without an administrator when two of them take each other's role at once", async () => {
    const ids = Object.fromEntries(
      await Promise.all(
        ['platform', 'lead'].map(
          async (who) =>
            [who, (await t.db.selectFrom('users').select('userId').where('email', '=', `${who}@demo.test`).executeTakeFirstOrThrow()).userId] as const,
        ),
      ),
    );
    const lead = await mintAccessToken(t.db, 'lead@demo.test', testPublicUrl);
    const take = (token: string, userId: string) =>
      apiCall(t.app, { method: 'DELETE', path: apiPaths.platformPersonAdminRole.replace(':userId', userId), token });
    for (let round = 0; round < 3; round++) {
      await t.db
        .insertInto('userRoles')
        .values([
          { userId: ids.platform!, storeId: null, role: 'PointSAdmin' },
          { userId: ids.lead!, storeId: null, role: 'PointSAdmin' },
        ])
        .onConflict((oc) => oc.doNothing())
        .execute();
      const answers = await Promise.all([take(platform, ids.lead!), take(lead, ids.platform!)]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 403]);
      const left = await t.db.selectFrom('userRoles').select('userId').where('role', '=', 'PointSAdmin').execute();
      expect(left).toHaveLength(1);
    }
    await t.db
      .insertInto('userRoles')
      .values({ userId: ids.platform!, storeId: null, role: 'PointSAdmin' })
      .onConflict((oc) => oc.doNothing())
      .execute();
    await t.db.deleteFrom('userRoles').where('userId', '=', ids.lead!).where('role', '=', 'PointSAdmin').execute();
  });
});
