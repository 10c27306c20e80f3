/// <reference lib="webworker" />
import * as Comlink from 'comlink';
import { Dexie } from 'dexie';
import { apiPaths } from '../src/contract/routes.ts';
import { mayUseStore } from '../src/domain/roles.ts';
import { GlobalDb } from '../src/db/global-db.ts';
import { replicaStoreIds, StoreDb, storeDbName } from '../src/db/store-db.ts';
import { watchUpgrades } from '../src/db/upgrades.ts';
import { SyncLeader } from './leader.ts';
import { mutations } from './mutations.ts';
import { activeStoreOnDevice, changeSettings, refreshSystemNotifications } from './session.ts';
import { SyncEngine, type Mutation } from './sync-engine.ts';
import { ApiClient } from './api-client.ts';
import { supportRequestList } from './support-requests.ts';
import { syncChannelName, type SignOutResult, type SyncChannelMessage, type SyncWorkerApi } from './sync-worker-api.ts';

/*
 * One of these runs in every tab. Each can apply the user's changes to the replica and queue them; only the
 * leader (one per browser profile, by navigator.locks) talks to the server. When the leader's tab closes,
 * its lock is released and a waiting tab's worker takes over at once.
 */

const channel = new BroadcastChannel(syncChannelName);
const globalDb = new GlobalDb();
const post = (message: SyncChannelMessage | { type: 'upgrade'; message: string }) => channel.postMessage(message);
watchUpgrades(globalDb, (notice) => post({ type: 'upgrade', message: notice.message }));

let settings: { serverUrl: string; production: boolean } | null = null;
let token: string | null = null;
let renew: () => Promise<string | null> = async () => null;
let leader: SyncLeader | null = null;
const openDbs: StoreDb[] = [];

function openStoreDb(storeId: number, durability: 'strict' | 'default'): StoreDb {
  const db = new StoreDb(storeId, { durability });
  watchUpgrades(db, (notice) => post({ type: 'upgrade', message: notice.message }));
  openDbs.push(db);
  return db;
}

/** This tab's engines, one per store it changed things at; they queue and never pull or push themselves. */
const engines = new Map<number, SyncEngine>();

function engineFor(storeId: number): SyncEngine {
  if (!settings) throw new Error('The app is still starting; try again in a moment.');
  let engine = engines.get(storeId);
  if (!engine) {
    engine = new SyncEngine({
      db: openStoreDb(storeId, 'default'),
      strictDb: openStoreDb(storeId, 'strict'),
      api: new ApiClient({ baseUrl: settings.serverUrl, storeId, accessToken: () => token }),
    });
    engines.set(storeId, engine);
  }
  return engine;
}

async function activeStoreId(): Promise<number> {
  const store = await activeStoreOnDevice(globalDb);
  if (!store) throw new Error('Choose a store before making changes.');
  return store.id;
}

async function signedInUser(action: string) {
  const session = await globalDb.session.get('current');
  if (!session) throw new Error(`Sign in before ${action}.`);
  return session.user;
}

function wakeLeader(): void {
  if (leader) leader.kick();
  else post({ type: 'kick' });
}

async function queue(mutation: Mutation): Promise<boolean> {
  const queued = await engineFor(await activeStoreId()).mutate(mutation);
  if (queued) wakeLeader();
  return queued;
}

channel.onmessage = (event: MessageEvent<SyncChannelMessage>) => {
  const message = event.data;
  if (message.type === 'token' && message.token !== token) {
    token = message.token;
    void leader?.tokenChanged();
  }
  if (!leader) return;
  if (message.type === 'kick') leader.sessionChanged();
  if (message.type === 'status-request') post({ type: 'status', status: leader.status });
};
self.addEventListener('online', () => leader?.kick());

