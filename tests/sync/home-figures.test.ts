import { Dexie } from 'dexie';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Customer, ScheduledService, ScheduledVisit, StoreMessage } from '../../src/contract/entities.ts';
import type { CollectionName } from '../../src/contract/sync.ts';
import { withDerivedFields } from '../../src/db/derived-fields.ts';
import { StoreDb, type OutboxEntry, type Row } from '../../src/db/store-db.ts';
import type { HomeFigures } from '../../src/domain/store/home-figures.ts';
import { homeFigures, readHomeRows, watchHomeFigures } from '../../workers/home-figures.ts';
import { watchFigures } from '../../workers/live-watch.ts';
import { at, minutesAfter, ny, service, visit } from '../support/store-day-rows.ts';
import { isOpenFields } from '../../src/contract/store-week.ts';
import { defaultWeekdayHours } from '../../src/domain/store/store-hours.ts';

const owner = { userId: '11111111-1111-4111-8111-111111111111', storeId: 4 };
const open: { close(): void }[] = [];
// Dexie's liveQuery runs its query only where Dexie found an indexedDB as it loaded, as in a browser's worker.
const found = { ...Dexie.dependencies };
beforeAll(() => {
  Object.assign(Dexie.dependencies, { indexedDB: new IDBFactory(), IDBKeyRange });
});
afterAll(() => {
  Object.assign(Dexie.dependencies, found);
});
afterEach(() => {
  for (const o of open.splice(0)) o.close();
});

function replica(indexedDB = new IDBFactory()) {
  const db = new StoreDb(owner, { indexedDB, IDBKeyRange });
  open.push(db);
  return db;
}

const customer = (customerId: string, firstName: string, phoneNumber: string | null): Customer =>
  ({
    customerId,
    firstName,
    lastName: 'Doe',
    companyName: null,
    email: null,
    phoneNumber,
    alternatePhoneNumber: null,
    createdOn: '2026-01-01T10:00:00.000Z',
  }) as Customer;

const outgoing = (storeMessageId: string, visitId: string, sentOn: string, extra: Partial<StoreMessage> = {}): StoreMessage =>
  ({
    storeMessageId,
    customerId: null,
    messageDirection: 'Outbound',
    templateType: 'ServiceFinished',
    content: 'ready',
    sentOn,
    visitId,
    deliveryStatus: 'Queued',
    isArchived: false,
    repliedToByUserId: null,
    ...extra,
  }) as StoreMessage;

const entry = (seq: number, extra: Partial<OutboxEntry>): OutboxEntry => ({
  seq,
  entity: `scheduledVisits/v${seq}`,
  collection: 'scheduledVisits',
  key: `v${seq}`,
  method: 'PATCH',
  path: '/x',
  idempotencyKey: `k${seq}`,
  description: 'A change',
  status: 'pending',
  attempts: 0,
  createdAt: '2026-03-10T12:00:00.000Z',
  ...extra,
});

const now = new Date(at('2026-03-10T11:00:00'));

/** Rows stored as the sync engine stores them: with the marks the device indexes (src/db/derived-fields.ts). */
function put<T extends object>(db: StoreDb, collection: CollectionName, rows: T[]) {
  return db.collection(collection).bulkPut(rows.map((row) => withDerivedFields(collection, { ...row } as Row)));
}
async function change(db: StoreDb, collection: CollectionName, key: string, fields: Row) {
  await put(db, collection, [{ ...(await db.collection(collection).get(key)), ...fields }]);
}

