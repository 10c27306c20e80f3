import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mutations } from '../../workers/mutations.ts';
import { demoStoreIds } from '../support/demo.ts';
import { LeaderDevice } from '../support/leader-harness.ts';
import { syncTestEnvironment } from '../support/sync-harness.ts';
import { mintAccessToken } from '../support/tokens.ts';

const env = syncTestEnvironment();
const devices: LeaderDevice[] = [];
let stores: Record<number, number>;
const db = () => env.server.database.db;
const tokenOf = (email: string) => mintAccessToken(db(), email, env.server.publicUrl);
const userIdOf = async (email: string) => (await db().selectFrom('users').select('userId').where('email', '=', email).executeTakeFirstOrThrow()).userId;
const device = () => {
  const d = new LeaderDevice(env.server.url);
  devices.push(d);
  return d;
};
const rowOf = (deviceId: string) => db().selectFrom('devices').selectAll().where('deviceId', '=', deviceId).execute();

beforeAll(async () => {
  stores = await demoStoreIds(db());
});
afterAll(async () => {
  await Promise.all(devices.map((d) => d.close()));
});

describe('a device reporting itself when it pulls', () => {
  it('is one device whoever signs in on it, shown at the store and for the person it last pulled for', async () => {
    const d = device();
    await d.signIn(await tokenOf('user@demo.test'));
    const deviceId = (await d.globalDb.deviceIdState.get('deviceId'))!.value;
    expect(await rowOf(deviceId)).toEqual([expect.objectContaining({ userId: await userIdOf('user@demo.test'), storeId: stores[101], outboxBacklog: 0 })]);

    await d.signIn(await tokenOf('admin@demo.test'));
    expect((await d.globalDb.deviceIdState.get('deviceId'))!.value).toBe(deviceId);
    expect(await rowOf(deviceId)).toEqual([expect.objectContaining({ userId: await userIdOf('admin@demo.test') })]);
  });

  it('says how many of its changes wait to be sent', async () => {
    const d = device();
    await d.signIn(await tokenOf('user@demo.test'));
    const customer = await db().selectFrom('customers').select('customerId').executeTakeFirstOrThrow();
    // The server turns the change away for now: it waits in the outbox while the store's feed is pulled.
    d.network.refuse = { match: /\/customers\//, status: 503, times: 1_000 };
    await d.engine(stores[101]!).mutate(mutations.updateCustomer(customer.customerId, { notes: 'Waiting to be sent' }));
    await d.sync();
    const deviceId = (await d.globalDb.deviceIdState.get('deviceId'))!.value;
    expect(await rowOf(deviceId)).toEqual([expect.objectContaining({ outboxBacklog: 1 })]);
  });

  it('names itself with each change it uploads: the audit trail says which device made the change', async () => {
    const d = device();
    await d.signIn(await tokenOf('user@demo.test'));
    const { customerId } = await db()
      .selectFrom('customers')
      .select('customerId')
      .where('deleted', '=', false)
      .orderBy('customerId', 'desc')
      .executeTakeFirstOrThrow();
    await d.engine(stores[101]!).mutate(mutations.updateCustomer(customerId, { notes: 'Changed on this tablet' }));
    await d.sync();
    const deviceId = (await d.globalDb.deviceIdState.get('deviceId'))!.value;
    const record = await db()
      .selectFrom('auditRecords')
      .select(['deviceId', 'changedBy', 'actedAt'])
      .where('collection', '=', 'customers')
      .where('rowKey', '=', customerId)
      .orderBy('auditRecordId', 'desc')
      .executeTakeFirstOrThrow();
    expect(record).toEqual({ deviceId, changedBy: await userIdOf('user@demo.test'), actedAt: expect.any(String) });
  });
});
