import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { Temporal } from 'temporal-polyfill';
import { afterAll, beforeAll } from 'vitest';
import { fixedClock, type Clock } from '../../server/clock.ts';
import type { RunningServer } from '../../server/start.ts';
import { StoreDb } from '../../src/db/store-db.ts';
import { ApiClient } from '../../src/http/api-client.ts';
import { pushDevice, type PushResult } from '../../workers/device-push.ts';
import { identityOf } from '../../workers/identity.ts';
import { SyncEngine, type PullProgress } from '../../workers/sync-engine.ts';
import { demoStoreIds } from './demo.ts';
import { startLocalServer } from './running-server.ts';
import { mintAccessToken } from './tokens.ts';

/** The demo's store #101 (Springfield, IL) keeps Central time. */
export const demoStoreZone = 'America/Chicago';

/** A clock stopped at a wall-clock time (YYYY-MM-DDTHH:MM) in store #101's zone. */
export function storeClock(wallClock: string, zone = demoStoreZone): Clock {
  return fixedClock(Temporal.PlainDateTime.from(wallClock).toZonedDateTime(zone).toInstant().toString());
}

/** A network a test can cut, or make lose the server's reply after the server has acted on the request. */
export class FaultyNetwork {
  offline = false;
  /** Lose this many replies (the request reaches the server; the answer never comes back). */
  loseReplies = 0;
  /** Fail after this many more successful calls (a connection dropped mid-sync). */
  failAfter = Number.POSITIVE_INFINITY;
  /** Answers requests whose URL matches with this status, without reaching the server, `times` times. */
  refuse: { match: RegExp; status: number; times: number } | null = null;
  /** Rewrites the JSON body of answers whose URL matches (a newer server, say). */
  rewrite: { match: RegExp; body: (body: unknown) => unknown } | null = null;
  calls = 0;

  readonly fetch: typeof fetch = async (input, init) => {
    this.calls++;
    if (this.offline || this.failAfter <= 0) throw new TypeError('Failed to fetch');
    if (this.refuse && this.refuse.times > 0 && this.refuse.match.test(String(input))) {
      this.refuse.times--;
      return new Response(JSON.stringify({ type: '/problems/test', title: 'Refused', detail: 'Refused by the test', status: this.refuse.status }), {
        status: this.refuse.status,
        headers: { 'content-type': 'application/problem+json' },
      });
    }
    let response = await fetch(input, init);
    this.failAfter--;
    if (this.rewrite && this.rewrite.match.test(String(input)) && response.ok) {
      const body = this.rewrite.body(await response.json());
      response = new Response(JSON.stringify(body), { status: response.status, headers: response.headers });
    }
    if (this.loseReplies > 0) {
      this.loseReplies--;
      await response.arrayBuffer();
      throw new TypeError('Failed to fetch (reply lost)');
    }
    return response;
  };
}

export interface Device {
  engine: SyncEngine;
  /** Sends this device's outbox (the leader's push, for one store). */
  push(): Promise<PushResult>;
  db: StoreDb;
  strictDb: StoreDb;
  network: FaultyNetwork;
  token: { value: string | null };
  progress: PullProgress[];
  /** Another engine on the same databases, as after a reload. */
  reload(): Device;
  close(): void;
}

/** A device: one browser profile's IndexedDB (fake) and a sync engine for one store. */
export function createDevice(options: {
  serverUrl: string;
  storeId: number;
  token: string;
  indexedDB?: IDBFactory;
  pageSize?: number;
  order?: () => number;
  now?: () => number;
}): Device {
  const indexedDB = options.indexedDB ?? new IDBFactory();
  const network = new FaultyNetwork();
  const token = { value: options.token as string | null };
  const progress: PullProgress[] = [];
  const owner = { userId: identityOf(options.token)!.userId, storeId: options.storeId };
  const db = new StoreDb(owner, { indexedDB, IDBKeyRange });
  const strictDb = new StoreDb(owner, { durability: 'strict', indexedDB, IDBKeyRange });
  const api = new ApiClient({ baseUrl: options.serverUrl, storeId: options.storeId, accessToken: () => token.value, fetch: network.fetch });
  const engine = new SyncEngine({
    db,
    strictDb,
    api,
    pageSize: options.pageSize ?? 500,
    onProgress: (p) => progress.push(p),
    random: () => 0,
    ...(options.order ? { order: options.order } : {}),
    ...(options.now ? { now: options.now } : {}),
  });
  return {
    engine,
    db,
    strictDb,
    network,
    token,
    progress,
    push: () => pushDevice([engine], Date.now, () => 0),
    reload: () => {
      db.close();
      strictDb.close();
      return createDevice({ ...options, indexedDB, token: token.value ?? options.token });
    },
    close: () => {
      db.close();
      strictDb.close();
    },
  };
}

export interface SyncTestEnvironment {
  server: RunningServer;
  /** Store #101 of the demo company. */
  store: number;
  /** user@demo.test's access token. */
  token: string;
  /** A new device on the store; closed after the file. */
  device(pageSize?: number): Device;
  /** Closes a device made another way (a reload) after the file too. */
  track(device: Device): Device;
}

/**
 * A real server for one test file, store #101 and a signed-in user's token, and devices closed at the end.
 * The server runs at `clock` (default: a fixed weekday morning in the store's zone), never the machine's hour.
 */
export function syncTestEnvironment(clock: Clock = storeClock('2026-11-04T10:00')): SyncTestEnvironment {
  const devices: Device[] = [];
  const env = {
    device: (pageSize = 500) => {
      const d = createDevice({ serverUrl: env.server.url, storeId: env.store, token: env.token, pageSize });
      devices.push(d);
      return d;
    },
    track: (d: Device) => {
      devices.push(d);
      return d;
    },
  } as SyncTestEnvironment;
  beforeAll(async () => {
    env.server = await startLocalServer(undefined, { clock });
    env.store = (await demoStoreIds(env.server.database.db))[101]!;
    env.token = await mintAccessToken(env.server.database.db, 'user@demo.test', env.server.publicUrl);
  });
  afterAll(async () => {
    for (const d of devices) d.close();
    await env.server.close();
  });
  return env;
}
