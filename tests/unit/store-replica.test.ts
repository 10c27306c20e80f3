import { Dexie } from 'dexie';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { GlobalDb } from '../../src/db/global-db.ts';
import { replicaStoreIds, StoreDb, storeDbName, storeDbSchema } from '../../src/db/store-db.ts';

describe('a store replica made by the first version of the app', () => {
  it('opens in the new version with its rows and unsent changes kept, and the new collections empty', async () => {
    const indexedDB = new IDBFactory();
    const firstVersion = new Dexie(storeDbName(7), { indexedDB, IDBKeyRange });
    firstVersion.version(1).stores(Object.fromEntries(Object.entries(storeDbSchema).filter(([table]) => table !== 'notificationPreferences' && table !== 'supportRequests')));
    await firstVersion.table('customers').put({ customerId: 'c1', firstName: 'Ada' });
    await firstVersion.table('outbox').add({ entity: 'customers/c1', collection: 'customers', key: 'c1', method: 'PATCH', path: '/x', idempotencyKey: 'k-12345678', description: 'Change customer', status: 'pending', attempts: 0, createdAt: '2026-11-21T10:00:00.000Z' });
    firstVersion.close();

    const upgraded = new StoreDb(7, { indexedDB, IDBKeyRange });
    await upgraded.open();
    expect(upgraded.verno).toBe(2);
    expect(await upgraded.collection('customers').get('c1')).toEqual({ customerId: 'c1', firstName: 'Ada' });
    expect(await upgraded.outbox.count()).toBe(1);
    expect(await upgraded.collection('supportRequests').count()).toBe(0);
    await upgraded.collection('notificationPreferences').put({ identityId: 'u1', kind: 'rating', inApp: false });
    expect(await upgraded.collection('notificationPreferences').get(['u1', 'rating'])).toEqual({ identityId: 'u1', kind: 'rating', inApp: false });
    upgraded.close();
  });
});

describe('the replicas on a device', () => {
  it('are the stores opened there, not the device\'s other databases', async () => {
    const indexedDB = new IDBFactory();
    for (const db of [new StoreDb(3, { indexedDB, IDBKeyRange }), new StoreDb(15, { indexedDB, IDBKeyRange }), new GlobalDb({ indexedDB, IDBKeyRange })]) {
      await db.open();
      db.close();
    }
    expect((await replicaStoreIds(indexedDB)).sort((a, b) => a - b)).toEqual([3, 15]);
  });
});
