import type { Page } from 'playwright-core';
import { pollUntil } from './poll.ts';

/** Reads a whole object store of the page's IndexedDB, as it is on disk (no app code involved). */
export function readStore<T = Record<string, unknown>>(page: Page, dbName: string, storeName: string): Promise<T[]> {
  return page.evaluate(
    ({ dbName, storeName }) =>
      new Promise<T[]>((resolve, reject) => {
        const open = indexedDB.open(dbName);
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains(storeName)) {
            db.close();
            resolve([]);
            return;
          }
          const request = db.transaction(storeName, 'readonly').objectStore(storeName).getAll();
          request.onsuccess = () => {
            db.close();
            resolve(request.result as T[]);
          };
          request.onerror = () => {
            db.close();
            reject(request.error);
          };
        };
      }),
    { dbName, storeName },
  );
}

/** Waits until a user's first sync of a store is complete on the page's profile. */
export async function firstSyncDone(page: Page, userId: string, storeId: number): Promise<void> {
  await pollUntil(
    `the first sync of store ${storeId} complete`,
    async () =>
      (await readStore<{ name: string; value: unknown }>(page, `alltrac-${userId}-store-${storeId}`, 'syncState')).some(
        (r) => r.name === 'complete' && r.value === true,
      ),
    true,
    { timeout: 30_000 },
  );
}
