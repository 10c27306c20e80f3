import { randomUUID } from 'node:crypto';
import { IDBFactory } from 'fake-indexeddb';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CreateCustomer } from '../../src/contract/writes.ts';
import { pushDevice } from '../../workers/device-push.ts';
import { mutations } from '../../workers/mutations.ts';
import { orderClock } from '../../workers/outbox-order.ts';
import { demoStoreIds } from '../support/demo.ts';
import { createDevice, syncTestEnvironment, type Device } from '../support/sync-harness.ts';
import { mintAccessToken } from '../support/tokens.ts';

const env = syncTestEnvironment();
let stores: Record<number, number>;
let adminToken: string;
beforeAll(async () => {
  stores = await demoStoreIds(env.server.database.db);
  adminToken = await mintAccessToken(env.server.database.db, 'admin@demo.test', env.server.publicUrl);
});

async function syncedDevice(): Promise<Device> {
  const d = env.device();
  await d.engine.pull();
  return d;
}
const serverCustomer = (customerId: string) =>
  env.server.database.db.selectFrom('customers').selectAll().where('customerId', '=', customerId).executeTakeFirstOrThrow();
const someCustomer = async (d: Device) => String((await d.db.collection('customers').limit(1).toArray())[0]!.customerId);
const newCustomer = (overrides: Partial<CreateCustomer> = {}): CreateCustomer => ({
  customerId: randomUUID(),
  firstName: 'Order',
  lastName: 'Test',
  companyName: null,
  email: null,
  phoneNumber: '5550002222',
  preferredContactMethod: 'Phone',
  addressLine1: null,
  city: null,
  state: null,
  postalCode: null,
  notes: null,
  ...overrides,
});

describe('a write whose reply was lost, sent again after another device changed the row', () => {
  it('keeps the newer row on this device: the replayed first answer never overwrites it', async () => {
    const d = await syncedDevice();
    const customerId = await someCustomer(d);
    await d.engine.mutate(mutations.updateCustomer(customerId, { notes: 'typed here' }));
    d.network.loseReplies = 1;
    expect(await d.push()).toMatchObject({ sent: 0, stoppedBy: 'offline' });
    expect((await serverCustomer(customerId)).notes).toBe('typed here');

    const other = await syncedDevice();
    await other.engine.mutate(mutations.updateCustomer(customerId, { city: 'Shelbyville' }));
    await other.push();

    await d.engine.pull();
    expect(await d.push()).toMatchObject({ sent: 1 });
    const row = await d.db.collection('customers').get(customerId);
    expect(row).toMatchObject({ notes: 'typed here', city: 'Shelbyville', version: (await serverCustomer(customerId)).version });
    // Nothing was overwritten that this device set: no notice.
    expect(await d.db.conflicts.count()).toBe(0);
  });

  it('keeps a row the device holds newer than a page pulled before the write was answered', async () => {
    const d = await syncedDevice();
    const customerId = await someCustomer(d);
    await d.engine.mutate(mutations.updateCustomer(customerId, { notes: 'newest' }));
    await d.push();
    const answered = await d.db.collection('customers').get(customerId);
    // A page read before the write committed carries the older copy; it must not win.
    const older = { ...answered, notes: 'older', version: Number(answered!.version) - 1 };
    d.network.rewrite = {
      match: /sync\/changes/,
      body: (body) => ({
        ...(body as object),
        changes: [{ collection: 'customers', key: customerId, version: older.version, deleted: false, value: older }],
        hasMore: false,
      }),
    };
    await d.engine.pull();
    expect((await d.db.collection('customers').get(customerId))?.notes).toBe('newest');
  });
});

describe('changes made at several stores', () => {
  it('reach the server in the order they were made, whatever store is active', async () => {
    const indexedDB = new IDBFactory();
    const order = orderClock();
    const at101 = env.track(createDevice({ serverUrl: env.server.url, storeId: stores[101]!, token: adminToken, indexedDB, order }));
    const at102 = env.track(createDevice({ serverUrl: env.server.url, storeId: stores[102]!, token: adminToken, indexedDB, order }));
    await at101.engine.pull();
    await at102.engine.pull();
    const customerId = await someCustomer(at101);
    await at101.engine.mutate(mutations.updateCustomer(customerId, { notes: 'one (#101)' }));
    await at102.engine.mutate(mutations.updateCustomer(customerId, { notes: 'two (#102)' }));
    await at101.engine.mutate(mutations.updateCustomer(customerId, { notes: 'three (#101)' }));
    // #102 active: its outbox is listed first, yet the device's order decides.
    expect(await pushDevice([at102.engine, at101.engine])).toMatchObject({ sent: 3, stoppedBy: 'empty' });
    expect((await serverCustomer(customerId)).notes).toBe('three (#101)');
  });
});

