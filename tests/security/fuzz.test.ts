import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { replicatedCollections } from '../../src/contract/sync.ts';
import { activeStoreHeader, apiPaths, withApiVersion } from '../../src/contract/routes.ts';
import { demoStoreIds } from '../support/demo.ts';
import { accessTokenFor } from '../support/sign-in.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/**
 * Every write endpoint and list call, sent what a careless or hostile client sends: malformed JSON, wrong
 * types, deep and long input, bad patch documents, odd ids. Every answer must be a 4xx problem detail, never
 * a 5xx, and no stored row may change. A new endpoint joins `writes` or `lists` with one line.
 */

let t: TestApp;
let user: string;
let admin: string;
let store: number;
const ids: Record<string, string> = {};

interface Write {
  method: 'POST' | 'PATCH' | 'DELETE';
  /** The path with real ids filled in (a function: ids are known once the app is up). */
  path: () => string;
  /** A body the endpoint accepts: the fuzzer breaks it field by field. */
  body?: () => Record<string, unknown>;
  /** A JSON patch endpoint: the fuzzer sends bad patch documents. */
  patch?: boolean;
  /** Where an id sits in the path, to send odd ones instead. */
  idPattern?: RegExp;
  as?: 'admin';
}

const newCustomer = () => ({
  customerId: randomUUID(),
  firstName: 'Fuzz',
  lastName: 'Test',
  companyName: null,
  email: 'fuzz@example.com',
  phoneNumber: '5550003333',
  preferredContactMethod: 'Phone',
  addressLine1: null,
  city: null,
  state: null,
  postalCode: null,
  notes: null,
});
const newVehicle = () => ({
  vehicleId: randomUUID(),
  year: 2018,
  make: 'Kia',
  model: 'Soul',
  trim: null,
  vin: null,
  vehicleLicensePlateState: 'IL',
  vehicleLicensePlateNumber: 'FUZZ1',
  color: 'Blue',
  mileage: 1000,
});
const newStore = () => ({
  name: 'Fuzz store',
  storeNumber: 999,
  latitude: 1,
  longitude: 1,
  googlePlaceId: 'x',
  calendarInterval: 15,
  appointmentReminderEnabled: true,
  appointmentReminderHoursBefore: 24,
  appointmentThankYouEnabled: true,
  appointmentThankYouHoursAfter: 2,
  autoAdjustAppointmentTimes: false,
  inspectionReportLinkEnabled: true,
  onlineAppointmentsEnabled: true,
  pickupAndDeliveryEnabled: false,
  ratingsEnabled: true,
  walkInsEnabled: true,
  isOpenMondays: true,
  isOpenTuesdays: true,
  isOpenWednesdays: true,
  isOpenThursdays: true,
  isOpenFridays: true,
  isOpenSaturdays: true,
  isOpenSundays: false,
  mondayAppointmentsEnabled: true,
  tuesdayAppointmentsEnabled: true,
  wednesdayAppointmentsEnabled: true,
  thursdayAppointmentsEnabled: true,
  fridayAppointmentsEnabled: true,
  saturdayAppointmentsEnabled: true,
  sundayAppointmentsEnabled: false,
  timeZone: 'Not/A_Zone',
});
const uuidInPath = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/;
const fill = (template: string, params: Record<string, string>) => template.replace(/:(\w+)/g, (_, name: string) => params[name]!);