async function seed(db: StoreDb) {
  const start = at('2026-03-10T09:00:00');
  await put<ScheduledVisit>(db, 'scheduledVisits', [
    visit('ready', {
      customerId: 'c1',
      checkInDate: minutesAfter(start, -10),
      workStartDate: start,
      workCompleteDate: minutesAfter(start, 40),
      readyForPickupDate: minutesAfter(start, 45),
    }),
    visit('texted', {
      customerId: 'c2',
      checkInDate: minutesAfter(start, -10),
      workStartDate: start,
      workCompleteDate: minutesAfter(start, 40),
      readyForPickupDate: minutesAfter(start, 50),
    }),
    visit('later', { customerId: 'c1', scheduledCustomerCheckIn: at('2026-03-10T14:00:00') }),
    // Checked in three weeks ago and never checked out: outside the window home reads, a record to tidy.
    visit('forgotten', { checkInDate: at('2026-02-17T08:00:00') }),
    // Dropped off yesterday for a job booked on Friday: a car here.
    visit('early', { customerId: 'c2', checkInDate: at('2026-03-09T17:30:00'), customerVehicleStatus: 2 }),
  ]);
  await put<ScheduledService>(db, 'scheduledServices', [
    service('s1', 'ready', start, 45),
    service('s2', 'texted', start, 45),
    service('s3', 'later', at('2026-03-10T14:00:00'), 60),
    service('s4', 'forgotten', at('2026-02-17T08:00:00'), 60),
    service('s6', 'early', at('2026-03-13T08:00:00'), 90),
  ]);
  await put(db, 'customers', [customer('c1', 'Ann', '3125550101'), customer('c2', 'Bo', null)]);
  await put<StoreMessage>(db, 'storeMessages', [
    outgoing('m1', 'texted', minutesAfter(start, 55)),
    // A text that failed on its way did not tell the customer: the visit can be texted again.
    outgoing('m2', 'ready', minutesAfter(start, 50), { deliveryStatus: 'Failed' }),
    // A customer's question months old still waits for an answer; an archived one does not.
    outgoing('in1', 'texted', at('2025-12-01T10:00:00'), { messageDirection: 'Inbound', templateType: 'Incoming', visitId: null }),
    outgoing('in2', 'texted', at('2026-03-09T10:00:00'), { messageDirection: 'Inbound', templateType: 'Incoming', visitId: null, isArchived: true }),
  ]);
  await put(db, 'ratings', [
    { ratingId: 'r1', isRead: false, visitDate: '2026-01-05' },
    { ratingId: 'r2', isRead: true, visitDate: '2026-03-09' },
  ]);
  await db.outbox.bulkAdd([entry(1, {}), entry(2, { upload: { byteSize: 1000 } }), entry(3, { status: 'failed' })]);
}

