import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Company } from '../../src/contract/companies.ts';
import { randomUUID } from 'node:crypto';
import { apiPaths, deviceHeader, outboxBacklogHeader } from '../../src/contract/routes.ts';
import { fixedClock } from '../../server/clock.ts';
import { apiCall } from '../support/api.ts';
import { demoStoreIds } from '../support/demo.ts';
import { accessTokenFor } from '../support/sign-in.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const syncedAt = '2026-11-20T15:30:00.000Z';
let t: TestApp;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  t = await createTestApp({ clock: fixedClock(syncedAt) });
  for (const who of ['platform', 'admin', 'user', 'tech', 'lead']) tokens[who] = await accessTokenFor(t.app, `${who}@demo.test`);
});
afterAll(async () => {
  await t.close();
});

describe("the dealer network's companies", () => {
  it("are listed for the platform's admins with how many open stores each has", async () => {
    const answer = await apiCall(t.app, { method: 'GET', path: apiPaths.companies, token: tokens.platform! });
    expect(answer.statusCode).toBe(200);
    const companies = answer.json<{ items: Company[] }>().items;
    const open = await t.db
      .selectFrom('storeLocations')
      .innerJoin('companies', 'companies.id', 'storeLocations.companyId')
      .select(['companies.alltracCompanyId'])
      .where('storeLocations.deleted', '=', false)
      .execute();
    expect(companies.length).toBeGreaterThan(0);
    for (const company of companies) expect(company.storeCount).toBe(open.filter((s) => s.alltracCompanyId === company.alltracCompanyId).length);
  });

  it('say when a device last synced at each store, and nothing of a store no device has synced at', async () => {
    const stores = await demoStoreIds(t.db);
    const pull = await apiCall(t.app, {
      method: 'GET',
      path: `${apiPaths.syncChanges}?since=0&limit=1`,
      token: tokens.user!,
      store: stores[101],
      headers: { [deviceHeader]: randomUUID(), [outboxBacklogHeader]: '0' },
    });
    expect(pull.statusCode).toBe(200);
    const demo = (await apiCall(t.app, { method: 'GET', path: apiPaths.companies, token: tokens.platform! }))
      .json<{ items: Company[] }>()
      .items.find((c) => c.alltracCompanyId === 1001)!;
    expect(demo.storeActivity.map((a) => a.storeId)).toEqual([stores[101]]);
    expect(Date.parse(demo.storeActivity[0]!.lastActivityAt)).toBe(Date.parse(syncedAt));
  });

  it('are refused to everyone else', async () => {
    for (const who of ['admin', 'user', 'tech', 'lead'])
      expect((await apiCall(t.app, { method: 'GET', path: apiPaths.companies, token: tokens[who]! })).statusCode, who).toBe(403);
  });
});
