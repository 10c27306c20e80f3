import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '../../src/contract/routes.ts';
import { apiCall } from '../support/api.ts';
import { accessTokenFor } from '../support/sign-in.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
let token: string;
let userId: string;
let otherUserId: string;
let store: number;
const preferencePath = (kind: string) => apiPaths.notificationPreference.replace(':kind', kind);

async function unreadCount(): Promise<number> {
  const response = await apiCall(t.app, { method: 'GET', path: apiPaths.userNotificationStatusCount, token });
  expect(response.statusCode).toBe(200);
  return response.json().unreadNotifications;
}

async function unreadInDb(kind?: string): Promise<number> {
  let query = t.db
    .selectFrom('userNotifications')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('identityId', '=', userId)
    .where('dateMarkedRead', 'is', null);
  if (kind) query = query.where('kind', '=', kind as 'rating');
  return Number((await query.executeTakeFirstOrThrow()).n);
}

beforeAll(async () => {
  t = await createTestApp();
  token = await accessTokenFor(t.app, 'user@demo.test');
  const users = await t.db.selectFrom('users').select(['userId', 'email']).where('email', 'in', ['user@demo.test', 'admin@demo.test']).execute();
  userId = users.find((u) => u.email === 'user@demo.test')!.userId;
  otherUserId = users.find((u) => u.email === 'admin@demo.test')!.userId;
  store = (await t.db.selectFrom('storeLocations').select('id').where('storeNumber', '=', 101).executeTakeFirstOrThrow()).id;
});
afterAll(async () => {
  await t.close();
});

