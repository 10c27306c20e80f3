import { hubEvents } from '../src/contract/hub.ts';
import { opensErrorBanner } from '../src/domain/error-banner.ts';
import type { GlobalDb } from '../src/db/global-db.ts';
import type { StoreDb } from '../src/db/store-db.ts';
import { ApiClient, NetworkError } from './api-client.ts';
import { LiveConnection } from './live-connection.ts';
import { activeStoreOnDevice, ApiError, refreshSession, saveSettings } from './session.ts';
import { SyncEngine, type PushResult } from './sync-engine.ts';
import { backoffMs } from './upload-policy.ts';
import type { SyncStatus } from './sync-worker-api.ts';

/** How often the leader pulls with no event to prompt it (the hub pokes it sooner). */
const pullEveryMs = 3 * 60_000;
/** How old the session (user, roles, stores) may get before a round loads it again. */
const sessionFreshMs = 5 * 60_000;

export interface SyncLeaderOptions {
  serverUrl: string;
  production: boolean;
  globalDb: GlobalDb;
  accessToken: () => string | null;
  renewToken: () => Promise<string | null>;
  publish: (status: SyncStatus) => void;
  online: () => boolean;
  openStoreDb: (storeId: number, durability: 'strict' | 'default') => StoreDb;
  /** The stores that have a replica on this device. */
  replicaStoreIds: () => Promise<number[]>;
}

/** The active store's engine, or another store's kept for sending what was queued there. */
interface StoreEngine {
  engine: SyncEngine;
  dbs: StoreDb[];
}

/**
 * The one tab per browser profile that talks to the server: it keeps the session fresh, pulls the active
 * store's feed, sends the outbox, and holds the live connection. Work is coalesced: a kick while a round
 * runs makes one more round, never two at once.
 */
export class SyncLeader {
  private engine: SyncEngine | null = null;
  private dbs: StoreDb[] = [];
  private storeId: number | null = null;
  private readonly otherStores = new Map<number, StoreEngine>();
  private running = false;
  private again = false;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly interval: ReturnType<typeof setInterval>;
  private readonly live = new LiveConnection();
  private attempt = 0;
  private sessionLoadedAt = 0;
  status: SyncStatus = {
    storeId: null, online: true, signedIn: true, connection: 'disconnected', activity: 'idle', progress: null, lastError: null, nextRetryAt: null, bannerStatus: null,
  };

  constructor(private readonly options: SyncLeaderOptions) {
    this.live.setup({
      serverUrl: options.serverUrl,
      production: options.production,
      events: hubEvents,
      onAnyEvent: () => this.kick(),
      onStateChange: (connection) => {
        this.update({ connection });
        if (connection === 'connected') this.kick();
      },
    });
    this.interval = setInterval(() => this.kick(), pullEveryMs);
  }

  private update(changes: Partial<SyncStatus>): void {
    this.status = { ...this.status, ...changes, online: this.options.online() };
    this.options.publish(this.status);
  }

  /** The session or the store choice changed: load the session again before the next round. */
  sessionChanged(): void {
    this.sessionLoadedAt = 0;
    this.kick();
  }

  async tokenChanged(): Promise<void> {
    this.sessionLoadedAt = 0;
    this.update({ signedIn: this.options.accessToken() !== null });
    await this.live.setAccessToken(this.options.accessToken());
    this.kick();
  }

  /** Asks for a sync round now (coalesced with one already running). */
  kick(): void {
    if (this.running) {
      this.again = true;
      return;
    }
    clearTimeout(this.retryTimer);
    this.running = true;
    void (async () => {
      try {
        do {
          this.again = false;
          await this.round();
        } while (this.again);
      } finally {
        this.running = false;
      }
    })();
  }

  private async round(): Promise<void> {
    if (!this.options.accessToken()) {
      this.update({ signedIn: false, activity: 'idle' });
      return;
    }
    try {
      await this.followActiveStore(Date.now() - this.sessionLoadedAt > sessionFreshMs);
      if (!this.engine) return;
      this.update({ activity: 'pulling', lastError: null });
      await this.engine.pull();
      this.update({ activity: 'pushing', progress: null });
      // Other stores first: what is queued there was mostly made before the switch, and a company-wide row
      // (a customer) changed at both stores must reach the server in the order it was changed.
      await this.pushOtherStores();
      throwIfStopped(await this.engine.push());
      this.attempt = 0;
      this.update({ activity: 'idle', nextRetryAt: null, signedIn: true, bannerStatus: null });
    } catch (error) {
      await this.recover(error);
    }
  }

