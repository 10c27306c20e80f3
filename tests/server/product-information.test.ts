import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths, withApiVersion } from '../../src/contract/routes.ts';
import { takeVersions } from '../../server/db/versions.ts';
import { apiCall } from '../support/api.ts';
import { demoStoreIds } from '../support/demo.ts';
import { accessTokenFor, rivalAdminToken } from '../support/sign-in.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
let stores: Record<number, number>;
const tokens: Record<string, string> = {};
/** Another company: a store, its admin, one transfer path and the stock of one tire. */
const rival = { storeId: 0, transferId: randomUUID() };
let brands: { brandHashId: string; name: string }[];
let sizes: Record<string, string>;

type Page<T = Record<string, unknown>> = { items: T[]; count?: number; nextLink?: string };
const get = (who: string, path: string, storeNumber = 101) => apiCall(t.app, { method: 'GET', path, token: tokens[who]!, store: storeNumber === 0 ? rival.storeId : stores[storeNumber]! });
const page = async <T = Record<string, unknown>>(who: string, path: string, storeNumber = 101): Promise<Page<T>> => {
  const answer = await get(who, path, storeNumber);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<Page<T>>();
};
/** Every page of a list, following nextLink as the client does. */
async function all<T>(who: string, path: string, storeNumber = 101): Promise<T[]> {
  const items: T[] = [];
  for (let next: string | undefined = withApiVersion(path); next;) {
    const answer: LightMyRequestResponse = await t.app.inject({ method: 'GET', url: next, headers: { authorization: `Bearer ${tokens[who]}`, ActiveStoreLocation: String(stores[storeNumber]) } });
    expect(answer.statusCode, answer.body).toBe(200);
    const body: Page<T> = answer.json();
    items.push(...body.items);
    next = body.nextLink;
  }
  return items;
}
const quoted = (text: string) => encodeURIComponent(`"${text}"`);

beforeAll(async () => {
  t = await createTestApp();
  stores = await demoStoreIds(t.db);
  for (const who of ['platform', 'admin', 'user', 'tech', 'lead']) tokens[who] = await accessTokenFor(t.app, `${who}@demo.test`);
  brands = await t.db.selectFrom('brands').select(['brandHashId', 'name']).orderBy('name').execute();
  sizes = Object.fromEntries((await t.db.selectFrom('tireSizes').select(['displayName', 'tireSizeId']).execute()).map((s) => [s.displayName, s.tireSizeId]));

  const company = await t.db.insertInto('companies').values({ alltracCompanyId: 2727, name: 'Rival Tires' }).returning('id').executeTakeFirstOrThrow();
  const template = await t.db.selectFrom('storeLocations').selectAll().where('id', '=', stores[101]!).executeTakeFirstOrThrow();
  const { id: _id, storeId: _storeId, hasServiceKey: _has, contactFormId: _form, ...fields } = template as typeof template & { hasServiceKey: boolean };
  const tire = await t.db.selectFrom('tires').select('tireId').executeTakeFirstOrThrow();
  await t.db.transaction().execute(async (trx) => {
    const store = await trx.insertInto('storeLocations').values({
      ...fields, companyId: company.id, alltracCompanyId: 2727, storeNumber: 901, name: 'Rival Tires Main', serviceKey: null, twilioPhoneNumber: null, version: await takeVersions(trx),
    }).returning('id').executeTakeFirstOrThrow();
    rival.storeId = store.id;
    await trx.insertInto('logisticsTransfers').values({ companyId: company.id, storeId: null, version: await takeVersions(trx), logisticsTransferId: rival.transferId, fromStoreId: store.id, toStoreId: store.id, transitDays: 9 }).execute();
    await trx.insertInto('inventorySummaries').values({ companyId: company.id, storeId: store.id, version: await takeVersions(trx), tireId: tire.tireId, quantityOnHand: 777, quantityOnOrder: 0 }).execute();
  });
  tokens.rival = await rivalAdminToken(t.app, t.db, company.id, rival.storeId);
});
afterAll(async () => { await t.close(); });

describe('the tire catalogue is read at a store', () => {
  it('by anyone signed in with a role there, the bay included', async () => {
    for (const who of ['platform', 'admin', 'user', 'tech', 'lead']) {
      for (const path of [apiPaths.brands, apiPaths.products, apiPaths.tires, apiPaths.tireCategories, apiPaths.tireSizes]) {
        expect((await get(who, path)).statusCode, `${who} ${path}`).toBe(200);
      }
    }
  });

  it('not without signing in, a store, or a role at that store', async () => {
    expect((await apiCall(t.app, { method: 'GET', path: apiPaths.brands })).statusCode).toBe(401);
    expect((await apiCall(t.app, { method: 'GET', path: apiPaths.tires, token: tokens.user })).statusCode).toBe(400);
    expect((await get('user', apiPaths.tireSizes, 102)).statusCode).toBe(403);
  });
});