describe('user notifications', () => {
  it("answer the shell query (count, IdentityId filter, newest first, top 10) with the caller's own", async () => {
    const query = `$count=true&$filter=IdentityId eq '${userId}'&$orderby=DateAdded desc&$top=10`;
    const response = await apiCall(t.app, { method: 'GET', path: `${apiPaths.userNotifications}?${query}`, token });
    expect(response.statusCode).toBe(200);
    const { items, count } = response.json();
    expect(count).toBe(14);
    expect(items).toHaveLength(10);
    const dates = items.map((n: { dateAdded: string }) => n.dateAdded);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(new Set(items.map((n: { identityId: string }) => n.identityId))).toEqual(new Set([userId]));
  });

  it('give nothing when the filter names another user', async () => {
    const response = await apiCall(t.app, { method: 'GET', path: `${apiPaths.userNotifications}?$count=true&$filter=IdentityId eq '${otherUserId}'`, token });
    expect(response.json()).toEqual({ items: [], count: 0 });
  });

  it('are marked read by a JSON patch of dateMarkedRead, and the unread count follows', async () => {
    const before = await unreadCount();
    const unread = await t.db
      .selectFrom('userNotifications')
      .select('userNotificationId')
      .where('identityId', '=', userId)
      .where('dateMarkedRead', 'is', null)
      .executeTakeFirstOrThrow();
    const when = '2026-11-21T12:00:00.000Z';
    const response = await apiCall(t.app, {
      method: 'PATCH',
      path: apiPaths.userNotification.replace(':userNotificationId', unread.userNotificationId),
      token,
      body: [{ op: 'replace', path: '/dateMarkedRead', value: when }],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().dateMarkedRead).toBe(when);
    expect(await unreadCount()).toBe(before - 1);
  });

  it('of another user cannot be patched, and stay as they were', async () => {
    const theirs = await t.db
      .selectFrom('userNotifications')
      .select(['userNotificationId', 'dateMarkedRead'])
      .where('identityId', '=', otherUserId)
      .executeTakeFirstOrThrow();
    const response = await apiCall(t.app, {
      method: 'PATCH',
      path: apiPaths.userNotification.replace(':userNotificationId', theirs.userNotificationId),
      token,
      body: [{ op: 'replace', path: '/dateMarkedRead', value: '2026-11-21T12:00:00.000Z' }],
    });
    expect(response.statusCode).toBe(404);
    const after = await t.db
      .selectFrom('userNotifications')
      .select('dateMarkedRead')
      .where('userNotificationId', '=', theirs.userNotificationId)
      .executeTakeFirstOrThrow();
    expect(after.dateMarkedRead).toEqual(theirs.dateMarkedRead);
  });

  it('refuse a patch of any field other than dateMarkedRead', async () => {
    const mine = await t.db.selectFrom('userNotifications').select('userNotificationId').where('identityId', '=', userId).executeTakeFirstOrThrow();
    const response = await apiCall(t.app, {
      method: 'PATCH',
      path: apiPaths.userNotification.replace(':userNotificationId', mine.userNotificationId),
      token,
      body: [{ op: 'replace', path: '/content', value: 'changed' }],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toHaveProperty('content');
  });
});

describe('notification settings', () => {
  it('list every kind, shown in the app until the user turns it off', async () => {
    const response = await apiCall(t.app, { method: 'GET', path: apiPaths.notificationPreferences, token });
    expect(response.json()).toEqual({
      items: ['message', 'rating', 'appointment-request', 'system'].map((kind) => ({ identityId: userId, kind, inApp: true })),
    });
  });

  it('turn a kind off by JSON patch: the unread count leaves it out, the list still has it', async () => {
    expect(await unreadCount()).toBe(await unreadInDb());
    const response = await apiCall(t.app, { method: 'PATCH', path: preferencePath('rating'), token, body: [{ op: 'replace', path: '/inApp', value: false }] });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ identityId: userId, kind: 'rating', inApp: false, changedBy: userId });
    expect(await unreadInDb('rating')).toBeGreaterThan(0);
    expect(await unreadCount()).toBe((await unreadInDb()) - (await unreadInDb('rating')));
    const list = await apiCall(t.app, { method: 'GET', path: `${apiPaths.userNotifications}?$filter=kind eq 'rating'&$count=true`, token });
    expect(list.json().count).toBeGreaterThan(0);

    await apiCall(t.app, { method: 'PATCH', path: preferencePath('rating'), token, body: [{ op: 'replace', path: '/inApp', value: true }] });
    expect(await unreadCount()).toBe(await unreadInDb());
  });

  it("are the caller's own: another user's stay as they were", async () => {
    const admin = await accessTokenFor(t.app, 'admin@demo.test');
    await apiCall(t.app, { method: 'PATCH', path: preferencePath('system'), token: admin, body: [{ op: 'replace', path: '/inApp', value: false }] });
    const mine = await apiCall(t.app, { method: 'GET', path: apiPaths.notificationPreferences, token });
    expect(mine.json().items.find((p: { kind: string }) => p.kind === 'system')).toEqual({ identityId: userId, kind: 'system', inApp: true });
  });

  it("reach only their user's devices, through the change feed", async () => {
    await apiCall(t.app, { method: 'PATCH', path: preferencePath('message'), token, body: [{ op: 'replace', path: '/inApp', value: false }] });
    // Every page of the feed: the demo's tire catalogue alone fills more than one.
    const changes: { key: string; value: unknown }[] = [];
    for (let since = 0, more = true; more; ) {
      const page = (await apiCall(t.app, { method: 'GET', path: `${apiPaths.syncChanges}?since=${since}&limit=5000`, token, store })).json();
      changes.push(...page.changes.filter((c: { collection: string }) => c.collection === 'notificationPreferences'));
      ({ cursor: since, hasMore: more } = page);
    }
    expect(changes.map((c) => c.key).sort()).toEqual([`${userId}/message`, `${userId}/rating`]);
    expect(changes.find((c) => c.key === `${userId}/message`)!.value).toMatchObject({ identityId: userId, kind: 'message', inApp: false, storeId: null });
  });

  it('answer 404 naming the kinds for an unknown kind, and 400 for a field other than inApp', async () => {
    const unknown = await apiCall(t.app, {
      method: 'PATCH',
      path: preferencePath('birthdays'),
      token,
      body: [{ op: 'replace', path: '/inApp', value: false }],
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().detail).toBe('There is no notification kind "birthdays"; the kinds are message, rating, appointment-request, system.');
    const field = await apiCall(t.app, {
      method: 'PATCH',
      path: preferencePath('rating'),
      token,
      body: [{ op: 'replace', path: '/identityId', value: otherUserId }],
    });
    expect(field.statusCode).toBe(400);
    const value = await apiCall(t.app, { method: 'PATCH', path: preferencePath('rating'), token, body: [{ op: 'replace', path: '/inApp', value: 'no' }] });
    expect(value.statusCode).toBe(400);
    const saved = await t.db
      .selectFrom('notificationPreferences')
      .select('inApp')
      .where('identityId', '=', userId)
      .where('kind', '=', 'rating')
      .executeTakeFirstOrThrow();
    expect(saved.inApp).toBe(true);
  });
});
