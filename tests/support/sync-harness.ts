import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { StoreDb } from '../../src/db/store-db.ts';
import { ApiClient } from '../../workers/api-client.ts';
import { SyncEngine, type PullProgress } from '../../workers/sync-engine.ts';

/** A network a test can cut, or make lose the server's reply after the server has acted on the request. */
export class FaultyNetwork {
  offline = false;
  /** Lose this many replies (the request reaches the server; the answer never comes back). */
  loseReplies = 0;
  /** Fail after this many more successful calls (a connection dropped mid-sync). */
  failAfter = Number.POSITIVE_INFINITY;
  calls = 0;

  readonly fetch: typeof fetch = async (input, init) => {
    this.calls++;
    if (this.offline || this.failAfter <= 0) throw new TypeError('Failed to fetch');
    const response = await fetch(input, init);
    this.failAfter--;
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
export function createDevice(options: { serverUrl: string; storeId: number; token: string; indexedDB?: IDBFactory; pageSize?: number }): Device {
  const indexedDB = options.indexedDB ?? new IDBFactory();
  const network = new FaultyNetwork();
  const token = { value: options.token as string | null };
  const progress: PullProgress[] = [];
  const db = new StoreDb(options.storeId, { indexedDB, IDBKeyRange });
  const strictDb = new StoreDb(options.storeId, { durability: 'strict', indexedDB, IDBKeyRange });
  const api = new ApiClient({ baseUrl: options.serverUrl, storeId: options.storeId, accessToken: () => token.value, fetch: network.fetch });
  const engine = new SyncEngine({ db, strictDb, api, pageSize: options.pageSize ?? 500, onProgress: (p) => progress.push(p), random: () => 0 });
  return {
    engine, db, strictDb, network, token, progress,
    reload: () => {
      db.close();
      strictDb.close();
      return createDevice({ ...options, indexedDB, token: token.value ?? options.token });
    },
    close: () => { db.close(); strictDb.close(); },
  };
}
