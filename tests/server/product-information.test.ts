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
/**
 * The catalogue as seeded, read from the database: the lists are checked against it, so the demo catalogue may
 * grow or change without these tests knowing its numbers.
 */
let catalogue: {
  lines: { productLineHashId: string; brandHashId: string; name: string }[];
  tires: { tireId: string; productLineHashId: string; brandHashId: string; category: string; size: string }[];
  sizes: { displayName: string; width: number; aspectRatio: number; rimDiameter: number }[];
};
const nokian = () => brands.find((b) => b.name === 'Nokian')!;
/** Counts without repeats: how many brands or lines some tires are of. */
const distinct = (values: string[]) => new Set(values).size;

type Page<T = Record<string, unknown>> = { items: T[]; count?: number; nextLink?: string };
const get = (who: string, path: string, storeNumber = 101) =>
  apiCall(t.app, { method: 'GET', path, token: tokens[who]!, store: storeNumber === 0 ? rival.storeId : stores[storeNumber]! });
const page = async <T = Record<string, unknown>>(who: string, path: string, storeNumber = 101): Promise<Page<T>> => {
  const answer = await get(who, path, storeNumber);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<Page<T>>();
};
/** Every page of a list, following nextLink as the client does. */
async function all<T>(who: string, path: string, storeNumber = 101): Promise<T[]> {
  const items: T[] = [];
  for (let next: string | undefined = withApiVersion(path); next; ) {
    const answer: LightMyRequestResponse = await t.app.inject({
      method: 'GET',
      url: next,
      headers: { authorization: `Bearer ${tokens[who]}`, ActiveStoreLocation: String(stores[storeNumber]) },
    });
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
  catalogue = {
    lines: await t.db.selectFrom('productLines').select(['productLineHashId', 'brandHashId', 'name']).execute(),
    tires: await t.db
      .selectFrom('tires')
      .innerJoin('productLines', 'productLines.productLineHashId', 'tires.productLineHashId')
      .innerJoin('tireSizes', 'tireSizes.tireSizeId', 'tires.tireSizeId')
      .select(['tires.tireId', 'tires.productLineHashId', 'productLines.brandHashId', 'tires.category', 'tireSizes.displayName as size'])
      .execute(),
    sizes: (await t.db.selectFrom('tireSizes').select(['displayName', 'width', 'aspectRatio', 'rimDiameter']).execute()).map((s) => ({
      ...s,
      rimDiameter: Number(s.rimDiameter),
    })),
  };

  const company = await t.db.insertInto('companies').values({ alltracCompanyId: 2727, name: 'Rival Tires' }).returning('id').executeTakeFirstOrThrow();
  const template = await t.db.selectFrom('storeLocations').selectAll().where('id', '=', stores[101]!).executeTakeFirstOrThrow();
  const { id: _id, storeId: _storeId, hasServiceKey: _has, contactFormId: _form, ...fields } = template as typeof template & { hasServiceKey: boolean };
  const tire = await t.db.selectFrom('tires').select('tireId').executeTakeFirstOrThrow();
  await t.db.transaction().execute(async (trx) => {
    const store = await trx
      .insertInto('storeLocations')
      .values({
        ...fields,
        companyId: company.id,
        alltracCompanyId: 2727,
        storeNumber: 901,
        name: 'Rival Tires Main',
        serviceKey: null,
        twilioPhoneNumber: null,
        version: await takeVersions(trx),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    rival.storeId = store.id;
    await trx
      .insertInto('logisticsTransfers')
      .values({
        companyId: company.id,
        storeId: null,
        version: await takeVersions(trx),
        logisticsTransferId: rival.transferId,
        fromStoreId: store.id,
        toStoreId: store.id,
        transitDays: 9,
      })
      .execute();
    await trx
      .insertInto('inventorySummaries')
      .values({ companyId: company.id, storeId: store.id, version: await takeVersions(trx), tireId: tire.tireId, quantityOnHand: 777, quantityOnOrder: 0 })
      .execute();
  });
  tokens.rival = await rivalAdminToken(t.app, t.db, company.id, rival.storeId);
});
afterAll(async () => {
  await t.close();
});

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
    const winterMakers = distinct(catalogue.tires.filter((c) => c.category === 'Winter').map((c) => c.brandHashId));
    expect(winterMakers).toBeGreaterThan(1);
    expect((await page('user', `${apiPaths.brands}?category=Winter`)).items).toHaveLength(winterMakers);
    expect((await page('user', `${apiPaths.brands}?category=OTR`)).items).toEqual([]);
    const counterSizeMakers = distinct(catalogue.tires.filter((c) => c.size === '225/65R17').map((c) => c.brandHashId));
    expect(counterSizeMakers).toBeGreaterThan(1);
    expect((await page('user', `${apiPaths.brands}?tireSizeId=${sizes['225/65R17']}`)).items).toHaveLength(counterSizeMakers);
    expect((await page('user', `${apiPaths.brands}?tireSizeId=${randomUUID()}`)).items).toEqual([]);
    expect((await page('user', `${apiPaths.brands}?$filter=${encodeURIComponent("name eq 'Kumho'")}`)).items).toHaveLength(1);
    for (const bad of ['category=Snow', 'tireSizeId=225', 'colour=red', '$filter=price gt 1'])
      expect((await get('user', `${apiPaths.brands}?${bad}`)).statusCode, bad).toBe(400);
  });

  it('each lists its product lines, and a line its description', async () => {
    const brand = nokian();
    const theirs = catalogue.lines.filter((l) => l.brandHashId === brand.brandHashId);
    const lines = await page<{ productLineHashId: string; brandHashId: string; name: string }>(
      'user',
      apiPaths.brandProductLines.replace(':brandHashId', brand.brandHashId),
    );
    expect(lines.items.map((l) => l.productLineHashId).sort()).toEqual(theirs.map((l) => l.productLineHashId).sort());
    expect(lines.items.every((l) => l.brandHashId === brand.brandHashId)).toBe(true);
    const hakkas = theirs.filter((l) => l.name.startsWith('Hakkapeliitta'));
    expect(hakkas.length).toBeGreaterThan(1);
    const found = await page<{ name: string }>('user', `${apiPaths.brandProductLines.replace(':brandHashId', brand.brandHashId)}?search=${quoted('hakka')}`);
    expect(found.items.map((l) => l.name).sort()).toEqual(hakkas.map((l) => l.name).sort());
    const line = lines.items[0]!;
    const described = await get('tech', apiPaths.productLineDescription.replace(':productLineHashId', line.productLineHashId));
    expect(described.json()).toEqual({ ...line, description: expect.stringContaining('tire') });
    expect((await get('user', apiPaths.brandProductLines.replace(':brandHashId', 'no-such-brand'))).statusCode).toBe(404);
    expect((await get('user', apiPaths.productLineDescription.replace(':productLineHashId', 'no-such-line'))).statusCode).toBe(404);
  });
});

