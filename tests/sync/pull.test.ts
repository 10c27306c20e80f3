import { describe, expect, it } from 'vitest';
import { collectionNames } from '../../src/contract/sync.ts';
import { takeVersions } from '../../server/db/versions.ts';
import { Temporal } from 'temporal-polyfill';
import { demoStoreZone, storeClock, syncTestEnvironment, type Device } from '../support/sync-harness.ts';

const env = syncTestEnvironment();
const device = (pageSize?: number) => env.device(pageSize);
const serverCustomers = async () =>
  Number(
    (
      await env.server.database.db
        .selectFrom('customers')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('deleted', '=', false)
        .executeTakeFirstOrThrow()
    ).n,
  );
const rowCount = async (d: Device) => {
  let n = 0;
  for (const c of collectionNames) n += await d.db.collection(c).count();
  return n;
};

describe('pulling the change feed into a replica', () => {
  it("fills an empty replica on a first sync, the day's work first, and reports progress up to the total", async () => {
    const d = device();
    await d.engine.pull();
    const total = (await d.db.syncState.get('total'))!.value as number;
    expect(await rowCount(d)).toBeGreaterThan(1000);
    expect(await d.db.collection('customers').count()).toBe(await serverCustomers());
    const phases = d.progress.map((p) => p.phase);
    expect(phases[0]).toBe('priority');
    expect(phases.indexOf('full')).toBeGreaterThan(phases.lastIndexOf('priority'));
    const full = d.progress.filter((p) => p.phase === 'full');
    expect(full.length).toBeGreaterThan(1);
    expect(full.at(-1)).toEqual({ phase: 'full', done: total, total });
    expect(full.map((p) => p.done)).toEqual([...full.map((p) => p.done)].sort((a, b) => a - b));
    expect((await d.db.syncState.get('complete'))?.value).toBe(true);
  });

  it('brings later changes and tombstones on the next pull', async () => {
    const d = device();
    await d.engine.pull();
    const db = env.server.database.db;
    const service = await db
      .selectFrom('storeServices')
      .select(['storeServiceId', 'companyId'])
      .where('storeId', '=', env.store)
      .where('deleted', '=', false)
      .executeTakeFirstOrThrow();
    const customer = await db.selectFrom('customers').select('customerId').executeTakeFirstOrThrow();
    await db.transaction().execute(async (trx) => {
      const first = await takeVersions(trx, 2);
      await trx.updateTable('storeServices').set({ deleted: true, version: first }).where('storeServiceId', '=', service.storeServiceId).execute();
      await trx
        .updateTable('customers')
        .set({ notes: 'Changed on the server', version: first + 1 })
        .where('customerId', '=', customer.customerId)
        .execute();
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
    const storedCursor = ((await d.db.syncState.get('cursor'))?.value as number | undefined) ?? ((await d.db.syncState.get('priorityCursor'))!.value as number);
    expect(storedCursor).toBeGreaterThan(0);
    const pulledBefore = ((await d.db.syncState.get('pulled'))?.value as number | undefined) ?? 0;

    const resumed = d.reload();
    env.track(resumed);
    const rest = await resumed.engine.pull();
    const total = (await resumed.db.syncState.get('total'))!.value as number;
    expect(storedCursor + pulledBefore).toBeGreaterThan(0);
    // Every change applied is counted: had a page been applied twice, the count would pass the total.
    expect(rest.changes).toBeGreaterThan(0);
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

// The store's day, not the machine's: at 23:30 store time the UTC date is already tomorrow (Central),
// at 00:30 it may still be yesterday elsewhere. The first phase must hold the store's today either way.
describe.each([
  ['23:30', '2026-11-02T23:30'],
  ['00:30', '2026-11-03T00:30'],
])('the first phase of a first sync at %s store time', (_label, wallClock) => {
  const clocked = syncTestEnvironment(storeClock(wallClock));

  it("has the store's calendar of today, resources, services and open messages, before the rest", async () => {
    const d = clocked.device(5000);
    d.network.failAfter = 1;
    await expect(d.engine.pull()).rejects.toThrow();
    expect((await d.db.syncState.get('priorityComplete'))?.value).toBe(true);
    expect(await d.db.collection('schedulerResources').count()).toBeGreaterThan(0);
    expect(await d.db.collection('storeServices').count()).toBeGreaterThan(0);
    const today = Temporal.PlainDateTime.from(wallClock).toPlainDate();
    const storeDate = (iso: unknown) => Temporal.Instant.from(String(iso)).toZonedDateTimeISO(demoStoreZone).toPlainDate();
    const services = await d.db.collection('scheduledServices').toArray();
    expect(services.some((s) => storeDate(s.startDate).equals(today))).toBe(true);
    expect(services.some((s) => storeDate(s.startDate).equals(today.add({ days: 1 })))).toBe(true);
    const messages = await d.db.collection('storeMessages').toArray();
    expect(messages.length).toBeGreaterThan(0);
    expect(messages.every((m) => m.isArchived === false && m.repliedToByUserId === null)).toBe(true);
    // History waits for the full sync.
    expect(await d.db.collection('ratings').count()).toBe(0);
    const all = Number(
      (
        await clocked.server.database.db
          .selectFrom('customers')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('deleted', '=', false)
          .executeTakeFirstOrThrow()
      ).n,
    );
    expect(await d.db.collection('customers').count()).toBeLessThan(all);
  });
});
