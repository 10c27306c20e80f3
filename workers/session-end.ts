import { collectionNames } from '../src/contract/sync.ts';
import type { GlobalDb, SignedOutNotice } from '../src/db/global-db.ts';
import type { ReplicaOwner, StoreDb } from '../src/db/store-db.ts';

/** What ending a user's session needs of the device: its databases, opened as the worker opens them. */
export interface SessionEndDevice {
  globalDb: GlobalDb;
  replicaStoreIds: (userId: string) => Promise<number[]>;
  openStoreDb: (owner: ReplicaOwner, durability: 'strict' | 'default') => StoreDb;
}

/**
 * Signs a user out of the device because the server ended their sign-in (they were disabled, or it refused to
 * renew it): what the server sent them goes (customers' phone numbers must not stay readable on a shared
 * device), their session goes (the app no longer opens for them offline), and their unsent changes stay in their
 * own outbox, unseen by anyone else, until they sign in here again (DESIGN.md, "A device is shared"). The notice
 * saying why stays on the device until the next sign-in.
 */
export async function endSessionOnDevice(device: SessionEndDevice, userId: string, reason: string): Promise<SignedOutNotice> {
  let waiting = 0;
  for (const storeId of await device.replicaStoreIds(userId)) {
    const db = device.openStoreDb({ userId, storeId }, 'strict');
    try {
      waiting += await keepOnlyOutbox(db);
    } finally {
      db.close();
    }
  }
  const { globalDb } = device;
  return globalDb.transaction('rw', globalDb.sessions, globalDb.deviceState, async () => {
    const session = await globalDb.sessions.get(userId);
    const notice: SignedOutNotice = { userId, name: session?.user.name ?? null, reason, waiting, at: new Date().toISOString() };
    await globalDb.sessions.delete(userId);
    await globalDb.signedOutNoticeState.put({ name: 'signedOutNotice', value: notice, savedAt: notice.at });
    return notice;
  });
}

/**
 * Empties a replica but for its outbox and the photos it has still to upload; the sync state goes too, so the
 * next sign-in syncs the store again from the start. Answers how many changes wait.
 */
async function keepOnlyOutbox(db: StoreDb): Promise<number> {
  const tables = [...collectionNames.map((c) => db.collection(c)), db.outbox, db.serverRows, db.syncState, db.localEdits, db.conflicts, db.photoBlobs];
  return db.transaction('rw', tables, async () => {
    for (const collection of collectionNames) await db.collection(collection).clear();
    for (const table of [db.serverRows, db.syncState, db.localEdits, db.conflicts]) await table.clear();
    const entries = await db.outbox.toArray();
    const uploads = new Set(entries.filter((e) => e.upload).map((e) => e.key));
    await db.photoBlobs.filter((photo) => !uploads.has(photo.inspectionPhotoId)).delete();
    return entries.length;
  });
}
