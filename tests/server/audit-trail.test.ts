import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowHistorySchema, type AuditRecord } from '../../src/contract/audit-trail.ts';
import { fillPath } from '../../src/contract/fill-path.ts';
import { apiPaths, deviceHeader, occurredAtHeader } from '../../src/contract/routes.ts';
import { patchWithAccess, readAccess } from '../../src/domain/app/visibility.ts';
import type { TirePurchaseAddOn } from '../../src/contract/entities.ts';
import { ManualClock } from '../../server/clock.ts';
import { loadConfig } from '../../server/config.ts';
import { takeVersions } from '../../server/db/versions.ts';
import { AuditTrailPruning } from '../../server/jobs/audit-trail-pruning.ts';
import { tirePurchaseAddOns } from '../../server/modules/retail/add-on-routes.ts';
import { WritePath } from '../../server/sync/write-path.ts';
import type { AuthUser } from '../../server/auth/auth.ts';
import { apiCall } from '../support/api.ts';
import { demoStoreIds } from '../support/demo.ts';
import { accessTokenFor, rivalAdminToken } from '../support/sign-in.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const clock = new ManualClock(new Date(Math.floor(Date.now() / 60_000) * 60_000));
let t: TestApp;
let stores: Record<number, number>;
const tokens: Record<string, string> = {};
const userIds: Record<string, string> = {};
let rivalStore = 0;

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const as =
  (who: string, store: number | (() => number) = () => stores[101]!) =>
  (method: Method, path: string, body?: unknown, headers?: Record<string, string>) =>
    apiCall(t.app, { method, path, token: tokens[who]!, store: typeof store === 'function' ? store() : store, body, headers });
const replace = (field: string, value: unknown) => ({ op: 'replace', path: `/${field}`, value });
const historyOf = (who: string, collection: string, key: string) => as(who)('GET', fillPath(apiPaths.rowHistory, { collection, key }));
async function recordsOf(collection: string, key: string, who = 'admin'): Promise<AuditRecord[]> {
  const answer = await historyOf(who, collection, key);
  expect(answer.statusCode, answer.body).toBe(200);
  return rowHistorySchema.parse(answer.json()).records;
}

const newCustomer = () => ({
  customerId: randomUUID(),
  firstName: 'Ada',
  lastName: 'Lovelace',
  companyName: null,
  email: `ada.${randomUUID().slice(0, 8)}@example.com`,
  phoneNumber: null,
  preferredContactMethod: 'Email',
  addressLine1: null,
  city: null,
  state: null,
  postalCode: null,
  notes: null,
});
const newAddOn = () => ({
  tirePurchaseAddOnId: randomUUID(),
  category: 'Balancing',
  name: 'Road-force balance',
  priceInCents: 2_500,
  isTaxable: true,
  chargedPer: 'PerTire',
});

