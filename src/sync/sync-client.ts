import * as Comlink from 'comlink';
import { syncChannelName, type SyncChannelMessage, type SyncStatus, type SyncWorkerApi } from '../../workers/sync-worker-api.ts';

export type SyncClient = Comlink.Remote<SyncWorkerApi>;

let client: SyncClient | null = null;

/** This tab's sync worker (started once); screens call its verbs and never the network. */
export function syncClient(): SyncClient {
  client ??= Comlink.wrap<SyncWorkerApi>(new Worker(new URL('../../workers/sync.worker.ts', import.meta.url), { type: 'module', name: 'alltrac-sync' }));
  return client;
}

export const initialStatus: SyncStatus = {
  storeId: null,
  online: typeof navigator === 'undefined' ? true : navigator.onLine,
  signedIn: true,
  connection: 'disconnected',
  activity: 'idle',
  progress: null,
  lastError: null,
  nextRetryAt: null,
  bannerStatus: null,
  lastSyncedAt: null,
  updateAvailable: false,
};

/** The leader's sync status as it is broadcast to every tab, plus the browser's own online flag. */
export function subscribeSyncStatus(onStatus: (status: SyncStatus) => void, onUpgrade: (message: string) => void): () => void {
  const channel = new BroadcastChannel(syncChannelName);
  let last = initialStatus;
  channel.onmessage = (event: MessageEvent<SyncChannelMessage>) => {
    if (event.data.type === 'status') onStatus((last = event.data.status));
    if (event.data.type === 'upgrade') onUpgrade(event.data.message);
  };
  const network = () => onStatus((last = { ...last, online: navigator.onLine }));
  window.addEventListener('online', network);
  window.addEventListener('offline', network);
  channel.postMessage({ type: 'status-request' } satisfies SyncChannelMessage);
  return () => {
    channel.close();
    window.removeEventListener('online', network);
    window.removeEventListener('offline', network);
  };
}

/** Calls `onEnded` when the server ended a user's sign-in on this device (the leader has emptied their data). */
export function onSessionEnded(onEnded: (userId: string) => void): void {
  const channel = new BroadcastChannel(syncChannelName);
  channel.onmessage = (event: MessageEvent<SyncChannelMessage>) => {
    if (event.data.type === 'session-ended') onEnded(event.data.userId);
  };
}
