import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
/** Another company, with a store, an admin, an add-on, a package and a fee of its own. */
const rival = { token: '', storeId: 0, addOnId: randomUUID(), packageId: randomUUID(), feeId: randomUUID() };
/** Store #101's add-ons by category, as the demo made them. */
const addOnIds: Record<string, string> = {};

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const as =
  (who: string, storeNumber = 101) =>
  (method: Method, path: string, body?: unknown, headers?: Record<string, string>) =>
    apiCall(t.app, { method, path, token: tokens[who]!, store: storeNumber === 0 ? rival.storeId : stores[storeNumber]!, body, headers });
const replace = (field: string, value: unknown) => [{ op: 'replace', path: `/${field}`, value }];
const packageAt = (id: string) => apiPaths.tireInstallPackage.replace(':tireInstallPackageId', id);
const feeAt = (id: string) => apiPaths.tireFee.replace(':tireFeeId', id);
const key = () => ({ 'Idempotency-Key': `retail-${randomUUID()}` });

const packageRow = (id: string) => t.db.selectFrom('tireInstallPackages').selectAll().where('tireInstallPackageId', '=', id).executeTakeFirst();
const feeRow = (id: string) => t.db.selectFrom('tireFees').selectAll().where('tireFeeId', '=', id).executeTakeFirst();
const liveFees = (storeNumber: number, name: string) =>
  t.db
    .selectFrom('tireFees')
    .select(['tireFeeId', 'amountInCents', 'effectiveFrom', 'effectiveThrough'])
    .where('storeId', '=', stores[storeNumber]!)
    .where('name', '=', name)
    .where('deleted', '=', false)
    .orderBy('effectiveFrom')
    .execute();
const packageOf = async (storeNumber: number, type: string) =>
  await t.db
    .selectFrom('tireInstallPackages')
    .selectAll()
    .where('storeId', '=', stores[storeNumber]!)
    .where('type', '=', type as never)
    .where('deleted', '=', false)
    .executeTakeFirstOrThrow();

/** The store's change feed after `since`, as the counter's device pulls it. */
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

/** A package of store #102, which has no Winter package once the test that needs one removed it. */
async function freshWinterPackage(more: Record<string, unknown> = {}) {
  const winter = await t.db
    .selectFrom('tireInstallPackages')
    .select('tireInstallPackageId')
    .where('storeId', '=', stores[102]!)
    .where('type', '=', 'Winter')
    .where('deleted', '=', false)
    .executeTakeFirst();
  if (winter) expect((await as('admin', 102)('DELETE', packageAt(winter.tireInstallPackageId))).statusCode).toBe(204);
  const body = { tireInstallPackageId: randomUUID(), type: 'Winter', pricingType: 'TotalPricing', priceInCents: 2999, ...more };
  const created = await as('admin', 102)('POST', apiPaths.tireInstallPackages, body);
  expect(created.statusCode, created.body).toBe(201);
  return created.json();
}

/** A fee of its own name at store #101, so each test's rows meet no other test's. */
async function freshFee(more: Record<string, unknown> = {}) {
  const body = { tireFeeId: randomUUID(), name: `Fee ${randomUUID().slice(0, 8)}`, amountInCents: 150, effectiveFrom: '2025-01-01', ...more };
  const created = await as('admin')('POST', apiPaths.tireFees, body);
  expect(created.statusCode, created.body).toBe(201);
  return created.json();
}

