import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SystemNotification } from '../../src/contract/entities.ts';
import { apiPaths } from '../../src/contract/routes.ts';
import { apiCall } from '../support/api.ts';
import { demoStoreIds } from '../support/demo.ts';
import { accessTokenFor } from '../support/sign-in.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/** Issue 46 item 24: one notice with a fixed overlay covered every signed-in screen, the dashboard's End included. */
let t: TestApp;
let platform: string;
let user: string;
let stores: Record<number, number>;
beforeAll(async () => {
  t = await createTestApp();
  platform = await accessTokenFor(t.app, 'platform@demo.test');
  user = await accessTokenFor(t.app, 'user@demo.test');
  stores = await demoStoreIds(t.db);
});
afterAll(async () => {
  await t.close();
});

const overlay = '<div style="position:fixed;inset:0;z-index:99999;background:#fff" id="cover">Back soon</div><b onclick="x()">tonight</b>';
const hours = (n: number) => new Date(Date.now() + n * 3_600_000).toISOString();
const stored = async (id: string) =>
  (await t.db.selectFrom('systemNotifications').select('content').where('systemNotificationId', '=', id).executeTakeFirstOrThrow()).content;
const active = async () =>
  (await apiCall(t.app, { method: 'GET', path: apiPaths.systemNotificationsActive, token: user, store: stores[101] })).json<{ items: SystemNotification[] }>()
    .items;

describe("a system notice's markup", () => {
  it('is stored with only bold, italic, paragraphs, line breaks and links: no style, id or handler', async () => {
    const systemNotificationId = randomUUID();
    const made = await apiCall(t.app, {
      method: 'POST',
      path: apiPaths.systemNotifications,
      token: platform,
      body: { systemNotificationId, content: overlay, severityLevel: 'Low', dateStarted: hours(-1), dateEnded: hours(1) },
    });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json<SystemNotification>().content).toBe('Back soon<b>tonight</b>');
    expect(await stored(systemNotificationId)).toBe('Back soon<b>tonight</b>');
    const changed = await apiCall(t.app, {
      method: 'PATCH',
      path: apiPaths.systemNotification.replace(':systemNotificationId', systemNotificationId),
      token: platform,
      body: [{ op: 'replace', path: '/content', value: `<p style="position:fixed">${overlay}</p>` }],
    });
    expect(changed.statusCode, changed.body).toBe(200);
    // A block inside a paragraph closes it, as a browser reads it.
    expect(await stored(systemNotificationId)).toBe('<p></p>Back soon<b>tonight</b><p></p>');
  });

  it('is answered clean even when stored before the server cleaned it, and refused when nothing is left to say', async () => {
    const systemNotificationId = randomUUID();
    await t.db
      .insertInto('systemNotifications')
      .values({ systemNotificationId, content: overlay, severityLevel: 'Medium', application: 'AllTrac', dateStarted: hours(-1), dateEnded: hours(1) })
      .execute();
    expect((await active()).find((n) => n.systemNotificationId === systemNotificationId)?.content).toBe('Back soon<b>tonight</b>');
    const empty = await apiCall(t.app, {
      method: 'POST',
      path: apiPaths.systemNotifications,
      token: platform,
      body: {
        systemNotificationId: randomUUID(),
        content: '<script>alert(1)</script><img src=x>',
        severityLevel: 'Low',
        dateStarted: hours(-1),
        dateEnded: hours(1),
      },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json<{ errors: Record<string, string[]> }>().errors.content).toEqual(['Write what the notice says']);
  });
});
