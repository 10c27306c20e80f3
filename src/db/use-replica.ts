import { signedInUser } from './signed-in-user.ts';
import { StoreDb } from './store-db.ts';

const open = new Map<number, StoreDb>();

/** This tab's read connection to the signed-in user's replica of a store (screens read; only the sync worker writes). */
export function replicaOf(storeId: number): StoreDb {
  let db = open.get(storeId);
  if (!db) {
    const userId = signedInUser();
    if (!userId) throw new Error('Nobody is signed in in this tab.');
    db = new StoreDb({ userId, storeId });
    open.set(storeId, db);
  }
  return db;
}

/** Closes every replica connection of this tab (before sign-out deletes them). */
export function closeReplicas(): void {
  for (const db of open.values()) db.close();
  open.clear();
}
