import { useLiveQuery } from 'dexie-react-hooks';
import type { TextStop } from '../../contract/entities.ts';
import { fillPath } from '../../contract/fill-path.ts';
import { apiPaths } from '../../contract/routes.ts';
import type { StoreLocation } from '../../contract/store-location.ts';
import type { OutboxEntry } from '../../db/store-db.ts';
import { replicaOf } from '../../db/use-replica.ts';
import { e164 } from '../../domain/people/phone.ts';
import { promiseUpdateRoute, type PromiseUpdateCustomer } from '../../domain/scheduler/promise-update.ts';

/**
 * How the customer's update would go now, from the replica (their record and the store's STOP list), by the rule
 * the server's send follows; undefined while it is read.
 */
export function usePromiseUpdateRoute(store: StoreLocation, customer: PromiseUpdateCustomer | null | undefined) {
  return useLiveQuery(async () => {
    const number = e164(customer?.phoneNumber ?? null);
    const stopped = number
      ? (await replicaOf(store.id)
          .rows<TextStop>('textStops')
          .get([store.id, number] as never)) !== undefined
      : false;
    return promiseUpdateRoute(customer, store, () => stopped);
  }, [store, customer]);
}

/**
 * This device's promise moves of a visit not yet taken by the server: the last one waiting, and the last one the
 * server refused (kept, with its words, until the counter tries it again or discards it).
 */
export function usePromiseMoves(storeId: number, scheduledVisitId: string): { waiting: OutboxEntry | null; refused: OutboxEntry | null } {
  const path = fillPath(apiPaths.visitPromises, { scheduledVisitId });
  const entries = useLiveQuery(async () => {
    const db = replicaOf(storeId);
    // In a transaction of its own: a plain read is answered from Dexie's cache, which hears of the worker's writes late.
    return db.transaction('r', db.outbox, () =>
      db.outbox
        .where('entity')
        .equals(`scheduledVisits/${scheduledVisitId}`)
        .filter((e) => e.path === path)
        .sortBy('seq'),
    );
  }, [storeId, scheduledVisitId, path]);
  return {
    waiting: entries?.filter((e) => e.status === 'pending').at(-1) ?? null,
    refused: entries?.filter((e) => e.status === 'failed').at(-1) ?? null,
  };
}