beforeAll(async () => {
  t = await createTestApp({ clock });
  stores = await demoStoreIds(t.db);
  for (const [who, email] of Object.entries({ admin: 'admin@demo.test', platform: 'platform@demo.test', user: 'user@demo.test', tech: 'tech@demo.test' })) {
    tokens[who] = await accessTokenFor(t.app, email);
    userIds[who] = (await t.db.selectFrom('users').select('userId').where('email', '=', email).executeTakeFirstOrThrow()).userId;
  }
  const company = await t.db.insertInto('companies').values({ alltracCompanyId: 3131, name: 'Rival Tires' }).returning('id').executeTakeFirstOrThrow();
  const template = await t.db.selectFrom('storeLocations').selectAll().where('id', '=', stores[101]!).executeTakeFirstOrThrow();
  const { id: _id, storeId: _storeId, hasServiceKey: _has, contactFormId: _form, ...fields } = template as typeof template & { hasServiceKey: boolean };
  await t.db.transaction().execute(async (trx) => {
    const store = await trx
      .insertInto('storeLocations')
      .values({
        ...fields,
        companyId: company.id,
        alltracCompanyId: 3131,
        storeNumber: 931,
        name: 'Rival Tires Main',
        serviceKey: null,
        twilioPhoneNumber: null,
        version: await takeVersions(trx),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    rivalStore = store.id;
  });
  tokens.rival = await rivalAdminToken(t.app, t.db, company.id, rivalStore);
});
afterAll(async () => {
  await t.close();
});

describe('the audit trail of a write', () => {
  it("keeps a customer's create, patch and delete (a merge's tombstone), each once, with who did it and the values before", async () => {
    const customer = newCustomer();
    const other = newCustomer();
    const createdAt = clock.now();
    expect((await as('user')('POST', apiPaths.customers, customer)).statusCode).toBe(201);
    expect((await as('user')('POST', apiPaths.customers, other)).statusCode).toBe(201);
    clock.advance(60_000);
    const patched = await as('admin')('PATCH', fillPath(apiPaths.customer, { customerId: other.customerId }), [replace('city', 'Springfield')]);
    expect(patched.statusCode, patched.body).toBe(200);
    clock.advance(60_000);
    const merged = await as('user')('POST', fillPath(apiPaths.customerMerge, { customerId: customer.customerId }), { mergedCustomerId: other.customerId });
    expect(merged.statusCode, merged.body).toBe(200);

    const records = await recordsOf('customers', other.customerId);
    expect(records.map((r) => [r.action, r.changedBy, r.changedByName])).toEqual([
      ['create', userIds.user, 'Uma User'],
      ['patch', userIds.admin, 'Alex Admin'],
      ['delete', userIds.user, 'Uma User'],
    ]);
    expect(records[0]!.patch).toContainEqual({ op: 'add', path: '/email', value: other.email });
    expect(records[0]!.recordedAt).toBe(createdAt.toISOString());
    expect(records[1]!.patch).toEqual([
      { op: 'test', path: '/city', value: null },
      { op: 'replace', path: '/city', value: 'Springfield' },
    ]);
    expect(records[1]!.recordedAt).toBe(new Date(createdAt.getTime() + 60_000).toISOString());
    expect(records[2]!.patch).toContainEqual({ op: 'test', path: '/city', value: 'Springfield' });
    expect(records[2]!.patch.slice(-2)).toEqual([
      { op: 'replace', path: '/mergedIntoCustomerId', value: customer.customerId },
      { op: 'remove', path: '' },
    ]);
    expect((await recordsOf('customers', customer.customerId)).map((r) => r.action)).toEqual(['create']);
  });

  it("keeps a store's special hours' create, patch and delete, by the store's admin", async () => {
    const day = { specialStoreHoursId: randomUUID(), date: '2027-07-04', isClosed: true, openTime: null, closeTime: null, description: 'Independence Day' };
    const at = (id?: string) =>
      id ? fillPath(apiPaths.specialStoreHoursDay, { id: stores[101]!, specialStoreHoursId: id }) : fillPath(apiPaths.specialStoreHours, { id: stores[101]! });
    expect((await as('admin')('POST', at(), day)).statusCode).toBe(201);
    expect((await as('admin')('PATCH', at(day.specialStoreHoursId), { isClosed: false, openTime: '09:00', closeTime: '13:00' })).statusCode).toBe(200);
    expect((await as('admin')('DELETE', at(day.specialStoreHoursId))).statusCode).toBe(204);
    // A second delete changes nothing, and so records nothing.
    expect((await as('admin')('DELETE', at(day.specialStoreHoursId))).statusCode).toBe(204);

    const records = await recordsOf('specialStoreHours', day.specialStoreHoursId);
    expect(records.map((r) => [r.action, r.changedBy])).toEqual([
      ['create', userIds.admin],
      ['patch', userIds.admin],
      ['delete', userIds.admin],
    ]);
    expect(records[1]!.patch).toEqual([
      { op: 'test', path: '/openTime', value: null },
      { op: 'replace', path: '/openTime', value: '09:00' },
      { op: 'test', path: '/closeTime', value: null },
      { op: 'replace', path: '/closeTime', value: '13:00' },
      { op: 'test', path: '/isClosed', value: true },
      { op: 'replace', path: '/isClosed', value: false },
    ]);
    expect(records[2]!.patch).toContainEqual({ op: 'test', path: '/openTime', value: '09:00' });
  });

  it("keeps an add-on's create, patch and delete, with the device and the time on the device when the request says them", async () => {
    const addOn = newAddOn();
    const device = randomUUID();
    const at = fillPath(apiPaths.tirePurchaseAddOn, { tirePurchaseAddOnId: addOn.tirePurchaseAddOnId });
    expect((await as('admin')('POST', apiPaths.tirePurchaseAddOns, addOn)).statusCode).toBe(201);
    const queuedAt = new Date(clock.now().getTime() - 10 * 60_000).toISOString();
    const patched = await as('admin')('PATCH', at, [replace('priceInCents', 2_750)], { [deviceHeader]: device, [occurredAtHeader]: queuedAt });
    expect(patched.statusCode, patched.body).toBe(200);
    expect((await as('admin')('DELETE', at, undefined, { [deviceHeader]: 'not-a-device-id' })).statusCode).toBe(204);

    const records = await recordsOf('tirePurchaseAddOns', addOn.tirePurchaseAddOnId, 'platform');
    expect(records.map((r) => [r.action, r.deviceId, r.actedAt])).toEqual([
      ['create', null, null],
      ['patch', device, queuedAt],
      ['delete', null, null],
    ]);
    expect(records[1]!.patch).toEqual([
      { op: 'test', path: '/priceInCents', value: 2_500 },
      { op: 'replace', path: '/priceInCents', value: 2_750 },
    ]);
  });

  it('records a write the system makes for a person as the system’s, on their behalf', async () => {
    const writes = new WritePath(t.db, { publish: () => undefined }, clock);
    const addOn = newAddOn();
    const sender = { userId: userIds.user, name: 'Messages' } as AuthUser;
    const { companyId } = await t.db.selectFrom('storeLocations').select('companyId').where('id', '=', stores[101]!).executeTakeFirstOrThrow();
    await writes.background({ user: sender, companyId, storeId: stores[101]! }, (w) => w.create(tirePurchaseAddOns, addOn as TirePurchaseAddOn));
    const [record] = await recordsOf('tirePurchaseAddOns', addOn.tirePurchaseAddOnId);
    expect(record).toMatchObject({ action: 'create', changedBy: null, onBehalfOf: userIds.user, changedByName: 'Messages' });
  });
});

describe('who reads the history', () => {
  it('refuses technicians and counter staff (403), and shows nothing of another company (404) either way', async () => {
    const customer = newCustomer();
    expect((await as('user')('POST', apiPaths.customers, customer)).statusCode).toBe(201);
    expect((await historyOf('tech', 'customers', customer.customerId)).statusCode).toBe(403);
    expect((await historyOf('user', 'customers', customer.customerId)).statusCode).toBe(403);
    const rivalAsks = await as('rival', () => rivalStore)('GET', fillPath(apiPaths.rowHistory, { collection: 'customers', key: customer.customerId }));
    expect(rivalAsks.statusCode).toBe(404);

    const rivals = newCustomer();
    expect((await as('rival', () => rivalStore)('POST', apiPaths.customers, rivals)).statusCode).toBe(201);
    expect((await historyOf('admin', 'customers', rivals.customerId)).statusCode).toBe(404);
    expect((await historyOf('platform', 'customers', rivals.customerId)).statusCode).toBe(404);
  });

  it("shows PointSAdmin another company's rows from that company's store, as every call of theirs works there", async () => {
    const rivals = newCustomer();
    expect((await as('rival', () => rivalStore)('POST', apiPaths.customers, rivals)).statusCode).toBe(201);
    const answer = await as('platform', () => rivalStore)('GET', fillPath(apiPaths.rowHistory, { collection: 'customers', key: rivals.customerId }));
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().records).toEqual([expect.objectContaining({ action: 'create', changedByName: 'Rita Rival' })]);
  });

  it("shows a store's rows to PointSAdmin at every store and to admins only at their own stores", async () => {
    const addOn = newAddOn();
    expect((await as('platform', () => stores[103]!)('POST', apiPaths.tirePurchaseAddOns, addOn)).statusCode).toBe(201);
    expect((await historyOf('platform', 'tirePurchaseAddOns', addOn.tirePurchaseAddOnId)).statusCode).toBe(200);
    // admin@demo.test is the admin of #101 and #102, not #103.
    expect((await historyOf('admin', 'tirePurchaseAddOns', addOn.tirePurchaseAddOnId)).statusCode).toBe(404);
  });

  it('withholds contact details from a reader the row’s rules withhold them from, as the feed does', () => {
    const patch = [
      { op: 'test' as const, path: '/email', value: 'old@example.com' },
      { op: 'replace' as const, path: '/email', value: 'new@example.com' },
      { op: 'replace' as const, path: '/lastName', value: 'Byron' },
    ];
    expect(patchWithAccess(patch, readAccess(['AllTracTechnician'], 'customers'))).toEqual([
      { op: 'test', path: '/email', value: null },
      { op: 'replace', path: '/email', value: null },
      { op: 'replace', path: '/lastName', value: 'Byron' },
    ]);
    expect(patchWithAccess(patch, readAccess(['AllTracAdmin'], 'customers'))).toEqual(patch);
    expect(patchWithAccess(patch, readAccess(['AllTracTechnician'], 'ratings'))).toBeNull();
  });
});

describe('the kept period', () => {
  it('prunes records older than the setting and keeps younger ones', async () => {
    const old = newAddOn();
    expect((await as('admin')('POST', apiPaths.tirePurchaseAddOns, old)).statusCode).toBe(201);
    clock.advance(30 * 24 * 3600_000);
    const young = newAddOn();
    expect((await as('admin')('POST', apiPaths.tirePurchaseAddOns, young)).statusCode).toBe(201);
    clock.advance(60_000);

    await new AuditTrailPruning({ db: t.db, clock, retentionDays: 30, log: () => undefined }).run();

    expect((await historyOf('admin', 'tirePurchaseAddOns', old.tirePurchaseAddOnId)).statusCode).toBe(404);
    expect(await recordsOf('tirePurchaseAddOns', young.tirePurchaseAddOnId)).toHaveLength(1);
  });

  it('is read from AUDIT_RETENTION_DAYS in days, a year and more by default; less than a day is refused at start', () => {
    expect(loadConfig({ NODE_ENV: 'test', AUDIT_RETENTION_DAYS: '90' }).auditRetentionDays).toBe(90);
    expect(loadConfig({ NODE_ENV: 'test' }).auditRetentionDays).toBeGreaterThanOrEqual(365);
    expect(() => loadConfig({ NODE_ENV: 'test', AUDIT_RETENTION_DAYS: '0' })).toThrow(/AUDIT_RETENTION_DAYS: At least 1 day/);
  });
});