describe('products', () => {
  it('are product lines with their brand, found by words of both', async () => {
    const linesOf = (brandHashId: string) => catalogue.lines.filter((l) => l.brandHashId === brandHashId);
    const found = await page<{ brandName: string; name: string }>('user', `${apiPaths.products}?search=${quoted('nokian hakka')}`);
    expect(found.items).toHaveLength(linesOf(nokian().brandHashId).filter((l) => l.name.startsWith('Hakkapeliitta')).length);
    expect(found.items.length).toBeGreaterThan(1);
    expect(found.items.every((p) => p.brandName === 'Nokian' && p.name.startsWith('Hakkapeliitta'))).toBe(true);
    const everything = await all<{ brandName: string }>('user', `${apiPaths.products}?$top=50`);
    expect(everything).toHaveLength(catalogue.lines.length);
    expect(everything.map((p) => p.brandName)).toEqual([...everything.map((p) => p.brandName)].sort());
    expect((await page('user', `${apiPaths.products}?brandHashId=${brands[1]!.brandHashId}`)).items).toHaveLength(linesOf(brands[1]!.brandHashId).length);
    const winterLines = distinct(catalogue.tires.filter((c) => c.category === 'Winter').map((c) => c.productLineHashId));
    expect((await page('user', `${apiPaths.products}?category=Winter`)).items).toHaveLength(winterLines);
    const kumho = brands.find((b) => b.name === 'Kumho')!;
    expect((await page('user', `${apiPaths.products}?$filter=${encodeURIComponent("brandName eq 'Kumho'")}&$orderby=name desc`)).items).toHaveLength(
      linesOf(kumho.brandHashId).length,
    );
  });
});

