import { Dexie } from 'dexie';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { GlobalDb } from '../../src/db/global-db.ts';
import {
  keyFromString,
  legacyReplicaStoreIds,
  legacyStoreDbName,
  replicaStoreIds,
  StoreDb,
  storeDbName,
  storeDbSchema,
  storeDbSchemaAt,
} from '../../src/db/store-db.ts';
import { adoptLegacyReplicas } from '../../workers/legacy-replicas.ts';

const ownerA = '11111111-1111-4111-8111-111111111111';
const ownerB = '22222222-2222-4222-8222-222222222222';

describe('a store replica made by the first version of the app', () => {
  it('opens in the new version with its rows and unsent changes kept, its customers findable by name, and the new collections empty', async () => {
    const indexedDB = new IDBFactory();
    const firstVersion = new Dexie(legacyStoreDbName(7), { indexedDB, IDBKeyRange });
    firstVersion
      .version(1)
      .stores(Object.fromEntries(Object.entries(storeDbSchema).filter(([table]) => table !== 'notificationPreferences' && table !== 'supportRequests')));
    await firstVersion.table('customers').put({ customerId: 'c1', firstName: 'Ada' });
    await firstVersion.table('outbox').add({
      entity: 'customers/c1',
      collection: 'customers',
      key: 'c1',
      method: 'PATCH',
      path: '/x',
      idempotencyKey: 'k-12345678',
      description: 'Change customer',
      status: 'pending',
      attempts: 0,
      createdAt: '2026-11-21T10:00:00.000Z',
    });
    firstVersion.close();

    const upgraded = new StoreDb({ userId: ownerA, storeId: 7 }, { indexedDB, IDBKeyRange, legacy: true });
    await upgraded.open();
    expect(upgraded.verno).toBe(12);
    expect(await upgraded.collection('customers').get('c1')).toMatchObject({ customerId: 'c1', firstName: 'Ada' });
    expect(await upgraded.collection('customers').where('searchTokens').startsWith('n:ad').primaryKeys()).toEqual(['c1']);
    expect(await upgraded.outbox.count()).toBe(1);
    expect(await upgraded.collection('supportRequests').count()).toBe(0);
    expect(await upgraded.collection('storeLocations').count()).toBe(0);
    await upgraded.collection('storeLocations').put({ id: 7, name: 'Main' });
    expect(await upgraded.collection('storeLocations').get(keyFromString('storeLocations', '7'))).toEqual({ id: 7, name: 'Main' });
    await upgraded.collection('notificationPreferences').put({ identityId: 'u1', kind: 'rating', inApp: false });
    expect(await upgraded.collection('notificationPreferences').get(['u1', 'rating'])).toEqual({ identityId: 'u1', kind: 'rating', inApp: false });
    expect(await upgraded.collection('inspectionItems').where('inspectionReportId').equals('r1').count()).toBe(0);
    expect(await upgraded.photoBlobs.count()).toBe(0);
    expect(await upgraded.collection('catalogueTires').where('sizeKey').startsWith('225/65').count()).toBe(0);
    expect(await upgraded.collection('retailPriceCatalogPrices').where('retailPriceCatalogId').equals('k1').count()).toBe(0);
    upgraded.close();
  });
});

