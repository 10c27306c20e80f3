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
afterAll(async () => {
  await t.close();
});

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
  it("answers the list's largest page without $top, with the link to the next one, and the pages together hold every row once", async () => {
    const total = Number(
      (
        await t.db
          .selectFrom('customerVehicles')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('deleted', '=', false)
          .executeTakeFirstOrThrow()
      ).n,
    );
    expect(total).toBeGreaterThan(200);
    const first = await get(`${apiPaths.vehicles}?$count=true`);
    expect(first.items).toHaveLength(200);
    expect(first.count).toBe(total);
    expect(first.nextLink).toMatch(/\$skip=200/);
    const seen = first.items.map((v) => v.vehicleId);
    for (let page = first; page.nextLink; ) {
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
    const few = await get(`${apiPaths.scheduledVisits}?$top=5&$skip=0&$filter=${encodeURIComponent("keyTag eq 'no-such-tag'")}`);
    expect(few).toEqual({ items: [] });
  });

  it("answers a customer's vehicles in the same shape as every list", async () => {
    const vehicle = await t.db.selectFrom('customerVehicles').select(['customerId']).where('deleted', '=', false).executeTakeFirstOrThrow();
    const list = await get(apiPaths.customerVehicles.replace(':customerId', vehicle.customerId));
    expect(list.items.length).toBeGreaterThan(0);
    expect(list.count).toBe(list.items.length);
  });
});

describe('the retail, logistics and product information lists are pages too', () => {
  /** Each list call with a page of one: the rows it holds here are more than one, so a next page follows. */
  const lists: [string, string][] = [
    ['retail price catalogues', apiPaths.retailPriceCatalog],
    ['tire purchase add-ons', apiPaths.tirePurchaseAddOns],
    ['store tire warranties', apiPaths.storeTireWarranties],
    ['transfer paths', apiPaths.logisticsTransfers],
    ["the store's stock", apiPaths.logisticsSummary],
    ["the company's stock", `${apiPaths.logisticsSummary}?allStores=true`],
    ['brands', apiPaths.brands],
    ['products', apiPaths.products],
    ['tires', apiPaths.tires],
    ['tire sizes', apiPaths.tireSizes],
  ];

  it.each(lists)('%s: a page of $top rows, the count before paging, and the link to the next page', async (_name, path) => {
    const joiner = path.includes('?') ? '&' : '?';
    const first = await get(`${path}${joiner}$top=1&$count=true`);
    expect(first.items).toHaveLength(1);
    expect(first.count).toBeGreaterThan(1);
    expect(first.nextLink).toMatch(/\$skip=1/);
    const last = await get(`${path}${joiner}$top=1&$skip=${first.count! - 1}`);
    expect(last.items).toHaveLength(1);
    expect(last.nextLink).toBeUndefined();
  });

  it("a brand's product lines and the store's tire services are pages as well", async () => {
    const brand = await t.db.selectFrom('brands').select('brandHashId').executeTakeFirstOrThrow();
    const lines = await get(`${apiPaths.brandProductLines.replace(':brandHashId', brand.brandHashId)}?$top=1`);
    expect(lines.items).toHaveLength(1);
    expect(lines.nextLink).toMatch(/\$skip=1/);
    const services = await get(`${apiPaths.storeTireServices}?$count=true`);
    expect(services.items).toHaveLength(services.count!);
    expect(services.nextLink).toBeUndefined();
  });
});
