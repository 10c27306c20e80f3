import { randomUUID } from 'node:crypto';
import type { HubConnection } from '@microsoft/signalr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import packageJson from '../../package.json' with { type: 'json' };
import { ManualClock } from '../../server/clock.ts';
import { migrationNames } from '../../server/db/migrate.ts';
import type { SmsSender } from '../../server/messaging/sms.ts';
import type { FailedMessage, PlatformDevice, PlatformHealth } from '../../src/contract/platform-health.ts';
import { apiPaths, deviceHeader, outboxBacklogHeader } from '../../src/contract/routes.ts';
import { apiCall } from '../support/api.ts';
import { demoStoreIds } from '../support/demo.ts';
import { connectHub } from '../support/hub-client.ts';
import { accessTokenFor } from '../support/sign-in.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const clock = new ManualClock(new Date('2030-06-03T15:00:00.000Z'));
/** A text provider that is down: every text is tried again later, and the job says why. */
const downProvider: SmsSender = {
  send: async () => {
    throw Object.assign(new Error('Twilio did not answer'), { status: 503 });
  },
};
let t: TestApp;
let url: string;
let stores: Record<number, number>;
const tokens: Record<string, string> = {};
const hubs: HubConnection[] = [];
beforeAll(async () => {
  t = await createTestApp({ clock, sms: downProvider });
  url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  stores = await demoStoreIds(t.db);
  for (const who of ['platform', 'admin', 'user', 'tech', 'lead']) tokens[who] = await accessTokenFor(t.app, `${who}@demo.test`);
});
afterAll(async () => {
  await Promise.all(hubs.map((h) => h.stop()));
  await t.close();
});

const health = async () => {
  const answer = await apiCall(t.app, { method: 'GET', path: apiPaths.platformHealth, token: tokens.platform! });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<PlatformHealth>();
};
const devices = async (storeId?: number) => {
  const answer = await apiCall(t.app, { method: 'GET', path: `${apiPaths.platformDevices}${storeId ? `?storeId=${storeId}` : ''}`, token: tokens.platform! });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<{ items: PlatformDevice[] }>().items;
};
const pull = (headers: Record<string, string>) =>
  apiCall(t.app, { method: 'GET', path: `${apiPaths.syncChanges}?since=0&limit=5`, token: tokens.user!, store: stores[101], headers });
const failedMessage = async (hoursAgo: number) => {
  const storeMessageId = randomUUID();
  const at = new Date(clock.now().getTime() - hoursAgo * 3_600_000).toISOString();
  const { companyId } = await t.db.selectFrom('storeLocations').select('companyId').where('id', '=', stores[101]!).executeTakeFirstOrThrow();
  await t.db
    .insertInto('outboundMessages')
    .values({
      storeMessageId,
      companyId,
      storeId: stores[101]!,
      channel: 'sms',
      toAddress: '+15555550123',
      fromAddress: '+15555550100',
      subject: null,
      body: 'Your car is ready',
      sentBy: null,
      sentByName: null,
      status: 'failed',
      handedAt: at,
      attempts: 1,
      nextAttemptAt: at,
      claimedUntil: null,
      providerId: null,
      problem: 'The number is not a mobile number',
      createdAt: at,
      sentAt: null,
    })
    .execute();
  return storeMessageId;
};