beforeAll(async () => {
  t = await createTestApp();
  stores = await demoStoreIds(t.db);
  for (const who of ['platform', 'admin', 'user', 'tech', 'lead']) tokens[who] = await accessTokenFor(t.app, `${who}@demo.test`);
  for (const a of await t.db.selectFrom('tirePurchaseAddOns').select(['tirePurchaseAddOnId', 'category']).where('storeId', '=', stores[101]!).execute())
    addOnIds[a.category] = a.tirePurchaseAddOnId;

  const company = await t.db.insertInto('companies').values({ alltracCompanyId: 2828, name: 'Rival Tires' }).returning('id').executeTakeFirstOrThrow();
  const template = await t.db.selectFrom('storeLocations').selectAll().where('id', '=', stores[101]!).executeTakeFirstOrThrow();
  const { id: _id, storeId: _storeId, hasServiceKey: _has, contactFormId: _form, ...fields } = template as typeof template & { hasServiceKey: boolean };
  await t.db.transaction().execute(async (trx) => {
    const store = await trx
      .insertInto('storeLocations')
      .values({
        ...fields,
        companyId: company.id,
        alltracCompanyId: 2828,
        storeNumber: 902,
        name: 'Rival Tires Main',
        serviceKey: null,
        twilioPhoneNumber: null,
        version: await takeVersions(trx),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    rival.storeId = store.id;
    const rows = { companyId: company.id, storeId: store.id, version: await takeVersions(trx) };
    await trx
      .insertInto('tirePurchaseAddOns')
      .values({
        ...rows,
        tirePurchaseAddOnId: rival.addOnId,
        category: 'Mounting',
        name: 'Rival mounting',
        priceInCents: 999,
        isTaxable: true,
        chargedPer: 'PerTire',
      })
      .execute();
    await trx
      .insertInto('tireInstallPackages')
      .values({
        ...rows,
        tireInstallPackageId: rival.packageId,
        type: 'Passenger',
        pricingType: 'TotalPricing',
        priceInCents: 1000,
        isTaxable: true,
        addOnIds: JSON.stringify([rival.addOnId]) as never,
      })
      .execute();
    await trx
      .insertInto('tireFees')
      .values({
        ...rows,
        tireFeeId: rival.feeId,
        name: 'State tire fee',
        amountInCents: 100,
        isTaxable: false,
        effectiveFrom: '2020-01-01',
        effectiveThrough: null,
      })
      .execute();
  });
  tokens.rival = await rivalAdminToken(t.app, t.db, company.id, rival.storeId);
});
afterAll(async () => {
  await t.close();
});

describe('install packages', () => {
  it("are listed for the front counter by type: the demo store's three, each bundling its add-ons", async () => {
    const answer = await as('user')('GET', `${apiPaths.tireInstallPackages}?$count=true`);
    expect(answer.statusCode).toBe(200);
    expect(answer.json().count).toBe(3);
    expect(answer.json().items).toEqual([
      expect.objectContaining({ type: 'LightTruck', pricingType: 'TotalPricing', priceInCents: 3999 }),
      expect.objectContaining({ type: 'Passenger', pricingType: 'ItemizedPricing', priceInCents: null }),
      expect.objectContaining({ type: 'Winter', pricingType: 'TotalPricing', priceInCents: 2999 }),
    ]);
    const [truck, passenger] = answer.json().items;
    expect(new Set(passenger.addOnIds)).toEqual(new Set([addOnIds.Mounting, addOnIds.Balancing, addOnIds.ValveStems_TPMSService]));
    expect(new Set(truck.addOnIds)).toEqual(new Set([addOnIds.Mounting, addOnIds.Balancing, addOnIds.ValveStems_TPMSService, addOnIds.TireDisposal]));
    expect((await as('user')('GET', packageAt(passenger.tireInstallPackageId))).json()).toMatchObject({ type: 'Passenger', version: expect.any(Number) });
  });

  it.each(['tech', 'lead'])('are no business of the bay: %s gets 403 from every call and none in its feed', async (who) => {
    const passenger = await packageOf(101, 'Passenger');
    const since = 0;
    const answers = await Promise.all([
      as(who)('GET', apiPaths.tireInstallPackages),
      as(who)('GET', packageAt(passenger.tireInstallPackageId)),
      as(who)('POST', apiPaths.tireInstallPackages, { tireInstallPackageId: randomUUID(), type: 'Winter', pricingType: 'ItemizedPricing' }),
      as(who)('PATCH', packageAt(passenger.tireInstallPackageId), replace('isTaxable', false)),
      as(who)('DELETE', packageAt(passenger.tireInstallPackageId)),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([403, 403, 403, 403, 403]);
    expect((await feedAfter(since, who)).some((c) => c.collection === 'tireInstallPackages' || c.collection === 'tireFees')).toBe(false);
    expect(await packageRow(passenger.tireInstallPackageId)).toEqual(passenger);
  });

  it("are added, changed and removed by an admin, each change in the store's feed", async () => {
    const since = await latestVersion();
    const created = await freshWinterPackage({ addOnIds: [] });
    const id = created.tireInstallPackageId as string;
    expect(created).toMatchObject({
      type: 'Winter',
      pricingType: 'TotalPricing',
      priceInCents: 2999,
      isTaxable: true,
      addOnIds: [],
      changedByName: 'Alex Admin',
    });

    const mounting = (
      await t.db
        .selectFrom('tirePurchaseAddOns')
        .select('tirePurchaseAddOnId')
        .where('storeId', '=', stores[102]!)
        .where('category', '=', 'Mounting')
        .executeTakeFirstOrThrow()
    ).tirePurchaseAddOnId;
    const changed = await as('admin', 102)('PATCH', packageAt(id), [
      ...replace('pricingType', 'ItemizedPricing'),
      ...replace('priceInCents', null),
      ...replace('addOnIds', [mounting, mounting]),
    ]);
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ pricingType: 'ItemizedPricing', priceInCents: null, addOnIds: [mounting] });
    expect(changed.json().version).toBeGreaterThan(created.version);
    const fed = (await feedAfter(since, 'admin', 102)).filter((c) => c.collection === 'tireInstallPackages' && c.key === id);
    expect(fed.map((c) => [c.deleted, c.value.pricingType, c.value.addOnIds])).toEqual([[false, 'ItemizedPricing', [mounting]]]);

    expect((await as('admin', 102)('DELETE', packageAt(id))).statusCode).toBe(204);
    expect((await as('admin', 102)('DELETE', packageAt(id))).statusCode).toBe(204);
    expect((await as('admin', 102)('GET', packageAt(id))).statusCode).toBe(404);
    expect((await feedAfter(since, 'admin', 102)).filter((c) => c.collection === 'tireInstallPackages' && c.key === id).map((c) => c.deleted)).toEqual([true]);
  });

  it('refuse a total price without a price per tire, and a second package of a type the store has, storing nothing', async () => {
    const noPrice = { tireInstallPackageId: randomUUID(), type: 'Winter', pricingType: 'TotalPricing' };
    const answer = await as('admin', 102)('POST', apiPaths.tireInstallPackages, noPrice);
    expect(answer.statusCode).toBe(400);
    expect(answer.json().errors.priceInCents).toEqual(['Give the package a price per tire, or itemize it']);
    const twin = { tireInstallPackageId: randomUUID(), type: 'Passenger', pricingType: 'ItemizedPricing' };
    const second = await as('admin')('POST', apiPaths.tireInstallPackages, twin);
    expect(second.statusCode).toBe(400);
    expect(second.json().detail).toBe('This store has a Passenger install package already: change that one.');
    expect(await packageRow(noPrice.tireInstallPackageId)).toBeUndefined();
    expect(await packageRow(twin.tireInstallPackageId)).toBeUndefined();
  });

  it('refuse an add-on of another store or company, or none at all, naming it, and store nothing', async () => {
    const at103 = (await t.db.selectFrom('tirePurchaseAddOns').select('tirePurchaseAddOnId').where('storeId', '=', stores[103]!).executeTakeFirstOrThrow())
      .tirePurchaseAddOnId;
    for (const foreign of [at103, rival.addOnId, randomUUID()]) {
      const body = { tireInstallPackageId: randomUUID(), type: 'Winter', pricingType: 'ItemizedPricing', addOnIds: [addOnIds.Mounting, foreign] };
      const answer = await as('admin')('POST', apiPaths.tireInstallPackages, body);
      expect(answer.statusCode).toBe(400);
      expect(answer.json().errors.addOnIds).toEqual([`The add-on ${foreign} is not one of this store's tire purchase add-ons: bundle the store's own`]);
      expect(await packageRow(body.tireInstallPackageId)).toBeUndefined();
    }
  });

  it('an empty patch changes nothing, not even the version', async () => {
    const passenger = await packageOf(101, 'Passenger');
    const answer = await as('admin')('PATCH', packageAt(passenger.tireInstallPackageId), []);
    expect(answer.statusCode).toBe(200);
    expect(answer.json().version).toBe(passenger.version);
    expect(await packageRow(passenger.tireInstallPackageId)).toEqual(passenger);
  });

  it.each([
    ['its id', replace('tireInstallPackageId', randomUUID())],
    ['its store', [{ op: 'add', path: '/storeId', value: 102 }]],
    ['its version', replace('version', 1)],
    ['an unknown type', replace('type', 'Tractor')],
    ['a type the store has a package of', replace('type', 'Winter')],
    ['a total price of nothing', [...replace('pricingType', 'TotalPricing'), ...replace('priceInCents', null)]],
    ['a negative price', replace('priceInCents', -1)],
    ['an add-on of another company', replace('addOnIds', [rival.addOnId])],
    ['an id that is no add-on', [{ op: 'add', path: '/addOnIds/-', value: 'not-a-uuid' }]],
    ['a test that fails', [{ op: 'test', path: '/isTaxable', value: 'maybe' }, ...replace('isTaxable', false)]],
  ])('a patch of %s is refused and changes nothing', async (_what, patch) => {
    const passenger = await packageOf(101, 'Passenger');
    const answer = await as('admin')('PATCH', packageAt(passenger.tireInstallPackageId), patch);
    expect([400, 409], answer.body).toContain(answer.statusCode);
    expect(await packageRow(passenger.tireInstallPackageId)).toEqual(passenger);
  });

  it('take the same create and the same change once however often they arrive with one Idempotency-Key', async () => {
    const winter = await t.db
      .selectFrom('tireInstallPackages')
      .select('tireInstallPackageId')
      .where('storeId', '=', stores[102]!)
      .where('type', '=', 'Winter')
      .where('deleted', '=', false)
      .executeTakeFirst();
    if (winter) await as('admin', 102)('DELETE', packageAt(winter.tireInstallPackageId));
    const body = { tireInstallPackageId: randomUUID(), type: 'Winter', pricingType: 'TotalPricing', priceInCents: 2500 };
    const headers = key();
    const first = await as('admin', 102)('POST', apiPaths.tireInstallPackages, body, headers);
    const again = await as('admin', 102)('POST', apiPaths.tireInstallPackages, body, headers);
    expect([first.statusCode, again.statusCode]).toEqual([201, 201]);
    expect(again.json()).toEqual(first.json());
    const patchHeaders = key();
    const changed = await as('admin', 102)('PATCH', packageAt(body.tireInstallPackageId), replace('priceInCents', 2700), patchHeaders);
    const replayed = await as('admin', 102)('PATCH', packageAt(body.tireInstallPackageId), replace('priceInCents', 2700), patchHeaders);
    expect(replayed.json()).toEqual(changed.json());
    expect((await packageRow(body.tireInstallPackageId))!.version).toBe(changed.json().version);
  });

  it.each(['user', 'tech', 'lead'])('%s gets 403 from every write, and nothing changes', async (who) => {
    const passenger = await packageOf(101, 'Passenger');
    const other = { tireInstallPackageId: randomUUID(), type: 'Winter', pricingType: 'ItemizedPricing' };
    const answers = await Promise.all([
      as(who)('POST', apiPaths.tireInstallPackages, other),
      as(who)('PATCH', packageAt(passenger.tireInstallPackageId), replace('isTaxable', false)),
      as(who)('DELETE', packageAt(passenger.tireInstallPackageId)),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([403, 403, 403]);
    expect(await packageRow(passenger.tireInstallPackageId)).toEqual(passenger);
    expect(await packageRow(other.tireInstallPackageId)).toBeUndefined();
  });

  it('of another store or another company are not found, and are never changed', async () => {
    const at103 = await packageOf(103, 'Passenger');
    for (const id of [at103.tireInstallPackageId, rival.packageId]) {
      const before = await packageRow(id);
      expect((await as('admin')('GET', packageAt(id))).statusCode).toBe(404);
      expect((await as('admin')('PATCH', packageAt(id), replace('isTaxable', false))).statusCode).toBe(404);
      expect((await as('admin')('DELETE', packageAt(id))).statusCode).toBe(404);
      expect((await as('platform')('PATCH', packageAt(id), replace('isTaxable', false))).statusCode).toBe(404);
      expect(await packageRow(id)).toEqual(before);
    }
    expect((await as('admin', 103)('GET', apiPaths.tireInstallPackages)).statusCode).toBe(403);
    expect(
      (await as('rival', 0)('GET', apiPaths.tireInstallPackages)).json().items.map((p: { tireInstallPackageId: string }) => p.tireInstallPackageId),
    ).toEqual([rival.packageId]);
  });

  it('lose an add-on that is deleted: each package bundling it gets a new version without it', async () => {
    const since = await latestVersion();
    const disposal = { tirePurchaseAddOnId: randomUUID(), category: 'TireDisposal', name: 'Eco disposal', priceInCents: 400 };
    expect((await as('platform', 103)('POST', apiPaths.tirePurchaseAddOns, disposal)).statusCode).toBe(201);
    const truck = await packageOf(103, 'LightTruck');
    const bundled = await as('platform', 103)(
      'PATCH',
      packageAt(truck.tireInstallPackageId),
      replace('addOnIds', [...truck.addOnIds, disposal.tirePurchaseAddOnId]),
    );
    expect(bundled.statusCode, bundled.body).toBe(200);
    expect((await as('platform', 103)('DELETE', apiPaths.tirePurchaseAddOn.replace(':tirePurchaseAddOnId', disposal.tirePurchaseAddOnId))).statusCode).toBe(
      204,
    );
    const after = await packageOf(103, 'LightTruck');
    expect(after.addOnIds).toEqual(truck.addOnIds);
    expect(after.version).toBeGreaterThan(bundled.json().version);
    const fed = (await feedAfter(since, 'platform', 103)).filter((c) => c.collection === 'tireInstallPackages');
    expect(fed.map((c) => [c.key, c.value.addOnIds])).toEqual([[truck.tireInstallPackageId, truck.addOnIds]]);
  });
});

describe('state tire fees', () => {
  it('are listed for the front counter by name, then by the day each amount starts', async () => {
    const answer = await as('platform', 103)('GET', `${apiPaths.tireFees}?$count=true`);
    expect(answer.statusCode).toBe(200);
    expect(
      answer
        .json()
        .items.map((f: { name: string; amountInCents: number; effectiveFrom: string; effectiveThrough: string | null }) => [
          f.name,
          f.amountInCents,
          f.effectiveFrom,
          f.effectiveThrough,
        ]),
    ).toEqual([
      ['State tire fee', 175, '2024-01-01', '2026-12-31'],
      ['State tire fee', 200, '2027-01-01', null],
    ]);
    for (const who of ['tech', 'lead']) expect((await as(who)('GET', apiPaths.tireFees)).statusCode).toBe(403);
  });

  it('change rate from a date: the amount in force ends the day before, then the new one is added, each in the feed', async () => {
    const since = await latestVersion();
    const fee = await freshFee();
    const ended = await as('admin')('PATCH', feeAt(fee.tireFeeId), replace('effectiveThrough', '2027-06-30'));
    expect(ended.statusCode, ended.body).toBe(200);
    const next = { tireFeeId: randomUUID(), name: fee.name, amountInCents: 225, effectiveFrom: '2027-07-01' };
    const added = await as('admin')('POST', apiPaths.tireFees, next);
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toMatchObject({ ...next, isTaxable: false, effectiveThrough: null });
    expect(await liveFees(101, fee.name)).toEqual([
      { tireFeeId: fee.tireFeeId, amountInCents: 150, effectiveFrom: '2025-01-01', effectiveThrough: '2027-06-30' },
      { tireFeeId: next.tireFeeId, amountInCents: 225, effectiveFrom: '2027-07-01', effectiveThrough: null },
    ]);
    const fed = (await feedAfter(since)).filter((c) => c.collection === 'tireFees');
    expect(fed.map((c) => [c.key, c.value.effectiveThrough])).toEqual([
      [fee.tireFeeId, '2027-06-30'],
      [next.tireFeeId, null],
    ]);
  });

  it("refuse a new amount that overlaps one in force, naming both rows' dates and the day to end on, and store nothing", async () => {
    const fee = await freshFee();
    const early = { tireFeeId: randomUUID(), name: fee.name.toUpperCase(), amountInCents: 200, effectiveFrom: '2027-01-01' };
    const answer = await as('admin')('POST', apiPaths.tireFees, early);
    expect(answer.statusCode).toBe(400);
    expect(answer.json().detail).toBe(
      `The ${fee.name} has an amount from Jan 1, 2025 already, and this one from Jan 1, 2027 overlaps it: end that amount on Dec 31, 2026, the day before this one starts.`,
    );
    expect(answer.json().errors.effectiveFrom).toHaveLength(1);
    expect(await feeRow(early.tireFeeId)).toBeUndefined();

    const before = { tireFeeId: randomUUID(), name: fee.name, amountInCents: 100, effectiveFrom: '2024-01-01', effectiveThrough: '2025-03-31' };
    const earlier = await as('admin')('POST', apiPaths.tireFees, before);
    expect(earlier.statusCode).toBe(400);
    expect(earlier.json().detail).toMatch(/from Jan 1, 2024 through Mar 31, 2025 overlaps it: end this one on Dec 31, 2024, the day before that one starts\.$/);
    const sameDay = await as('admin')('POST', apiPaths.tireFees, { ...before, tireFeeId: randomUUID(), effectiveFrom: '2025-01-01', effectiveThrough: null });
    expect(sameDay.json().detail).toMatch(/cannot start on the same day, so change that amount instead\.$/);
    expect(await liveFees(101, fee.name)).toHaveLength(1);
  });

  it('let two fees of different names run side by side, and a fee start after a gap', async () => {
    const fee = await freshFee({ effectiveThrough: '2025-12-31' });
    expect(
      (await as('admin')('POST', apiPaths.tireFees, { tireFeeId: randomUUID(), name: `${fee.name} surcharge`, amountInCents: 50, effectiveFrom: '2025-01-01' }))
        .statusCode,
    ).toBe(201);
    expect(
      (await as('admin')('POST', apiPaths.tireFees, { tireFeeId: randomUUID(), name: fee.name, amountInCents: 0, effectiveFrom: '2026-06-01' })).statusCode,
    ).toBe(201);
  });

  it('refuse a patch that would make rows of one fee overlap, and keep the row as it was', async () => {
    const fee = await freshFee({ effectiveThrough: '2026-12-31' });
    await freshFee({ name: fee.name, effectiveFrom: '2027-01-01' });
    const before = await feeRow(fee.tireFeeId);
    for (const patch of [replace('effectiveThrough', '2027-03-31'), replace('effectiveThrough', null)]) {
      const answer = await as('admin')('PATCH', feeAt(fee.tireFeeId), patch);
      expect(answer.statusCode).toBe(400);
      expect(answer.json().errors.effectiveThrough[0]).toMatch(/^The .* has an amount from Jan 1, 2027 already, and this one from Jan 1, 2025/);
    }
    const renamed = await freshFee({ effectiveFrom: '2027-02-01' });
    const joining = await as('admin')('PATCH', feeAt(renamed.tireFeeId), replace('name', fee.name));
    expect(joining.statusCode).toBe(400);
    expect(joining.json().errors.name).toBeDefined();
    expect(await feeRow(fee.tireFeeId)).toEqual(before);
    expect((await feeRow(renamed.tireFeeId))!.name).toBe(renamed.name);
  });

  it('an empty patch changes nothing, and a change of the amount alone is not checked against dates', async () => {
    const fee = await freshFee();
    const empty = await as('admin')('PATCH', feeAt(fee.tireFeeId), []);
    expect(empty.statusCode).toBe(200);
    expect(empty.json().version).toBe(fee.version);
    expect((await feeRow(fee.tireFeeId))!.version).toBe(fee.version);
    const amount = await as('admin')('PATCH', feeAt(fee.tireFeeId), replace('amountInCents', 199));
    expect(amount.json()).toMatchObject({ amountInCents: 199, version: expect.any(Number) });
  });

  it.each([
    ['its id', replace('tireFeeId', randomUUID())],
    ['its store', [{ op: 'add', path: '/storeId', value: 102 }]],
    ['an end before its start', replace('effectiveThrough', '2024-12-31')],
    ['a date that is no date', replace('effectiveFrom', '2025-02-30')],
    ['a negative amount', replace('amountInCents', -5)],
    ['an empty name', replace('name', '  ')],
    ['no patch at all', { amountInCents: 100 }],
  ])('a patch of %s is a 400 and changes nothing', async (_what, patch) => {
    const fee = await freshFee();
    const before = await feeRow(fee.tireFeeId);
    const answer = await as('admin')('PATCH', feeAt(fee.tireFeeId), patch);
    expect(answer.statusCode, answer.body).toBe(400);
    expect(await feeRow(fee.tireFeeId)).toEqual(before);
  });

  it('take the same create and the same change once however often they arrive with one Idempotency-Key', async () => {
    const body = { tireFeeId: randomUUID(), name: `Fee ${randomUUID().slice(0, 8)}`, amountInCents: 150, effectiveFrom: '2025-01-01' };
    const headers = key();
    const first = await as('admin')('POST', apiPaths.tireFees, body, headers);
    const again = await as('admin')('POST', apiPaths.tireFees, body, headers);
    expect([first.statusCode, again.statusCode]).toEqual([201, 201]);
    expect(again.json()).toEqual(first.json());
    const patchHeaders = key();
    const ended = await as('admin')('PATCH', feeAt(body.tireFeeId), replace('effectiveThrough', '2025-12-31'), patchHeaders);
    const replayed = await as('admin')('PATCH', feeAt(body.tireFeeId), replace('effectiveThrough', '2025-12-31'), patchHeaders);
    expect(replayed.json()).toEqual(ended.json());
    expect(await liveFees(101, body.name)).toEqual([
      { tireFeeId: body.tireFeeId, amountInCents: 150, effectiveFrom: '2025-01-01', effectiveThrough: '2025-12-31' },
    ]);
  });

  it('are removed as tombstones, twice the same, and an unknown one is not found', async () => {
    const fee = await freshFee();
    expect((await as('admin')('DELETE', feeAt(fee.tireFeeId))).statusCode).toBe(204);
    expect((await as('admin')('DELETE', feeAt(fee.tireFeeId))).statusCode).toBe(204);
    expect((await feeRow(fee.tireFeeId))!.deleted).toBe(true);
    expect((await as('admin')('DELETE', feeAt(randomUUID()))).statusCode).toBe(404);
  });

  it.each(['user', 'tech', 'lead'])('%s gets 403 from every write, and nothing changes', async (who) => {
    const fee = await freshFee();
    const before = await feeRow(fee.tireFeeId);
    const other = { tireFeeId: randomUUID(), name: 'Sneaky fee', amountInCents: 1, effectiveFrom: '2025-01-01' };
    const answers = await Promise.all([
      as(who)('POST', apiPaths.tireFees, other),
      as(who)('PATCH', feeAt(fee.tireFeeId), replace('amountInCents', 1)),
      as(who)('DELETE', feeAt(fee.tireFeeId)),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([403, 403, 403]);
    expect(await feeRow(fee.tireFeeId)).toEqual(before);
    expect(await feeRow(other.tireFeeId)).toBeUndefined();
  });

  it("of another store or another company are not found, never changed, and never meet this store's rows", async () => {
    const at103 = (await liveFees(103, 'State tire fee'))[0]!;
    for (const id of [at103.tireFeeId, rival.feeId]) {
      const before = await feeRow(id);
      expect((await as('admin')('GET', feeAt(id))).statusCode).toBe(404);
      expect((await as('admin')('PATCH', feeAt(id), replace('amountInCents', 1))).statusCode).toBe(404);
      expect((await as('admin')('DELETE', feeAt(id))).statusCode).toBe(404);
      expect(await feeRow(id)).toEqual(before);
    }
    // The rival's State tire fee from 2020 is theirs: this company's rows of that name are checked among their own.
    expect((await as('rival', 0)('GET', apiPaths.tireFees)).json().items.map((f: { tireFeeId: string }) => f.tireFeeId)).toEqual([rival.feeId]);
  });
});

describe('install packages and fees written on a running server', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startLocalServer();
  });
  afterAll(async () => {
    await server.close();
  });

  it("tell the store's devices to pull, with ReplicaChanged naming the collection and the row", async () => {
    const admin = await mintAccessToken(server.database.db, 'admin@demo.test', server.publicUrl);
    const counter = await mintAccessToken(server.database.db, 'user@demo.test', server.publicUrl);
    const store = (await demoStoreIds(server.database.db))[101]!;
    const fee = await server.database.db
      .selectFrom('tireFees')
      .select('tireFeeId')
      .where('storeId', '=', store)
      .where('effectiveThrough', 'is', null)
      .executeTakeFirstOrThrow();
    const device = await RawHubSocket.connect(server.url, counter);
    try {
      await device.invoke('joinAlltracStore', store);
      const response = await fetch(`${server.url}${feeAt(fee.tireFeeId)}?api-version=1.0`, {
        method: 'PATCH',
        headers: { authorization: `Bearer ${admin}`, ActiveStoreLocation: String(store), 'content-type': 'application/json' },
        body: JSON.stringify(replace('amountInCents', 210)),
      });
      expect(response.status).toBe(200);
      await expect.poll(() => device.events('ReplicaChanged')).toEqual([['tireFees', fee.tireFeeId]]);
    } finally {
      device.close();
    }
  });
});
