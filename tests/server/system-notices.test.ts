import { randomUUID } from 'node:crypto';
import type { HubConnection } from '@microsoft/signalr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../server/clock.ts';
import type { SystemNotification } from '../../src/contract/entities.ts';
import { systemNoticeEvent } from '../../src/contract/hub.ts';
import { apiPaths } from '../../src/contract/routes.ts';
import { apiCall } from '../support/api.ts';
import { demoStoreIds } from '../support/demo.ts';
import { connectHub, recordEvents } from '../support/hub-client.ts';
import { accessTokenFor } from '../support/sign-in.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const clock = new ManualClock(new Date('2030-06-03T15:00:00.000Z'));
let t: TestApp;
let url: string;
let stores: Record<number, number>;
const tokens: Record<string, string> = {};
const hubs: HubConnection[] = [];
beforeAll(async () => {
  t = await createTestApp({ clock });
  url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  stores = await demoStoreIds(t.db);
  for (const who of ['platform', 'admin', 'user', 'tech', 'lead']) tokens[who] = await accessTokenFor(t.app, `${who}@demo.test`);
});
afterAll(async () => {
  await Promise.all(hubs.map((h) => h.stop()));
  await t.close();
});

const hours = (n: number) => new Date(clock.now().getTime() + n * 3_600_000).toISOString();
const notice = (over: Record<string, unknown> = {}) => ({
  systemNotificationId: randomUUID(),
  content: 'Maintenance <b>tonight</b> from 22:00',
  dateStarted: hours(-1),
  dateEnded: hours(2),
  severityLevel: 'Medium',
  ...over,
});
const create = (body: unknown, token = tokens.platform!) => apiCall(t.app, { method: 'POST', path: apiPaths.systemNotifications, token, body });
const patch = (id: string, body: unknown, token = tokens.platform!) =>
  apiCall(t.app, { method: 'PATCH', path: apiPaths.systemNotification.replace(':systemNotificationId', id), token, body });
const activeAt = async (storeNumber: number | null) =>
  (
    await apiCall(t.app, {
      method: 'GET',
      path: apiPaths.systemNotificationsActive,
      token: storeNumber === 101 || storeNumber === 102 ? tokens.admin! : tokens.user!,
      ...(storeNumber ? { store: stores[storeNumber] } : {}),
    })
  )
    .json<{ items: SystemNotification[] }>()
    .items.map((n) => n.systemNotificationId);
const stored = (id: string) => t.db.selectFrom('systemNotifications').selectAll().where('systemNotificationId', '=', id).executeTakeFirst();