const api: SyncWorkerApi = {
  async start(options, renewToken) {
    if (settings) return;
    settings = options;
    renew = renewToken;
    void navigator.locks.request('alltrac-sync-leader', async () => {
      leader = new SyncLeader({
        serverUrl: options.serverUrl,
        production: options.production,
        globalDb,
        accessToken: () => token,
        renewToken: async () => {
          token = await renew();
          return token;
        },
        publish: (status) => post({ type: 'status', status }),
        online: () => navigator.onLine,
        openStoreDb,
        replicaStoreIds,
      });
      await leader.tokenChanged();
      // Held for the life of this tab: closing it releases the lock to the next tab.
      await new Promise<never>(() => undefined);
    });
  },

  async setAccessToken(value) {
    if (value === token) return;
    token = value;
    post({ type: 'token', token: value });
    await leader?.tokenChanged();
  },

  async selectStore(storeId) {
    const session = await globalDb.session.get('current');
    if (!session || !mayUseStore(session.user.roles, storeId)) throw new Error('You do not hold a role at that store.');
    await changeSettings(globalDb, { allTracCurrentStoreLocation: storeId });
    if (leader) leader.sessionChanged();
    else post({ type: 'kick' });
  },

  async syncNow() {
    wakeLeader();
  },

  async refreshSystemNotifications() {
    if (!settings || !token) return false;
    try {
      await refreshSystemNotifications(new ApiClient({ baseUrl: settings.serverUrl, storeId: null, accessToken: () => token }), globalDb);
      return true;
    } catch {
      return false;
    }
  },

  createCustomer: (model) => queue(mutations.createCustomer(model)),
  updateCustomer: (customerId, changes) => queue(mutations.updateCustomer(customerId, changes)),
  createVehicle: (customerId, model) => queue(mutations.createVehicle(customerId, model)),
  updateVehicle: (customerId, vehicleId, changes) => queue(mutations.updateVehicle(customerId, vehicleId, changes)),
  markRatingRead: (ratingId) => queue(mutations.markRatingRead(ratingId)),
  archiveMessage: (storeMessageId) => queue(mutations.archiveMessage(storeMessageId)),
  setNotificationRead: (userNotificationId, read) => queue(mutations.setNotificationRead(userNotificationId, read)),
  async markMessageReplied(storeMessageId) {
    const user = await signedInUser('replying');
    return queue(mutations.markMessageReplied(storeMessageId, { userId: user.userId, name: user.name }));
  },
  async setNotificationPreference(kind, inApp) {
    const user = await signedInUser('changing notification settings');
    return queue(mutations.setNotificationPreference(user.userId, kind, inApp));
  },
  async sendSupportRequest(model) {
    const user = await signedInUser('writing to support');
    return queue(mutations.sendSupportRequest(user.userId, await activeStoreId(), model));
  },
  async listSupportRequests({ top, skip }) {
    if (!settings) throw new Error('The app is still starting; try again in a moment.');
    const query = new URLSearchParams({ $top: String(top), $skip: String(skip), $count: 'true', $orderby: 'dateSubmitted desc' });
    const client = new ApiClient({ baseUrl: settings.serverUrl, storeId: null, accessToken: () => token });
    return supportRequestList(client, `${apiPaths.supportRequests}?${query}`);
  },

  async retryChange(storeId, seq) {
    await engineFor(storeId).retry(seq);
    wakeLeader();
  },
  async discardChange(storeId, seq) {
    await engineFor(storeId).discard(seq);
  },

  async signOut(force): Promise<SignOutResult> {
    const storeIds = await replicaStoreIds();
    let waiting = 0;
    for (const storeId of storeIds) {
      const db = new StoreDb(storeId);
      waiting += await db.outbox.count();
      db.close();
    }
    if (waiting > 0 && !force) return { waiting, done: false };
    await leader?.stop();
    for (const db of openDbs.splice(0)) db.close();
    engines.clear();
    token = null;
    await Promise.all(storeIds.map((storeId) => Dexie.delete(storeDbName(storeId))));
    await globalDb.transaction('rw', [globalDb.session, globalDb.stores, globalDb.systemNotifications], async () => {
      await globalDb.session.clear();
      await globalDb.stores.clear();
      await globalDb.systemNotifications.clear();
    });
    return { waiting, done: true };
  },
};

Comlink.expose(api);
