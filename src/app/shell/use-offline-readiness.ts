import { useLiveQuery } from 'dexie-react-hooks';
import { useSyncExternalStore } from 'react';
import { replicaOf } from '../../db/use-replica.ts';
import { useLaterScreens } from '../app-update.ts';
import { globalDb } from '../session.ts';

/** What the device holds for opening and working with no network, for the active store. */
export interface OfflineReadiness {
  /** What is still missing, in words; empty once the device is ready for offline use. */
  missing: string[];
  /** When the store's replica last finished a sync (kept on the device, so it is known offline too). */
  lastSyncedAt: string | null;
  /** Screens a store's day can open offline without, whose code is still being kept (words), or null. */
  stillSaving: string | null;
}

const laterScreenNames = 'the dashboard, Retail Management, Help and the admin screens';

/** The service worker is only built into the production app: there, the page must be served by it. */
const needsServiceWorker = import.meta.env.PROD && typeof navigator !== 'undefined' && 'serviceWorker' in navigator;

function subscribeController(onChange: () => void): () => void {
  if (!needsServiceWorker) return () => undefined;
  navigator.serviceWorker.addEventListener('controllerchange', onChange);
  return () => navigator.serviceWorker.removeEventListener('controllerchange', onChange);
}
const servedByWorker = () => !needsServiceWorker || navigator.serviceWorker.controller !== null;

/**
 * Whether this device can open the app and work at this store with no network (issue 24 item 2): the app kept by
 * its service worker, the startup settings kept, and the store's first sync complete. Until then the sync status
 * says what is missing, so nobody walks into the bay trusting a device that is not ready.
 */
export function useOfflineReadiness(storeId: number): OfflineReadiness | undefined {
  const controlled = useSyncExternalStore(subscribeController, servedByWorker, () => true);
  const later = useLaterScreens();
  const kept = useLiveQuery(async () => {
    const [settings, complete, lastSynced] = await Promise.all([
      globalDb.deviceState.get('startupSettings'),
      replicaOf(storeId).syncState.get('complete'),
      replicaOf(storeId).syncState.get('lastSyncedAt'),
    ]);
    return { settings: settings !== undefined, complete: complete?.value === true, lastSyncedAt: (lastSynced?.value as string | undefined) ?? null };
  }, [storeId]);
  if (!kept) return undefined;
  const missing = [
    ...(controlled ? [] : ['the app is still being saved on this device']),
    ...(kept.settings ? [] : ["the app's settings are not saved yet"]),
    ...(kept.complete ? [] : ["the store's data is still downloading"]),
  ];
  const stillSaving =
    later === 'saving'
      ? `${laterScreenNames} are still being saved on this device`
      : later === 'not all saved'
        ? `${laterScreenNames} could not all be saved; they are tried again when the app next starts online`
        : null;
  return { missing, lastSyncedAt: kept.lastSyncedAt, stillSaving };
}
