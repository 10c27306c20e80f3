import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeLocationRequiredFields, storeTimeZoneMessages } from '../../src/contract/store-location.ts';
import { apiCall } from '../support/api.ts';
import { accessTokenFor } from '../support/sign-in.ts';
import { newStoreModel } from '../support/store-fixtures.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
const tokens: Record<string, string> = {};
/** Lists with OData options written as a person reads them ($a=…&$b=…); each value is URL-encoded as a client does. */
const list = (query: string, who = 'user') => {
  const encoded = query
    .split(/&(?=\$)/)
    .map((part) => {
      const at = part.indexOf('=');
      return `${part.slice(0, at)}=${encodeURIComponent(part.slice(at + 1))}`;
    })
    .join('&');
  return apiCall(t.app, { method: 'GET', path: `/api/alltrac/store-locations?${encoded}`, token: tokens[who] });
};
const storeCount = async () =>
  Number(
    (
      await t.db
        .selectFrom('storeLocations')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

beforeAll(async () => {
  t = await createTestApp();
  for (const who of ['platform', 'admin', 'user']) tokens[who] = await accessTokenFor(t.app, `${who}@demo.test`);
});
afterAll(async () => {
  await t.close();
});

describe('listing store locations', () => {
  it('answers the shell query: ordered by store number, filtered by company, with special hours and a count', async () => {
    const response = await list('$orderby=storeNumber asc&$filter=alltracCompanyId eq 1001&$expand=specialStoreHours&$count=true');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.count).toBe(3);
    expect(body.items.map((s: { storeNumber: number }) => s.storeNumber)).toEqual([101, 102, 103]);
    expect(body.items[0].specialStoreHours.map((d: { description: string }) => d.description)).toEqual(['Christmas Eve', 'Christmas Day', "New Year's Day"]);
    expect(body.items[0].timeZone).toBe('Central Standard Time');
    expect(body.items[2]).toMatchObject({ storeNumber: 103, twilioPhoneNumber: null, hasServiceKey: false, timeZone: 'Pacific Standard Time' });
  });

  it('supports ne, gt, ge, lt, le, and, or, parentheses, desc, top and skip', async () => {
    const numbers = async (query: string) => (await list(query)).json().items.map((s: { storeNumber: number }) => s.storeNumber);
    expect(await numbers('$filter=storeNumber ne 102&$orderby=storeNumber desc')).toEqual([103, 101]);
    expect(await numbers('$filter=storeNumber gt 101 and storeNumber le 103&$orderby=storeNumber asc')).toEqual([102, 103]);
    expect(await numbers('$filter=(storeNumber lt 102 or storeNumber ge 103) and ratingsEnabled eq true&$orderby=storeNumber asc')).toEqual([101, 103]);
    expect(await numbers('$filter=twilioPhoneNumber eq null')).toEqual([103]);
    expect(await numbers("$filter=name eq 'Demo Tire & Auto Riverside'")).toEqual([102]);
    expect(await numbers('$orderby=storeNumber asc&$top=1&$skip=1')).toEqual([102]);
  });

  it('refuses what the subset does not support, saying what is allowed', async () => {
    for (const [query, fragment] of [
      ["$filter=contains(name, 'x')", 'function "contains" is not supported'],
      ['$filter=storeNumber like 1', 'operator "like" is not supported'],
      ['$filter=passwordHash eq 1', 'unknown field "passwordHash"'],
      ['$orderby=storeNumber sideways', 'asc or desc'],
      ['$select=name', '$select is not supported'],
      ['$expand=users', '$expand "users" is not supported'],
      ['$top=-1', '$top must be a whole number'],
      ["$filter=name eq 'unclosed", 'closing quote'],
    ] as const) {
      const response = await list(query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().detail, query).toContain(fragment);
    }
  });

  it('answers a value of the wrong kind for its field with a 400, not a server error', async () => {
    for (const query of ["$filter=storeNumber eq 'abc'", '$filter=storeNumber eq 99999999999']) {
      const response = await list(query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().detail, query).toMatch(/^\$filter compares storeNumber with/);
    }
    const huge = await apiCall(t.app, { method: 'GET', path: '/api/alltrac/store-locations/99999999999', token: tokens.user });
    expect(huge.statusCode).toBe(400);
    expect(huge.json().errors).toHaveProperty('id');
  });

  it('binds filter values, so a quote in a value is data, not SQL', async () => {
    const response = await list("$filter=name eq 'x'' or 1=1 --'");
    expect(response.statusCode).toBe(200);
    expect(response.json().items).toEqual([]);
  });
});

describe('creating, changing and deleting store locations', () => {
  it('refuses a User: only Admins create stores', async () => {
    const before = await storeCount();
    const response = await apiCall(t.app, { method: 'POST', path: '/api/alltrac/store-locations', token: tokens.user, body: newStoreModel() });
    expect(response.statusCode).toBe(403);
    expect(await storeCount()).toBe(before);
  });

  it.each(storeLocationRequiredFields.map((f) => [f]))('refuses a create model without %s with the spec message, storing nothing', async (field) => {
    const before = await storeCount();
    const model = newStoreModel();
    delete model[field];
    const response = await apiCall(t.app, { method: 'POST', path: '/api/alltrac/store-locations', token: tokens.admin, body: model });
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toBe('currentStoreLocation create model is missing required fields');
    expect(response.json().errors).toEqual({ [field]: ['Required'] });
    expect(await storeCount()).toBe(before);
  });

  it('treats a required field set to null as missing', async () => {
    const response = await apiCall(t.app, {
      method: 'POST',
      path: '/api/alltrac/store-locations',
      token: tokens.admin,
      body: newStoreModel({ latitude: null as never }),
    });
    expect(response.json().detail).toBe('currentStoreLocation create model is missing required fields');
  });

  it('refuses out-of-range values field by field', async () => {
    const response = await apiCall(t.app, {
      method: 'POST',
      path: '/api/alltrac/store-locations',
      token: tokens.admin,
      body: newStoreModel({ latitude: 123, calendarInterval: 7 }),
    });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().errors).sort()).toEqual(['calendarInterval', 'latitude']);
  });

  it('lets an Admin create a store, which then lists, and makes them its Admin', async () => {
    const response = await apiCall(t.app, {
      method: 'POST',
      path: '/api/alltrac/store-locations',
      token: tokens.admin,
      body: newStoreModel({ storeNumber: 110 }),
    });
    expect(response.statusCode).toBe(201);
    const created = response.json();
    expect(created).toMatchObject({ storeNumber: 110, alltracCompanyId: 1001, twilioPhoneNumber: null, specialStoreHours: [] });
    expect(response.headers.location).toBe(`/api/alltrac/store-locations/${created.id}`);
    const listed = await list('$filter=storeNumber eq 110', 'admin');
    expect(listed.json().items).toHaveLength(1);
    const me = (await apiCall(t.app, { method: 'GET', path: '/api/alltrac/users/me', token: tokens.admin })).json();
    expect(me.roles).toContainEqual({ storeId: created.id, role: 'AllTracAdmin' });
  });

  it('refuses a store number the company already uses, saying which store has it, beside the field too', async () => {
    const response = await apiCall(t.app, {
      method: 'POST',
      path: '/api/alltrac/store-locations',
      token: tokens.platform,
      body: newStoreModel({ storeNumber: 101 }),
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      detail: 'Store number 101 is already used by Demo Tire & Auto Springfield: choose another number.',
      errors: { storeNumber: ['Store number 101 is already used by Demo Tire & Auto Springfield: choose another number'] },
    });
    const [store] = (await list('$filter=storeNumber eq 102', 'admin')).json().items;
    const renumbered = await apiCall(t.app, {
      method: 'PATCH',
      path: `/api/alltrac/store-locations/${store.id}`,
      token: tokens.admin,
      body: { storeNumber: 101 },
    });
    expect(renumbered.statusCode).toBe(409);
    expect(renumbered.json().errors).toEqual({ storeNumber: ['Store number 101 is already used by Demo Tire & Auto Springfield: choose another number'] });
  });

  it.each([
    ['left out', undefined],
    ['null', null],
  ])('refuses opening a store with its time zone %s, naming the field, storing nothing', async (_, timeZone) => {
    const before = await storeCount();
    const response = await apiCall(t.app, {
      method: 'POST',
      path: '/api/alltrac/store-locations',
      token: tokens.admin,
      body: newStoreModel({ storeNumber: 130, timeZone }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ detail: storeTimeZoneMessages.missing, errors: { timeZone: [storeTimeZoneMessages.field] } });
    expect(await storeCount()).toBe(before);
  });

  it("refuses clearing a store's time zone, and keeps it", async () => {
    const [store] = (await list('$filter=storeNumber eq 102', 'admin')).json().items;
    const response = await apiCall(t.app, { method: 'PATCH', path: `/api/alltrac/store-locations/${store.id}`, token: tokens.admin, body: { timeZone: null } });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({ timeZone: [storeTimeZoneMessages.field] });
    expect((await list('$filter=storeNumber eq 102', 'admin')).json().items[0].timeZone).toBe(store.timeZone);
  });

  it('updates only the changed fields, and refuses clearing a required one', async () => {
    const [store] = (await list('$filter=storeNumber eq 102', 'admin')).json().items;
    const response = await apiCall(t.app, {
      method: 'PATCH',
      path: `/api/alltrac/store-locations/${store.id}`,
      token: tokens.admin,
      body: { name: 'Riverside Main' },
    });
    expect(response.statusCode).toBe(200);
    const { version, changedBy: _by, changedByName: _name, changedAt: _at, ...fields } = store;
    expect(response.json()).toEqual({
      ...fields,
      name: 'Riverside Main',
      specialStoreHours: expect.any(Array),
      version: expect.any(Number),
      changedBy: expect.any(String),
      changedByName: 'Alex Admin',
      changedAt: expect.any(String),
    });
    expect(response.json().version).toBeGreaterThan(version);
    const cleared = await apiCall(t.app, { method: 'PATCH', path: `/api/alltrac/store-locations/${store.id}`, token: tokens.admin, body: { latitude: null } });
    expect(cleared.statusCode).toBe(400);
    const unknown = await apiCall(t.app, { method: 'PATCH', path: `/api/alltrac/store-locations/${store.id}`, token: tokens.admin, body: { version: 1 } });
    expect(unknown.statusCode).toBe(400);
  });

  it('refuses an Admin changing a store where they are not Admin', async () => {
    const [store] = (await list('$filter=storeNumber eq 103', 'platform')).json().items;
    const response = await apiCall(t.app, {
      method: 'PATCH',
      path: `/api/alltrac/store-locations/${store.id}`,
      token: tokens.admin,
      body: { name: 'Mine now' },
    });
    expect(response.statusCode).toBe(403);
    const unchanged = (await list('$filter=storeNumber eq 103', 'platform')).json().items[0];
    expect(unchanged.name).toBe(store.name);
  });

  it('deletes a store: it leaves the list and a second delete finds nothing', async () => {
    const created = (
      await apiCall(t.app, { method: 'POST', path: '/api/alltrac/store-locations', token: tokens.platform, body: newStoreModel({ storeNumber: 120 }) })
    ).json();
    const response = await apiCall(t.app, { method: 'DELETE', path: `/api/alltrac/store-locations/${created.id}`, token: tokens.platform });
    expect(response.statusCode).toBe(204);
    expect((await list('$filter=storeNumber eq 120', 'platform')).json().items).toEqual([]);
    const again = await apiCall(t.app, { method: 'DELETE', path: `/api/alltrac/store-locations/${created.id}`, token: tokens.platform });
    expect(again.statusCode).toBe(404);
  });

  it('closing a store moves whoever worked there to their next store by number, or leaves them to choose when they have none', async () => {
    const created = (
      await apiCall(t.app, { method: 'POST', path: '/api/alltrac/store-locations', token: tokens.platform, body: newStoreModel({ storeNumber: 121 }) })
    ).json();
    const admin = await t.db.selectFrom('users').select(['userId', 'companyId']).where('email', '=', 'admin@demo.test').executeTakeFirstOrThrow();
    const newcomer = { userId: randomUUID(), companyId: admin.companyId, email: `new-${randomUUID()}@demo.test`, name: 'Nia Newcomer', passwordHash: '' };
    await t.db.insertInto('users').values(newcomer).execute();
    await t.db
      .insertInto('userRoles')
      .values([
        { userId: admin.userId, storeId: created.id, role: 'AllTracAdmin' },
        { userId: newcomer.userId, storeId: created.id, role: 'AllTracUser' },
      ])
      .execute();
    for (const userId of [admin.userId, newcomer.userId]) {
      await t.db
        .insertInto('userSettings')
        .values({ userId, allTracCurrentStoreLocation: created.id, allTracHideInstallPrompt: null })
        .onConflict((oc) => oc.column('userId').doUpdateSet({ allTracCurrentStoreLocation: created.id }))
        .execute();
    }
    const current = async (userId: string) =>
      (await t.db.selectFrom('userSettings').select('allTracCurrentStoreLocation').where('userId', '=', userId).executeTakeFirstOrThrow())
        .allTracCurrentStoreLocation;

    expect((await apiCall(t.app, { method: 'DELETE', path: `/api/alltrac/store-locations/${created.id}`, token: tokens.platform })).statusCode).toBe(204);
    // admin@demo.test is Admin at #101 and #102 too: the lower number is next.
    const first = (await list('$filter=storeNumber eq 101', 'platform')).json().items[0];
    expect(await current(admin.userId)).toBe(first.id);
    expect(await current(newcomer.userId)).toBeNull();
  });
});
