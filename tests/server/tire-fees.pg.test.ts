import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '../../src/contract/routes.ts';
import type { TireFeeRow } from '../../src/contract/tire-pricing.ts';
import { tireFeeOverlaps } from '../../src/domain/tires/tire-fees.ts';
import { apiCall } from '../support/api.ts';
import { runRace } from '../support/concurrent-writes.ts';
import { demoStoreIds } from '../support/demo.ts';
import { postgresTestApp } from '../support/pg-app.ts';
import { postgresUnavailable } from '../support/postgres.ts';
import { testPublicUrl } from '../support/test-app.ts';
import { mintAccessToken } from '../support/tokens.ts';

const feeAt = (id: string) => apiPaths.tireFee.replace(':tireFeeId', id);
const replace = (field: string, value: unknown) => [{ op: 'replace', path: `/${field}`, value }];
const key = () => ({ 'Idempotency-Key': `fee-${randomUUID()}` });

describe.skipIf(postgresUnavailable !== null)('a state tire fee on PostgreSQL, changed by two admins at once', () => {
  const t = postgresTestApp();
  let store: number;
  const tokens: string[] = [];
  const as = (admin: number) => ({ token: tokens[admin]!, store });

  beforeAll(async () => {
    store = (await demoStoreIds(t.db))[101]!;
    // Two admins of the store: the demo's and the platform's (PointSAdmin manages every store).
    tokens.push(await mintAccessToken(t.db, 'admin@demo.test', testPublicUrl), await mintAccessToken(t.db, 'platform@demo.test', testPublicUrl));
  });

  /** The fee's live rows as stored. */
  const rowsOf = (name: string) =>
    t.db
      .selectFrom('tireFees')
      .select(['tireFeeId', 'name', 'amountInCents', 'isTaxable', 'effectiveFrom', 'effectiveThrough'])
      .where('storeId', '=', store)
      .where('name', '=', name)
      .where('deleted', '=', false)
      .orderBy('effectiveFrom')
      .execute();
  const overlapsIn = (rows: TireFeeRow[]) => rows.flatMap((row) => tireFeeOverlaps(rows, row));

  /** A fee of its own name with one amount from 2025 on. */
  async function newFee(): Promise<TireFeeRow> {
    const fee = {
      tireFeeId: randomUUID(),
      name: `Race fee ${randomUUID().slice(0, 8)}`,
      amountInCents: 175,
      isTaxable: false,
      effectiveFrom: '2025-01-01',
      effectiveThrough: null,
    };
    const answer = await apiCall(t.app, { method: 'POST', path: apiPaths.tireFees, ...as(0), body: fee });
    expect(answer.statusCode, answer.body).toBe(201);
    return fee;
  }

  it('stores one of two overlapping amounts added at once, and refuses the other with a 400', async () => {
    await runRace(t.app, {
      name: 'two new amounts of one fee from overlapping dates',
      prepare: async () => {
        const fee = await newFee();
        expect(
          (await apiCall(t.app, { method: 'PATCH', path: feeAt(fee.tireFeeId), ...as(0), body: replace('effectiveThrough', '2026-12-31') })).statusCode,
        ).toBe(200);
        const next = (admin: number, effectiveFrom: string, amountInCents: number) => ({
          method: 'POST' as const,
          path: apiPaths.tireFees,
          ...as(admin),
          headers: key(),
          body: { tireFeeId: randomUUID(), name: fee.name, amountInCents, effectiveFrom },
        });
        return { target: fee, calls: [next(0, '2027-01-01', 200), next(1, '2027-03-01', 225)] };
      },
      check: async (fee, answers) => {
        expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 400]);
        const rows = await rowsOf(fee.name);
        expect(rows).toHaveLength(2);
        expect(overlapsIn(rows)).toEqual([]);
      },
    });
  });

  it('leaves no two amounts of a fee on one day when two admins change its rate from different dates at once', async () => {
    for (let round = 0; round < 8; round++) {
      const fee = await newFee();
      /** "Change the rate from a date" as a device sends it: the row in force ends the day before, then the new amount. */
      const changeRate = async (admin: number, effectiveFrom: string, dayBefore: string, amountInCents: number) => {
        const ended = await apiCall(t.app, {
          method: 'PATCH',
          path: feeAt(fee.tireFeeId),
          ...as(admin),
          headers: key(),
          body: replace('effectiveThrough', dayBefore),
        });
        const added = await apiCall(t.app, {
          method: 'POST',
          path: apiPaths.tireFees,
          ...as(admin),
          headers: key(),
          body: { tireFeeId: randomUUID(), name: fee.name, amountInCents, effectiveFrom },
        });
        return [ended.statusCode, added.statusCode];
      };
      const outcomes = await Promise.all([changeRate(0, '2027-01-01', '2026-12-31', 200), changeRate(1, '2026-07-01', '2026-06-30', 190)]);
      // Each call is applied whole or refused as a 400 naming the dates; none fails otherwise.
      for (const status of outcomes.flat()) expect([200, 201, 400]).toContain(status);
      const rows = await rowsOf(fee.name);
      expect(overlapsIn(rows)).toEqual([]);
      expect(rows.length).toBeGreaterThanOrEqual(2);
      expect(rows[0]).toMatchObject({ tireFeeId: fee.tireFeeId, effectiveFrom: '2025-01-01' });
    }
  });
});