describe('a replica of version 9, before the device marked what its badges and home count', () => {
  it('opens with its messages to answer, unread ratings and recent cars in hand marked, and leaves the rest unmarked', async () => {
    const indexedDB = new IDBFactory();
    const owner = { userId: ownerA, storeId: 8 };
    const before = new Dexie(storeDbName(owner), { indexedDB, IDBKeyRange });
    before.version(9).stores(storeDbSchemaAt(9));
    const today = Date.now();
    const day = (days: number) => new Date(today + days * 86_400_000).toISOString();
    await before.table('storeMessages').bulkPut([
      { storeMessageId: 'open', messageDirection: 'Inbound', isArchived: false, repliedToByUserId: null, sentOn: day(-40), visitId: null },
      { storeMessageId: 'replied', messageDirection: 'Inbound', isArchived: false, repliedToByUserId: 'u1', sentOn: day(-1), visitId: null },
      { storeMessageId: 'sent', messageDirection: 'Outbound', isArchived: false, repliedToByUserId: null, sentOn: day(-1), visitId: 'here' },
    ]);
    await before.table('ratings').bulkPut([
      { ratingId: 'new', isRead: false, visitDate: day(-3) },
      { ratingId: 'seen', isRead: true, visitDate: day(-3) },
    ]);
    await before.table('scheduledVisits').bulkPut([
      { scheduledVisitId: 'here', checkInDate: day(-1), checkOutDate: null, cancelDate: null },
      { scheduledVisitId: 'gone', checkInDate: day(-1), checkOutDate: day(-1), cancelDate: null },
      { scheduledVisitId: 'booked', checkInDate: null, checkOutDate: null, cancelDate: null },
    ]);
    await before
      .table('scheduledServices')
      .bulkPut(['here', 'gone', 'booked'].map((v) => ({ scheduledServiceId: `s-${v}`, scheduledVisitId: v, startDate: day(v === 'booked' ? 3 : -1) })));
    before.close();

    const upgraded = new StoreDb(owner, { indexedDB, IDBKeyRange });
    expect(await upgraded.collection('storeMessages').where('awaitingReply').equals(1).primaryKeys()).toEqual(['open']);
    expect(await upgraded.collection('storeMessages').where('visitId').equals('here').primaryKeys()).toEqual(['sent']);
    expect(await upgraded.collection('ratings').where('unread').equals(1).primaryKeys()).toEqual(['new']);
    expect(await upgraded.collection('scheduledVisits').where('inHandSince').above('').primaryKeys()).toEqual(['here']);
    expect(await upgraded.collection('ratings').get('seen')).toEqual({ ratingId: 'seen', isRead: true, visitDate: day(-3) });
    upgraded.close();
  });
});

describe('a replica of version 10, before visits were indexed by a start of their services', () => {
  it('opens with its visits kept whole and out of the new index, which the reads of a period fill (visits-by-service-start.ts)', async () => {
    const indexedDB = new IDBFactory();
    const owner = { userId: ownerA, storeId: 9 };
    const before = new Dexie(storeDbName(owner), { indexedDB, IDBKeyRange });
    before.version(10).stores(storeDbSchemaAt(10));
    await before.table('scheduledVisits').put({ scheduledVisitId: 'v1', checkInDate: null, keyTag: '12' });
    before.close();

    const upgraded = new StoreDb(owner, { indexedDB, IDBKeyRange });
    expect(await upgraded.collection('scheduledVisits').get('v1')).toMatchObject({ scheduledVisitId: 'v1', keyTag: '12' });
    expect(await upgraded.collection('scheduledVisits').where('serviceStart').above('').count()).toBe(0);
    upgraded.close();
  });
});

describe('a replica of version 11, before ratings were indexed by score and unread notifications marked', () => {
  it('opens with its ratings counted by score and its unread notifications marked, as the shell reads them', async () => {
    const indexedDB = new IDBFactory();
    const owner = { userId: ownerA, storeId: 10 };
    const before = new Dexie(storeDbName(owner), { indexedDB, IDBKeyRange });
    before.version(11).stores(storeDbSchemaAt(11));
    await before.table('ratings').bulkPut([
      { ratingId: 'a', score: 5 },
      { ratingId: 'b', score: 4 },
      { ratingId: 'c', score: 5 },
    ]);
    await before.table('userNotifications').bulkPut([
      { userNotificationId: 'new', dateAdded: '2026-06-09T10:00:00.000Z', dateMarkedRead: null },
      { userNotificationId: 'seen', dateAdded: '2026-06-09T09:00:00.000Z', dateMarkedRead: '2026-06-09T11:00:00.000Z' },
    ]);
    before.close();

    const upgraded = new StoreDb(owner, { indexedDB, IDBKeyRange });
    expect(await upgraded.collection('ratings').orderBy('score').uniqueKeys()).toEqual([4, 5]);
    expect(await upgraded.collection('ratings').where('score').equals(5).count()).toBe(2);
    expect(await upgraded.collection('userNotifications').where('unread').equals(1).primaryKeys()).toEqual(['new']);
    expect(await upgraded.collection('userNotifications').get('seen')).toEqual({
      userNotificationId: 'seen',
      dateAdded: '2026-06-09T09:00:00.000Z',
      dateMarkedRead: '2026-06-09T11:00:00.000Z',
    });
    upgraded.close();
  });
});