describe('brands', () => {
  it('are paged by name, and a quoted search finds one by the start of its name', async () => {
    const first = await page<{ name: string }>('user', `${apiPaths.brands}?$top=3&$count=true`);
    expect(first.items.map((b) => b.name)).toEqual(brands.slice(0, 3).map((b) => b.name));
    expect(first.count).toBe(brands.length);
    expect(first.nextLink).toMatch(/\$skip=3/);
    expect((await all<{ name: string }>('user', `${apiPaths.brands}?$top=3`)).map((b) => b.name)).toEqual(brands.map((b) => b.name));
    expect((await page<{ name: string }>('user', `${apiPaths.brands}?search=${quoted('noki')}`)).items.map((b) => b.name)).toEqual(['Nokian']);
    expect((await get('user', `${apiPaths.brands}?search=noki`)).statusCode).toBe(400);
  });

  it('narrow to those making a tire of a category or a size, and refuse options they do not have', async () => {
    expect((await page('user', `${apiPaths.brands}?category=Winter`)).items).toHaveLength(brands.length);
    expect((await page('user', `${apiPaths.brands}?category=OTR`)).items).toEqual([]);
    expect((await page('user', `${apiPaths.brands}?tireSizeId=${sizes['225/65R17']}`)).items).toHaveLength(brands.length);
    expect((await page('user', `${apiPaths.brands}?tireSizeId=${randomUUID()}`)).items).toEqual([]);
    expect((await page('user', `${apiPaths.brands}?$filter=${encodeURIComponent("name eq 'Kumho'")}`)).items).toHaveLength(1);
    for (const bad of ['category=Snow', 'tireSizeId=225', 'colour=red', '$filter=price gt 1']) expect((await get('user', `${apiPaths.brands}?${bad}`)).statusCode, bad).toBe(400);
  });

  it('each lists its product lines, and a line its description', async () => {
    const brand = brands[0]!;
    const lines = await page<{ productLineHashId: string; brandHashId: string; name: string }>('user', apiPaths.brandProductLines.replace(':brandHashId', brand.brandHashId));
    expect(lines.items).toHaveLength(3);
    expect(lines.items.every((l) => l.brandHashId === brand.brandHashId && l.name.startsWith(brand.name))).toBe(true);
    const winter = await page<{ name: string }>('user', `${apiPaths.brandProductLines.replace(':brandHashId', brand.brandHashId)}?search=${quoted('wint')}`);
    expect(winter.items).toHaveLength(1);
    const line = lines.items[0]!;
    const described = await get('tech', apiPaths.productLineDescription.replace(':productLineHashId', line.productLineHashId));
    expect(described.json()).toEqual({ ...line, description: expect.stringContaining('tire') });
    expect((await get('user', apiPaths.brandProductLines.replace(':brandHashId', 'no-such-brand'))).statusCode).toBe(404);
    expect((await get('user', apiPaths.productLineDescription.replace(':productLineHashId', 'no-such-line'))).statusCode).toBe(404);
  });
});

describe('products', () => {
  it('are product lines with their brand, found by words of both', async () => {
    const found = await page<{ brandName: string; name: string }>('user', `${apiPaths.products}?search=${quoted('nokian all-wea')}`);
    expect(found.items).toHaveLength(1);
    expect(found.items[0]!.brandName).toBe('Nokian');
    expect(found.items[0]!.name).toMatch(/^Nokian All-Weather/);
    const everything = await all<{ brandName: string }>('user', `${apiPaths.products}?$top=5`);
    expect(everything).toHaveLength(brands.length * 3);
    expect(everything.map((p) => p.brandName)).toEqual([...everything.map((p) => p.brandName)].sort());
    expect((await page('user', `${apiPaths.products}?brandHashId=${brands[1]!.brandHashId}`)).items).toHaveLength(3);
    expect((await page('user', `${apiPaths.products}?category=Winter`)).items).toHaveLength(brands.length);
    expect((await page('user', `${apiPaths.products}?$filter=${encodeURIComponent("brandName eq 'Kumho'")}&$orderby=name desc`)).items).toHaveLength(3);
  });
});

