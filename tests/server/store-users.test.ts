import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setPasswordMessages, setPasswordPath } from '../../server/identity/set-password.ts';
import type { Mail } from '../../server/mail/mailer.ts';
import { apiPaths } from '../../src/contract/routes.ts';
import { staffMessages } from '../../src/domain/people/staff-rules.ts';
import { apiCall } from '../support/api.ts';
import { demoStoreIds } from '../support/demo.ts';
import { accessTokenFor, signInWithPassword } from '../support/sign-in.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
const mails: Mail[] = [];
const tokens: Record<string, string> = {};
let stores: Record<number, number>;
beforeAll(async () => {
  t = await createTestApp({
    mailer: {
      send: async (mail) => {
        mails.push(mail);
        return 'sent';
      },
    },
  });
  for (const who of ['admin', 'user', 'tech', 'platform']) tokens[who] = await accessTokenFor(t.app, `${who}@demo.test`);
  stores = await demoStoreIds(t.db);
});
afterAll(async () => {
  await t.close();
});

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const call = (who: string, method: Method, path: string, body?: unknown, store = 101) =>
  apiCall(t.app, { method, path, token: tokens[who]!, store: stores[store]!, body });
const userPath = (userId: string) => apiPaths.storeUser.replace(':userId', userId);
const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const rolesOf = async (userId: string) =>
  (await t.db.selectFrom('userRoles').select(['storeId', 'role']).where('userId', '=', userId).execute()).map((r) => `${r.storeId}:${r.role}`).sort();
const linkToken = (url: string) => new URL(url).searchParams.get('token')!;

async function setPassword(token: string, password: string, confirm = password) {
  return t.app.inject({
    method: 'POST',
    url: setPasswordPath,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: form({ token, password, confirm }),
  });
}

