import { isCollectionName } from '../src/contract/sync.ts';
import type { GlobalDb } from '../src/db/global-db.ts';
import { keyFromString, legacyReplicaStoreIds, StoreDb, type StoreDbOptions } from '../src/db/store-db.ts';

/**
 * Replicas made by app versions up to 0.1.1 had no owner in their name. The user who was signed in when the
 * app moved to per-user replicas adopts them: their waiting and refused changes (with the rows those changes
 * show and the server's copies) move into that user's replica of the same store; the rest is pulled again.
 * Then the old databases are deleted. Nothing a user typed is lost.
 */
export async function adoptLegacyReplicas(globalDb: GlobalDb, userId: string, options: Pick<StoreDbOptions, 'indexedDB' | 'IDBKeyRange'> = {}): Promise<void> {
  for (const storeId of await legacyReplicaStoreIds(options.indexedDB)) {
    const legacy = new StoreDb({ userId, storeId }, { ...options, legacy: true });
    const outbox = await legacy.outbox.toArray();
    if (outbox.length > 0) {
      const serverRows = await legacy.serverRows.toArray();
      const shown = await Promise.all(
        [...new Map(outbox.map((e) => [e.entity, e])).values()]
          .filter((e) => isCollectionName(e.collection))
          .map(async (e) => ({
            collection: e.collection,
            row: serverRows.some((s) => s.entity === e.entity) ? await legacy.collection(e.collection).get(keyFromString(e.collection, e.key)) : undefined,
          })),
      );
      const target = new StoreDb({ userId, storeId }, { ...options, durability: 'strict' });
      const tables = [...new Set(shown.map((s) => s.collection))].map((c) => target.collection(c));
      await target.transaction('rw', [target.outbox, target.serverRows, ...tables], async () => {
        for (const { seq: _seq, ...entry } of outbox) await target.outbox.add(entry);
        await target.serverRows.bulkPut(serverRows);
        for (const { collection, row } of shown) if (row) await target.collection(collection).put(row);
      });
      target.close();
    }
    await legacy.delete();
  }
  await globalDb.sessions.update(userId, { adoptLegacyReplicas: false });
}
