import { peopleMessages } from '../src/contract/platform-people.ts';
import { hubEvents, systemNoticeEvent } from '../src/contract/hub.ts';
import { opensErrorBanner } from '../src/domain/app/error-banner.ts';
import type { GlobalDb } from '../src/db/global-db.ts';
import type { ReplicaOwner, StoreDb } from '../src/db/store-db.ts';
import { ApiClient, ApiError, NetworkError } from '../src/http/api-client.ts';
import { deviceIdOf } from './device-id.ts';
import { pushDevice, type PushResult } from './device-push.ts';
import { renewalDueAt, type Identity, type Renewal } from './identity.ts';
import { LiveConnection } from './live-connection.ts';
import { endSessionOnDevice } from './session-end.ts';
import { activeStoreOnDevice, refreshSession, saveSettings } from './session.ts';
import { SyncEngine, type PullResult } from './sync-engine.ts';
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
  /** The signed-in user of this browser profile and their access token (possibly expired), or null. */
  identity: () => Identity | null;
  /** Renews the token through the leader's tab (the one place that renews: refresh tokens rotate). */
  renewToken: () => Promise<Renewal>;
  /**
   * The server ended the user's sign-in (disabled, a renewal refused): every tab of the profile lets go of them
   * (the worker), and the leader then empties what the device holds of theirs but their unsent changes.
   */
  letGoOf: (userId: string) => Promise<void>;
  /** The device's data of the user is gone and the notice written: the tabs show why they were signed out. */
  sessionEnded: (userId: string) => void;
  publish: (status: SyncStatus) => void;
  online: () => boolean;
  openStoreDb: (owner: ReplicaOwner, durability: 'strict' | 'default') => StoreDb;
  /** The stores that have a replica of this user on this device. */
  replicaStoreIds: (userId: string) => Promise<number[]>;
  /** The device-wide order of changes. */
  order: () => number;
  /** Moves what replicas of app versions before 0.2 hold into this user's (once). */
  adoptLegacyReplicas: (userId: string) => Promise<void>;
  fetch?: typeof fetch;
  /** Every live event as it arrives (a system notice's has the notices fetched again at once). */
  onHubEvent?: (name: string) => void;
}

interface StoreEngine {
  engine: SyncEngine;
  dbs: StoreDb[];
}

