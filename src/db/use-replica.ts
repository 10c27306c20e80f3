import { StoreDb } from './store-db.ts';

const open = new Map<number, StoreDb>();

/** This tab's read connection to a store's replica (screens read; only the sync worker writes). */
export function replicaOf(storeId: number): StoreDb {
  let db = open.get(storeId);
  if (!db) {
    db = new StoreDb(storeId);
    open.set(storeId, db);
  }
  return db;
}

/** Closes every replica connection of this tab (before sign-out deletes them). */
export function closeReplicas(): void {
  for (const db of open.values()) db.close();
  open.clear();
}
