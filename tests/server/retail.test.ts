import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoreTireWarranty } from '../../src/contract/entities.ts';
import { apiPaths } from '../../src/contract/routes.ts';
import type { SyncChange } from '../../src/contract/sync-messages.ts';
import { takeVersions, versionFloor } from '../../server/db/versions.ts';
import type { RunningServer } from '../../server/start.ts';
import { apiCall } from '../support/api.ts';
import { demoStoreIds } from '../support/demo.ts';
import { RawHubSocket } from '../support/raw-hub.ts';
import { startLocalServer } from '../support/running-server.ts';
import { accessTokenFor, rivalAdminToken } from '../support/sign-in.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { mintAccessToken } from '../support/tokens.ts';

let t: TestApp;
let stores: Record<number, number>;
const tokens: Record<string, string> = {};
/** Another company, with a store, an admin, catalogues and retail rows of its own. */
const rival = { token: '', storeId: 0, addOnId: randomUUID(), warrantyId: randomUUID(), openCatalogId: randomUUID(), ownCatalogId: randomUUID() };

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const as =
  (who: string, storeNumber = 101) =>
  (method: Method, path: string, body?: unknown, headers?: Record<string, string>) =>
    apiCall(t.app, { method, path, token: tokens[who]!, store: storeNumber === 0 ? rival.storeId : stores[storeNumber]!, body, headers });
const replace = (field: string, value: unknown) => [{ op: 'replace', path: `/${field}`, value }];
const addOnAt = (id: string) => apiPaths.tirePurchaseAddOn.replace(':tirePurchaseAddOnId', id);
const warrantyAt = (id: string) => apiPaths.storeTireWarranty.replace(':storeTireWarrantyId', id);
const serviceAt = (id: string) => apiPaths.storeTireService.replace(':storeTireServiceId', id);
const newAddOn = (more: Record<string, unknown> = {}) => ({
  tirePurchaseAddOnId: randomUUID(),
  category: 'Mounting',
  name: 'Road force balance',
  priceInCents: 2499,
  ...more,
});

const addOnRow = (id: string) => t.db.selectFrom('tirePurchaseAddOns').selectAll().where('tirePurchaseAddOnId', '=', id).executeTakeFirst();
const warrantyRow = (id: string) => t.db.selectFrom('storeTireWarranties').selectAll().where('storeTireWarrantyId', '=', id).executeTakeFirstOrThrow();
const settingsRow = (storeId: number) => t.db.selectFrom('retailStoreSettings').selectAll().where('storeId', '=', storeId).executeTakeFirst();
const warrantyOf = async (storeNumber: number, type: StoreTireWarranty['type'] = 'PromisePlus') =>
  await t.db
    .selectFrom('storeTireWarranties')
    .select(['storeTireWarrantyId', 'version', 'priceInCents'])
    .where('storeId', '=', stores[storeNumber]!)
    .where('type', '=', type)
    .executeTakeFirstOrThrow();

/** The store's change feed after `since`, as the counter's device pulls it. */
async function feedAfter(since: number, storeNumber = 101): Promise<SyncChange[]> {
  const changes: SyncChange[] = [];
  for (let cursor = since; ; ) {
    const page = (await as('user', storeNumber)('GET', `${apiPaths.syncChanges}?since=${cursor}&limit=5000`)).json();
    changes.push(...page.changes);
    if (!page.hasMore) return changes;
    cursor = page.cursor;
  }
}
/** A cursor past every change committed so far: what the feed answers after it is what came since. */
const latestVersion = async () => (await versionFloor(t.db)) - 1;