export const initialSyncStatus: SyncStatus = {
  storeId: null,
  online: true,
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

/**
 * The one tab per browser profile that talks to the server, for the user signed in there: it keeps the
 * session and the token fresh (the only renewal in the profile), pulls the active store's feed, sends every
 * store's outbox in one device-wide order, and holds the live connection. Pull and push run side by side
 * and fail alone: a bad page never stops changes from going out, nor a refused change the pull. Work is
 * coalesced: a kick while a round runs makes one more round, never two at once.
 */
export class SyncLeader {
  private userId: string | null = null;
  private storeId: number | null = null;
  private readonly engines = new Map<number, StoreEngine>();
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private renewTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly interval: ReturnType<typeof setInterval>;
  private readonly live = new LiveConnection();
  private attempt = 0;
  private sessionLoadedAt = 0;
  /** The user whose session the server ended, while the device lets go of them. */
  private ending: string | null = null;
  status: SyncStatus = initialSyncStatus;

  constructor(private readonly options: SyncLeaderOptions) {
    this.live.setup({
      serverUrl: options.serverUrl,
      production: options.production,
      events: hubEvents,
      onAnyEvent: (name) => {
        this.options.onHubEvent?.(name);
        // A notice's event concerns the notices alone, not the replica: no pull for it.
        if (name !== systemNoticeEvent) this.kick();
      },
      // The server closed the connection for good (the person was disabled, say): the session is read again now,
      // and the server's answer says whether the user is still signed in.
      onServerClose: () => this.sessionChanged(),
      onStateChange: (connection) => {
        this.update({ connection });
        // Connected again (and in the store's group): what was missed meanwhile is pulled now.
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

  /** The access token changed (sign-in, renewal in this or another tab, sign-out). */
  async tokenChanged(): Promise<void> {
    if (this.stopped) return;
    const identity = this.options.identity();
    if (identity?.userId !== this.userId) {
      // Another user on this device: nothing of the last one's stays open here.
      this.closeEngines();
      this.userId = identity?.userId ?? null;
      this.storeId = null;
      this.sessionLoadedAt = 0;
    }
    this.scheduleRenewal(identity);
    this.update({ signedIn: identity !== null && identity.expiresAt > Date.now() });
    await this.live.setAccessToken(identity && identity.expiresAt > Date.now() ? identity.accessToken : null);
    this.kick();
  }

  private scheduleRenewal(identity: Identity | null): void {
    clearTimeout(this.renewTimer);
    if (!identity) return;
    this.renewTimer = setTimeout(() => void this.renew(), Math.max(0, renewalDueAt(identity) - Date.now()));
  }

  /**
   * Renews the token. A server that refuses it (or said the account is disabled: `refusals`) ends the user's
   * session on this device; a renewal nobody answered is tried again, and the device meanwhile keeps working on
   * the token it has (DESIGN.md, "Offline").
   */
  private async renew(refusals: unknown[] = []): Promise<void> {
    if (this.stopped) return;
    if (refusals.some((e) => e instanceof ApiError && e.status === 401 && e.message === peopleMessages.disabled)) {
      await this.endSession(peopleMessages.disabled);
      return;
    }
    const renewal = await this.options.renewToken().catch((error: unknown): Renewal => ({ unanswered: String(error) }));
    if ('refused' in renewal) {
      await this.endSession(renewal.refused);
      return;
    }
    if ('token' in renewal) return;
    this.attempt++;
    const waitMs = backoffMs(this.attempt);
    this.update({
      activity: 'idle',
      signedIn: false,
      nextRetryAt: Date.now() + waitMs,
      lastError: 'Your sign-in could not be renewed: the server cannot be reached. Your changes are kept and will be sent when it can.',
    });
    clearTimeout(this.renewTimer);
    this.renewTimer = setTimeout(() => void this.renew(), waitMs);
  }

  /** Signs the user out of this device because the server ended their sign-in, saying why (session-end.ts). */
  private async endSession(reason: string): Promise<void> {
    const userId = this.userId;
    // Once per ending: a renewal and a round may both meet the refusal.
    if (!userId || this.ending === userId) return;
    this.ending = userId;
    try {
      await this.options.letGoOf(userId);
      await endSessionOnDevice(this.options, userId, reason);
      this.options.sessionEnded(userId);
    } finally {
      this.ending = null;
    }
  }

  /** Asks for a sync round now (coalesced with one already running). */
  kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    clearTimeout(this.retryTimer);
    this.running = (async () => {
      try {
        do {
          this.again = false;
          await this.round();
        } while (this.again && !this.stopped);
      } finally {
        this.running = null;
      }
    })();
  }

  /** Resolves once the rounds asked for so far are done. */
  async settled(): Promise<void> {
    while (this.running) await this.running;
  }

  private async round(): Promise<void> {
    const identity = this.options.identity();
    if (!identity) {
      this.update({ signedIn: false, activity: 'idle' });
      return;
    }
    if (identity.expiresAt <= Date.now()) {
      // The round goes on with the renewed token (tokenChanged kicks again), or stays signed out.
      await this.renew();
      return;
    }
    try {
      await this.followActiveStore(identity.userId, Date.now() - this.sessionLoadedAt > sessionFreshMs);
    } catch (error) {
      await this.recover([error]);
      return;
    }
    this.update({ activity: 'syncing', lastError: null });
    const [pulled, pushed] = await Promise.allSettled([this.pullActiveStore(), this.pushEveryStore(identity.userId)]);
    const errors = [pulled, pushed].flatMap((r) => (r.status === 'rejected' ? [r.reason as unknown] : []));
    const push = pushed.status === 'fulfilled' ? pushed.value : null;
    if (pulled.status === 'fulfilled' && pulled.value && pulled.value.skipped > 0) this.update({ updateAvailable: true });
    if (push?.stoppedBy === 'unauthorized') errors.push(new ApiError(401, 'Sign in again to send your changes.'));
    if (push?.stoppedBy === 'offline') {
      errors.push(
        push.status
          ? new ApiError(push.status, `The server answered ${push.status}; your changes will be sent when it recovers.`)
          : new NetworkError('The server could not be reached; your changes will be sent when it can.'),
      );
    }
    if (errors.length > 0) {
      await this.recover(errors, push?.retryInMs);
      return;
    }
    this.attempt = 0;
    this.update({ activity: 'idle', progress: null, nextRetryAt: null, signedIn: true, bannerStatus: null, lastSyncedAt: Date.now() });
    // A change held back until its retry falls due.
    if (push?.retryInMs !== undefined) this.retryTimer = setTimeout(() => this.kick(), push.retryInMs);
  }

  private async pullActiveStore(): Promise<PullResult | null> {
    if (this.storeId === null || !this.userId) return null;
    return this.engineFor(this.userId, this.storeId).engine.pull();
  }

  /** Every store's outbox of this user: what was queued at a store they switched away from goes too. */
  private async pushEveryStore(userId: string): Promise<PushResult> {
    const storeIds = new Set(await this.options.replicaStoreIds(userId));
    if (this.storeId !== null) storeIds.add(this.storeId);
    return pushDevice([...storeIds].map((storeId) => this.engineFor(userId, storeId).engine));
  }

  private async recover(errors: unknown[], retryInMs?: number): Promise<void> {
    if (errors.some((e) => e instanceof ApiError && e.status === 401)) {
      // A renewed token kicks a new round; without one, changes keep queuing until the user signs in.
      await this.renew(errors);
      return;
    }
    const status = errors.map((e) => (e as { status?: unknown }).status).find((s): s is number => typeof s === 'number' && opensErrorBanner(s));
    if (status !== undefined) this.update({ bannerStatus: status });
    this.attempt++;
    const waitMs = retryInMs ?? backoffMs(this.attempt);
    const message = errors.some((e) => e instanceof NetworkError)
      ? 'The server cannot be reached. Your changes are kept and will be sent when it can.'
      : errors.map((e) => (e as Error).message).join(' ');
    this.update({ activity: 'idle', lastError: message, nextRetryAt: Date.now() + waitMs });
    this.retryTimer = setTimeout(() => this.kick(), waitMs);
  }

  private client(storeId: number | null): ApiClient {
    return new ApiClient({
      baseUrl: this.options.serverUrl,
      storeId,
      accessToken: () => this.options.identity()?.accessToken ?? null,
      ...(this.options.fetch ? { fetch: this.options.fetch } : {}),
    });
  }

  private engineFor(userId: string, storeId: number): StoreEngine {
    let store = this.engines.get(storeId);
    if (!store) {
      const owner = { userId, storeId };
      const db = this.options.openStoreDb(owner, 'default');
      const strictDb = this.options.openStoreDb(owner, 'strict');
      const api = this.client(storeId);
      const engine = new SyncEngine({
        db,
        strictDb,
        api,
        order: this.options.order,
        deviceId: () => deviceIdOf(this.options.globalDb),
        onProgress: (progress) => {
          if (storeId === this.storeId) this.update({ progress });
        },
      });
      store = { engine, dbs: [db, strictDb] };
      this.engines.set(storeId, store);
    }
    return store;
  }

  /**
   * Keeps the session fresh (when `loadSession`) and the live connection on the active store (spec section 4:
   * the setting's store when the user holds a role there, else the first such store). A session that cannot
   * be loaded does not stop the sync when the device already has one (offline, a server hiccup).
   */
  async followActiveStore(userId: string, loadSession: boolean): Promise<void> {
    if (loadSession) {
      const api = this.client(null);
      try {
        await saveSettings(api, this.options.globalDb, userId).catch((error: unknown) => {
          if (!(error instanceof ApiError) || error.status === 401) throw error;
        });
        await refreshSession(api, this.options.globalDb, userId);
        this.sessionLoadedAt = Date.now();
      } catch (error) {
        const normalized = error instanceof TypeError ? new NetworkError(error.message) : error;
        const unauthorized = normalized instanceof ApiError && normalized.status === 401;
        if (unauthorized || !(await this.options.globalDb.sessions.get(userId))) throw normalized;
      }
      const session = await this.options.globalDb.sessions.get(userId);
      if (session?.adoptLegacyReplicas) await this.options.adoptLegacyReplicas(userId);
    }
    const storeId = (await activeStoreOnDevice(this.options.globalDb, userId))?.id ?? null;
    if (storeId === this.storeId) return;
    this.storeId = storeId;
    this.update({ storeId, progress: null });
    await this.live.setStore(storeId);
  }

  private closeEngines(): void {
    for (const store of this.engines.values()) for (const db of store.dbs) db.close();
    this.engines.clear();
  }

  /** Stops for good: the user signed out, or a newer version of the app took over the databases. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.interval);
    clearTimeout(this.retryTimer);
    clearTimeout(this.renewTimer);
    await this.live.stop();
    this.closeEngines();
  }
}
