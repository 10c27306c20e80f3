import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '../../src/contract/routes.ts';
import { apiCall } from '../support/api.ts';
import { demoStoreIds } from '../support/demo.ts';
import { accessTokenFor } from '../support/sign-in.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
let token: string;
let store: number;
beforeAll(async () => {
  t = await createTestApp();
  token = await accessTokenFor(t.app, 'user@demo.test');
  store = (await demoStoreIds(t.db))[101]!;
});
afterAll(async () => { await t.close(); });

type Page = { items: { vehicleId?: string; scheduledVisitId?: string }[]; count?: number; nextLink?: string };
const get = async (path: string) => {
  const answer = await apiCall(t.app, { method: 'GET', path, token, store });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<Page>();
};
/** A nextLink as the client follows it: the same call, already carrying api-version. */
const follow = async (link: string) => {
  const answer = await t.app.inject({ method: 'GET', url: link, headers: { authorization: `Bearer ${token}`, ActiveStoreLocation: String(store) } });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<Page>();
};

describe('every list is a page', () => {
  it('answers the list\'s largest page without $top, with the link to the next one, and the pages together hold every row once', async () => {
    const total = Number((await t.db.selectFrom('customerVehicles').select((eb) => eb.fn.countAll<number>().as('n')).where('deleted', '=', false).executeTakeFirstOrThrow()).n);
    expect(total).toBeGreaterThan(200);
    const first = await get(`${apiPaths.vehicles}?$count=true`);
    expect(first.items).toHaveLength(200);
    expect(first.count).toBe(total);
    expect(first.nextLink).toMatch(/\$skip=200/);
    const seen = first.items.map((v) => v.vehicleId);
    for (let page = first; page.nextLink;) {
      page = await follow(page.nextLink);
      seen.push(...page.items.map((v) => v.vehicleId));
    }
    expect(seen).toHaveLength(total);
    expect(new Set(seen).size).toBe(total);
  });

  it('gives a way on from a page asked for with $top, and none from the last page', async () => {
    const first = await get(`${apiPaths.scheduledVisits}?$top=25`);
    expect(first.items).toHaveLength(25);
    expect(first.nextLink).toMatch(/\$top=25/);
    expect(first.nextLink).toMatch(/\$skip=25/);
    const few = await get(`${apiPaths.scheduledVisits}?$top=5&$skip=0&$filter=${encodeURIComponent('keyTag eq \'no-such-tag\'')}`);
    expect(few).toEqual({ items: [] });
  });

  it('answers a customer\'s vehicles in the same shape as every list', async () => {
    const vehicle = await t.db.selectFrom('customerVehicles').select(['customerId']).where('deleted', '=', false).executeTakeFirstOrThrow();
    const list = await get(apiPaths.customerVehicles.replace(':customerId', vehicle.customerId));
    expect(list.items.length).toBeGreaterThan(0);
    expect(list.count).toBe(list.items.length);
  });
});
