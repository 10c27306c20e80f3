import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Company } from '../../src/contract/companies.ts';
import { apiPaths } from '../../src/contract/routes.ts';
import { apiCall } from '../support/api.ts';
import { accessTokenFor } from '../support/sign-in.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  t = await createTestApp();
  for (const who of ['platform', 'admin', 'user', 'tech', 'lead']) tokens[who] = await accessTokenFor(t.app, `${who}@demo.test`);
});
afterAll(async () => { await t.close(); });

describe('the dealer network\'s companies', () => {
  it('are listed for the platform\'s admins with how many open stores each has', async () => {
    const answer = await apiCall(t.app, { method: 'GET', path: apiPaths.companies, token: tokens.platform! });
    expect(answer.statusCode).toBe(200);
    const companies = answer.json<{ items: Company[] }>().items;
    const open = await t.db.selectFrom('storeLocations').innerJoin('companies', 'companies.id', 'storeLocations.companyId')
      .select(['companies.alltracCompanyId']).where('storeLocations.deleted', '=', false).execute();
    expect(companies.length).toBeGreaterThan(0);
    for (const company of companies) expect(company.storeCount).toBe(open.filter((s) => s.alltracCompanyId === company.alltracCompanyId).length);
  });

  it('are refused to everyone else', async () => {
    for (const who of ['admin', 'user', 'tech', 'lead']) expect((await apiCall(t.app, { method: 'GET', path: apiPaths.companies, token: tokens[who]! })).statusCode, who).toBe(403);
  });
});
