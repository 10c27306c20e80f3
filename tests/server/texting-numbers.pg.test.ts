import { beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '../../src/contract/routes.ts';
import { apiCall } from '../support/api.ts';
import { atOnce } from '../support/concurrent-writes.ts';
import { postgresTestApp } from '../support/pg-app.ts';
import { postgresUnavailable } from '../support/postgres.ts';
import { newStoreModel } from '../support/store-fixtures.ts';
import { testPublicUrl } from '../support/test-app.ts';
import { mintAccessToken } from '../support/tokens.ts';

describe.skipIf(postgresUnavailable !== null)('texting numbers on PostgreSQL, with concurrent callers', () => {
  const t = postgresTestApp();
  let token: string;
  const newStores: number[] = [];
  beforeAll(async () => {
    token = await mintAccessToken(t.db, 'platform@demo.test', testPublicUrl);
    await t.db.insertInto('companies').values({ alltracCompanyId: 3003, name: 'Race Tire Co' }).execute();
    for (const [storeNumber, alltracCompanyId] of [
      [201, 1001],
      [1, 3003],
    ] as const) {
      const created = await apiCall(t.app, {
        method: 'POST',
        path: apiPaths.storeLocations,
        token,
        body: { ...newStoreModel({ storeNumber }), alltracCompanyId },
      });
      expect(created.statusCode).toBe(201);
      newStores.push(created.json().id);
    }
  });

  it("gives a number two companies' stores claim at once to exactly one of them", async () => {
    for (let round = 0; round < 8; round++) {
      const number = `+1555011${String(round).padStart(4, '0')}`;
      const answers = await atOnce(
        t.app,
        newStores.map((id) => ({ method: 'PATCH', path: apiPaths.storeLocation.replace(':id', String(id)), token, body: { twilioPhoneNumber: number } })),
      );
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
      const owners = await t.db.selectFrom('storeLocations').select('id').where('twilioPhoneNumber', '=', number).where('deleted', '=', false).execute();
      expect(owners).toHaveLength(1);
    }
  });
});