beforeAll(async () => {
  t = await createTestApp();
  stores = await demoStoreIds(t.db);
  for (const who of ['platform', 'admin', 'user', 'tech', 'lead']) tokens[who] = await accessTokenFor(t.app, `${who}@demo.test`);

  const company = await t.db.insertInto('companies').values({ alltracCompanyId: 2626, name: 'Rival Tires' }).returning('id').executeTakeFirstOrThrow();
  const template = await t.db.selectFrom('storeLocations').selectAll().where('id', '=', stores[101]!).executeTakeFirstOrThrow();
  const { id: _id, storeId: _storeId, hasServiceKey: _has, contactFormId: _form, ...fields } = template as typeof template & { hasServiceKey: boolean };
  await t.db.transaction().execute(async (trx) => {
    const store = await trx
      .insertInto('storeLocations')
      .values({
        ...fields,
        companyId: company.id,
        alltracCompanyId: 2626,
        storeNumber: 901,
        name: 'Rival Tires Main',
        serviceKey: null,
        twilioPhoneNumber: null,
        version: await takeVersions(trx),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    rival.storeId = store.id;
    const rows = { companyId: company.id, version: await takeVersions(trx) };
    await trx
      .insertInto('retailPriceCatalogs')
      .values([
        { ...rows, storeId: null, retailPriceCatalogId: rival.openCatalogId, name: 'Rival open prices', description: null, isSubscribable: true },
        { ...rows, storeId: null, retailPriceCatalogId: rival.ownCatalogId, name: 'Rival secret prices', description: null, isSubscribable: false },
      ])
      .execute();
    await trx
      .insertInto('tirePurchaseAddOns')
      .values({
        ...rows,
        storeId: store.id,
        tirePurchaseAddOnId: rival.addOnId,
        category: 'Mounting',
        name: 'Rival mounting',
        priceInCents: 999,
        isTaxable: true,
        chargedPer: 'PerTire',
      })
      .execute();
    await trx
      .insertInto('storeTireWarranties')
      .values({ ...rows, storeId: store.id, storeTireWarrantyId: rival.warrantyId, type: 'PromisePlus', isEnabled: true, priceInCents: 1000 })
      .execute();
  });
  tokens.rival = await rivalAdminToken(t.app, t.db, company.id, rival.storeId);
});
afterAll(async () => {
  await t.close();
});

describe('the retail price catalogue', () => {
  it("lists the company's own catalogues and those offered for subscription, never another company's own", async () => {
    const answer = await as('user')('GET', `${apiPaths.retailPriceCatalog}?$count=true`);
    expect(answer.statusCode).toBe(200);
    const names = answer.json<{ items: { name: string }[] }>().items.map((c) => c.name);
    expect(names).toEqual(['Fleet prices', 'Rival open prices', 'Standard retail prices']);
    expect(answer.json().count).toBe(3);
  });

  it('finds a catalogue by a quoted search, and refuses an unquoted one', async () => {
    const found = await as('admin')('GET', `${apiPaths.retailPriceCatalog}?search=${encodeURIComponent('"flee"')}`);
    expect(found.json().items.map((c: { name: string }) => c.name)).toEqual(['Fleet prices']);
    const unquoted = await as('admin')('GET', `${apiPaths.retailPriceCatalog}?search=fleet`);
    expect(unquoted.statusCode).toBe(400);
    expect(unquoted.json().errors.search).toBeDefined();
  });

  it('is paged: a page of one leads to the next', async () => {
    const first = (await as('user')('GET', `${apiPaths.retailPriceCatalog}?$top=1`)).json();
    expect(first.items).toHaveLength(1);
    expect(first.nextLink).toMatch(/\$skip=1/);
    const last = (await as('user')('GET', `${apiPaths.retailPriceCatalog}?$top=1&$skip=2`)).json();
    expect(last.items).toHaveLength(1);
    expect(last.nextLink).toBeUndefined();
  });

  it.each(['tech', 'lead'])('is no business of the bay: %s gets 403', async (who) => {
    expect((await as(who)('GET', apiPaths.retailPriceCatalog)).statusCode).toBe(403);
  });
});

describe("the active store's retail settings", () => {
  it('are read by the front counter with the store they belong to', async () => {
    const answer = await as('user')('GET', apiPaths.retailStoreSettings);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ storeId: stores[101], showPrices: true, version: expect.any(Number) });
    for (const who of ['tech', 'lead']) expect((await as(who)('GET', apiPaths.retailStoreSettings)).statusCode).toBe(403);
  });

  it("are made once by an admin: the first create is 201 and reaches the store's devices, a second is 409", async () => {
    await t.db.deleteFrom('retailStoreSettings').where('storeId', '=', stores[102]!).execute();
    expect((await as('admin', 102)('GET', apiPaths.retailStoreSettings)).statusCode).toBe(404);
    const since = await latestVersion();
    const created = await as('admin', 102)('POST', apiPaths.retailStoreSettings, { websiteUrl: 'https://tires.example.com', showPrices: true });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ storeId: stores[102], websiteUrl: 'https://tires.example.com', showPrices: true, retailPriceCatalogId: null });
    const again = await as('admin', 102)('POST', apiPaths.retailStoreSettings, { showPrices: false });
    expect(again.statusCode).toBe(409);
    expect((await settingsRow(stores[102]!))!.showPrices).toBe(true);
    const fed = (await feedAfter(since, 101)).filter((c) => c.collection === 'retailStoreSettings');
    expect(fed).toEqual([]);
    const platform = (
      await apiCall(t.app, { method: 'GET', path: `${apiPaths.syncChanges}?since=${since}&limit=5000`, token: tokens.admin!, store: stores[102]! })
    ).json().changes as SyncChange[];
    expect(platform.filter((c) => c.collection === 'retailStoreSettings').map((c) => c.value)).toEqual([
      expect.objectContaining({ storeId: stores[102], websiteUrl: 'https://tires.example.com' }),
    ]);
  });

  it('refuses to be made or changed by the front counter or the bay, and nothing changes', async () => {
    const before = await settingsRow(stores[101]!);
    for (const who of ['user', 'tech', 'lead']) {
      expect((await as(who)('POST', apiPaths.retailStoreSettings, {})).statusCode).toBe(403);
      expect((await as(who)('PATCH', apiPaths.retailStoreSettings, replace('showPrices', false))).statusCode).toBe(403);
    }
    expect(await settingsRow(stores[101]!)).toEqual(before);
  });

  it("change with a JSON patch: a new version, and the change in the store's feed", async () => {
    const since = await latestVersion();
    const before = (await settingsRow(stores[101]!))!;
    const changed = await as('admin')('PATCH', apiPaths.retailStoreSettings, [...replace('quoteValidForDays', 45), ...replace('showPrices', false)]);
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ storeId: stores[101], quoteValidForDays: 45, showPrices: false });
    expect(changed.json().version).toBeGreaterThan(before.version);
    const fed = (await feedAfter(since)).filter((c) => c.collection === 'retailStoreSettings');
    expect(fed.map((c) => c.value)).toEqual([
      expect.objectContaining({ storeId: stores[101], quoteValidForDays: 45, showPrices: false, version: changed.json().version }),
    ]);
  });

  it('an empty patch changes nothing, not even the version', async () => {
    const before = (await settingsRow(stores[101]!))!;
    const answer = await as('admin')('PATCH', apiPaths.retailStoreSettings, []);
    expect(answer.statusCode).toBe(200);
    expect(answer.json().version).toBe(before.version);
    expect(await settingsRow(stores[101]!)).toEqual(before);
  });

  it.each([
    ['the store', replace('storeId', 999)],
    ['a field it does not have', replace('isAdmin', true)],
    // Issue 46 item 10: stored and never read; the booking page's notice is Settings → Appointments' (onlineBookingLeadMinutes).
    ['the online booking lead time it no longer keeps', replace('onlineBookingLeadTimeHours', 4)],
    ['an address that is not one', replace('websiteUrl', 'not a url')],
    ['an address that is not a web page', replace('websiteUrl', 'javascript:alert(1)')],
    ["another company's own catalogue", replace('retailPriceCatalogId', rival.ownCatalogId)],
    ['a catalogue that does not exist', replace('retailPriceCatalogId', randomUUID())],
  ])('a patch of %s is a 400 and changes nothing', async (_what, patch) => {
    const before = await settingsRow(stores[101]!);
    const answer = await as('admin')('PATCH', apiPaths.retailStoreSettings, patch);
    expect(answer.statusCode, answer.body).toBe(400);
    expect(answer.headers['content-type']).toMatch(/problem\+json/);
    expect(await settingsRow(stores[101]!)).toEqual(before);
  });

  it("subscribe to a catalogue offered by anyone, or to one of the company's own", async () => {
    expect((await as('admin')('PATCH', apiPaths.retailStoreSettings, replace('retailPriceCatalogId', rival.openCatalogId))).json().retailPriceCatalogId).toBe(
      rival.openCatalogId,
    );
    const fleet = await t.db.selectFrom('retailPriceCatalogs').select('retailPriceCatalogId').where('name', '=', 'Fleet prices').executeTakeFirstOrThrow();
    expect((await as('admin')('PATCH', apiPaths.retailStoreSettings, replace('retailPriceCatalogId', fleet.retailPriceCatalogId))).statusCode).toBe(200);
  });

  it("of another company stay theirs: a rival's admin reads and changes only their own store", async () => {
    expect((await as('rival', 101)('GET', apiPaths.retailStoreSettings)).statusCode).toBe(403);
    expect((await as('admin', 0)('PATCH', apiPaths.retailStoreSettings, replace('showPrices', true))).statusCode).toBe(403);
  });
});

