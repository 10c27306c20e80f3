import type { StoreDb } from '../../db/store-db.ts';

/**
 * Whether the counter can trust what the device holds: the tire catalogue whole and this store's stock in. Both
 * come with the store's first sync, in no order the counter could wait on (a tire may arrive long before its
 * stock): until that sync is complete, a tire in stock here would read "None here", and an option drafted then
 * would miss the store's add-ons. Once complete, the replica follows every change.
 */
export async function counterReady(db: StoreDb): Promise<boolean> {
  return (await db.syncState.get('complete'))?.value === true;
}