describe("home's figures in the sync worker", () => {
  it("read today's visits, the cars ready with whether they were texted, and this device's waiting changes and photos", async () => {
    const db = replica();
    await seed(db);
    const figures = homeFigures(await readHomeRows(db, now, ny), now, ny);
    expect(figures.date).toBe('2026-03-10');
    expect(figures.dayTotal).toBe(3);
    expect(figures.byStatus.find((s) => s.status === 'Ready For Pickup')!.count).toBe(2);
    expect(figures.ready.map((r) => [r.visit.scheduledVisitId, r.visit.customerName, r.visit.phoneNumber, r.textedAt])).toEqual([
      ['ready', 'Ann Doe', '3125550101', null],
      ['texted', 'Bo Doe', null, minutesAfter(at('2026-03-10T09:00:00'), 55)],
    ]);
    expect(figures.arrivals.map((a) => a.visit.scheduledVisitId)).toEqual(['later']);
    expect(figures.here.waiting.map((h) => h.visit.scheduledVisitId)).toEqual(['ready', 'texted']);
    expect(figures.here.droppedOff.map((h) => [h.visit.scheduledVisitId, h.visit.customerName, h.minutesWaited])).toEqual([['early', 'Bo Doe', 17 * 60 + 30]]);
    expect(figures.device).toEqual({ waitingChanges: 1, refusedChanges: 1, waitingPhotos: 1 });
    expect([figures.newMessages, figures.unreadRatings]).toEqual([1, 1]);
  });

  it('list the visits whose promise is at risk, the soonest first, each with why, once the store and its hours are on the device', async () => {
    const db = replica();
    await seed(db);
    await put(db, 'scheduledVisits', [
      visit('slipping', { customerId: 'c1', checkInDate: at('2026-03-10T10:20:00'), pickUpTime: at('2026-03-10T11:20:00') }),
      visit('kept', { customerId: 'c2', checkInDate: at('2026-03-10T10:20:00'), pickUpTime: at('2026-03-10T15:00:00') }),
    ]);
    await put(db, 'scheduledServices', [service('s7', 'slipping', at('2026-03-10T10:30:00'), 60), service('s8', 'kept', at('2026-03-10T10:30:00'), 60)]);
    expect(homeFigures(await readHomeRows(db, now, ny), now, ny).atRisk).toEqual([]);

    const hours = { ...defaultWeekdayHours, ...Object.fromEntries(isOpenFields.map((field) => [field, true])) };
    await put(db, 'storeLocations', [{ id: owner.storeId, timeZone: 'Eastern Standard Time', ...hours }]);
    const figures = homeFigures(await readHomeRows(db, now, ny), now, ny);
    expect(figures.atRisk.map((r) => [r.visit.scheduledVisitId, r.visit.customerName, r.pickUpTime, r.reason])).toEqual([
      ['slipping', 'Ann Doe', at('2026-03-10T11:20:00'), 'work not started, 1 h of work left, 20 min to the promise'],
    ]);
  });

  it('are sent again when a row changes in another connection, each minute as the clock moves, and never after the watch stops', async () => {
    const indexedDB = new IDBFactory();
    const db = replica(indexedDB);
    await seed(db);
    let clock = now;
    const received: HomeFigures[] = [];
    const errors: string[] = [];
    const watch = (onFigures: (f: HomeFigures) => void) =>
      watchHomeFigures(
        db,
        ny,
        onFigures,
        (e) => {
          errors.push(e);
        },
        { clock: () => clock, tickMs: 20 },
      );
    const stop = watch((f) => received.push(f));
    await vi.waitFor(() => expect(received.length).toBeGreaterThan(0));
    expect(errors).toEqual([]);
    expect(received[0]!.ready[0]!.minutesReady).toBe(75);

    // The sync engine writes through its own connection: the car is picked up.
    await change(replica(indexedDB), 'scheduledVisits', 'ready', { checkOutDate: at('2026-03-10T11:00:00') });
    await vi.waitFor(() => expect(received.at(-1)!.ready.map((r) => r.visit.scheduledVisitId)).toEqual(['texted']));

    // A minute on, with no write: the wait shown grows.
    clock = new Date(now.getTime() + 60_000);
    await vi.waitFor(() => expect(received.at(-1)!.ready[0]!.minutesReady).toBe(71));

    stop();
    const seen = received.length;
    await change(replica(indexedDB), 'scheduledVisits', 'texted', { checkOutDate: at('2026-03-10T11:01:00') });
    // A second watch sees the change: by then the stopped one would have too.
    const after: HomeFigures[] = [];
    const second = watch((f) => after.push(f));
    await vi.waitFor(() => expect(after.at(-1)?.ready).toEqual([]));
    second();
    expect(received).toHaveLength(seen);
  });

  it("read today's rows again when the store's date turns, though none of them changed", async () => {
    const db = replica();
    await seed(db);
    // Two days and three hours on: past the end of what the first read looked at.
    await put(db, 'scheduledVisits', [visit('thursday', { customerId: 'c1' })]);
    await put(db, 'scheduledServices', [service('s5', 'thursday', at('2026-03-12T14:00:00'), 60)]);
    let clock = now;
    const received: HomeFigures[] = [];
    const stop = watchHomeFigures(
      db,
      ny,
      (f) => received.push(f),
      (e) => {
        throw new Error(e);
      },
      { clock: () => clock, tickMs: 20 },
    );
    await vi.waitFor(() => expect(received.at(-1)?.date).toBe('2026-03-10'));
    clock = new Date(at('2026-03-12T09:00:00'));
    await vi.waitFor(() => expect(received.at(-1)?.date).toBe('2026-03-12'));
    await vi.waitFor(() => expect(received.at(-1)!.arrivals.map((a) => a.visit.scheduledVisitId)).toEqual(['thursday']));
    stop();
  });

  it("read a burst of writes (a first sync's pages) a few times after it, never once per write, and the last read holds the last write", async () => {
    const db = replica();
    await seed(db);
    let reads = 0;
    const received: number[] = [];
    const stop = watchFigures({
      db,
      read: async () => {
        reads += 1;
        return db.rows<ScheduledVisit>('scheduledVisits').count();
      },
      compute: (count) => count,
      onFigures: (count) => received.push(count),
      onError: (e) => {
        throw new Error(e);
      },
    });
    await vi.waitFor(() => expect(received).toEqual([5]));
    for (let i = 0; i < 60; i++) await db.rows<ScheduledVisit>('scheduledVisits').put(visit(`burst-${i}`));
    await vi.waitFor(() => expect(received.at(-1)).toBe(65));
    expect(reads).toBeLessThan(10);
    stop();
  });
});
