import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '../../src/contract/routes.ts';
import type { SyncChange } from '../../src/contract/sync-messages.ts';
import type { TireQuoteChoice } from '../../src/contract/tire-pricing.ts';
import { newHashId } from '../../src/domain/app/hash-id.ts';
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
/** The demo company's own catalogue for these tests (cost plus 35%), and another company's: one offered to all, one its own. */
const own = randomUUID();
const rival = { token: '', storeId: 0, offered: randomUUID(), private: randomUUID() };
/** Tires of 225/65R17 with a cost, by SKU: the tests' tires. */
let tires: { tireId: string; priceInCents: number; costInCents: number; description: string }[] = [];

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
const as =
  (who: string, storeNumber = 101) =>
  (method: Method, path: string, body?: unknown, headers?: Record<string, string>) =>
    apiCall(t.app, { method, path, token: tokens[who]!, store: storeNumber === 0 ? rival.storeId : stores[storeNumber]!, body, headers });
const replace = (field: string, value: unknown) => [{ op: 'replace', path: `/${field}`, value }];
const ruleAt = (catalogId: string) => apiPaths.retailPriceCatalogRule.replace(':retailPriceCatalogId', catalogId);
const pricesAt = (catalogId: string) => apiPaths.retailPriceCatalogPrices.replace(':retailPriceCatalogId', catalogId);
const priceAt = (catalogId: string, tireId: string) => apiPaths.retailPriceCatalogPrice.replace(':retailPriceCatalogId', catalogId).replace(':tireId', tireId);
const key = () => ({ 'Idempotency-Key': `rule-${randomUUID()}` });
const catalogRow = (id: string) => t.db.selectFrom('retailPriceCatalogs').selectAll().where('retailPriceCatalogId', '=', id).executeTakeFirstOrThrow();
const priceRow = (catalogId: string, tireId: string) =>
  t.db.selectFrom('retailPriceCatalogPrices').selectAll().where('retailPriceCatalogId', '=', catalogId).where('tireId', '=', tireId).executeTakeFirst();

async function feedAfter(since: number, who = 'user', storeNumber = 101): Promise<SyncChange[]> {
  const changes: SyncChange[] = [];
  for (let cursor = since; ; ) {
    const page = (await as(who, storeNumber)('GET', `${apiPaths.syncChanges}?since=${cursor}&limit=5000`)).json();
    changes.push(...page.changes);
    if (!page.hasMore) return changes;
    cursor = page.cursor;
  }
}
const latestVersion = async () => (await versionFloor(t.db)) - 1;