describe('tires', () => {
  type Tire = {
    tireId: string;
    tireSizeId: string;
    productLineHashId: string;
    category: string;
    priceInCents: number | null;
    isRunFlat: boolean;
    treadDepth32nds: number | null;
    loadIndex: number | null;
    dualLoadIndex: number | null;
  };
  const tiresWhere = (keep: (tire: (typeof catalogue.tires)[number]) => boolean) => catalogue.tires.filter(keep).length;

  it('are found by a size typed any way: 2256517, 225/65R17 or 225 65 17', async () => {
    for (const typed of ['2256517', '225/65R17', '225 65 17', '225-65r17']) {
      const tires = await all<Tire>('user', `${apiPaths.tires}?search=${quoted(typed)}`);
      expect(tires.length, typed).toBe(tiresWhere((c) => c.size === '225/65R17'));
      expect(
        tires.every((tire) => tire.tireSizeId === sizes['225/65R17']),
        typed,
      ).toBe(true);
    }
  });

  it('narrow by size, brand, product line and category, and are paged', async () => {
    expect(await all('user', `${apiPaths.tires}?tireSizeId=${sizes['205/55R16']}`)).toHaveLength(tiresWhere((c) => c.size === '205/55R16'));
    const byBrand = await all<Tire>('user', `${apiPaths.tires}?brandHashId=${brands[0]!.brandHashId}`);
    expect(byBrand).toHaveLength(tiresWhere((c) => c.brandHashId === brands[0]!.brandHashId));
    const line = byBrand[0]!.productLineHashId;
    expect(await all('user', `${apiPaths.tires}?productLineHashId=${line}`)).toHaveLength(tiresWhere((c) => c.productLineHashId === line));
    const winter = await all<Tire>('user', `${apiPaths.tires}?category=Winter&tireSizeId=${sizes['225/65R17']}`);
    expect(winter.length).toBeGreaterThan(1);
    expect(winter).toHaveLength(tiresWhere((c) => c.category === 'Winter' && c.size === '225/65R17'));
    expect(winter.every((tire) => tire.category === 'Winter')).toBe(true);
    const first = await page('user', `${apiPaths.tires}?$top=10&$count=true`);
    expect(first.items).toHaveLength(10);
    expect(first.count).toBe(catalogue.tires.length);
    expect(first.nextLink).toMatch(/\$skip=10/);
  });

  it('carry their price, UTQG, run-flat and tread depth for the counter; the bay sees the tire without its price', async () => {
    const counter = await page<Tire>('user', `${apiPaths.tires}?$top=500`);
    expect(counter.items.every((tire) => Number.isInteger(tire.priceInCents) && tire.priceInCents! > 0)).toBe(true);
    expect(counter.items.every((tire) => Number.isInteger(tire.treadDepth32nds) && typeof tire.isRunFlat === 'boolean')).toBe(true);
    // A light-truck tire carries its dual load index (LT245/75R16 120/116), below its single one; a passenger tire none.
    const dual = counter.items.filter((tire) => tire.dualLoadIndex !== null);
    expect(dual.length).toBeGreaterThan(0);
    expect(dual.every((tire) => tire.dualLoadIndex! < tire.loadIndex!)).toBe(true);
    const runFlat = await page<Tire>('user', `${apiPaths.tires}?$filter=${encodeURIComponent('isRunFlat eq true')}&$top=5`);
    expect(runFlat.items.length).toBeGreaterThan(0);
    expect(runFlat.items.every((tire) => tire.isRunFlat)).toBe(true);
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
    expect(answer.items.map((c) => c.category)).toEqual([
      'AllTerrain',
      'ATV',
      'Farm',
      'Industrial',
      'LG',
      'OTR',
      'Performance',
      'TBRAP',
      'TBRDrive',
      'TBRSteer',
      'TBRTrailer',
      'Tour',
      'Trailer',
      'Winter',
    ]);
    expect(answer.items.find((c) => c.category === 'LG')!.label).toBe('Lawn & Garden');
    expect(answer.items.find((c) => c.category === 'TBRAP')!.label).toBe('Medium Truck All Position');
    expect(answer.items.find((c) => c.category === 'Winter')!.label).toBe('Winter/Snow');
    expect(answer.count).toBe(14);
  });
});