describe('tire purchase add-ons', () => {
  it('are listed for the front counter by category, each saying how it is charged', async () => {
    const answer = await as('user')('GET', `${apiPaths.tirePurchaseAddOns}?$count=true`);
    expect(answer.statusCode).toBe(200);
    const items = answer.json<{ items: { category: string; chargedPer: string }[] }>().items;
    expect(items.map((a) => a.category)).toEqual([
      'Balancing',
      'MiscellaneousItem',
      'Mounting',
      'ShopExpenses',
      'TireDisposal',
      'TireTax',
      'ValveStems_TPMSService',
    ]);
    expect(items.find((a) => a.category === 'ShopExpenses')!.chargedPer).toBe('PerJob');
    expect(items.find((a) => a.category === 'Mounting')!.chargedPer).toBe('PerTire');
    expect(answer.json().count).toBe(7);
  });

  it('are found by a quoted search of a word of their name, and paged', async () => {
    const found = await as('user')('GET', `${apiPaths.tirePurchaseAddOns}?search=${encodeURIComponent('"tpms"')}`);
    expect(found.json().items.map((a: { name: string }) => a.name)).toEqual(['Valve Stems/TPMS Service']);
    const page = (await as('user')('GET', `${apiPaths.tirePurchaseAddOns}?$top=3&$orderby=priceInCents desc`)).json();
    expect(page.items).toHaveLength(3);
    expect(page.nextLink).toMatch(/\$skip=3/);
    const prices = page.items.map((a: { priceInCents: number }) => a.priceInCents);
    expect(prices).toEqual([...prices].sort((a, b) => b - a));
  });

  it('are no business of the bay', async () => {
    const id = (await as('user')('GET', apiPaths.tirePurchaseAddOns)).json().items[0].tirePurchaseAddOnId as string;
    for (const who of ['tech', 'lead']) {
      expect((await as(who)('GET', apiPaths.tirePurchaseAddOns)).statusCode).toBe(403);
      expect((await as(who)('GET', addOnAt(id))).statusCode).toBe(403);
    }
  });

  it("are added, changed and removed by an admin, each change reaching the store's feed", async () => {
    const since = await latestVersion();
    const body = newAddOn();
    const created = await as('admin')('POST', apiPaths.tirePurchaseAddOns, body);
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ ...body, isTaxable: true, chargedPer: 'PerTire', version: expect.any(Number), changedByName: 'Alex Admin' });
    expect((await as('user')('GET', addOnAt(body.tirePurchaseAddOnId))).json()).toMatchObject(body);

    const changed = await as('admin')('PATCH', addOnAt(body.tirePurchaseAddOnId), [...replace('priceInCents', 2999), ...replace('chargedPer', 'PerJob')]);
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ priceInCents: 2999, chargedPer: 'PerJob', name: 'Road force balance' });
    expect(changed.json().version).toBeGreaterThan(created.json().version);
    const fed = (await feedAfter(since)).filter((c) => c.collection === 'tirePurchaseAddOns' && c.key === body.tirePurchaseAddOnId);
    expect(fed.map((c) => [c.deleted, c.value.priceInCents])).toEqual([[false, 2999]]);

    expect((await as('admin')('DELETE', addOnAt(body.tirePurchaseAddOnId))).statusCode).toBe(204);
    expect((await as('admin')('DELETE', addOnAt(body.tirePurchaseAddOnId))).statusCode).toBe(204);
    expect((await as('user')('GET', addOnAt(body.tirePurchaseAddOnId))).statusCode).toBe(404);
    expect((await addOnRow(body.tirePurchaseAddOnId))!.deleted).toBe(true);
    const removed = (await feedAfter(since)).filter((c) => c.collection === 'tirePurchaseAddOns' && c.key === body.tirePurchaseAddOnId);
    expect(removed.map((c) => c.deleted)).toEqual([true]);
  });

  it('take the same change once however often it arrives with one Idempotency-Key', async () => {
    const body = newAddOn();
    await as('admin')('POST', apiPaths.tirePurchaseAddOns, body);
    const headers = { 'Idempotency-Key': `addon-${randomUUID()}` };
    const first = await as('admin')('PATCH', addOnAt(body.tirePurchaseAddOnId), replace('priceInCents', 1999), headers);
    const again = await as('admin')('PATCH', addOnAt(body.tirePurchaseAddOnId), replace('priceInCents', 1999), headers);
    expect(again.json()).toEqual(first.json());
    expect((await addOnRow(body.tirePurchaseAddOnId))!.version).toBe(first.json().version);
  });

  it('an empty patch changes nothing, not even the version', async () => {
    const body = newAddOn();
    const created = (await as('admin')('POST', apiPaths.tirePurchaseAddOns, body)).json();
    const answer = await as('admin')('PATCH', addOnAt(body.tirePurchaseAddOnId), []);
    expect(answer.statusCode).toBe(200);
    expect(answer.json().version).toBe(created.version);
    expect((await addOnRow(body.tirePurchaseAddOnId))!.version).toBe(created.version);
  });

  it.each([
    ['its id', replace('tirePurchaseAddOnId', randomUUID())],
    ['its store', [{ op: 'add', path: '/storeId', value: 102 }]],
    ['a negative price', replace('priceInCents', -1)],
    ['a price in fractions of a cent', replace('priceInCents', 12.5)],
    ['a price past what the column holds', replace('priceInCents', 3_000_000_000)],
    ['an unknown category', replace('category', 'Snacks')],
    ['an unknown basis', replace('chargedPer', 'PerWheel')],
    ['an empty name', replace('name', '   ')],
    ['a test that fails', [{ op: 'test', path: '/priceInCents', value: 1 }, ...replace('priceInCents', 5)]],
  ])('a patch of %s is refused and changes nothing', async (_what, patch) => {
    const body = newAddOn();
    await as('admin')('POST', apiPaths.tirePurchaseAddOns, body);
    const before = await addOnRow(body.tirePurchaseAddOnId);
    const answer = await as('admin')('PATCH', addOnAt(body.tirePurchaseAddOnId), patch);
    expect([400, 409], answer.body).toContain(answer.statusCode);
    expect(await addOnRow(body.tirePurchaseAddOnId)).toEqual(before);
  });

  it.each([
    ['a price below zero', { priceInCents: -5 }],
    ['a price in fractions of a cent', { priceInCents: 99.5 }],
    ['no name', { name: '' }],
    ['a field it does not have', { storeId: 102 }],
  ])('a new add-on with %s is a 400 and stores nothing', async (_what, more) => {
    const body = newAddOn(more);
    const answer = await as('admin')('POST', apiPaths.tirePurchaseAddOns, body);
    expect(answer.statusCode).toBe(400);
    expect(await addOnRow(body.tirePurchaseAddOnId)).toBeUndefined();
  });

  it.each(['user', 'tech', 'lead'])('%s gets 403 from every write, and nothing changes', async (who) => {
    const body = newAddOn();
    await as('admin')('POST', apiPaths.tirePurchaseAddOns, body);
    const before = await addOnRow(body.tirePurchaseAddOnId);
    const other = newAddOn();
    const answers = await Promise.all([
      as(who)('POST', apiPaths.tirePurchaseAddOns, other),
      as(who)('PATCH', addOnAt(body.tirePurchaseAddOnId), replace('priceInCents', 1)),
      as(who)('DELETE', addOnAt(body.tirePurchaseAddOnId)),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([403, 403, 403]);
    expect(await addOnRow(body.tirePurchaseAddOnId)).toEqual(before);
    expect(await addOnRow(other.tirePurchaseAddOnId)).toBeUndefined();
  });

  it('of another store or another company are not found, and are never changed', async () => {
    const at103 = await t.db.selectFrom('tirePurchaseAddOns').select('tirePurchaseAddOnId').where('storeId', '=', stores[103]!).executeTakeFirstOrThrow();
    for (const id of [at103.tirePurchaseAddOnId, rival.addOnId]) {
      const before = await addOnRow(id);
      expect((await as('admin')('GET', addOnAt(id))).statusCode).toBe(404);
      expect((await as('admin')('PATCH', addOnAt(id), replace('priceInCents', 1))).statusCode).toBe(404);
      expect((await as('admin')('DELETE', addOnAt(id))).statusCode).toBe(404);
      expect((await as('platform')('PATCH', addOnAt(id), replace('priceInCents', 1))).statusCode).toBe(404);
      expect(await addOnRow(id)).toEqual(before);
    }
    // Where the admin holds no role, the store is refused before anything is looked up.
    expect((await as('admin', 103)('GET', addOnAt(at103.tirePurchaseAddOnId))).statusCode).toBe(403);
    expect((await as('admin', 0)('GET', apiPaths.tirePurchaseAddOns)).statusCode).toBe(403);
    // And a rival's own list holds only its own.
    const theirs = (await as('rival', 0)('GET', apiPaths.tirePurchaseAddOns)).json().items.map((a: { tirePurchaseAddOnId: string }) => a.tirePurchaseAddOnId);
    expect(theirs).toEqual([rival.addOnId]);
  });
});

