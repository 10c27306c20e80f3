import { beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '../../src/contract/routes.ts';
import { apiCall } from '../support/api.ts';
import { demoStoreIds } from '../support/demo.ts';
import { postgresTestApp } from '../support/pg-app.ts';
import { postgresUnavailable } from '../support/postgres.ts';
import { testPublicUrl } from '../support/test-app.ts';
import { mintAccessToken } from '../support/tokens.ts';

const replace = (field: string, value: unknown) => [{ op: 'replace', path: `/${field}`, value }];

describe.skipIf(postgresUnavailable !== null)("a store's warranties on PostgreSQL, with concurrent admins", () => {
  const t = postgresTestApp();
  let admin: string;
  let store: number;
  beforeAll(async () => {
    admin = await mintAccessToken(t.db, 'admin@demo.test', testPublicUrl);
    store = (await demoStoreIds(t.db))[101]!;
  });

  it('never ends switched on with no price when one admin switches a warranty on as another takes its price away', async () => {
    const warranties = await t.db.selectFrom('storeTireWarranties').select('storeTireWarrantyId').where('storeId', '=', store).execute();
    for (let round = 0; round < 5; round++) {
      for (const { storeTireWarrantyId } of warranties) {
        await t.db
          .updateTable('storeTireWarranties')
          .set({ isEnabled: false, priceInCents: 2000 })
          .where('storeTireWarrantyId', '=', storeTireWarrantyId)
          .execute();
        const path = apiPaths.storeTireWarranty.replace(':storeTireWarrantyId', storeTireWarrantyId);
        const answers = await Promise.all(
          [replace('isEnabled', true), replace('priceInCents', null)].map((body) => apiCall(t.app, { method: 'PATCH', path, token: admin, store, body })),
        );
        // Whichever comes second sees the first and is refused: one 200, one 400.
        expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400]);
        const row = await t.db
          .selectFrom('storeTireWarranties')
          .select(['isEnabled', 'priceInCents'])
          .where('storeTireWarrantyId', '=', storeTireWarrantyId)
          .executeTakeFirstOrThrow();
        expect(row.isEnabled && row.priceInCents === null).toBe(false);
      }
    }
  });
});