describe('tires', () => {
  type Tire = { tireId: string; tireSizeId: string; productLineHashId: string; category: string; priceInCents: number | null; isRunFlat: boolean; treadDepth32nds: number | null };

  it('are found by a size typed any way: 2256517, 225/65R17 or 225 65 17', async () => {
    for (const typed of ['2256517', '225/65R17', '225 65 17', '225-65r17']) {
      const tires = await all<Tire>('user', `${apiPaths.tires}?search=${quoted(typed)}`);
      expect(tires.length, typed).toBe(brands.length * 3);
      expect(tires.every((tire) => tire.tireSizeId === sizes['225/65R17']), typed).toBe(true);
    }
  });

  it('narrow by size, brand, product line and category, and are paged', async () => {
    expect(await all('user', `${apiPaths.tires}?tireSizeId=${sizes['205/55R16']}`)).toHaveLength(brands.length * 3);
    const byBrand = await all<Tire>('user', `${apiPaths.tires}?brandHashId=${brands[0]!.brandHashId}`);
    expect(byBrand).toHaveLength(3 * Object.keys(sizes).length);
    const line = byBrand[0]!.productLineHashId;
    expect(await all('user', `${apiPaths.tires}?productLineHashId=${line}`)).toHaveLength(Object.keys(sizes).length);
    const winter = await all<Tire>('user', `${apiPaths.tires}?category=Winter&tireSizeId=${sizes['225/65R17']}`);
    expect(winter).toHaveLength(brands.length);
    expect(winter.every((tire) => tire.category === 'Winter')).toBe(true);
    const first = await page('user', `${apiPaths.tires}?$top=10&$count=true`);
    expect(first.items).toHaveLength(10);
    expect(first.count).toBe(brands.length * 3 * Object.keys(sizes).length);
    expect(first.nextLink).toMatch(/\$skip=10/);
  });

  it('carry their price, UTQG, run-flat and tread depth for the counter; the bay sees the tire without its price', async () => {
    const counter = await page<Tire>('user', `${apiPaths.tires}?$top=500`);
    expect(counter.items.every((tire) => Number.isInteger(tire.priceInCents) && tire.priceInCents! > 0)).toBe(true);
    expect(counter.items[0]).toMatchObject({ isRunFlat: false, treadDepth32nds: expect.any(Number), dualLoadIndex: null });
    const bay = await page<Tire>('tech', `${apiPaths.tires}?$top=500`);
    expect(bay.items.map((tire) => tire.tireId)).toEqual(counter.items.map((tire) => tire.tireId));
    expect(bay.items.every((tire) => tire.priceInCents === null)).toBe(true);
    // Nor can it learn a price by filtering or sorting on it.
    expect((await get('tech', `${apiPaths.tires}?$filter=${encodeURIComponent('priceInCents gt 20000')}`)).statusCode).toBe(400);
    expect((await get('lead', `${apiPaths.tires}?$orderby=${encodeURIComponent('priceInCents desc')}`)).statusCode).toBe(400);
    const sorted = await page<Tire>('user', `${apiPaths.tires}?$orderby=${encodeURIComponent('priceInCents desc')}&$top=5`);
    const prices = sorted.items.map((tire) => tire.priceInCents!);
    expect(prices).toEqual([...prices].sort((a, b) => b - a));
  });
});

describe('tire categories', () => {
  it('are every category of the spec with its label', async () => {
    const answer = await page<{ category: string; label: string }>('tech', apiPaths.tireCategories);
    expect(answer.items.map((c) => c.category)).toEqual(['AllTerrain', 'ATV', 'Farm', 'Industrial', 'LG', 'OTR', 'Performance', 'TBRAP', 'TBRDrive', 'TBRSteer', 'TBRTrailer', 'Tour', 'Trailer', 'Winter']);
    expect(answer.items.find((c) => c.category === 'LG')!.label).toBe('Lawn & Garden');
    expect(answer.items.find((c) => c.category === 'TBRAP')!.label).toBe('Medium Truck All Position');
    expect(answer.items.find((c) => c.category === 'Winter')!.label).toBe('Winter/Snow');
    expect(answer.count).toBe(14);
  });
});