describe("system notices, managed by the platform's admins", () => {
  it('are made for every store, or for some, and shown by the active poll only where they are meant to be', async () => {
    const everywhere = notice();
    const at101 = notice({ storeIds: [stores[101]] });
    expect((await create(everywhere)).statusCode).toBe(201);
    const made = await create(at101);
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json<SystemNotification>()).toMatchObject({ application: 'AllTrac', storeIds: [stores[101]] });
    expect(await activeAt(101)).toEqual(expect.arrayContaining([everywhere.systemNotificationId, at101.systemNotificationId]));
    expect(await activeAt(102)).toContain(everywhere.systemNotificationId);
    expect(await activeAt(102)).not.toContain(at101.systemNotificationId);
    expect(await activeAt(null)).not.toContain(at101.systemNotificationId);
    const listed = await apiCall(t.app, { method: 'GET', path: apiPaths.systemNotifications, token: tokens.platform! });
    expect(listed.json<{ items: SystemNotification[] }>().items.map((n) => n.systemNotificationId)).toEqual(
      expect.arrayContaining([everywhere.systemNotificationId, at101.systemNotificationId]),
    );
  });

  it('refuses a notice with nothing to say, an end before its start or a store that does not exist, and stores nothing', async () => {
    for (const [over, field, message] of [
      [{ content: '   ' }, 'content', 'Write what the notice says'],
      [{ dateEnded: hours(-2) }, 'dateEnded', 'End the notice after it starts'],
      [{ storeIds: [] }, 'storeIds', 'Choose at least one store, or every store'],
      [{ storeIds: [999_999] }, 'storeIds', 'No store has the id 999999'],
      [{ severityLevel: 'Urgent' }, 'severityLevel', undefined],
    ] as const) {
      const body = notice(over);
      const answer = await create(body);
      expect(answer.statusCode, JSON.stringify(over)).toBe(400);
      if (message) expect(answer.json<{ errors: Record<string, string[]> }>().errors[field]).toEqual([message]);
      expect(await stored(body.systemNotificationId)).toBeUndefined();
    }
  });

  it('are changed by a JSON patch, ended by patching their end, and an empty or forbidden patch changes nothing', async () => {
    const body = notice({ severityLevel: 'High' });
    await create(body);
    expect((await patch(body.systemNotificationId, [])).statusCode).toBe(200);
    const forbidden = await patch(body.systemNotificationId, [{ op: 'replace', path: '/systemNotificationId', value: randomUUID() }]);
    expect(forbidden.statusCode).toBe(400);
    const backwards = await patch(body.systemNotificationId, [{ op: 'replace', path: '/dateEnded', value: hours(-3) }]);
    expect(backwards.statusCode).toBe(400);
    expect((await stored(body.systemNotificationId))?.dateEnded).toBe(body.dateEnded);
    const alerts = async () =>
      (await apiCall(t.app, { method: 'GET', path: apiPaths.systemNotificationAlerts, token: tokens.user!, store: stores[101] }))
        .json<{ items: { systemNotificationId: string }[] }>()
        .items.map((n) => n.systemNotificationId);
    expect(await alerts()).toContain(body.systemNotificationId);
    const ended = await patch(body.systemNotificationId, [{ op: 'replace', path: '/dateEnded', value: clock.now().toISOString() }]);
    expect(ended.statusCode, ended.body).toBe(200);
    expect(await alerts()).not.toContain(body.systemNotificationId);
    expect((await patch(randomUUID(), [])).statusCode).toBe(404);
  });

  it("that name stores are ended by the dashboard's End, and the server stays ready (one PGlite connection)", async () => {
    const body = notice({ storeIds: [stores[101]], severityLevel: 'High' });
    expect((await create(body)).statusCode).toBe(201);
    const ended = await patch(body.systemNotificationId, [{ op: 'replace', path: '/dateEnded', value: clock.now().toISOString() }]);
    expect(ended.statusCode, ended.body).toBe(200);
    expect((await stored(body.systemNotificationId))?.dateEnded).toBe(clock.now().toISOString());
    const moved = await patch(body.systemNotificationId, [{ op: 'replace', path: '/storeIds', value: [stores[101], stores[102]] }]);
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
  });

  it("are the platform's admins' alone: every other role is refused each call", async () => {
    const body = notice();
    await create(body);
    for (const who of ['admin', 'user', 'tech', 'lead']) {
      const token = tokens[who]!;
      expect((await apiCall(t.app, { method: 'GET', path: apiPaths.systemNotifications, token })).statusCode, who).toBe(403);
      expect((await create(notice(), token)).statusCode, who).toBe(403);
      expect((await patch(body.systemNotificationId, [{ op: 'replace', path: '/content', value: 'Hacked' }], token)).statusCode, who).toBe(403);
    }
    expect((await stored(body.systemNotificationId))?.content).toBe(body.content);
  });

  it('are made once however often a device sends the same create', async () => {
    const body = notice();
    const send = () =>
      apiCall(t.app, {
        method: 'POST',
        path: apiPaths.systemNotifications,
        token: tokens.platform!,
        body,
        headers: { 'idempotency-key': `notice-${body.systemNotificationId}` },
      });
    expect((await send()).statusCode).toBe(201);
    expect((await send()).statusCode).toBe(201);
    expect(
      await t.db.selectFrom('systemNotifications').select('systemNotificationId').where('systemNotificationId', '=', body.systemNotificationId).execute(),
    ).toHaveLength(1);
  });
});

describe('system notices, told to the open devices they concern', () => {
  /** A device of `who`, connected to the hub at `store`, and the notice events it receives. */
  const device = async (who: string, store: number) => {
    const hub = await connectHub(url, tokens[who]!);
    hubs.push(hub);
    await hub.invoke('joinAlltracStore', stores[store]);
    return recordEvents(hub, systemNoticeEvent);
  };

  it("at once when one is made, changed or ended, at its stores only, and never for another application's", async () => {
    const at101 = await device('user', 101);
    const at102 = await device('admin', 102);
    const some = notice({ storeIds: [stores[101]], severityLevel: 'High' });
    await create(some);
    await expect.poll(() => at101).toEqual([[some.systemNotificationId]]);
    await patch(some.systemNotificationId, [{ op: 'replace', path: '/dateEnded', value: clock.now().toISOString() }]);
    await expect.poll(() => at101).toEqual([[some.systemNotificationId], [some.systemNotificationId]]);
    const elsewhere = notice({ application: 'OtherProduct' });
    await create(elsewhere);
    const everywhere = notice();
    await create(everywhere);
    // Told in order on one socket: once the notice for every store arrives, anything before it has.
    await expect.poll(() => at102).toEqual([[everywhere.systemNotificationId]]);
    await expect.poll(() => at101.at(-1)).toEqual([everywhere.systemNotificationId]);
    expect(at101.flat()).not.toContain(elsewhere.systemNotificationId);
  });

  it('at the stores it leaves as well as those it reaches, when a change moves it', async () => {
    const at101 = await device('user', 101);
    const at102 = await device('admin', 102);
    const moving = notice({ storeIds: [stores[101]] });
    await create(moving);
    await patch(moving.systemNotificationId, [{ op: 'replace', path: '/storeIds', value: [stores[102]] }]);
    await expect.poll(() => at101).toEqual([[moving.systemNotificationId], [moving.systemNotificationId]]);
    await expect.poll(() => at102).toEqual([[moving.systemNotificationId]]);
  });
});