  private async recover(error: unknown): Promise<void> {
    if (error instanceof ApiError && error.status === 401) {
      const token = await this.options.renewToken().catch(() => null);
      if (token) {
        this.again = true;
        return;
      }
      this.update({ signedIn: false, activity: 'idle', lastError: 'Your sign-in has expired. Sign in again; your changes are kept and will be sent then.' });
      return;
    }
    const status = (error as { status?: unknown }).status;
    if (typeof status === 'number' && opensErrorBanner(status)) this.update({ bannerStatus: status });
    this.attempt++;
    const waitMs = backoffMs(this.attempt);
    const message = error instanceof NetworkError ? 'The server cannot be reached. Your changes are kept and will be sent when it can.' : (error as Error).message;
    this.update({ activity: 'idle', lastError: message, nextRetryAt: Date.now() + waitMs });
    this.retryTimer = setTimeout(() => this.kick(), waitMs);
  }

  /**
   * Sends what was queued at other stores before a switch (a change made offline at #101, then a switch to
   * #102), so it never waits for the user to go back there. Each goes with its own store's header.
   */
  private async pushOtherStores(): Promise<void> {
    for (const storeId of await this.options.replicaStoreIds()) {
      if (storeId === this.storeId) continue;
      const store = this.otherStore(storeId);
      if ((await store.dbs[0]!.outbox.where('status').equals('pending').count()) === 0) continue;
      throwIfStopped(await store.engine.push());
    }
  }

  /** Another store's replica, opened once and kept (a device holds the few stores its user works at). */
  private otherStore(storeId: number): StoreEngine {
    let store = this.otherStores.get(storeId);
    if (!store) {
      const db = this.options.openStoreDb(storeId, 'default');
      const strictDb = this.options.openStoreDb(storeId, 'strict');
      const api = new ApiClient({ baseUrl: this.options.serverUrl, storeId, accessToken: this.options.accessToken });
      store = { engine: new SyncEngine({ db, strictDb, api }), dbs: [db, strictDb] };
      this.otherStores.set(storeId, store);
    }
    return store;
  }

  /**
   * Keeps the session fresh (when `loadSession`) and the engine and live connection on the active store
   * (spec section 4: the setting's store when the user holds a role there, else the first such store).
   */
  async followActiveStore(loadSession: boolean): Promise<void> {
    const api = new ApiClient({ baseUrl: this.options.serverUrl, storeId: null, accessToken: this.options.accessToken });
    if (loadSession) {
      await saveSettings(api, this.options.globalDb).catch((error: unknown) => {
        if (!(error instanceof ApiError) || error.status === 401) throw error;
      });
      await refreshSession(api, this.options.globalDb).catch((error: unknown) => {
        if (error instanceof TypeError) throw new NetworkError(error.message);
        throw error;
      });
      this.sessionLoadedAt = Date.now();
    }
    const storeId = (await activeStoreOnDevice(this.options.globalDb))?.id ?? null;
    if (storeId === this.storeId) return;
    this.closeStore();
    this.storeId = storeId;
    if (storeId !== null) {
      const db = this.options.openStoreDb(storeId, 'default');
      const strictDb = this.options.openStoreDb(storeId, 'strict');
      this.dbs = [db, strictDb];
      this.engine = new SyncEngine({
        db, strictDb,
        api: new ApiClient({ baseUrl: this.options.serverUrl, storeId, accessToken: this.options.accessToken }),
        onProgress: (progress) => this.update({ progress }),
      });
    }
    this.update({ storeId, progress: null });
    await this.live.setStore(storeId);
  }

  private closeStore(): void {
    for (const db of this.dbs) db.close();
    this.dbs = [];
    this.engine = null;
  }

  private closeOtherStores(): void {
    for (const store of this.otherStores.values()) for (const db of store.dbs) db.close();
    this.otherStores.clear();
  }

  async stop(): Promise<void> {
    clearInterval(this.interval);
    clearTimeout(this.retryTimer);
    await this.live.stop();
    this.closeStore();
    this.closeOtherStores();
  }
}

/** A push that stopped before the outbox was done: the round fails, and is retried, for this reason. */
function throwIfStopped(pushed: PushResult): void {
  if (pushed.stoppedBy === 'unauthorized') throw new ApiError(401, 'Sign in again to send your changes.');
  if (pushed.stoppedBy === 'offline') {
    throw pushed.status ? new ApiError(pushed.status, `The server answered ${pushed.status}; your changes will be sent when it recovers.`) : new NetworkError('The server could not be reached; your changes will be sent when it can.');
  }
}