describe('store tire services and warranties', () => {
  it("are listed for the front counter: the store's one tire service and three warranties", async () => {
    const services = (await as('user')('GET', apiPaths.storeTireServices)).json();
    expect(services.items.map((s: { type: string }) => s.type)).toEqual(['TireStudding']);
    const warranties = (await as('user')('GET', `${apiPaths.storeTireWarranties}?$count=true`)).json();
    expect(warranties.items.map((w: { type: string }) => w.type)).toEqual(['PromisePlus', 'PromisePlusAllWheelDrive', 'PromisePlusNational']);
    expect(warranties.count).toBe(3);
    const page = (await as('user')('GET', `${apiPaths.storeTireWarranties}?$top=2`)).json();
    expect(page.items).toHaveLength(2);
    expect(page.nextLink).toMatch(/\$skip=2/);
    for (const who of ['tech', 'lead']) {
      expect((await as(who)('GET', apiPaths.storeTireServices)).statusCode).toBe(403);
      expect((await as(who)('GET', apiPaths.storeTireWarranties)).statusCode).toBe(403);
    }
  });

  it("a warranty is switched on and priced by a JSON patch document, with a new version in the store's feed", async () => {
    const warranty = await warrantyOf(101, 'PromisePlusNational');
    const since = await latestVersion();
    const answer = await as('admin')('PATCH', warrantyAt(warranty.storeTireWarrantyId), [...replace('isEnabled', true), ...replace('priceInCents', 3500)]);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ type: 'PromisePlusNational', isEnabled: true, priceInCents: 3500 });
    expect(answer.json().version).toBeGreaterThan(warranty.version);
    const fed = (await feedAfter(since)).filter((c) => c.collection === 'storeTireWarranties');
    expect(fed.map((c) => c.value)).toEqual([expect.objectContaining({ storeTireWarrantyId: warranty.storeTireWarrantyId, priceInCents: 3500 })]);
  });

  it('the tire service is priced the same way', async () => {
    const service = await t.db.selectFrom('storeTireServices').select('storeTireServiceId').where('storeId', '=', stores[101]!).executeTakeFirstOrThrow();
    const answer = await as('admin')('PATCH', serviceAt(service.storeTireServiceId), replace('priceInCents', 1750));
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ type: 'TireStudding', priceInCents: 1750 });
    expect((await as('admin')('PATCH', serviceAt(service.storeTireServiceId), replace('type', 'TireStudding'))).statusCode).toBe(400);
  });

  it('an empty patch changes nothing, not even the version', async () => {
    const warranty = await warrantyOf(101);
    const answer = await as('admin')('PATCH', warrantyAt(warranty.storeTireWarrantyId), []);
    expect(answer.statusCode).toBe(200);
    expect(answer.json().version).toBe(warranty.version);
    expect((await warrantyRow(warranty.storeTireWarrantyId)).version).toBe(warranty.version);
  });

  it.each([
    ['its type', replace('type', 'PromisePlusNational')],
    ['its id', replace('storeTireWarrantyId', randomUUID())],
    ['its store', [{ op: 'add', path: '/storeId', value: 102 }]],
    ['a negative price', replace('priceInCents', -100)],
    ['a price in fractions of a cent', replace('priceInCents', 10.01)],
    ['no patch at all', { priceInCents: 100 }],
  ])('a patch of %s is a 400 and changes nothing', async (_what, patch) => {
    const warranty = await warrantyOf(101);
    const before = await warrantyRow(warranty.storeTireWarrantyId);
    const answer = await as('admin')('PATCH', warrantyAt(warranty.storeTireWarrantyId), patch);
    expect(answer.statusCode, answer.body).toBe(400);
    expect(await warrantyRow(warranty.storeTireWarrantyId)).toEqual(before);
  });

  it.each([
    [
      'switched on with no price',
      'PromisePlusAllWheelDrive',
      { isEnabled: false, priceInCents: null },
      replace('isEnabled', true),
      'Promise Plus All-Wheel Drive',
    ],
    [
      'switched on and its price taken away at once',
      'PromisePlusAllWheelDrive',
      { isEnabled: false, priceInCents: 1500 },
      [...replace('isEnabled', true), ...replace('priceInCents', null)],
      'Promise Plus All-Wheel Drive',
    ],
    ['offered, its price taken away', 'PromisePlus', { isEnabled: true, priceInCents: 2000 }, replace('priceInCents', null), 'Promise Plus'],
  ] as const)('a warranty %s is refused with a problem detail that says so, and nothing is stored', async (_what, type, start, patch, label) => {
    const warranty = await warrantyOf(101, type);
    await t.db.updateTable('storeTireWarranties').set(start).where('storeTireWarrantyId', '=', warranty.storeTireWarrantyId).execute();
    const before = await warrantyRow(warranty.storeTireWarrantyId);
    const answer = await as('admin')('PATCH', warrantyAt(warranty.storeTireWarrantyId), patch);
    expect(answer.statusCode, answer.body).toBe(400);
    expect(answer.headers['content-type']).toContain('application/problem+json');
    expect(answer.json().errors).toEqual({ priceInCents: [`Enter a price per tire to offer ${label}, or switch it off`] });
    expect(await warrantyRow(warranty.storeTireWarrantyId)).toEqual(before);
  });

  it('studding switched on with no price is refused the same way', async () => {
    const service = await t.db.selectFrom('storeTireServices').selectAll().where('storeId', '=', stores[101]!).executeTakeFirstOrThrow();
    await t.db
      .updateTable('storeTireServices')
      .set({ isEnabled: false, priceInCents: null })
      .where('storeTireServiceId', '=', service.storeTireServiceId)
      .execute();
    const answer = await as('admin')('PATCH', serviceAt(service.storeTireServiceId), replace('isEnabled', true));
    expect(answer.statusCode).toBe(400);
    expect(answer.json().errors).toEqual({ priceInCents: ['Enter a price per tire to offer Tire Studding, or switch it off'] });
    // Switched off, it may have no price.
    expect((await as('admin')('PATCH', serviceAt(service.storeTireServiceId), replace('priceInCents', null))).statusCode).toBe(200);
  });

  it('are changed by admins only, at their own store of their own company', async () => {
    const warranty = await warrantyOf(101);
    const before = await warrantyRow(warranty.storeTireWarrantyId);
    for (const who of ['user', 'tech', 'lead'])
      expect((await as(who)('PATCH', warrantyAt(warranty.storeTireWarrantyId), replace('priceInCents', 1))).statusCode).toBe(403);
    const at103 = await warrantyOf(103);
    expect((await as('admin')('PATCH', warrantyAt(at103.storeTireWarrantyId), replace('priceInCents', 1))).statusCode).toBe(404);
    expect((await as('admin')('PATCH', warrantyAt(rival.warrantyId), replace('priceInCents', 1))).statusCode).toBe(404);
    expect((await as('rival', 0)('PATCH', warrantyAt(warranty.storeTireWarrantyId), replace('priceInCents', 1))).statusCode).toBe(404);
    expect(await warrantyRow(warranty.storeTireWarrantyId)).toEqual(before);
    expect((await warrantyRow(rival.warrantyId)).priceInCents).toBe(1000);
    expect((await warrantyRow(at103.storeTireWarrantyId)).priceInCents).toBe(at103.priceInCents);
    // PointSAdmin manages every store.
    const byPlatform = await as('platform', 103)('PATCH', warrantyAt(at103.storeTireWarrantyId), replace('priceInCents', 2200));
    expect(byPlatform.statusCode).toBe(200);
    expect((await warrantyRow(at103.storeTireWarrantyId)).priceInCents).toBe(2200);
  });
});

