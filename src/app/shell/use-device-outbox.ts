import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import { replicaStoreIds, type OutboxEntry } from '../../db/store-db.ts';
import { replicaOf } from '../../db/use-replica.ts';

/** A change in some store's outbox on this device, with the store it belongs to. */
export interface DeviceChange {
  storeId: number;
  entry: OutboxEntry;
}

/**
 * Every change waiting or refused on this device, at the active store and at stores the user switched away
 * from (the leader sends those too), so the sync status never says Saved while something is outstanding.
 */
export function useDeviceOutbox(activeStoreId: number): { queued: number; failed: DeviceChange[]; lastSyncedAt: string | null } | undefined {
  const [others, setOthers] = useState<number[]>([]);
  useEffect(() => {
    let current = true;
    void replicaStoreIds().then((ids) => { if (current) setOthers(ids.filter((id) => id !== activeStoreId)); });
    return () => { current = false; };
  }, [activeStoreId]);

  return useLiveQuery(async () => {
    const active = replicaOf(activeStoreId);
    const [changes, lastSyncedAt] = await Promise.all([
      Promise.all([activeStoreId, ...others].map(async (storeId) => (await replicaOf(storeId).outbox.orderBy('seq').toArray()).map((entry) => ({ storeId, entry })))),
      active.syncState.get('lastSyncedAt'),
    ]);
    const all = changes.flat();
    return {
      queued: all.filter((c) => c.entry.status === 'pending').length,
      failed: all.filter((c) => c.entry.status === 'failed'),
      lastSyncedAt: (lastSyncedAt?.value as string | undefined) ?? null,
    };
  }, [activeStoreId, others]);
}