describe('a change that cannot be sent', () => {
  it('holds back only the later changes of its row and of rows that refer to it', async () => {
    const d = await syncedDevice();
    const refused = newCustomer();
    await d.engine.mutate(mutations.createCustomer(refused));
    // Queued by an older version of the app, whose rules let through what the server refuses.
    const [queued] = await d.db.outbox.toArray();
    await d.db.outbox.update(queued!.seq!, { body: { ...(queued!.body as object), email: 'not-an-email' } });
    const vehicleId = randomUUID();
    await d.engine.mutate(
      mutations.createVehicle(refused.customerId, {
        vehicleId,
        year: 2019,
        make: 'Ford',
        model: 'Escape',
        trim: null,
        vin: null,
        vehicleLicensePlateState: 'IL',
        vehicleLicensePlateNumber: 'HELD1',
        color: 'Grey',
        mileage: null,
      }),
    );
    const free = newCustomer();
    await d.engine.mutate(mutations.createCustomer(free));
    expect(await d.push()).toMatchObject({ sent: 1, failed: 1, stoppedBy: 'held' });
    const outbox = await d.db.outbox.orderBy('seq').toArray();
    expect(outbox.map((e) => [e.collection, e.status])).toEqual([
      ['customers', 'failed'],
      ['customerVehicles', 'pending'],
    ]);
    await serverCustomer(free.customerId);
    expect(await env.server.database.db.selectFrom('customerVehicles').select('vehicleId').where('vehicleId', '=', vehicleId).execute()).toEqual([]);
  });

  it('waits out its retry without holding back other rows', async () => {
    const d = await syncedDevice();
    const first = newCustomer();
    const second = newCustomer();
    await d.engine.mutate(mutations.createCustomer(first));
    await d.engine.mutate(mutations.createCustomer(second));
    const [entry] = await d.db.outbox.orderBy('seq').toArray();
    await d.db.outbox.update(entry!.seq!, { retryAt: Date.now() + 60_000, lastError: 'The server answered 500.' });
    const result = await d.push();
    expect(result).toMatchObject({ sent: 1, stoppedBy: 'held' });
    expect(result.retryInMs).toBeGreaterThan(50_000);
    await serverCustomer(second.customerId);
  });
});

describe('a page with rows of a collection this app does not know (a newer server)', () => {
  it('is applied without them, counts them, and remembers where they start for after an update', async () => {
    const d = env.device();
    d.network.rewrite = {
      match: /sync\/changes/,
      body: (body) => {
        const page = body as { changes: { version: number }[] };
        const version = page.changes[0]?.version ?? 1;
        return { ...page, changes: [{ collection: 'fleetAccounts', key: 'q1', version, deleted: false, value: { tireQuoteId: 'q1' } }, ...page.changes] };
      },
    };
    const result = await d.engine.pull();
    expect(result.skipped).toBeGreaterThan(0);
    expect((await d.db.syncState.get('complete'))?.value).toBe(true);
    expect(await d.db.collection('customers').count()).toBeGreaterThan(0);
    expect((await d.db.syncState.get('skippedSince'))?.value).toEqual(expect.any(Number));
  });
});

describe('a change made here that a later change from elsewhere replaces', () => {
  it('is shown on the device that made it: which field, its value and theirs, who and when; both end with the same value', async () => {
    const mine = await syncedDevice();
    const theirs = env.track(createDevice({ serverUrl: env.server.url, storeId: stores[101]!, token: adminToken }));
    await theirs.engine.pull();
    const customerId = await someCustomer(mine);
    await theirs.engine.mutate(mutations.updateCustomer(customerId, { notes: 'written by admin first' }));
    await theirs.push();
    mine.network.offline = true;
    await mine.engine.mutate(mutations.updateCustomer(customerId, { notes: 'written offline, sent last' }));
    mine.network.offline = false;
    await mine.engine.pull();
    await mine.push();
    await theirs.engine.pull();

    for (const d of [mine, theirs]) expect((await d.db.collection('customers').get(customerId))?.notes).toBe('written offline, sent last');
    expect(await mine.db.conflicts.count()).toBe(0);
    expect(await theirs.db.conflicts.toArray()).toEqual([
      expect.objectContaining({
        collection: 'customers',
        key: customerId,
        field: 'notes',
        mine: 'written by admin first',
        theirs: 'written offline, sent last',
        by: 'Uma User',
        at: expect.any(String),
      }),
    ]);
  });

  it("is shown when the write's own answer says another person got there first", async () => {
    const mine = await syncedDevice();
    const theirs = env.track(createDevice({ serverUrl: env.server.url, storeId: stores[101]!, token: adminToken }));
    await theirs.engine.pull();
    const message = (await mine.db
      .collection('storeMessages')
      .filter((m) => !m.repliedToByUserId && !m.isArchived)
      .first())!;
    const storeMessageId = String(message.storeMessageId);
    await mine.engine.mutate(mutations.markMessageReplied(storeMessageId, { userId: String(await userIdOf('user@demo.test')), name: 'Uma User' }));
    await theirs.engine.mutate(mutations.markMessageReplied(storeMessageId, { userId: String(await userIdOf('admin@demo.test')), name: 'Alex Admin' }));
    await theirs.push();
    await mine.push();
    expect(await mine.db.collection('storeMessages').get(storeMessageId)).toMatchObject({ repliedToByUserName: 'Alex Admin' });
    const conflicts = await mine.db.conflicts.toArray();
    expect(conflicts.map((c) => [c.field, c.theirs, c.by])).toEqual(expect.arrayContaining([['repliedToByUserName', 'Alex Admin', 'Alex Admin']]));
  });
});

const userIdOf = async (email: string) =>
  (await env.server.database.db.selectFrom('users').select('userId').where('email', '=', email).executeTakeFirstOrThrow()).userId;
