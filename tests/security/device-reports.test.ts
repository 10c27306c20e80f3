import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devicesPerPersonAndStore, maxReportedBacklog, type PlatformDevice, type PlatformHealth } from '../../src/contract/platform-health.ts';
import { apiPaths, deviceHeader, outboxBacklogHeader } from '../../src/contract/routes.ts';
import { apiCall } from '../support/api.ts';
import { demoStoreIds } from '../support/demo.ts';
import { accessTokenFor } from '../support/sign-in.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { mintAccessToken } from '../support/tokens.ts';
import { testPublicUrl } from '../support/test-app.ts';

/**
 * Issue 46 item 26: anyone signed in could add devices and waiting changes to the platform's health view (30 pulls
 * with made-up device ids and a backlog of 999,999,999 added 30 devices and 30 billion unsent changes).
 */
let t: TestApp;
let stores: Record<number, number>;
let platform: string;
beforeAll(async () => {
  t = await createTestApp();
  stores = await demoStoreIds(t.db);
  platform = await accessTokenFor(t.app, 'platform@demo.test');
});
afterAll(async () => {
  await t.close();
});

const pull = (token: string, deviceId: string, backlog: string) =>
  apiCall(t.app, {
    method: 'GET',
    path: `${apiPaths.syncChanges}?since=0&limit=1`,
    token,
    store: stores[101],
    headers: { [deviceHeader]: deviceId, [outboxBacklogHeader]: backlog },
  });
const devicesOf = async (userName: string) =>
  (await apiCall(t.app, { method: 'GET', path: `${apiPaths.platformDevices}?storeId=${stores[101]}`, token: platform }))
    .json<{ items: PlatformDevice[] }>()
    .items.filter((d) => d.userName === userName);
const storeFigures = async () =>
  (await apiCall(t.app, { method: 'GET', path: apiPaths.platformHealth, token: platform }))
    .json<PlatformHealth>()
    .devices.stores.find((s) => s.storeId === stores[101]);

describe("a device's health report, sent by someone making devices up", () => {
  it('adds one device per sign-in, its waiting changes counted up to a bound, however many ids the sign-in makes up', async () => {
    const token = await accessTokenFor(t.app, 'admin@demo.test');
    const ids = Array.from({ length: 30 }, () => randomUUID());
    for (const id of ids) expect((await pull(token, id, '999999999')).statusCode).toBe(200);
    const kept = await devicesOf('Alex Admin');
    expect(kept.map((d) => d.deviceId)).toEqual([ids.at(-1)]);
    expect(kept[0]!.outboxBacklog).toBe(maxReportedBacklog);
    expect((await storeFigures())!.backlog).toBeLessThanOrEqual(maxReportedBacklog * devicesPerPersonAndStore);
  });

  it("keeps a person's devices that pulled last at a store, however often they sign in", async () => {
    const signIns = devicesPerPersonAndStore + 3;
    const ids: string[] = [];
    for (let i = 0; i < signIns; i++) {
      const id = randomUUID();
      ids.push(id);
      expect((await pull(await accessTokenFor(t.app, 'user@demo.test'), id, '1')).statusCode).toBe(200);
    }
    const kept = await devicesOf('Uma User');
    expect(kept).toHaveLength(devicesPerPersonAndStore);
    expect(new Set(kept.map((d) => d.deviceId))).toEqual(new Set(ids.slice(-devicesPerPersonAndStore)));
  });

  it('keeps nothing of a token that names no sign-in, and still answers its pull', async () => {
    const token = await mintAccessToken(t.db, 'lead@demo.test', testPublicUrl, { signIn: null });
    expect((await pull(token, randomUUID(), '5')).statusCode).toBe(200);
    expect(await devicesOf('Lee Lead')).toEqual([]);
  });
});