describe('tire sizes', () => {
  const names = async (query: string) => (await all<{ displayName: string }>('user', `${apiPaths.tireSizes}?${query}`)).map((s) => s.displayName);

  it('are listed by width, aspect ratio and rim, a page at a time', async () => {
    const ordered = [...catalogue.sizes].sort((a, b) => a.width - b.width || a.aspectRatio - b.aspectRatio || a.rimDiameter - b.rimDiameter);
    expect(await names('$top=50')).toEqual(ordered.map((s) => s.displayName));
    const first = await page('user', `${apiPaths.tireSizes}?$top=1&$count=true`);
    expect(first.nextLink).toMatch(/\$skip=1/);
    expect(first.count).toBe(catalogue.sizes.length);
  });

  it.each([
    ['2256517', ['225/65R17']],
    ['225/65R17', ['225/65R17']],
    ['225/65r', ['225/65R17']],
    ['26570', ['265/70R16', '265/70R17', '265/70R18']],
    ['2657019', []],
    ['P225/65R17 102H', ['225/65R17']],
    // A light-truck, ZR or flotation size finds its size by the key every way of writing it shares.
    ['LT245/75R16 120/116S', ['245/75R16']],
    ['255/35ZR19 96Y', ['255/35R19']],
    ['35x12.50R20LT', ['35x12.50R20']],
    ['35x12.5', ['35x12.50R17', '35x12.50R18', '35x12.50R20']],
    ['LT', []],
  ])('typed as "%s" find %j', async (typed, expected) => {
    expect((await names(`search=${quoted(typed)}`)).sort()).toEqual(expected);
  });

  it('typed as the start of a size, find every size that starts so', async () => {
    for (const typed of ['225', '2', '3']) {
      const expected = catalogue.sizes
        .map((s) => s.displayName)
        .filter((name) => name.startsWith(typed))
        .sort();
      expect(expected.length, typed).toBeGreaterThan(1);
      expect((await names(`search=${quoted(typed)}`)).sort(), typed).toEqual(expected);
    }
  });

  it('narrow with $filter on their parts', async () => {
    const seventeens = catalogue.sizes.filter((s) => s.rimDiameter === 17).map((s) => s.displayName);
    expect(seventeens.length).toBeGreaterThan(1);
    expect((await names(`$filter=${encodeURIComponent('rimDiameter eq 17')}`)).sort()).toEqual(seventeens.sort());
    expect((await get('user', `${apiPaths.tireSizes}?$filter=${encodeURIComponent("width eq 'wide'")}`)).statusCode).toBe(400);
  });
});