describe('the replicas on a device', () => {
  it("are each user's own: a user's stores are theirs, not another user's or the device's other databases", async () => {
    const indexedDB = new IDBFactory();
    const dbs = [
      new StoreDb({ userId: ownerA, storeId: 3 }, { indexedDB, IDBKeyRange }),
      new StoreDb({ userId: ownerA, storeId: 15 }, { indexedDB, IDBKeyRange }),
      new StoreDb({ userId: ownerB, storeId: 3 }, { indexedDB, IDBKeyRange }),
      new GlobalDb({ indexedDB, IDBKeyRange }),
    ];
    for (const db of dbs) {
      await db.open();
      db.close();
    }
    expect((await replicaStoreIds(ownerA, indexedDB)).sort((a, b) => a - b)).toEqual([3, 15]);
    expect(await replicaStoreIds(ownerB, indexedDB)).toEqual([3]);
  });
});

describe('a device moving to per-user replicas', () => {
  it('gives the session of the older app to its user, with the stores it saw', async () => {
    const indexedDB = new IDBFactory();
    const older = new Dexie('alltrac-global', { indexedDB, IDBKeyRange });
    older.version(1).stores({ session: 'key', stores: 'id, storeNumber' });
    older.version(2).stores({ systemNotifications: 'systemNotificationId' });
    const user = { userId: ownerA, companyId: 1, alltracCompanyId: 1001, name: 'Uma User', email: 'user@demo.test', roles: [] };
    await older.table('session').put({
      key: 'current',
      user,
      settings: { allTracCurrentStoreLocation: 3, allTracHideInstallPrompt: null },
      pendingSettings: null,
      loadedAt: '2026-11-01T10:00:00.000Z',
    });
    await older.table('stores').bulkPut([
      { id: 15, storeNumber: 102 },
      { id: 3, storeNumber: 101 },
    ]);
    older.close();

    const upgraded = new GlobalDb({ indexedDB, IDBKeyRange });
    expect(await upgraded.sessions.get(ownerA)).toMatchObject({
      userId: ownerA,
      user,
      settings: { allTracCurrentStoreLocation: 3 },
      stores: [{ id: 3 }, { id: 15 }],
      adoptLegacyReplicas: true,
    });
    expect(upgraded.tables.map((t) => t.name).sort()).toEqual(['deviceState', 'sessions', 'systemNotifications']);
    upgraded.close();
  });

  it("moves the older replicas' waiting changes, the rows they show and the server's copies to that user, and deletes the rest", async () => {
    const indexedDB = new IDBFactory();
    const legacy = new StoreDb({ userId: ownerA, storeId: 3 }, { indexedDB, IDBKeyRange, legacy: true });
    await legacy.collection('customers').bulkPut([
      { customerId: 'c1', notes: 'typed offline' },
      { customerId: 'c2', notes: 'pulled' },
    ]);
    await legacy.serverRows.put({ entity: 'customers/c1', collection: 'customers', key: 'c1', value: { customerId: 'c1', notes: null } });
    await legacy.outbox.add({
      entity: 'customers/c1',
      collection: 'customers',
      key: 'c1',
      method: 'PATCH',
      path: '/api/alltrac/customers/c1',
      body: [],
      idempotencyKey: 'legacy-key-1',
      description: 'Change customer',
      status: 'pending',
      attempts: 2,
      createdAt: '2026-11-01T10:00:00.000Z',
    });
    legacy.close();
    const globalDb = new GlobalDb({ indexedDB, IDBKeyRange });
    await globalDb.sessions.put({
      userId: ownerA,
      user: { userId: ownerA, companyId: 1, alltracCompanyId: 1001, name: 'Uma', email: 'u@x.test', roles: [] },
      settings: { allTracCurrentStoreLocation: 3, allTracHideInstallPrompt: null },
      pendingSettings: null,
      stores: [],
      loadedAt: '',
      adoptLegacyReplicas: true,
    });

    await adoptLegacyReplicas(globalDb, ownerA, { indexedDB, IDBKeyRange });
    const mine = new StoreDb({ userId: ownerA, storeId: 3 }, { indexedDB, IDBKeyRange });
    expect(await mine.outbox.toArray()).toEqual([expect.objectContaining({ entity: 'customers/c1', idempotencyKey: 'legacy-key-1', attempts: 2 })]);
    expect(await mine.collection('customers').toArray()).toEqual([{ customerId: 'c1', notes: 'typed offline' }]);
    expect(await mine.serverRows.get('customers/c1')).toMatchObject({ value: { notes: null } });
    expect(await legacyReplicaStoreIds(indexedDB)).toEqual([]);
    expect((await globalDb.sessions.get(ownerA))?.adoptLegacyReplicas).toBe(false);
    mine.close();
    globalDb.close();
  });
});
