import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectionNames } from '../../src/contract/sync.ts';
import { takeVersions } from '../../server/db/versions.ts';
import type { RunningServer } from '../../server/start.ts';
import { demoStoreIds } from '../support/demo.ts';
import { startLocalServer } from '../support/running-server.ts';
import { createDevice, type Device } from '../support/sync-harness.ts';
import { mintAccessToken } from '../support/tokens.ts';

let server: RunningServer;
let store: number;
let token: string;
const devices: Device[] = [];
const device = (pageSize = 500) => {
  const d = createDevice({ serverUrl: server.url, storeId: store, token, pageSize });
  devices.push(d);
  return d;
};
const serverCustomers = async () => Number((await server.database.db.selectFrom('customers').select((eb) => eb.fn.countAll<number>().as('n')).where('deleted', '=', false).executeTakeFirstOrThrow()).n);
const rowCount = async (d: Device) => {
  let n = 0;
  for (const c of collectionNames) n += await d.db.collection(c).count();
  return n;
};

beforeAll(async () => {
  server = await startLocalServer();
  store = (await demoStoreIds(server.database.db))[101]!;
  token = await mintAccessToken(server.database.db, 'user@demo.test', server.publicUrl);
});
afterAll(async () => {
  for (const d of devices) d.close();
  await server.close();
});

describe('pulling the change feed into a replica', () => {
  it('fills an empty replica on a first sync and reports progress up to the total', async () => {
    const d = device();
    const result = await d.engine.pull();
    const total = (await d.db.syncState.get('total'))!.value as number;
    expect(result.changes).toBe(total);
    expect(await rowCount(d)).toBeGreaterThan(1000);
    expect(await d.db.collection('customers').count()).toBe(await serverCustomers());
    expect(result.pages).toBeGreaterThan(1);
    expect(d.progress.at(-1)).toEqual({ phase: 'full', done: total, total });
    expect(d.progress.map((p) => p.done)).toEqual([...d.progress.map((p) => p.done)].sort((a, b) => a - b));
    expect((await d.db.syncState.get('complete'))?.value).toBe(true);
  });

  it('brings later changes and tombstones on the next pull', async () => {
    const d = device();
    await d.engine.pull();
    const db = server.database.db;
    const service = await db.selectFrom('storeServices').select(['storeServiceId', 'companyId']).where('storeId', '=', store).where('deleted', '=', false).executeTakeFirstOrThrow();
    const customer = await db.selectFrom('customers').select('customerId').executeTakeFirstOrThrow();
    await db.transaction().execute(async (trx) => {
      const first = await takeVersions(trx, service.companyId, 2);
      await trx.updateTable('storeServices').set({ deleted: true, version: first }).where('storeServiceId', '=', service.storeServiceId).execute();
      await trx.updateTable('customers').set({ notes: 'Changed on the server', version: first + 1 }).where('customerId', '=', customer.customerId).execute();
    });
    const next = await d.engine.pull();
    expect(next.changes).toBe(2);
    expect(await d.db.collection('storeServices').get(service.storeServiceId)).toBeUndefined();
    expect((await d.db.collection('customers').get(customer.customerId))?.notes).toBe('Changed on the server');
  });

  it('resumes an interrupted first sync from the last page it stored, fetching nothing twice', async () => {
    const d = device(200);
    d.network.failAfter = 3;
    await expect(d.engine.pull()).rejects.toThrow();
    const storedCursor = (await d.db.syncState.get('cursor'))!.value as number;
    expect(storedCursor).toBeGreaterThan(0);
    const pulledBefore = (await d.db.syncState.get('pulled'))!.value as number;

    const resumed = d.reload();
    devices.push(resumed);
    const rest = await resumed.engine.pull();
    const total = (await resumed.db.syncState.get('total'))!.value as number;
    expect(pulledBefore).toBeGreaterThan(0);
    expect(pulledBefore + rest.changes).toBe(total);
    expect((await resumed.db.syncState.get('pulled'))!.value).toBe(total);
    expect(await resumed.db.collection('customers').count()).toBe(await serverCustomers());
  });

  it('empties and refills a replica synced against another data epoch', async () => {
    const d = device();
    await d.engine.pull();
    await d.db.syncState.put({ name: 'epoch', value: 'an-older-database' });
    await d.db.collection('customers').put({ customerId: '00000000-0000-4000-8000-000000000000', firstName: 'Ghost' });
    await d.engine.pull();
    expect(await d.db.collection('customers').get('00000000-0000-4000-8000-000000000000')).toBeUndefined();
    expect(await d.db.collection('customers').count()).toBe(await serverCustomers());
  });
});