describe("the platform's health", () => {
  it("answers the server's version, the database's kind, size and migrations, the providers and the background jobs", async () => {
    await t.app.outbound.idle();
    const answer = await health();
    expect(answer.checkedAt).toBe(clock.now().toISOString());
    expect(answer.server.version).toBe(packageJson.version);
    expect(answer.database).toMatchObject({ kind: 'PGlite', version: expect.stringMatching(/^\d+(\.\d+)*$/) });
    expect(answer.database.sizeBytes).toBeGreaterThan(0);
    expect(answer.migrations.known).toBe(migrationNames.length);
    expect(answer.migrations.applied.map((m) => m.name)).toEqual(migrationNames);
    expect(answer.providers).toEqual({ sms: 'sink', email: 'sink' });
    expect(answer.jobs.map((j) => j.name)).toEqual(['outboundMessages', 'visitMessages']);
    const [outbound, visitMessages] = answer.jobs;
    // The send queue drains as the server starts; reminders are first queued a minute in.
    expect(outbound!.lastRunAt).toBe(clock.now().toISOString());
    expect(visitMessages).toMatchObject({ lastRunAt: null, lastError: null });
    expect(answer.hub).toEqual({ connections: 0, stores: [] });
  });

  it('shows a device that pulled with its report, at its store, with its waiting changes and when it last pulled', async () => {
    const deviceId = randomUUID();
    expect((await pull({ [deviceHeader]: deviceId, [outboxBacklogHeader]: '3', 'user-agent': 'Mozilla/5.0 (iPad) Safari' })).statusCode).toBe(200);
    const pulledAt = clock.now().toISOString();
    const [device] = (await devices(stores[101])).filter((d) => d.deviceId === deviceId);
    expect(device).toEqual({
      deviceId,
      storeId: stores[101],
      storeNumber: 101,
      storeName: expect.any(String),
      companyName: expect.any(String),
      userId: expect.any(String),
      userName: 'Uma User',
      outboxBacklog: 3,
      lastSyncAt: pulledAt,
      userAgent: 'Mozilla/5.0 (iPad) Safari',
    });
    const atStore = (await health()).devices.stores.find((s) => s.storeId === stores[101]);
    expect(atStore).toMatchObject({ storeNumber: 101, lastSyncAt: pulledAt });
    expect(atStore!.backlog).toBeGreaterThanOrEqual(3);

    // The next pull replaces the report: one row per device.
    clock.advance(5 * 60_000);
    await pull({ [deviceHeader]: deviceId, [outboxBacklogHeader]: '0' });
    expect((await devices()).filter((d) => d.deviceId === deviceId)).toEqual([
      expect.objectContaining({ outboxBacklog: 0, lastSyncAt: clock.now().toISOString() }),
    ]);
    expect(await devices(stores[102])).not.toContainEqual(expect.objectContaining({ deviceId }));
  });

  it('pulls all the same for a device that reports nothing or something unreadable, and keeps no row for it', async () => {
    const before = (await health()).devices.count;
    for (const headers of [
      {},
      { [deviceHeader]: 'not-a-uuid', [outboxBacklogHeader]: '1' },
      { [deviceHeader]: randomUUID(), [outboxBacklogHeader]: '-1' },
      { [deviceHeader]: randomUUID() },
    ] as Record<string, string>[]) {
      expect((await pull(headers)).statusCode, JSON.stringify(headers)).toBe(200);
    }
    expect((await health()).devices.count).toBe(before);
  });

  it('counts and lists the messages that failed in the last day, and not one that failed before', async () => {
    const before = (await health()).failedMessages.count;
    const recent = await failedMessage(2);
    const older = await failedMessage(30);
    const answer = await health();
    expect(answer.failedMessages).toEqual({ since: new Date(clock.now().getTime() - 86_400_000).toISOString(), count: before + 1 });
    const listed = await apiCall(t.app, { method: 'GET', path: apiPaths.platformFailedMessages, token: tokens.platform! });
    expect(listed.statusCode).toBe(200);
    const items = listed.json<{ items: FailedMessage[] }>().items;
    expect(items).toHaveLength(answer.failedMessages.count);
    expect(items.find((m) => m.storeMessageId === recent)).toMatchObject({
      storeNumber: 101,
      channel: 'sms',
      toAddress: '+15555550123',
      problem: 'The number is not a mobile number',
      attempts: 1,
      failedAt: new Date(clock.now().getTime() - 2 * 3_600_000).toISOString(),
    });
    expect(items.map((m) => m.storeMessageId)).not.toContain(older);
  });

  it('names the last problem of the job that sends messages, with when', async () => {
    const { companyId } = await t.db.selectFrom('storeLocations').select('companyId').where('id', '=', stores[101]!).executeTakeFirstOrThrow();
    const storeMessageId = randomUUID();
    await t.db
      .insertInto('outboundMessages')
      .values({
        storeMessageId,
        companyId,
        storeId: stores[101]!,
        channel: 'sms',
        toAddress: '+15555550124',
        fromAddress: '+15555550100',
        subject: null,
        body: 'See you at 9',
        sentBy: null,
        sentByName: null,
        nextAttemptAt: clock.now().toISOString(),
        claimedUntil: null,
        providerId: null,
        problem: null,
        createdAt: clock.now().toISOString(),
        sentAt: null,
      })
      .execute();
    t.app.outbound.kick();
    await t.app.outbound.idle();
    const outbound = (await health()).jobs.find((j) => j.name === 'outboundMessages')!;
    expect(outbound.lastErrorAt).toBe(clock.now().toISOString());
    expect(outbound.lastError).toContain('could not be sent (Twilio did not answer)');
  });

  it("counts this process's live connections by the store they joined", async () => {
    const hub = await connectHub(url, tokens.user!);
    hubs.push(hub);
    await hub.invoke('joinAlltracStore', stores[101]);
    const answer = await health();
    expect(answer.hub.connections).toBe(1);
    expect(answer.hub.stores).toEqual([expect.objectContaining({ storeId: stores[101], storeNumber: 101, connections: 1 })]);
  });

  it('refuses a store id that is not one, naming the field', async () => {
    const answer = await apiCall(t.app, { method: 'GET', path: `${apiPaths.platformDevices}?storeId=first`, token: tokens.platform! });
    expect(answer.statusCode).toBe(400);
    expect(answer.json<{ errors: Record<string, string[]> }>().errors.storeId).toEqual(['A store id is a whole number']);
  });

  it("is the platform's admins' alone: every other role is refused each call", async () => {
    for (const path of [apiPaths.platformHealth, apiPaths.platformDevices, apiPaths.platformFailedMessages]) {
      expect((await apiCall(t.app, { method: 'GET', path })).statusCode, path).toBe(401);
      for (const who of ['admin', 'user', 'tech', 'lead']) {
        const answer = await apiCall(t.app, { method: 'GET', path, token: tokens[who]! });
        expect(answer.statusCode, `${who} ${path}`).toBe(403);
        expect(answer.json<{ detail: string }>().detail).toContain('PointSAdmin');
      }
    }
  });
});
