import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Mail } from '../../server/mail/mailer.ts';
import { peopleMessages, type PeopleList, type PlatformPerson } from '../../src/contract/platform-people.ts';
import { apiPaths } from '../../src/contract/routes.ts';
import { apiCall } from '../support/api.ts';
import { demoStoreIds } from '../support/demo.ts';
import { newStoreModel } from '../support/store-fixtures.ts';
import { accessTokenFor, signInWithPassword } from '../support/sign-in.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
const mails: Mail[] = [];
const tokens: Record<string, string> = {};
let stores: Record<number, number>;
let rivalStore: number;
beforeAll(async () => {
  t = await createTestApp({
    mailer: {
      send: async (mail) => {
        mails.push(mail);
        return 'sent';
      },
    },
  });
  for (const who of ['platform', 'admin', 'user', 'tech', 'lead']) tokens[who] = await accessTokenFor(t.app, `${who}@demo.test`);
  stores = await demoStoreIds(t.db);
  await t.db.insertInto('companies').values({ alltracCompanyId: 4004, name: 'Rival Tire Co' }).execute();
  const created = await apiCall(t.app, {
    method: 'POST',
    path: apiPaths.storeLocations,
    token: tokens.platform!,
    body: { ...newStoreModel({ storeNumber: 901 }), alltracCompanyId: 4004 },
  });
  rivalStore = created.json<{ id: number }>().id;
});
afterAll(async () => {
  await t.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const call = (method: Method, path: string, body?: unknown, who = 'platform') => apiCall(t.app, { method, path, token: tokens[who]!, body });
const search = async (q: string, who = 'platform') =>
  (await call('GET', `${apiPaths.platformPeople}?q=${encodeURIComponent(q)}`, undefined, who)).json<PeopleList>();
const personPath = (userId: string) => apiPaths.platformPerson.replace(':userId', userId);
const storeRolePath = (userId: string, storeId: number) => apiPaths.platformPersonStoreRole.replace(':userId', userId).replace(':storeId', String(storeId));
const adminRolePath = (userId: string) => apiPaths.platformPersonAdminRole.replace(':userId', userId);
const idOf = async (email: string) => (await t.db.selectFrom('users').select('userId').where('email', '=', email).executeTakeFirstOrThrow()).userId;

describe('finding people across companies', () => {
  it('finds a person by part of their name or email, with their company, roles, last sign-in and signed-in devices', async () => {
    const before = (await search('user@demo')).items.find((p) => p.email === 'user@demo.test')!;
    await signInWithPassword(t.app, 'user@demo.test', 'demo1234');
    const found = await search('USER@demo');
    const person = found.items.find((p) => p.email === 'user@demo.test')!;
    expect(person).toMatchObject({ alltracCompanyId: 1001, companyName: 'Demo Tire & Auto', disabledAt: null });
    expect(person.roles).toContainEqual({ storeId: stores[101], role: 'AllTracUser' });
    expect(person.lastSignInAt).not.toBeNull();
    expect(person.signedInDevices).toBe(before.signedInDevices + 1);
    expect(found.items.every((p) => p.name.toLowerCase().includes('user@demo') || p.email.includes('user@demo'))).toBe(true);
  });

  it('narrows to one company, and says how many match when more than it lists', async () => {
    const rival = await call('GET', `${apiPaths.platformPeople}?alltracCompanyId=4004`);
    expect(rival.json<PeopleList>()).toEqual({ items: [], count: 0 });
    const all = await search('');
    expect(all.count).toBeGreaterThanOrEqual(all.items.length);
    expect(all.items.length).toBeLessThanOrEqual(50);
    expect((await call('GET', `${apiPaths.platformPeople}?q=${'x'.repeat(201)}`)).statusCode).toBe(400);
  });
});

describe('roles per store', () => {
  it("gives and takes a role at a store of the person's company, and the store's staff list follows", async () => {
    const tech = await idOf('tech@demo.test');
    const given = await call('PUT', storeRolePath(tech, stores[102]!), { role: 'AllTracLeadTechnician' });
    expect(given.statusCode).toBe(200);
    expect(given.json<PlatformPerson>().roles).toContainEqual({ storeId: stores[102], role: 'AllTracLeadTechnician' });
    const staff = await t.db
      .selectFrom('storeStaff')
      .select(['roles', 'deleted'])
      .where('storeId', '=', stores[102]!)
      .where('userId', '=', tech)
      .executeTakeFirstOrThrow();
    expect(staff).toEqual({ roles: ['AllTracLeadTechnician'], deleted: false });

    const taken = await call('DELETE', storeRolePath(tech, stores[102]!));
    expect(taken.json<PlatformPerson>().roles.some((r) => r.storeId === stores[102])).toBe(false);
    expect(
      (await t.db.selectFrom('storeStaff').select('deleted').where('storeId', '=', stores[102]!).where('userId', '=', tech).executeTakeFirstOrThrow()).deleted,
    ).toBe(true);
  });

  it("refuses a role at another company's store or PointSAdmin at one store, and changes nothing", async () => {
    const tech = await idOf('tech@demo.test');
    const before = (await search('tech@demo')).items[0]!.roles;
    const elsewhere = await call('PUT', storeRolePath(tech, rivalStore), { role: 'AllTracUser' });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().errors.storeId).toEqual(["Choose an open store of the person's company"]);
    const platformAtStore = await call('PUT', storeRolePath(tech, stores[101]!), { role: 'PointSAdmin' });
    expect(platformAtStore.json().detail).toBe(peopleMessages.storeRoleOnly);
    expect((await call('PUT', storeRolePath(tech, stores[101]!), { role: 'Boss' })).statusCode).toBe(400);
    expect((await call('PUT', storeRolePath('not-a-uuid', stores[101]!), { role: 'AllTracUser' })).statusCode).toBe(400);
    expect((await search('tech@demo')).items[0]!.roles).toEqual(before);
  });

  it("makes a person a platform administrator and back, but never takes the caller's own", async () => {
    const lead = await idOf('lead@demo.test');
    expect((await call('PUT', adminRolePath(lead))).json<PlatformPerson>().roles).toContainEqual({ storeId: null, role: 'PointSAdmin' });
    expect((await call('DELETE', adminRolePath(lead))).json<PlatformPerson>().roles.some((r) => r.role === 'PointSAdmin')).toBe(false);
    const own = await call('DELETE', adminRolePath(await idOf('platform@demo.test')));
    expect(own.statusCode).toBe(409);
    expect(own.json().detail).toBe(peopleMessages.notOwnPlatformAdmin);
  });
});

describe("inviting a person to any company's store", () => {
  it("makes their account in the store's company, with the role, and mails the link", async () => {
    const invited = await call('POST', apiPaths.platformPeople, { email: 'Rico@Rival.test', name: 'Rico Rival', storeId: rivalStore, role: 'AllTracAdmin' });
    expect(invited.statusCode).toBe(201);
    expect(invited.json().setPasswordUrl).toMatch(/token=/);
    expect(mails.at(-1)!.to).toBe('rico@rival.test');
    const rico = (await search('rico@rival')).items[0]!;
    expect(rico).toMatchObject({ alltracCompanyId: 4004, roles: [{ storeId: rivalStore, role: 'AllTracAdmin' }] });
  });

  it('refuses an address that works for another company, naming it, and stores nothing', async () => {
    const before = await rolesCount();
    const refused = await call('POST', apiPaths.platformPeople, { email: 'user@demo.test', name: 'Ursula', storeId: rivalStore, role: 'AllTracUser' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errors.email).toEqual([peopleMessages.otherCompany('Demo Tire & Auto')]);
    const missing = await call('POST', apiPaths.platformPeople, { email: 'x@y.test', name: '', storeId: rivalStore, role: 'AllTracUser' });
    expect(missing.json().errors.name).toEqual(["Enter the person's name"]);
    expect(await rolesCount()).toBe(before);
  });
});

const rolesCount = async () =>
  Number(
    (
      await t.db
        .selectFrom('userRoles')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('disabling a person', () => {
  it('refuses their renewal and their token at once, and their sign-in with a reason; enabling gives everything back', async () => {
    const device = await signInWithPassword(t.app, 'lead@demo.test', 'demo1234');
    const lead = await idOf('lead@demo.test');
    const rolesBefore = (await search('lead@demo')).items[0]!.roles;

    const disabled = await call('PATCH', personPath(lead), { disabled: true });
    expect(disabled.json<PlatformPerson>()).toMatchObject({ disabledAt: expect.any(String), signedInDevices: 0, roles: rolesBefore });

    const renewal = await t.app.inject({
      method: 'POST',
      url: '/identity/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: device.tokens!.refresh_token!, client_id: 'alltrac-staff-pwa' }).toString(),
    });
    expect(renewal.statusCode).toBe(400);
    expect(renewal.json().error).toBe('invalid_grant');
    const refused = await apiCall(t.app, { method: 'GET', path: apiPaths.me, token: device.tokens!.access_token });
    expect(refused.statusCode).toBe(401);
    expect(refused.json().detail).toBe(peopleMessages.disabled);
    const signIn = await signInWithPassword(t.app, 'lead@demo.test', 'demo1234');
    expect(signIn.loginResponse.statusCode).toBe(403);
    expect(signIn.loginResponse.body).toContain(peopleMessages.disabled);

    await call('PATCH', personPath(lead), { disabled: false });
    const again = await signInWithPassword(t.app, 'lead@demo.test', 'demo1234');
    const me = await apiCall(t.app, { method: 'GET', path: apiPaths.me, token: again.tokens!.access_token });
    expect(me.json().roles).toEqual(rolesBefore);
  });

  it('keeps the first time when disabled twice, and never disables the caller', async () => {
    const user = await idOf('user@demo.test');
    const first = (await call('PATCH', personPath(user), { disabled: true })).json<PlatformPerson>().disabledAt;
    expect((await call('PATCH', personPath(user), { disabled: true })).json<PlatformPerson>().disabledAt).toBe(first);
    await call('PATCH', personPath(user), { disabled: false });
    tokens.user = await accessTokenFor(t.app, 'user@demo.test');
    const self = await call('PATCH', personPath(await idOf('platform@demo.test')), { disabled: true });
    expect(self.statusCode).toBe(409);
    expect(self.json().detail).toBe(peopleMessages.notSelf);
    expect((await call('PATCH', personPath(user), { disabled: 'yes' })).statusCode).toBe(400);
  });
});

describe('what a platform admin cannot do by a slip', () => {
  it("refuses to give a disabled person a role by inviting them, and to touch a role at another company's store", async () => {
    const tech = await idOf('tech@demo.test');
    await call('PATCH', personPath(tech), { disabled: true });
    try {
      const invited = await call('POST', apiPaths.platformPeople, { email: 'tech@demo.test', name: 'Theo', storeId: stores[102], role: 'AllTracUser' });
      expect(invited.statusCode).toBe(409);
      expect(invited.json().errors.email).toEqual([peopleMessages.inviteDisabled]);
    } finally {
      await call('PATCH', personPath(tech), { disabled: false });
    }
    const elsewhere = await call('DELETE', storeRolePath(tech, rivalStore));
    expect(elsewhere.statusCode).toBe(400);
    expect((await search('tech@demo')).items[0]!.roles.some((r) => r.storeId === stores[102])).toBe(false);
  });
});

describe('who may manage people across companies', () => {
  it("is the platform's administrators only: every other role gets 403 on each call", async () => {
    const user = await idOf('user@demo.test');
    const calls: [Method, string, unknown?][] = [
      ['GET', apiPaths.platformPeople],
      ['POST', apiPaths.platformPeople, { email: 'z@demo.test', name: 'Z', storeId: stores[101], role: 'AllTracUser' }],
      ['PUT', storeRolePath(user, stores[101]!), { role: 'AllTracAdmin' }],
      ['DELETE', storeRolePath(user, stores[101]!)],
      ['PUT', adminRolePath(user)],
      ['DELETE', adminRolePath(user)],
      ['PATCH', personPath(user), { disabled: true }],
    ];
    for (const who of ['admin', 'user', 'tech', 'lead']) {
      const token = who === 'lead' ? await accessTokenFor(t.app, 'lead@demo.test') : tokens[who]!;
      for (const [method, path, body] of calls) {
        expect((await apiCall(t.app, { method, path, token, body })).statusCode, `${who} ${method} ${path}`).toBe(403);
      }
    }
    expect((await search('user@demo')).items[0]!.disabledAt).toBeNull();
  });
});