const writes: [string, Write][] = [
  ['create a customer', { method: 'POST', path: () => apiPaths.customers, body: newCustomer }],
  ['change a customer', { method: 'PATCH', path: () => fill(apiPaths.customer, ids), patch: true, idPattern: uuidInPath }],
  ['add a vehicle', { method: 'POST', path: () => fill(apiPaths.customerVehicles, ids), body: newVehicle, idPattern: uuidInPath }],
  ['change a vehicle', { method: 'PATCH', path: () => fill(apiPaths.customerVehicle, ids), patch: true, idPattern: uuidInPath }],
  ['mark a rating read', { method: 'PATCH', path: () => fill(apiPaths.rating, ids), patch: true, idPattern: uuidInPath }],
  ['archive a message', { method: 'POST', path: () => fill(apiPaths.markArchived, ids), idPattern: uuidInPath }],
  ['mark a message replied', { method: 'POST', path: () => fill(apiPaths.markReplied, ids), idPattern: uuidInPath }],
  ['mark a notification read', { method: 'PATCH', path: () => fill(apiPaths.userNotification, ids), patch: true, idPattern: uuidInPath }],
  [
    'change a notification setting',
    { method: 'PATCH', path: () => fill(apiPaths.notificationPreference, { kind: 'rating' }), patch: true, idPattern: /rating$/ },
  ],
  [
    'write to support',
    {
      method: 'POST',
      path: () => apiPaths.supportRequests,
      body: () => ({ supportRequestId: randomUUID(), subject: 'Printer', message: 'It jams.', callbackPhone: null }),
    },
  ],
  ['change my settings', { method: 'PATCH', path: () => apiPaths.userSettings, patch: true }],
  ['create a store location', { method: 'POST', path: () => apiPaths.storeLocations, body: newStore, as: 'admin' }],
  [
    'change a store location',
    {
      method: 'PATCH',
      path: () => fill(apiPaths.storeLocation, { id: String(store) }),
      body: () => ({ name: 'Renamed', timeZone: 'Not/A_Zone' }),
      idPattern: /\d+$/,
      as: 'admin',
    },
  ],
  ['delete a store location', { method: 'DELETE', path: () => fill(apiPaths.storeLocation, { id: 'x' }), idPattern: /x$/, as: 'admin' }],
  [
    'merge customers',
    { method: 'POST', path: () => fill(apiPaths.customerMerge, ids), body: () => ({ mergedCustomerId: ids.customerId }), idPattern: uuidInPath },
  ],
  [
    'mark customers not duplicates',
    { method: 'POST', path: () => apiPaths.notDuplicates, body: () => ({ customerId: ids.customerId, otherCustomerId: ids.customerId }) },
  ],
  [
    'add a tire purchase add-on',
    {
      method: 'POST',
      path: () => apiPaths.tirePurchaseAddOns,
      body: () => ({ tirePurchaseAddOnId: randomUUID(), category: 'Mounting', name: 'Fuzz', priceInCents: 100 }),
      as: 'admin',
    },
  ],
  ['change a tire purchase add-on', { method: 'PATCH', path: () => fill(apiPaths.tirePurchaseAddOn, ids), patch: true, idPattern: uuidInPath, as: 'admin' }],
  ['change a store tire warranty', { method: 'PATCH', path: () => fill(apiPaths.storeTireWarranty, ids), patch: true, idPattern: uuidInPath, as: 'admin' }],
  ['change the retail settings', { method: 'PATCH', path: () => apiPaths.retailStoreSettings, patch: true, as: 'admin' }],
];

const lists: [string, string][] = [
  ['store locations', apiPaths.storeLocations],
  ['user notifications', apiPaths.userNotifications],
  ['support requests', apiPaths.supportRequests],
  ['store services', apiPaths.storeServices],
  ['vehicles', apiPaths.vehicles],
  ['customers for a new visit', apiPaths.visitCustomers],
  ['tire purchase add-ons', apiPaths.tirePurchaseAddOns],
  ['brands', apiPaths.brands],
  ['tires', apiPaths.tires],
  ['tire sizes', apiPaths.tireSizes],
  ['stock', apiPaths.logisticsSummary],
  ['the stores transfers reach', apiPaths.logisticsStores],
];