describe('a retail write on a running server', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startLocalServer();
  });
  afterAll(async () => {
    await server.close();
  });

  it("tells the store's devices to pull, with ReplicaChanged naming the collection and the row", async () => {
    const admin = await mintAccessToken(server.database.db, 'admin@demo.test', server.publicUrl);
    const counter = await mintAccessToken(server.database.db, 'user@demo.test', server.publicUrl);
    const store = (await demoStoreIds(server.database.db))[101]!;
    const addOn = await server.database.db
      .selectFrom('tirePurchaseAddOns')
      .select('tirePurchaseAddOnId')
      .where('storeId', '=', store)
      .executeTakeFirstOrThrow();
    const device = await RawHubSocket.connect(server.url, counter);
    try {
      await device.invoke('joinAlltracStore', store);
      const response = await fetch(`${server.url}${addOnAt(addOn.tirePurchaseAddOnId)}?api-version=1.0`, {
        method: 'PATCH',
        headers: { authorization: `Bearer ${admin}`, ActiveStoreLocation: String(store), 'content-type': 'application/json' },
        body: JSON.stringify(replace('priceInCents', 1234)),
      });
      expect(response.status).toBe(200);
      await expect.poll(() => device.events('ReplicaChanged')).toEqual([['tirePurchaseAddOns', addOn.tirePurchaseAddOnId]]);
    } finally {
      device.close();
    }
  });
});
