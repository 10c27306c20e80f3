import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { peopleMessages } from '../../src/contract/platform-people.ts';
import { apiPaths, withApiVersion } from '../../src/contract/routes.ts';
import { signInEnded } from '../../workers/identity.ts';
import { mutations } from '../../workers/mutations.ts';
import { demoStoreIds } from '../support/demo.ts';
import { LeaderDevice } from '../support/leader-harness.ts';
import { syncTestEnvironment } from '../support/sync-harness.ts';
import { mintAccessToken } from '../support/tokens.ts';

const env = syncTestEnvironment();
const devices: LeaderDevice[] = [];
let stores: Record<number, number>;
let uma: string;
const db = () => env.server.database.db;
const tokenOf = (email: string, exp?: number) => mintAccessToken(db(), email, env.server.publicUrl, exp ? { exp } : {});
const device = (renew?: ConstructorParameters<typeof LeaderDevice>[1]) => {
  const d = new LeaderDevice(env.server.url, renew);
  devices.push(d);
  return d;
};
/** A token that is due for renewal at once: the leader renews it as soon as it has it. */
const shortToken = () => tokenOf('user@demo.test', Math.floor(Date.now() / 1000) + 3);

async function setDisabled(userId: string, disabled: boolean): Promise<void> {
  const response = await fetch(`${env.server.url}${withApiVersion(apiPaths.platformPerson.replace(':userId', userId))}`, {
    method: 'PATCH',
    body: JSON.stringify({ disabled }),
    headers: { authorization: `Bearer ${await tokenOf('platform@demo.test')}`, 'content-type': 'application/json' },
  });
  expect(response.status).toBe(200);
}

/** What the device still holds of Uma at the store: replica rows a screen would show, her outbox, her session. */
async function heldOnDevice(d: LeaderDevice) {
  const replica = d.open({ userId: uma, storeId: stores[101]! });
  return {
    customers: await replica.collection('customers').count(),
    visits: await replica.collection('scheduledVisits').count(),
    syncState: await replica.syncState.count(),
    outbox: (await replica.outbox.toArray()).map((e) => e.description),
    session: (await d.globalDb.sessions.get(uma)) !== undefined,
    notice: (await d.globalDb.signedOutNoticeState.get('signedOutNotice'))?.value,
  };
}

beforeAll(async () => {
  stores = await demoStoreIds(db());
  uma = (await db().selectFrom('users').select('userId').where('email', '=', 'user@demo.test').executeTakeFirstOrThrow()).userId;
});
afterEach(async () => {
  await setDisabled(uma, false);
});
afterAll(async () => {
  await Promise.all(devices.map((d) => d.close()));
});

describe('a person disabled while their device is signed in', () => {
  it('is signed out of it within seconds, told by the live connection: the replica is emptied and the device says why', async () => {
    const d = device();
    await d.signIn(await tokenOf('user@demo.test'));
    await expect.poll(() => d.status?.connection, { timeout: 10_000 }).toBe('connected');
    expect((await heldOnDevice(d)).customers).toBeGreaterThan(0);

    // No sync is asked for here: only the server's word over the live connection can tell the device.
    await setDisabled(uma, true);
    await expect.poll(() => d.sessionsEnded, { timeout: 10_000 }).toEqual([uma]);
    expect(await heldOnDevice(d)).toEqual({
      customers: 0,
      visits: 0,
      syncState: 0,
      outbox: [],
      session: false,
      notice: { userId: uma, name: 'Uma User', reason: peopleMessages.disabled, waiting: 0, at: expect.any(String) },
    });
    expect(d.identity).toBeNull();
    expect(d.status?.signedIn).toBe(false);
  });

  it('keeps the change they made offline, in their own outbox alone, when the server refuses them after the network is back', async () => {
    const d = device();
    await d.signIn(await tokenOf('user@demo.test'));
    const customer = await db().selectFrom('customers').select(['customerId', 'notes']).executeTakeFirstOrThrow();
    d.network.offline = true;
    await d.engine(stores[101]!).mutate(mutations.updateCustomer(customer.customerId, { notes: 'queued before the disabling' }));
    await setDisabled(uma, true);
    d.network.offline = false;
    await d.sync();
    await expect.poll(() => d.sessionsEnded, { timeout: 10_000 }).toEqual([uma]);

    const held = await heldOnDevice(d);
    expect(held).toMatchObject({ customers: 0, visits: 0, syncState: 0, session: false, notice: { reason: peopleMessages.disabled, waiting: 1 } });
    expect(held.outbox).toHaveLength(1);
    expect((await db().selectFrom('customers').select('notes').where('customerId', '=', customer.customerId).executeTakeFirstOrThrow()).notes).toBe(
      customer.notes,
    );
  });
});

describe('a renewal of the sign-in', () => {
  it('refused by the provider signs the person out of the device, saying their sign-in ended', async () => {
    const d = device(async () => ({ refused: signInEnded }));
    await d.signIn(await shortToken());
    await expect.poll(() => d.sessionsEnded, { timeout: 10_000 }).toEqual([uma]);
    expect(await heldOnDevice(d)).toMatchObject({ customers: 0, session: false, notice: { reason: signInEnded, waiting: 0 } });
  });

  it('nobody answered leaves the person signed in on the device with everything it holds, and is tried again', async () => {
    const d = device(async () => null);
    await d.signIn(await shortToken());
    await expect.poll(() => d.renewals, { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
    expect(d.sessionsEnded).toEqual([]);
    expect(d.statuses.some((s) => s.lastError?.includes('could not be renewed'))).toBe(true);
    const held = await heldOnDevice(d);
    expect(held.customers).toBeGreaterThan(0);
    expect(held).toMatchObject({ session: true, notice: undefined });
  });
});