describe('tire sizes', () => {
  const names = async (query: string) => (await all<{ displayName: string }>('user', `${apiPaths.tireSizes}?${query}`)).map((s) => s.displayName);

  it('are listed by width, aspect ratio and rim, a page at a time', async () => {
    expect(await names('$top=1')).toEqual(['205/55R16', '225/65R17', '235/60R18', '265/70R17']);
    const first = await page('user', `${apiPaths.tireSizes}?$top=1&$count=true`);
    expect(first.nextLink).toMatch(/\$skip=1/);
    expect(first.count).toBe(4);
  });

  it.each([
    ['2256517', ['225/65R17']],
    ['225/65R17', ['225/65R17']],
    ['225/65r', ['225/65R17']],
    ['225', ['225/65R17']],
    ['2', ['205/55R16', '225/65R17', '235/60R18', '265/70R17']],
    ['26570', ['265/70R17']],
    ['2657018', []],
    ['P225/65R17 102H', ['225/65R17']],
    ['LT', []],
  ])('typed as "%s" find %j', async (typed, expected) => {
    expect(await names(`search=${quoted(typed)}`)).toEqual(expected);
  });

  it('narrow with $filter on their parts', async () => {
    expect(await names(`$filter=${encodeURIComponent('rimDiameter eq 17')}`)).toEqual(['225/65R17', '265/70R17']);
    expect((await get('user', `${apiPaths.tireSizes}?$filter=${encodeURIComponent("width eq 'wide'")}`)).statusCode).toBe(400);
  });
});

describe('logistics', () => {
  type Stock = { storeId: number; tireId: string; quantityOnHand: number; quantityOnOrder: number };

  it('lists the company\'s transfer paths for the front counter, a page at a time, never another company\'s', async () => {
    const paths = await all<{ logisticsTransferId: string; fromStoreId: number; transitDays: number }>('user', `${apiPaths.logisticsTransfers}?$top=2`);
    expect(paths).toHaveLength(5);
    expect(paths.map((p) => p.logisticsTransferId)).not.toContain(rival.transferId);
    expect(paths.map((p) => p.fromStoreId)).toEqual([...paths.map((p) => p.fromStoreId)].sort((a, b) => a - b));
    const theirs = await page<{ logisticsTransferId: string }>('rival', apiPaths.logisticsTransfers, 0);
    expect(theirs.items.map((p) => p.logisticsTransferId)).toEqual([rival.transferId]);
    for (const who of ['tech', 'lead']) expect((await get(who, apiPaths.logisticsTransfers)).statusCode).toBe(403);
  });

  it('summarises the active store\'s stock, a page at a time', async () => {
    const tires = Number((await t.db.selectFrom('tires').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    const first = await page<Stock>('user', `${apiPaths.logisticsSummary}?$top=10&$count=true`);
    expect(first.count).toBe(tires);
    expect(first.nextLink).toMatch(/\$skip=10/);
    const stock = await all<Stock>('user', `${apiPaths.logisticsSummary}?$top=10`);
    expect(stock).toHaveLength(tires);
    expect(new Set(stock.map((s) => s.storeId))).toEqual(new Set([stores[101]]));
    expect(new Set(stock.map((s) => s.tireId)).size).toBe(tires);
  });

  it('with allStores=true, the stock of every store of the company: where else a tire is', async () => {
    const tire = await t.db.selectFrom('tires').select('tireId').executeTakeFirstOrThrow();
    const where = await page<Stock>('user', `${apiPaths.logisticsSummary}?allStores=true&$filter=${encodeURIComponent(`tireId eq '${tire.tireId}'`)}`);
    expect(where.items.map((s) => s.storeId)).toEqual([stores[101], stores[102], stores[103]]);
    expect(where.items.every((s) => s.quantityOnHand !== 777)).toBe(true);
    const theirs = await page<Stock>('rival', `${apiPaths.logisticsSummary}?allStores=true`, 0);
    expect(theirs.items).toEqual([{ storeId: rival.storeId, tireId: tire.tireId, quantityOnHand: 777, quantityOnOrder: 0 }]);
    const inStock = await all<Stock>('admin', `${apiPaths.logisticsSummary}?allStores=true&$filter=${encodeURIComponent('quantityOnHand gt 30')}&$orderby=${encodeURIComponent('quantityOnHand desc')}&$top=7`);
    expect(inStock.length).toBeGreaterThan(0);
    expect(inStock.every((s) => s.quantityOnHand > 30)).toBe(true);
    expect(new Set(inStock.map((s) => `${s.storeId}/${s.tireId}`)).size).toBe(inStock.length);
  });

  it('is refused to the bay, and for an option it does not have', async () => {
    for (const who of ['tech', 'lead']) expect((await get(who, apiPaths.logisticsSummary)).statusCode).toBe(403);
    expect((await get('user', `${apiPaths.logisticsSummary}?allStores=maybe`)).statusCode).toBe(400);
  });
});