describe('inviting people to a store', () => {
  it('makes an account with the role, mails a one-time link, and the person signs in with the password they set', async () => {
    const invited = await call('admin', 'POST', apiPaths.storeUsers, { email: 'Nora.New@Demo.test', name: 'Nora New', role: 'AllTracUser' });
    expect(invited.statusCode).toBe(201);
    const { userId, setPasswordUrl, emailed } = invited.json();
    expect(emailed).toBe(true);
    expect(setPasswordUrl).toMatch(new RegExp(`${setPasswordPath}\\?token=`));
    expect(mails.at(-1)).toMatchObject({ to: 'nora.new@demo.test' });
    expect(mails.at(-1)!.text).toContain(setPasswordUrl);
    expect(await rolesOf(userId)).toEqual([`${stores[101]}:AllTracUser`]);

    // Before a password is set, the account cannot sign in.
    expect((await signInWithPassword(t.app, 'nora.new@demo.test', 'winter-tires-2026')).tokens).toBeFalsy();
    const page = await t.app.inject({ method: 'GET', url: new URL(setPasswordUrl).pathname + new URL(setPasswordUrl).search });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('nora.new@demo.test');

    expect((await setPassword(linkToken(setPasswordUrl), 'short')).body).toContain(setPasswordMessages.tooShort);
    expect((await setPassword(linkToken(setPasswordUrl), 'winter-tires-2026', 'winter-tires-2027')).body).toContain(setPasswordMessages.different);
    const set = await setPassword(linkToken(setPasswordUrl), 'winter-tires-2026');
    expect(set.statusCode).toBe(200);
    expect(set.body).toContain(setPasswordMessages.done);

    const token = await accessTokenFor(t.app, 'nora.new@demo.test', 'winter-tires-2026');
    const me = await apiCall(t.app, { method: 'GET', path: apiPaths.me, token });
    expect(me.json()).toMatchObject({ name: 'Nora New', roles: [{ storeId: stores[101], role: 'AllTracUser' }] });

    const again = await setPassword(linkToken(setPasswordUrl), 'another-password-1');
    expect(again.statusCode).toBe(410);
    expect(again.body).toContain(setPasswordMessages.invalid);
  });

  it('adds a role to an account of the company that can already sign in, without a link', async () => {
    const tech = await t.db.selectFrom('users').select('userId').where('email', '=', 'tech@demo.test').executeTakeFirstOrThrow();
    const invited = await call('admin', 'POST', apiPaths.storeUsers, { email: 'tech@demo.test', name: 'Theo Technician', role: 'AllTracLeadTechnician' }, 102);
    expect(invited.statusCode).toBe(200);
    expect(invited.json()).toEqual({ userId: tech.userId, setPasswordUrl: null, emailed: false });
    expect(await rolesOf(tech.userId)).toContain(`${stores[102]}:AllTracLeadTechnician`);
  });

  it('refuses an Admin granting PointSAdmin, an email of another company, and a bad email, storing nothing', async () => {
    const before = await t.db.selectFrom('users').select('userId').execute();
    const platform = await call('admin', 'POST', apiPaths.storeUsers, { email: 'boss@demo.test', name: 'Boss', role: 'PointSAdmin' });
    expect(platform.statusCode).toBe(403);
    expect(platform.json().errors.role).toEqual([staffMessages.cannotGrant('PointSAdmin')]);
    const bad = await call('admin', 'POST', apiPaths.storeUsers, { email: 'not-an-email', name: 'X', role: 'AllTracUser' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.email).toEqual(["Enter the person's email address"]);

    const rival = await t.db.insertInto('companies').values({ alltracCompanyId: 3003, name: 'Rival' }).returning('id').executeTakeFirstOrThrow();
    await t.db.insertInto('users').values({ userId: randomUUID(), companyId: rival.id, email: 'rita@rival.test', name: 'Rita', passwordHash: '' }).execute();
    const other = await call('admin', 'POST', apiPaths.storeUsers, { email: 'rita@rival.test', name: 'Rita', role: 'AllTracUser' });
    expect(other.statusCode).toBe(409);
    expect(other.json().errors.email).toEqual([staffMessages.cannotInvite]);
    expect((await t.db.selectFrom('users').select('userId').execute()).length).toBe(before.length + 1);
  });

  it('lets a PointSAdmin grant PointSAdmin', async () => {
    const invited = await call('platform', 'POST', apiPaths.storeUsers, { email: 'pat2@demo.test', name: 'Pat Two', role: 'PointSAdmin' });
    expect(invited.statusCode).toBe(201);
    expect(await rolesOf(invited.json().userId)).toEqual(['null:PointSAdmin']);
  });

  it('refuses an Admin managing a store they do not manage', async () => {
    const refused = await call('admin', 'POST', apiPaths.storeUsers, { email: 'x@demo.test', name: 'X', role: 'AllTracUser' }, 103);
    expect([403, 404]).toContain(refused.statusCode);
    expect(await t.db.selectFrom('users').select('userId').where('email', '=', 'x@demo.test').executeTakeFirst()).toBeUndefined();
  });
});

describe('invitation links', () => {
  it("shows a pending account's new link only by email, so another admin cannot take the invitee over", async () => {
    const first = (await call('admin', 'POST', apiPaths.storeUsers, { email: 'pia.pending@demo.test', name: 'Pia Pending', role: 'AllTracAdmin' }, 102)).json();
    expect(first.setPasswordUrl).toBeTruthy();
    const again = await call('platform', 'POST', apiPaths.storeUsers, { email: 'pia.pending@demo.test', name: 'Pia Pending', role: 'AllTracUser' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ userId: first.userId, setPasswordUrl: null, emailed: true });
    const mailed = mails.at(-1)!;
    expect(mailed.to).toBe('pia.pending@demo.test');
    // The newer link replaces the first one.
    expect((await setPassword(linkToken(first.setPasswordUrl), 'first-link-password')).statusCode).toBe(410);
    const newer = /token=([\w-]+)/.exec(mailed.text)![1]!;
    expect((await setPassword(newer, 'second-link-password')).statusCode).toBe(200);
  });

  it('keeps no token in the stored answer of an invitation: a replay answers without the link', async () => {
    const headers = { 'Idempotency-Key': `invite-${randomUUID()}` };
    const body = { email: 'ray.replay@demo.test', name: 'Ray Replay', role: 'AllTracUser' };
    const first = await apiCall(t.app, { method: 'POST', path: apiPaths.storeUsers, token: tokens.admin!, store: stores[101]!, body, headers });
    const replay = await apiCall(t.app, { method: 'POST', path: apiPaths.storeUsers, token: tokens.admin!, store: stores[101]!, body, headers });
    expect(first.json().setPasswordUrl).toBeTruthy();
    expect(replay.json()).toMatchObject({ userId: first.json().userId, setPasswordUrl: null });
    const stored = await t.db.selectFrom('idempotencyKeys').select('response').where('key', '=', headers['Idempotency-Key']).executeTakeFirstOrThrow();
    expect(JSON.stringify(stored.response)).not.toContain(linkToken(first.json().setPasswordUrl));
  });
});

describe('changing roles and removing people', () => {
  it("changes a person's role at the store, and removes them from it; the store staff rows follow", async () => {
    const user = await t.db.selectFrom('users').select('userId').where('email', '=', 'user@demo.test').executeTakeFirstOrThrow();
    expect((await call('admin', 'PATCH', userPath(user.userId), { role: 'AllTracTechnician' })).statusCode).toBe(200);
    expect(await rolesOf(user.userId)).toContain(`${stores[101]}:AllTracTechnician`);
    const staff = await t.db
      .selectFrom('storeStaff')
      .select(['roles', 'deleted'])
      .where('userId', '=', user.userId)
      .where('storeId', '=', stores[101]!)
      .executeTakeFirstOrThrow();
    expect(staff).toEqual({ roles: ['AllTracTechnician'], deleted: false });
    expect((await call('admin', 'DELETE', userPath(user.userId))).statusCode).toBe(204);
    expect((await rolesOf(user.userId)).filter((r) => r.startsWith(`${stores[101]}:`))).toEqual([]);
    expect(
      (await t.db.selectFrom('storeStaff').select('deleted').where('userId', '=', user.userId).where('storeId', '=', stores[101]!).executeTakeFirstOrThrow())
        .deleted,
    ).toBe(true);
    await call('admin', 'PATCH', userPath(user.userId), { role: 'AllTracUser' });
  });

  it("stamps a store staff row a role change writes as the change's other rows are: its own new version, the admin who made it, and when", async () => {
    const [admin, user] = await Promise.all(
      ['admin@demo.test', 'user@demo.test'].map((email) =>
        t.db.selectFrom('users').select(['userId', 'name']).where('email', '=', email).executeTakeFirstOrThrow(),
      ),
    );
    const staffRow = () =>
      t.db
        .selectFrom('storeStaff')
        .select(['version', 'changedBy', 'changedByName', 'changedAt'])
        .where('userId', '=', user!.userId)
        .where('storeId', '=', stores[101]!)
        .executeTakeFirstOrThrow();
    const before = await staffRow();

    expect((await call('admin', 'PATCH', userPath(user!.userId), { role: 'AllTracTechnician' })).statusCode).toBe(200);

    const after = await staffRow();
    expect(after.version).toBeGreaterThan(before.version);
    expect(after).toMatchObject({ changedBy: admin!.userId, changedByName: admin!.name });
    expect(after.changedAt).not.toBeNull();
    await call('admin', 'PATCH', userPath(user!.userId), { role: 'AllTracUser' });
  });

  it('refuses an Admin removing their own last Admin role, or changing it away', async () => {
    const admin = await t.db.selectFrom('users').select('userId').where('email', '=', 'admin@demo.test').executeTakeFirstOrThrow();
    // Alex is Admin at 101 and 102: giving up one of them is allowed; the last one is not.
    expect((await call('admin', 'PATCH', userPath(admin.userId), { role: 'AllTracUser' }, 102)).statusCode).toBe(200);
    const own = await call('admin', 'PATCH', userPath(admin.userId), { role: 'AllTracUser' });
    expect(own.statusCode).toBe(409);
    expect(own.json().detail).toBe(staffMessages.ownLastAdmin);
    expect((await call('admin', 'DELETE', userPath(admin.userId))).statusCode).toBe(409);
    expect(await rolesOf(admin.userId)).toContain(`${stores[101]}:AllTracAdmin`);
  });

  it.each(['user', 'tech'])('%s@demo.test gets 403 from every staff write', async (who) => {
    const someone = await t.db.selectFrom('users').select('userId').where('email', '=', 'lead@demo.test').executeTakeFirstOrThrow();
    expect((await call(who, 'POST', apiPaths.storeUsers, { email: 'y@demo.test', name: 'Y', role: 'AllTracUser' })).statusCode).toBe(403);
    expect((await call(who, 'PATCH', userPath(someone.userId), { role: 'AllTracUser' })).statusCode).toBe(403);
    expect((await call(who, 'DELETE', userPath(someone.userId))).statusCode).toBe(403);
  });
});
