import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '../../src/contract/routes.ts';
import { apiCall } from '../support/api.ts';
import { runRace } from '../support/concurrent-writes.ts';
import { demoStoreIds } from '../support/demo.ts';
import { postgresTestApp } from '../support/pg-app.ts';
import { postgresUnavailable } from '../support/postgres.ts';
import { testPublicUrl } from '../support/test-app.ts';
import { mintAccessToken } from '../support/tokens.ts';

const ruleAt = (catalogId: string) => apiPaths.retailPriceCatalogRule.replace(':retailPriceCatalogId', catalogId);
const priceAt = (catalogId: string, tireId: string) => apiPaths.retailPriceCatalogPrice.replace(':retailPriceCatalogId', catalogId).replace(':tireId', tireId);
const replace = (field: string, value: unknown) => [{ op: 'replace', path: `/${field}`, value }];
const key = () => ({ 'Idempotency-Key': `rule-${randomUUID()}` });

describe.skipIf(postgresUnavailable !== null)("a catalogue's rule on PostgreSQL, changed by two admins at once", () => {
  const t = postgresTestApp();
  let store: number;
  let catalogId: string;
  let tireIds: string[];
  const tokens: string[] = [];
  const as = (admin: number) => ({ token: tokens[admin]!, store });

  beforeAll(async () => {
    store = (await demoStoreIds(t.db))[101]!;
    // Two admins of the store: the demo's and the platform's (PointSAdmin manages every store).
    tokens.push(await mintAccessToken(t.db, 'admin@demo.test', testPublicUrl), await mintAccessToken(t.db, 'platform@demo.test', testPublicUrl));
    catalogId = (await t.db.selectFrom('retailPriceCatalogs').select('retailPriceCatalogId').where('name', '=', 'Fleet prices').executeTakeFirstOrThrow())
      .retailPriceCatalogId;
    tireIds = (await t.db.selectFrom('tires').select('tireId').where('sizeKey', '=', '245/65R17').orderBy('sku').limit(16).execute()).map((r) => r.tireId);
  });

  const priceRows = (tireId: string) =>
    t.db
      .selectFrom('retailPriceCatalogPrices')
      .select(['priceInCents', 'deleted', 'version'])
      .where('retailPriceCatalogId', '=', catalogId)
      .where('tireId', '=', tireId)
      .execute();

  it('keeps one fixed price of a tire, the last one written, when two admins set it at once', async () => {
    let round = 0;
    await runRace(t.app, {
      name: 'two fixed prices of one tire',
      prepare: async () => {
        const tireId = tireIds[round++]!;
        const put = (admin: number, priceInCents: number) => ({
          method: 'PUT' as const,
          path: priceAt(catalogId, tireId),
          ...as(admin),
          headers: key(),
          body: { priceInCents },
        });
        return { target: tireId, calls: [put(0, 11_000), put(1, 12_000)] };
      },
      check: async (tireId, answers) => {
        // One made it (201), the other found it and replaced it (200): never two rows, never a 409 or a 500.
        expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 201]);
        const rows = await priceRows(tireId);
        expect(rows).toHaveLength(1);
        const last = answers
          .map((a) => a.json() as { priceInCents: number; version: number })
          .sort((a, b) => a.version - b.version)
          .at(-1)!;
        expect(rows[0]).toMatchObject({ deleted: false, priceInCents: last.priceInCents });
        expect(Number(rows[0]!.version)).toBe(last.version);
      },
    });
  });

  it('applies both of two margin changes at once, one after the other, and keeps the later', async () => {
    await runRace(t.app, {
      name: 'two margins of one catalogue',
      prepare: async () => ({
        target: null,
        calls: [
          { method: 'PATCH' as const, path: ruleAt(catalogId), ...as(0), headers: key(), body: replace('marginInBasisPoints', 3000) },
          { method: 'PATCH' as const, path: ruleAt(catalogId), ...as(1), headers: key(), body: replace('priceEndingInCents', 99) },
        ],
      }),
      check: async (_target, answers) => {
        expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
        const stored = await t.db
          .selectFrom('retailPriceCatalogs')
          .select(['marginInBasisPoints', 'priceEndingInCents', 'version'])
          .where('retailPriceCatalogId', '=', catalogId)
          .executeTakeFirstOrThrow();
        // Each patch names one field: neither is lost, whatever their order.
        expect(stored).toMatchObject({ marginInBasisPoints: 3000, priceEndingInCents: 99 });
        expect(Number(stored.version)).toBe(Math.max(...answers.map((a) => a.json().version as number)));
        await t.db
          .updateTable('retailPriceCatalogs')
          .set({ marginInBasisPoints: 2500, priceEndingInCents: null })
          .where('retailPriceCatalogId', '=', catalogId)
          .execute();
      },
    });
  });

  it('sets and removes a fixed price at once, each applied whole: a live price or a tombstone, one row', async () => {
    for (let round = 0; round < 6; round++) {
      const tireId = tireIds[8 + round]!;
      const set = await apiCall(t.app, { method: 'PUT', path: priceAt(catalogId, tireId), ...as(0), headers: key(), body: { priceInCents: 9_000 } });
      expect(set.statusCode, set.body).toBe(201);
      const answers = await Promise.all([
        apiCall(t.app, { method: 'PUT', path: priceAt(catalogId, tireId), ...as(1), headers: key(), body: { priceInCents: 9_500 } }),
        apiCall(t.app, { method: 'DELETE', path: priceAt(catalogId, tireId), ...as(0), headers: key() }),
      ]);
      expect([200, 201]).toContain(answers[0]!.statusCode);
      expect(answers[1]!.statusCode).toBe(204);
      expect(await priceRows(tireId)).toHaveLength(1);
    }
  });
});
