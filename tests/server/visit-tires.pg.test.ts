import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '../../src/contract/routes.ts';
import { apiCall } from '../support/api.ts';
import { demoStoreIds } from '../support/demo.ts';
import { postgresTestApp } from '../support/pg-app.ts';
import { postgresUnavailable } from '../support/postgres.ts';
import { testPublicUrl } from '../support/test-app.ts';
import { mintAccessToken } from '../support/tokens.ts';

describe.skipIf(postgresUnavailable !== null)("a visit's tires on PostgreSQL, with concurrent callers", () => {
  const t = postgresTestApp();
  let user: string;
  let store: number;
  beforeAll(async () => {
    user = await mintAccessToken(t.db, 'user@demo.test', testPublicUrl);
    store = (await demoStoreIds(t.db))[101]!;
  });

  it('never puts more than 8 tires on a visit when two counters add tires to it at once', async () => {
    const visits = await t.db
      .selectFrom('scheduledVisits')
      .select('scheduledVisitId')
      .where('storeId', '=', store)
      .where('cancelDate', 'is', null)
      .where('deleted', '=', false)
      .orderBy('scheduledVisitId')
      .limit(5)
      .execute();
    for (const { scheduledVisitId } of visits) {
      const five = () => ({
        tires: Array.from({ length: 5 }, (_, position) => ({ visitTireId: randomUUID(), tireId: null, description: 'Demo Touring 225/65R17', position })),
      });
      const path = apiPaths.visitTires.replace(':scheduledVisitId', scheduledVisitId);
      const answers = await Promise.all([five(), five()].map((body) => apiCall(t.app, { method: 'POST', path, token: user, store, body })));
      expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 400]);
      const stored = await t.db
        .selectFrom('visitTires')
        .select('visitTireId')
        .where('scheduledVisitId', '=', scheduledVisitId)
        .where('deleted', '=', false)
        .execute();
      expect(stored).toHaveLength(5);
    }
  });

  it('keeps the code that reads when a good code and a week not come yet are sent for one tire at once, and stores nothing of the misread one', async () => {
    const { scheduledVisitId } = await t.db
      .selectFrom('scheduledVisits')
      .select('scheduledVisitId')
      .where('storeId', '=', store)
      .where('cancelDate', 'is', null)
      .where('deleted', '=', false)
      .orderBy('scheduledVisitId', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
    const tires = Array.from({ length: 4 }, (_, position) => ({ visitTireId: randomUUID(), tireId: null, description: 'Demo Touring 225/65R17', position }));
    const added = await apiCall(t.app, {
      method: 'POST',
      path: apiPaths.visitTires.replace(':scheduledVisitId', scheduledVisitId),
      token: user,
      store,
      body: { tires },
    });
    expect(added.statusCode, added.body).toBe(201);
    for (const { visitTireId } of tires) {
      const path = apiPaths.visitTireDot.replace(':visitTireId', visitTireId);
      const answers = await Promise.all(
        ['DOT U2LL LMLR 5023', 'DOT 1HJ 2A 7LMX 0199'].map((dotCode) => apiCall(t.app, { method: 'PUT', path, token: user, store, body: { dotCode } })),
      );
      expect(answers.map((a) => a.statusCode)).toEqual([200, 400]);
      const row = await t.db.selectFrom('visitTires').select(['dotCode', 'version']).where('visitTireId', '=', visitTireId).executeTakeFirstOrThrow();
      expect(row).toEqual({ dotCode: 'DOT U2LLLMLR5023', version: answers[0]!.json<{ version: number }>().version });
    }
  });
});