/** Values no field of any contract accepts in place of a scalar, or that break a store. */
const nul = 'Elm\u0000Street';
const halfEmoji = 'Tire \uD83D';
const hostileValues: unknown[] = [{ nested: { deep: true } }, [1, 2], 'x'.repeat(20_000), nul, halfEmoji, -(2 ** 40)];
const malformedBodies = [
  '{',
  '[',
  '{"a":',
  '"just a string"',
  'true',
  '{"a":1}}',
  `${'['.repeat(20_000)}${']'.repeat(20_000)}`,
  `{"x":"${'y'.repeat(2 * 1024 * 1024)}"}`,
];
const badPatches: unknown[] = [
  {},
  'replace',
  [{}],
  [{ op: 'explode', path: '/notes', value: 1 }],
  [{ op: 'replace' }],
  [{ op: 'replace', path: '/notes' }],
  [{ op: 'replace', path: '/', value: {} }],
  [{ op: 'replace', path: '', value: {} }],
  [{ op: 'replace', path: '/customerId', value: randomUUID() }],
  [{ op: 'remove', path: '/isRead' }],
  [{ op: 'test', path: '/isRead', value: 'certainly not' }],
  [{ op: 'test', path: '/dateMarkedRead', value: 'x' }],
  [{ op: 'copy', from: '/nowhere', path: '/notes' }],
  [{ op: 'move', from: '/x', path: '/y' }],
  [{ op: 'add', path: '/a/b/c', value: 1 }],
  [{ op: 'replace', path: '/notes', value: nul }],
  [{ op: 'replace', path: '/inApp', value: 'yes' }],
  [{ op: 'replace', path: '/isRead', value: 'maybe' }],
  [{ op: 'replace', path: '/allTracCurrentStoreLocation', value: 0x7fffffff + 1 }],
  [{ op: 'replace', path: '/allTracCurrentStoreLocation', value: '1e0' }],
  Array.from({ length: 5000 }, () => ({ op: 'test', path: '/notes', value: null })).concat([{ op: 'replace', path: '/nope', value: 1 }] as never),
];
const oddIds = [
  '0x1',
  '1e0',
  '+1',
  '01',
  '-1',
  '1.0',
  '%00',
  '%2e%2e',
  'null',
  'undefined',
  '9'.repeat(40),
  `${randomUUID()}x`,
  'ZZZZZZZZ-ZZZZ-ZZZZ-ZZZZ-ZZZZZZZZZZZZ',
  '%F0%9F',
];
const badQueries = [
  `$filter=${'('.repeat(5000)}name eq 'x'${')'.repeat(5000)}`,
  `$filter=${'a eq 1 and '.repeat(400)}a eq 1`,
  '$filter=name eq',
  "$filter=name eq 'unterminated",
  '$filter=nosuchfield eq 1',
  '$filter=name has 1',
  "$filter=contains(name,'x')",
  "$filter=storeNumber eq 'abc'",
  '$filter=storeNumber eq 99999999999999',
  "$filter=userNotificationId eq 'not-a-uuid'",
  "$filter=dateAdded gt 'yesterday'",
  '$filter=id eq 1e999',
  `$filter=name eq '${nul}'`,
  '$top=-1',
  '$top=1000000',
  '$top=abc',
  '$skip=-5',
  '$skip=1.5',
  '$orderby=name sideways',
  '$orderby=password desc',
  '$count=maybe',
  '$expand=everything',
  '$select=name',
  '$filter=a&$filter=b',
  '$search=x',
];

async function snapshot(): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const { table } of Object.values(replicatedCollections)) {
    const row = await sql<{ digest: string | null }>`select md5(string_agg(md5(t::text), '' order by t::text)) as digest from ${sql.table(table)} t`.execute(
      t.db,
    );
    out[table] = row.rows[0]?.digest ?? '';
  }
  for (const table of ['store_locations', 'user_settings', 'idempotency_keys']) {
    const row = await sql<{ digest: string | null }>`select md5(string_agg(md5(t::text), '' order by t::text)) as digest from ${sql.table(table)} t`.execute(
      t.db,
    );
    out[table] = row.rows[0]?.digest ?? '';
  }
  return out;
}

function expectProblem(response: LightMyRequestResponse, what: string): void {
  expect(response.statusCode, `${what}: ${response.body.slice(0, 300)}`).toBeGreaterThanOrEqual(400);
  expect(response.statusCode, `${what}: ${response.body.slice(0, 300)}`).toBeLessThan(500);
  expect(response.headers['content-type'], what).toMatch(/^application\/problem\+json/);
  const problem = response.json() as { type?: unknown; title?: unknown; detail?: unknown };
  expect(typeof problem.type, what).toBe('string');
  expect(typeof problem.title, what).toBe('string');
  // Our words, never the database's or a library's.
  expect(String(problem.detail ?? ''), what).not.toMatch(/invalid input syntax|out of range for type|byte sequence|SQLSTATE|TypeError|at Object\.|newDocument/);
}

const send = (options: { method: string; path: string; token: string; payload?: string; contentType?: string }) =>
  t.app.inject({
    method: options.method as 'POST',
    url: withApiVersion(options.path),
    headers: {
      authorization: `Bearer ${options.token}`,
      [activeStoreHeader]: String(store),
      ...(options.payload !== undefined ? { 'content-type': options.contentType ?? 'application/json' } : {}),
    },
    ...(options.payload !== undefined ? { payload: options.payload } : {}),
  });