beforeAll(async () => {
  t = await createTestApp();
  stores = await demoStoreIds(t.db);
  for (const who of ['platform', 'admin', 'user', 'tech', 'lead']) tokens[who] = await accessTokenFor(t.app, `${who}@demo.test`);
  const demo = await t.db.selectFrom('storeLocations').select('companyId').where('id', '=', stores[101]!).executeTakeFirstOrThrow();
  tires = (
    await t.db
      .selectFrom('tires')
      .select(['tireId', 'priceInCents', 'costInCents', 'sku'])
      .where('sizeKey', '=', '225/65R17')
      .where('costInCents', 'is not', null)
      .orderBy('sku', 'desc')
      .limit(4)
      .execute()
  ).map((r) => ({ tireId: r.tireId, priceInCents: r.priceInCents!, costInCents: r.costInCents!, description: `Tire ${r.sku}` }));

  const company = await t.db.insertInto('companies').values({ alltracCompanyId: 2929, name: 'Rival Tires' }).returning('id').executeTakeFirstOrThrow();
  const template = await t.db.selectFrom('storeLocations').selectAll().where('id', '=', stores[101]!).executeTakeFirstOrThrow();
  const { id: _id, storeId: _storeId, hasServiceKey: _has, contactFormId: _form, ...fields } = template as typeof template & { hasServiceKey: boolean };
  await t.db.transaction().execute(async (trx) => {
    const store = await trx
      .insertInto('storeLocations')
      .values({
        ...fields,
        companyId: company.id,
        alltracCompanyId: 2929,
        storeNumber: 903,
        name: 'Rival Tires Main',
        serviceKey: null,
        twilioPhoneNumber: null,
        version: await takeVersions(trx),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    rival.storeId = store.id;
    const catalog = (retailPriceCatalogId: string, companyId: number, name: string, isSubscribable: boolean, marginInBasisPoints: number | null) => ({
      retailPriceCatalogId,
      companyId,
      storeId: null,
      name,
      description: null,
      isSubscribable,
      marginInBasisPoints,
      priceEndingInCents: null,
    });
    const version = await takeVersions(trx, 3);
    await trx
      .insertInto('retailPriceCatalogs')
      .values([
        { ...catalog(own, demo.companyId, 'Test cost plus', false, 3500), version },
        { ...catalog(rival.offered, company.id, 'Rival national prices', true, 4000), version: version + 1 },
        { ...catalog(rival.private, company.id, 'Rival own prices', false, 1000), version: version + 2 },
      ])
      .execute();
    await trx
      .insertInto('retailPriceCatalogPrices')
      .values({
        retailPriceCatalogId: rival.offered,
        tireId: tires[0]!.tireId,
        priceInCents: 5_000,
        companyId: company.id,
        storeId: null,
        version: await takeVersions(trx),
      })
      .execute();
  });
  rival.token = await rivalAdminToken(t.app, t.db, company.id, rival.storeId);
  tokens.rival = rival.token;
});
afterAll(async () => {
  await t.close();
});

describe("a catalogue's margin over cost", () => {
  it("is changed by an admin with a JSON patch: a new version, in every store's feed of the company", async () => {
    const since = await latestVersion();
    const answer = await as('admin')('PATCH', ruleAt(own), [...replace('marginInBasisPoints', 4250), ...replace('priceEndingInCents', 99)]);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({ retailPriceCatalogId: own, marginInBasisPoints: 4250, priceEndingInCents: 99, changedByName: 'Alex Admin' });
    for (const storeNumber of [101, 102]) {
      const fed = (await feedAfter(since, storeNumber === 101 ? 'user' : 'admin', storeNumber)).filter(
        (c) => c.collection === 'retailPriceCatalogs' && c.key === own,
      );
      expect(fed.map((c) => [c.value.marginInBasisPoints, c.value.priceEndingInCents])).toEqual([[4250, 99]]);
    }
    expect((await as('admin')('PATCH', ruleAt(own), [...replace('marginInBasisPoints', 3500), ...replace('priceEndingInCents', null)])).statusCode).toBe(200);
  });

  it('an empty patch changes nothing, not even the version', async () => {
    const before = await catalogRow(own);
    const answer = await as('admin')('PATCH', ruleAt(own), []);
    expect(answer.statusCode).toBe(200);
    expect(answer.json().version).toBe(Number(before.version));
    expect(await catalogRow(own)).toEqual(before);
  });

  it.each([
    ['its id', replace('retailPriceCatalogId', randomUUID())],
    ['its name', replace('name', 'Cheaper')],
    ['whether it is offered', replace('isSubscribable', true)],
    ['its company', [{ op: 'add', path: '/companyId', value: 1 }]],
    ['a negative margin', replace('marginInBasisPoints', -100)],
    ['a margin over 500%', replace('marginInBasisPoints', 50_001)],
    ["a margin in a percent's fraction", replace('marginInBasisPoints', 35.5)],
    ['a margin as text', replace('marginInBasisPoints', '35%')],
    ['an ending of 100 cents', replace('priceEndingInCents', 100)],
    ['a good margin beside a bad ending', [...replace('marginInBasisPoints', 2000), ...replace('priceEndingInCents', -1)]],
    ['not a patch at all', { marginInBasisPoints: 2000 }],
  ])('a patch of %s is a 400 and changes nothing', async (_what, patch) => {
    const before = await catalogRow(own);
    const answer = await as('admin')('PATCH', ruleAt(own), patch);
    expect(answer.statusCode, answer.body).toBe(400);
    expect(answer.headers['content-type']).toMatch(/problem\+json/);
    expect(await catalogRow(own)).toEqual(before);
  });

  it('takes the same change once however often it arrives with one Idempotency-Key', async () => {
    const headers = key();
    const first = await as('admin')('PATCH', ruleAt(own), replace('marginInBasisPoints', 3600), headers);
    const again = await as('admin')('PATCH', ruleAt(own), replace('marginInBasisPoints', 3600), headers);
    expect([first.statusCode, again.statusCode]).toEqual([200, 200]);
    expect(again.json()).toEqual(first.json());
    expect(Number((await catalogRow(own)).version)).toBe(first.json().version);
    expect((await as('admin')('PATCH', ruleAt(own), replace('marginInBasisPoints', 3500))).statusCode).toBe(200);
  });
});

describe("a catalogue's fixed prices", () => {
  it('are set, replaced and removed by an admin, each in the feed, and come back after a removal', async () => {
    const tire = tires[1]!;
    const since = await latestVersion();
    const set = await as('admin')('PUT', priceAt(own, tire.tireId), { priceInCents: 12_345 });
    expect(set.statusCode, set.body).toBe(201);
    expect(set.json()).toMatchObject({ retailPriceCatalogId: own, tireId: tire.tireId, priceInCents: 12_345, version: expect.any(Number) });
    const same = await as('admin')('PUT', priceAt(own, tire.tireId), { priceInCents: 12_345 });
    expect([same.statusCode, same.json().version]).toEqual([200, set.json().version]);
    const replaced = await as('admin')('PUT', priceAt(own, tire.tireId), { priceInCents: 11_111 });
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json().version).toBeGreaterThan(set.json().version);
    const list = await as('user')('GET', `${pricesAt(own)}?$count=true`);
    expect(list.json()).toMatchObject({ count: 1, items: [{ tireId: tire.tireId, priceInCents: 11_111 }] });

    expect((await as('admin')('DELETE', priceAt(own, tire.tireId))).statusCode).toBe(204);
    expect((await as('admin')('DELETE', priceAt(own, tire.tireId))).statusCode).toBe(204);
    expect((await as('user')('GET', `${pricesAt(own)}?$count=true`)).json().count).toBe(0);
    const fed = (await feedAfter(since, 'admin', 102)).filter((c) => c.collection === 'retailPriceCatalogPrices');
    expect(fed.map((c) => [c.key, c.deleted])).toEqual([[`${own}/${tire.tireId}`, true]]);

    const back = await as('admin')('PUT', priceAt(own, tire.tireId), { priceInCents: 9_999 });
    expect([back.statusCode, back.json().priceInCents]).toEqual([201, 9_999]);
    expect(await priceRow(own, tire.tireId)).toMatchObject({ deleted: false, priceInCents: 9_999 });
    expect((await as('admin')('DELETE', priceAt(own, tire.tireId))).statusCode).toBe(204);
  });

  it.each([
    ['a negative price', { priceInCents: -1 }],
    ['a price of a million dollars', { priceInCents: 100_000_000 }],
    ['a price in dollars', { priceInCents: 99.99 }],
    ['a price as text', { priceInCents: '$99' }],
    ['no price', {}],
    ['a field it does not take', { priceInCents: 5000, storeId: 2 }],
  ])('refuse %s with a 400 and store nothing', async (_what, body) => {
    const answer = await as('admin')('PUT', priceAt(own, tires[2]!.tireId), body);
    expect(answer.statusCode, answer.body).toBe(400);
    expect(await priceRow(own, tires[2]!.tireId)).toBeUndefined();
  });

  it('refuse a tire the catalogue does not have, and say a tire never priced is not found', async () => {
    const unknown = await as('admin')('PUT', priceAt(own, randomUUID()), { priceInCents: 5000 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().detail).toMatch(/no such tire/);
    expect((await as('admin')('DELETE', priceAt(own, tires[3]!.tireId))).statusCode).toBe(404);
    expect((await as('admin')('PUT', priceAt(own, 'not-a-tire'), { priceInCents: 5000 })).statusCode).toBe(400);
  });

  it('take the same PUT and DELETE once however often they arrive with one Idempotency-Key', async () => {
    const tire = tires[2]!;
    const headers = key();
    const first = await as('admin')('PUT', priceAt(own, tire.tireId), { priceInCents: 8_000 }, headers);
    const again = await as('admin')('PUT', priceAt(own, tire.tireId), { priceInCents: 8_000 }, headers);
    expect([first.statusCode, again.statusCode]).toEqual([201, 201]);
    expect(again.json()).toEqual(first.json());
    expect((await as('admin')('PUT', priceAt(own, tire.tireId), { priceInCents: 8_100 }, headers)).statusCode).toBe(422);
    const removeKey = key();
    expect((await as('admin')('DELETE', priceAt(own, tire.tireId), undefined, removeKey)).statusCode).toBe(204);
    expect((await as('admin')('DELETE', priceAt(own, tire.tireId), undefined, removeKey)).statusCode).toBe(204);
    expect(await priceRow(own, tire.tireId)).toMatchObject({ deleted: true, priceInCents: 8_000 });
  });
});

describe("who may change a catalogue's rule", () => {
  it.each(['user', 'tech', 'lead'])('%s gets 403 from every write, and nothing changes', async (who) => {
    const before = await catalogRow(own);
    const answers = await Promise.all([
      as(who)('PATCH', ruleAt(own), replace('marginInBasisPoints', 1)),
      as(who)('PUT', priceAt(own, tires[3]!.tireId), { priceInCents: 1 }),
      as(who)('DELETE', priceAt(own, tires[3]!.tireId)),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([403, 403, 403]);
    expect(await catalogRow(own)).toEqual(before);
    expect(await priceRow(own, tires[3]!.tireId)).toBeUndefined();
  });

  it.each(['tech', 'lead'])('the bay reads no fixed price and no cost: %s gets 403 from the list, none in its feed, tires without cost', async (who) => {
    const since = await latestVersion();
    expect((await as('admin')('PUT', priceAt(own, tires[3]!.tireId), { priceInCents: 7_777 })).statusCode).toBe(201);
    expect((await as(who)('GET', pricesAt(own))).statusCode).toBe(403);
    expect((await feedAfter(since, who)).some((c) => c.collection === 'retailPriceCatalogPrices')).toBe(false);
    expect((await feedAfter(since, 'user')).some((c) => c.collection === 'retailPriceCatalogPrices')).toBe(true);
    const seen = await as(who)('GET', `${apiPaths.tires}?search=${encodeURIComponent('"225/65R17"')}&$top=5`);
    expect(seen.json().items.every((tire: { costInCents: unknown; priceInCents: unknown }) => tire.costInCents === null && tire.priceInCents === null)).toBe(
      true,
    );
    expect((await as(who)('GET', `${apiPaths.tires}?$orderby=${encodeURIComponent('costInCents desc')}`)).statusCode).toBe(400);
    const counter = await as('user')('GET', `${apiPaths.tires}?search=${encodeURIComponent('"225/65R17"')}&$top=5`);
    expect(counter.json().items.some((tire: { costInCents: unknown }) => Number.isInteger(tire.costInCents))).toBe(true);
    expect((await as('admin')('DELETE', priceAt(own, tires[3]!.tireId))).statusCode).toBe(204);
  });

  it('a catalogue another company offers is read-only: 403 saying whose it is, and nothing changes', async () => {
    const before = await catalogRow(rival.offered);
    const answers = await Promise.all([
      as('admin')('PATCH', ruleAt(rival.offered), replace('marginInBasisPoints', 0)),
      as('admin')('PUT', priceAt(rival.offered, tires[1]!.tireId), { priceInCents: 1 }),
      as('admin')('DELETE', priceAt(rival.offered, tires[0]!.tireId)),
      as('platform')('PATCH', ruleAt(rival.offered), replace('marginInBasisPoints', 0)),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([403, 403, 403, 403]);
    expect(answers[0]!.json().detail).toMatch(/offered by another company/);
    expect(await catalogRow(rival.offered)).toEqual(before);
    expect(await priceRow(rival.offered, tires[0]!.tireId)).toMatchObject({ deleted: false, priceInCents: 5_000 });
    // Its fixed prices can be read by a store that may subscribe to it.
    expect((await as('user')('GET', pricesAt(rival.offered))).json().items).toEqual([
      expect.objectContaining({ tireId: tires[0]!.tireId, priceInCents: 5_000 }),
    ]);
  });

  it("another company's own catalogue is not found, and this company's own is not the rival's to change", async () => {
    for (const [who, storeNumber, id] of [
      ['admin', 101, rival.private],
      ['rival', 0, own],
    ] as const) {
      const before = await catalogRow(id);
      expect((await as(who, storeNumber)('PATCH', ruleAt(id), replace('marginInBasisPoints', 0))).statusCode).toBe(404);
      expect((await as(who, storeNumber)('PUT', priceAt(id, tires[1]!.tireId), { priceInCents: 1 })).statusCode).toBe(404);
      expect((await as(who, storeNumber)('GET', pricesAt(id))).statusCode).toBe(404);
      expect(await catalogRow(id)).toEqual(before);
    }
    // The demo's standard catalogue is offered to all: the rival reads it, and may not change it.
    const standard = await t.db
      .selectFrom('retailPriceCatalogs')
      .select('retailPriceCatalogId')
      .where('name', '=', 'Standard retail prices')
      .executeTakeFirstOrThrow();
    expect((await as('rival', 0)('PATCH', ruleAt(standard.retailPriceCatalogId), replace('marginInBasisPoints', 0))).statusCode).toBe(403);
    expect((await as('rival', 0)('GET', pricesAt(standard.retailPriceCatalogId))).json().items).toHaveLength(4);
  });
});

describe("a quote's tire prices follow the store's catalogue", () => {
  let owner: { customerId: string };
  const choice = (tires: TireQuoteChoice['tires']): TireQuoteChoice => ({
    name: 'Good',
    tires,
    services: [],
    installPackageId: null,
    addOnIds: [],
    tireServiceTypes: [],
    warrantyType: null,
  });
  const line = (tireId: string | null, unitPriceInCents: number) => ({
    tireId,
    description: 'A tire',
    quantity: 2,
    unitPriceInCents,
    isTaxable: true,
    isStuddable: false,
  });
  const quote = async (...tireLines: ReturnType<typeof line>[]) => {
    const answer = await as('admin', 102)('POST', apiPaths.tireQuotes, {
      tireQuoteId: randomUUID(),
      tireQuoteHashId: newHashId(),
      customerId: owner.customerId,
      vehicleId: null,
      createdOn: new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10),
      choices: [choice(tireLines)],
    });
    expect(answer.statusCode, answer.body).toBe(201);
    return answer.json() as { tireQuoteId: string; choices: TireQuoteChoice[]; options: { lines: { kind: string; unitInCents: number }[] }[] };
  };
  const units = (q: Awaited<ReturnType<typeof quote>>) => q.options[0]!.lines.filter((l) => l.kind === 'Tire').map((l) => l.unitInCents);
  const subscribe = async (catalogId: string | null) => {
    const answer = await as('admin', 102)('PATCH', apiPaths.retailStoreSettings, replace('retailPriceCatalogId', catalogId));
    expect(answer.statusCode, answer.body).toBe(200);
  };

  beforeAll(async () => {
    owner = { customerId: randomUUID() };
    const made = await as('admin', 102)('POST', apiPaths.customers, {
      customerId: owner.customerId,
      firstName: 'Priya',
      lastName: 'Price',
      companyName: null,
      email: null,
      phoneNumber: '555.010.3030',
      preferredContactMethod: 'Phone',
      addressLine1: null,
      city: null,
      state: null,
      postalCode: null,
      notes: null,
    });
    expect(made.statusCode, made.body).toBe(201);
  });

  it("cost plus the margin, rounded half up to the cent; a fixed price wins over it; a device's price is never taken", async () => {
    await subscribe(own);
    expect((await as('admin')('PUT', priceAt(own, tires[1]!.tireId), { priceInCents: 10_101 })).statusCode).toBe(201);
    const [a, b] = tires;
    const q = await quote(line(a!.tireId, 1), line(b!.tireId, 99_999), line(null, 7_000));
    const marked = Math.floor((a!.costInCents * 13_500 + 5_000) / 10_000);
    expect(units(q)).toEqual([marked, 10_101, 7_000]);
    // What is stored is what was priced: the choices carry the rule's prices, not the device's.
    expect(q.choices[0]!.tires.map((t) => t.unitPriceInCents)).toEqual([marked, 10_101, 7_000]);
    expect((await as('admin')('DELETE', priceAt(own, tires[1]!.tireId))).statusCode).toBe(204);
  });

  it('a catalogue without a margin, or no catalogue: the list price', async () => {
    const listOnly = await t.db
      .selectFrom('retailPriceCatalogs')
      .select('retailPriceCatalogId')
      .where('name', '=', 'Standard retail prices')
      .executeTakeFirstOrThrow();
    const promoted = new Set(
      (await t.db.selectFrom('retailPriceCatalogPrices').select('tireId').where('retailPriceCatalogId', '=', listOnly.retailPriceCatalogId).execute()).map(
        (p) => p.tireId,
      ),
    );
    const plain = tires.find((x) => !promoted.has(x.tireId))!;
    await subscribe(listOnly.retailPriceCatalogId);
    expect(units(await quote(line(plain.tireId, 1)))).toEqual([plain.priceInCents]);
    await subscribe(null);
    expect(units(await quote(line(tires[0]!.tireId, 1)))).toEqual([tires[0]!.priceInCents]);
  });

  it('a catalogue another company offers prices by its rule too (its fixed price, its margin)', async () => {
    await subscribe(rival.offered);
    const q = await quote(line(tires[0]!.tireId, 1), line(tires[1]!.tireId, 1));
    expect(units(q)).toEqual([5_000, Math.floor((tires[1]!.costInCents * 14_000 + 5_000) / 10_000)]);
  });

  it('a change of the quote is priced by the rule of now, and a tire the catalogue never had is a 400 naming it', async () => {
    await subscribe(own);
    const q = await quote(line(tires[2]!.tireId, 1));
    expect((await as('admin')('PATCH', ruleAt(own), replace('marginInBasisPoints', 5000))).statusCode).toBe(200);
    const changed = await as('admin', 102)('PATCH', apiPaths.tireQuote.replace(':tireQuoteId', q.tireQuoteId), [
      { op: 'replace', path: '/choices/0/tires/0/quantity', value: 4 },
    ]);
    expect(changed.statusCode, changed.body).toBe(200);
    expect(units(changed.json())).toEqual([Math.floor((tires[2]!.costInCents * 15_000 + 5_000) / 10_000)]);
    expect((await as('admin')('PATCH', ruleAt(own), replace('marginInBasisPoints', 3500))).statusCode).toBe(200);

    const unknown = await as('admin', 102)('POST', apiPaths.tireQuotes, {
      tireQuoteId: randomUUID(),
      tireQuoteHashId: newHashId(),
      customerId: owner.customerId,
      vehicleId: null,
      createdOn: new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10),
      choices: [choice([line(randomUUID(), 5_000)])],
    });
    expect(unknown.statusCode).toBe(400);
    expect(Object.keys(unknown.json().errors)).toEqual(['choices.0.tires.0.tireId']);
  });
});

describe('catalogue rules written on a running server', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startLocalServer();
  });
  afterAll(async () => {
    await server.close();
  });

  it("tell the company's devices to pull, with ReplicaChanged naming the collection and the row", async () => {
    const admin = await mintAccessToken(server.database.db, 'admin@demo.test', server.publicUrl);
    const counter = await mintAccessToken(server.database.db, 'user@demo.test', server.publicUrl);
    const store = (await demoStoreIds(server.database.db))[101]!;
    const catalog = await server.database.db
      .selectFrom('retailPriceCatalogs')
      .select('retailPriceCatalogId')
      .where('name', '=', 'Fleet prices')
      .executeTakeFirstOrThrow();
    const device = await RawHubSocket.connect(server.url, counter);
    try {
      await device.invoke('joinAlltracStore', store);
      const response = await fetch(`${server.url}${ruleAt(catalog.retailPriceCatalogId)}?api-version=1.0`, {
        method: 'PATCH',
        headers: { authorization: `Bearer ${admin}`, ActiveStoreLocation: String(store), 'content-type': 'application/json' },
        body: JSON.stringify(replace('marginInBasisPoints', 2600)),
      });
      expect(response.status).toBe(200);
      await expect.poll(() => device.events('ReplicaChanged')).toEqual([['retailPriceCatalogs', catalog.retailPriceCatalogId]]);
    } finally {
      device.close();
    }
  });
});