describe('logistics', () => {
  type Stock = { storeId: number; tireId: string; quantityOnHand: number; quantityOnOrder: number };

  it("lists the company's transfer paths for the front counter, a page at a time, never another company's", async () => {
    const paths = await all<{ logisticsTransferId: string; fromStoreId: number; transitDays: number }>('user', `${apiPaths.logisticsTransfers}?$top=2`);
    expect(paths).toHaveLength(5);
    expect(paths.map((p) => p.logisticsTransferId)).not.toContain(rival.transferId);
    expect(paths.map((p) => p.fromStoreId)).toEqual([...paths.map((p) => p.fromStoreId)].sort((a, b) => a - b));
    const theirs = await page<{ logisticsTransferId: string }>('rival', apiPaths.logisticsTransfers, 0);
    expect(theirs.items.map((p) => p.logisticsTransferId)).toEqual([rival.transferId]);
    for (const who of ['tech', 'lead']) expect((await get(who, apiPaths.logisticsTransfers)).statusCode).toBe(403);
  });

  it("summarises the active store's stock, a page at a time", async () => {
    const rows = (await t.db.selectFrom('inventorySummaries').select('tireId').where('storeId', '=', stores[101]!).execute()).length;
    expect(rows).toBeGreaterThan(10);
    const first = await page<Stock>('user', `${apiPaths.logisticsSummary}?$top=10&$count=true`);
    expect(first.count).toBe(rows);
    expect(first.nextLink).toMatch(/\$skip=10/);
    const stock = await all<Stock>('user', `${apiPaths.logisticsSummary}?$top=200`);
    expect(stock).toHaveLength(rows);
    expect(new Set(stock.map((s) => s.storeId))).toEqual(new Set([stores[101]]));
    expect(new Set(stock.map((s) => s.tireId)).size).toBe(rows);
  });

  it('with allStores=true, the stock of every store of the company: where else a tire is', async () => {
    // The rival stocks the first tire: take one that every demo store stocks as well.
    const rivalTire = await t.db.selectFrom('tires').select('tireId').executeTakeFirstOrThrow();
    const everywhere = await t.db
      .selectFrom('inventorySummaries')
      .select('tireId')
      .where('storeId', 'in', [stores[101]!, stores[102]!, stores[103]!])
      .groupBy('tireId')
      .having((eb) => eb.fn.countAll(), '=', 3)
      .orderBy('tireId')
      .executeTakeFirstOrThrow();
    const where = await page<Stock>('user', `${apiPaths.logisticsSummary}?allStores=true&$filter=${encodeURIComponent(`tireId eq '${everywhere.tireId}'`)}`);
    expect(where.items.map((s) => s.storeId)).toEqual([stores[101], stores[102], stores[103]]);
    const rivalAnswer = await page<Stock>(
      'user',
      `${apiPaths.logisticsSummary}?allStores=true&$filter=${encodeURIComponent(`tireId eq '${rivalTire.tireId}'`)}`,
    );
    expect(rivalAnswer.items.every((s) => s.quantityOnHand !== 777 && s.storeId !== rival.storeId)).toBe(true);
    const theirs = await page<Stock>('rival', `${apiPaths.logisticsSummary}?allStores=true`, 0);
    expect(theirs.items).toEqual([{ storeId: rival.storeId, tireId: rivalTire.tireId, quantityOnHand: 777, quantityOnOrder: 0 }]);
    const inStock = await all<Stock>(
      'admin',
      `${apiPaths.logisticsSummary}?allStores=true&$filter=${encodeURIComponent('quantityOnHand gt 20')}&$orderby=${encodeURIComponent('quantityOnHand desc')}&$top=7`,
    );
    expect(inStock.length).toBeGreaterThan(0);
    expect(inStock.every((s) => s.quantityOnHand > 20)).toBe(true);
    expect(new Set(inStock.map((s) => `${s.storeId}/${s.tireId}`)).size).toBe(inStock.length);
  });

  it("names the company's stores with their clocks, weeks and special days ahead to a user of one store, never another company's", async () => {
    type Store = {
      storeId: number;
      storeNumber: number;
      name: string;
      timeZone: string | null;
      isOpenSundays: boolean;
      saturdayCloseTime: string;
      specialDays: { date: string; isClosed: boolean }[];
    };
    const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
    const company = (await t.db.selectFrom('storeLocations').select('companyId').where('id', '=', stores[102]!).executeTakeFirstOrThrow()).companyId;
    await t.db
      .insertInto('specialStoreHours')
      .values(
        [-5, 3, 100].map((days) => ({
          specialStoreHoursId: randomUUID(),
          storeLocationId: stores[102]!,
          date: day(days),
          isClosed: true,
          openTime: null,
          closeTime: null,
          description: 'Inventory',
          companyId: company,
          storeId: stores[102]!,
          version: 0,
        })) as never,
      )
      .execute();
    const listed = await all<Store>('user', `${apiPaths.logisticsStores}?$top=2`);
    expect(listed.map((s) => [s.storeNumber, s.storeId])).toEqual([
      [101, stores[101]],
      [102, stores[102]],
      [103, stores[103]],
    ]);
    expect(listed[1]).toMatchObject({
      name: 'Demo Tire & Auto Riverside',
      timeZone: 'Central Standard Time',
      isOpenSundays: false,
      saturdayCloseTime: '16:00',
    });
    // The demo's holidays ahead are there too: the days from yesterday to 45 days ahead, and only those.
    expect(listed[1]!.specialDays).toContainEqual({ date: day(3), isClosed: true, openTime: null, closeTime: null });
    expect(listed[1]!.specialDays.every((d) => d.date >= day(-1) && d.date <= day(45))).toBe(true);
    expect(Object.keys(listed[0]!).filter((k) => /key|twilio|contact|address|phone/i.test(k))).toEqual([]);
    const two = await page<Store>(
      'user',
      `${apiPaths.logisticsStores}?$filter=${encodeURIComponent(`storeId eq ${stores[103]} or storeId eq ${stores[102]}`)}`,
    );
    expect(two.items.map((s) => s.storeNumber)).toEqual([102, 103]);
    expect((await page<Store>('rival', apiPaths.logisticsStores, 0)).items.map((s) => s.storeId)).toEqual([rival.storeId]);
    expect((await page<Store>('user', `${apiPaths.logisticsStores}?$filter=${encodeURIComponent(`storeId eq ${rival.storeId}`)}`)).items).toEqual([]);
  });

  it('is refused to the bay, and for an option it does not have', async () => {
    for (const who of ['tech', 'lead']) expect((await get(who, apiPaths.logisticsStores)).statusCode).toBe(403);
    for (const who of ['tech', 'lead']) expect((await get(who, apiPaths.logisticsSummary)).statusCode).toBe(403);
    expect((await get('user', `${apiPaths.logisticsSummary}?allStores=maybe`)).statusCode).toBe(400);
  });
});
