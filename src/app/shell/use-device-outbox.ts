import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import { replicaStoreIds, replicasOnDevice, StoreDb, type OutboxEntry } from '../../db/store-db.ts';
import { signedInUser } from '../../db/signed-in-user.ts';
import { replicaOf } from '../../db/use-replica.ts';

/** A change in some store's outbox on this device, with the store it belongs to. */
export interface DeviceChange {
  storeId: number;
  entry: OutboxEntry;
}

/**
 * Every change of the signed-in user waiting or refused on this device, at the active store and at stores
 * they switched away from (the leader sends those too), so the sync status never says Saved while something
 * is outstanding.
 */
export function useDeviceOutbox(activeStoreId: number): { waiting: DeviceChange[]; failed: DeviceChange[] } | undefined {
  const [others, setOthers] = useState<number[]>([]);
  useEffect(() => {
    let current = true;
    const userId = signedInUser();
    if (userId)
      void replicaStoreIds(userId).then((ids) => {
        if (current) setOthers(ids.filter((id) => id !== activeStoreId));
      });
    return () => {
      current = false;
    };
  }, [activeStoreId]);

  return useLiveQuery(async () => {
    const changes = await Promise.all(
      [activeStoreId, ...others].map(async (storeId) => (await replicaOf(storeId).outbox.orderBy('seq').toArray()).map((entry) => ({ storeId, entry }))),
    );
    const all = changes.flat();
    return { waiting: all.filter((c) => c.entry.status === 'pending'), failed: all.filter((c) => c.entry.status === 'failed') };
  }, [activeStoreId, others]);
}

/**
 * How many changes other users left waiting on this shared device (a tablet passed between staff). Only the
 * count: their content is theirs, and goes out when they sign in here again.
 */
export function useOtherUsersWaiting(): number {
  const [count, setCount] = useState(0);
  useEffect(() => {
    let current = true;
    const me = signedInUser();
    void (async () => {
      let waiting = 0;
      for (const owner of await replicasOnDevice()) {
        if (owner.userId === me) continue;
        const db = new StoreDb(owner);
        waiting += await db.outbox.count().catch(() => 0);
        db.close();
      }
      if (current) setCount(waiting);
    })();
    return () => {
      current = false;
    };
  }, []);
  return count;
}