beforeAll(async () => {
  t = await createTestApp();
  user = await accessTokenFor(t.app, 'user@demo.test');
  admin = await accessTokenFor(t.app, 'admin@demo.test');
  store = (await demoStoreIds(t.db))[101]!;
  const vehicle = await t.db.selectFrom('customerVehicles').select(['customerId', 'vehicleId']).executeTakeFirstOrThrow();
  Object.assign(ids, vehicle);
  ids.ratingId = (await t.db.selectFrom('ratings').select('ratingId').where('storeId', '=', store).executeTakeFirstOrThrow()).ratingId;
  ids.storeMessageId = (await t.db.selectFrom('storeMessages').select('storeMessageId').where('storeId', '=', store).executeTakeFirstOrThrow()).storeMessageId;
  const me = await t.db.selectFrom('users').select('userId').where('email', '=', 'user@demo.test').executeTakeFirstOrThrow();
  ids.userNotificationId = (
    await t.db.selectFrom('userNotifications').select('userNotificationId').where('identityId', '=', me.userId).executeTakeFirstOrThrow()
  ).userNotificationId;
  ids.tirePurchaseAddOnId = (
    await t.db.selectFrom('tirePurchaseAddOns').select('tirePurchaseAddOnId').where('storeId', '=', store).executeTakeFirstOrThrow()
  ).tirePurchaseAddOnId;
  ids.storeTireWarrantyId = (
    await t.db.selectFrom('storeTireWarranties').select('storeTireWarrantyId').where('storeId', '=', store).executeTakeFirstOrThrow()
  ).storeTireWarrantyId;
});
afterAll(async () => {
  await t.close();
});

describe('every write endpoint, fuzzed', () => {
  it.each(writes)('%s: answers 4xx problem details and stores nothing', async (name, write) => {
    const before = await snapshot();
    const token = write.as === 'admin' ? admin : user;
    const cases: { what: string; method: string; path: string; payload?: string; contentType?: string }[] = [];
    for (const payload of malformedBodies) cases.push({ what: `malformed ${payload.slice(0, 20)}`, method: write.method, path: write.path(), payload });
    cases.push({ what: 'a form body', method: write.method, path: write.path(), payload: 'a=1', contentType: 'application/x-www-form-urlencoded' });
    cases.push({ what: 'a text body', method: write.method, path: write.path(), payload: 'hello', contentType: 'text/plain' });
    if (write.body) {
      const valid = write.body();
      for (const field of Object.keys(valid)) {
        for (const value of hostileValues)
          cases.push({
            what: `${field} = ${JSON.stringify(value).slice(0, 30)}`,
            method: write.method,
            path: write.path(),
            payload: JSON.stringify({ ...write.body(), [field]: value }),
          });
      }
      cases.push({ what: 'an unknown field', method: write.method, path: write.path(), payload: JSON.stringify({ ...write.body(), isAdmin: true }) });
      cases.push({ what: 'an array body', method: write.method, path: write.path(), payload: JSON.stringify([write.body()]) });
    }
    if (write.patch)
      for (const patch of badPatches)
        cases.push({ what: `patch ${JSON.stringify(patch).slice(0, 60)}`, method: write.method, path: write.path(), payload: JSON.stringify(patch) });
    if (write.idPattern) {
      for (const id of oddIds) {
        cases.push({
          what: `id ${id}`,
          method: write.method,
          path: write.path().replace(write.idPattern, id),
          ...(write.patch ? { payload: '[]' } : write.body ? { payload: JSON.stringify(write.body()) } : {}),
        });
      }
    }
    for (const c of cases) expectProblem(await send({ ...c, token }), `${name}: ${c.what}`);
    expect(await snapshot()).toEqual(before);
  });
});

describe('every list call, fuzzed', () => {
  it.each(lists)('%s: answers 4xx problem details for bad options', async (name, path) => {
    for (const query of badQueries) {
      expectProblem(
        await send({ method: 'GET', path: `${path}?${query.replace(/ /g, '%20').replace(/'/g, '%27')}`, token: admin }),
        `${name}: ${query.slice(0, 60)}`,
      );
    }
  });

  it('the change feed answers 4xx problem details for bad cursors and limits', async () => {
    for (const query of ['since=-1', 'since=abc', 'since=1e999', 'limit=0', 'limit=999999', 'priority=maybe', 'since=1&since=2']) {
      expectProblem(await send({ method: 'GET', path: `${apiPaths.syncChanges}?${query}`, token: user }), `feed: ${query}`);
    }
  });
});
