import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths, withApiVersion } from '../../src/contract/routes.ts';
import { changeSettings } from '../../workers/session.ts';
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
const device = (renew?: () => Promise<string | null>) => {
  const d = new LeaderDevice(env.server.url, renew);
  devices.push(d);
  return d;
};

beforeAll(async () => {
  stores = await demoStoreIds(db());
});
afterAll(async () => {
  await Promise.all(devices.map((d) => d.close()));
});

describe('a device shared by two users', () => {
  it("never shows, sends or mixes one user's data under another's sign-in; the first user's change goes out with their own, once", async () => {
    const d = device();
    const [uma, alex] = [await userIdOf('user@demo.test'), await userIdOf('admin@demo.test')];
    await d.signIn(await tokenOf('user@demo.test'));
    expect(d.status).toMatchObject({ storeId: stores[101], lastError: null });

    // Uma queues a change and a store choice offline; her session lapses without signing out.
    const customer = await db().selectFrom('customers').select(['customerId', 'notes']).executeTakeFirstOrThrow();
    d.network.offline = true;
    await d.engine(stores[101]!).mutate(mutations.updateCustomer(customer.customerId, { notes: 'Uma, queued offline' }));
    await changeSettings(d.globalDb, uma, { allTracCurrentStoreLocation: stores[101]! });
    d.network.offline = false;
    const alexSettings = await db().selectFrom('userSettings').select('allTracCurrentStoreLocation').where('userId', '=', alex).executeTakeFirst();

    // Alex signs in on the same profile.
    await d.signIn(await tokenOf('admin@demo.test'));
    expect(d.status?.lastError).toBeNull();
    expect((await db().selectFrom('customers').select('notes').where('customerId', '=', customer.customerId).executeTakeFirstOrThrow()).notes).toBe(
      customer.notes,
    );
    expect(await db().selectFrom('idempotencyKeys').select('key').where('userId', '=', alex).execute()).toEqual([]);
    expect(await db().selectFrom('userSettings').select('allTracCurrentStoreLocation').where('userId', '=', alex).executeTakeFirst()).toEqual(alexSettings);
    // Alex's replica is his own database: Uma's rows and her waiting change are not in it.
    const alexReplica = d.open({ userId: alex, storeId: stores[101]! });
    expect(await alexReplica.outbox.count()).toBe(0);
    expect(
      await alexReplica
        .collection('userNotifications')
        .filter((n) => n.identityId === uma)
        .count(),
    ).toBe(0);
    expect(await alexReplica.collection('userNotifications').count()).toBeGreaterThan(0);

    // Uma signs in again: her change goes out as hers, exactly once.
    await d.signIn(await tokenOf('user@demo.test'));
    expect(await db().selectFrom('customers').select(['notes', 'changedBy']).where('customerId', '=', customer.customerId).executeTakeFirstOrThrow()).toEqual({
      notes: 'Uma, queued offline',
      changedBy: uma,
    });
    expect(await db().selectFrom('idempotencyKeys').select('userId').where('path', 'like', `%${customer.customerId}%`).execute()).toEqual([{ userId: uma }]);
    expect(await d.open({ userId: uma, storeId: stores[101]! }).outbox.count()).toBe(0);
  });
});

describe('pull and push', () => {
  it('go on alone: a pull that fails does not keep a change from being sent', async () => {
    const d = device();
    await d.signIn(await tokenOf('user@demo.test'));
    const customer = await db().selectFrom('customers').select('customerId').executeTakeFirstOrThrow();
    await d.engine(stores[101]!).mutate(mutations.updateCustomer(customer.customerId, { notes: 'sent while the feed fails' }));
    d.network.refuse = { match: /sync\/changes/, status: 403, times: 1 };
    await d.sync();
    expect((await db().selectFrom('customers').select('notes').where('customerId', '=', customer.customerId).executeTakeFirstOrThrow()).notes).toBe(
      'sent while the feed fails',
    );
    // The refusal was shown (a later round, prompted by the change's live event, may have cleared it since).
    expect(d.statuses.map((s) => s.lastError)).toContain('Refused by the test');
  });

  it('renew the token when a pull meets a 401, and go on with the new one', async () => {
    const fresh = await tokenOf('user@demo.test');
    const d = device(async () => fresh);
    await d.signIn(await tokenOf('user@demo.test'));
    d.network.refuse = { match: /sync\/changes/, status: 401, times: 1 };
    await d.sync();
    await d.leader.settled();
    expect(d.renewals).toBe(1);
    expect(d.identity?.accessToken).toBe(fresh);
    expect(d.status).toMatchObject({ signedIn: true, lastError: null });
  });
});

describe('the token', () => {
  it('is renewed by the leader before it expires, once for the profile', async () => {
    const short = await mintAccessToken(db(), 'user@demo.test', env.server.publicUrl, { exp: Math.floor(Date.now() / 1000) + 6 });
    const renewed = await tokenOf('user@demo.test');
    const d = device(async () => renewed);
    await d.signIn(short);
    await expect.poll(() => d.identity?.accessToken, { timeout: 10_000 }).toBe(renewed);
    expect(d.renewals).toBe(1);
    const me = await fetch(`${env.server.url}${withApiVersion(apiPaths.me)}`, { headers: { authorization: `Bearer ${d.identity!.accessToken}` } });
    expect(me.status).toBe(200);
  });
});

describe('a server that cannot be reached', () => {
  it('is tried less and less often while a change waits, up to a minute apart, and at once again when it answers', async () => {
    const d = device();
    await d.signIn(await tokenOf('user@demo.test'));
    const customer = await db().selectFrom('customers').select('customerId').executeTakeFirstOrThrow();
    d.network.offline = true;
    await d.engine(stores[101]!).mutate(mutations.updateCustomer(customer.customerId, { notes: 'queued through a long outage' }));
    const waits: number[] = [];
    for (let round = 0; round < 8; round++) {
      const before = Date.now();
      await d.sync();
      waits.push(d.status!.nextRetryAt! - before);
    }
    expect(waits[0]).toBeLessThan(2_000);
    expect(waits.at(-1)).toBeGreaterThanOrEqual(30_000);
    expect(waits.at(-1)).toBeLessThanOrEqual(61_000);

    d.network.offline = false;
    await d.sync();
    expect(d.status).toMatchObject({ lastError: null, nextRetryAt: null });
    expect((await db().selectFrom('customers').select('notes').where('customerId', '=', customer.customerId).executeTakeFirstOrThrow()).notes).toBe(
      'queued through a long outage',
    );
  });
});
