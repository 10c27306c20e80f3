/// <reference lib="webworker" />
import * as Comlink from 'comlink';
import { Dexie } from 'dexie';
import { apiPaths } from '../src/contract/routes.ts';
import { isCollectionName, syncChangesResponseSchema, type CollectionName } from '../src/contract/sync.ts';
import { withDerivedFields } from '../src/db/derived-fields.ts';
import { StoreDb, storeDbSchema, type Row } from '../src/db/store-db.ts';
import { ApiClient } from '../workers/api-client.ts';
import { messageMutations } from '../workers/message-mutations.ts';
import { mutations } from '../workers/mutations.ts';
import { schedulerMutations, type Placement } from '../workers/scheduler-mutations.ts';
import { SyncEngine } from '../workers/sync-engine.ts';

export interface BenchParams { serverUrl: string; storeId: number; userId: string; token: string; pageSize: number }

let engine: SyncEngine | null = null;

/** The app's own sync engine, in a worker as in the app, measured; and the raw Dexie baseline beside it. */
const api = {
  async firstSync(p: BenchParams) {
    const client = new ApiClient({ baseUrl: p.serverUrl, storeId: p.storeId, accessToken: () => p.token });
    let firstUsefulMs: number | null = null;
    const started = performance.now();
    engine = new SyncEngine({
      db: new StoreDb(p), strictDb: new StoreDb(p, { durability: 'strict' }), api: client, pageSize: p.pageSize,
      onProgress: (progress) => {
        if (progress.phase === 'full' && firstUsefulMs === null) firstUsefulMs = performance.now() - started;
      },
    });
    const { changes } = await engine.pull();
    return { firstUsefulMs: firstUsefulMs ?? performance.now() - started, fullMs: performance.now() - started, changes };
  },

  /** The same rows, fetched first (not timed), then written with Dexie bulkPut in pages of the same size. */
  async rawBulkPut(p: BenchParams) {
    const client = new ApiClient({ baseUrl: p.serverUrl, storeId: p.storeId, accessToken: () => p.token });
    const pages: Map<CollectionName, Row[]>[] = [];
    for (let cursor = 0; ;) {
      const response = await client.request('GET', `${apiPaths.syncChanges}?since=${cursor}&limit=${p.pageSize}`);
      const page = syncChangesResponseSchema.parse(response.body);
      const byCollection = new Map<CollectionName, Row[]>();
      // The rows as the engine stores them (with the fields the device indexes), so both write the same index entries.
      for (const change of page.changes) if (isCollectionName(change.collection)) (byCollection.get(change.collection) ?? byCollection.set(change.collection, []).get(change.collection)!).push(withDerivedFields(change.collection, change.value));
      pages.push(byCollection);
      cursor = page.cursor;
      if (!page.hasMore) break;
    }
    const raw = new Dexie('alltrac-bench-raw');
    raw.version(1).stores(storeDbSchema);
    await raw.open();
    let rows = 0;
    const started = performance.now();
    for (const page of pages) {
      await raw.transaction('rw', [...page.keys()], async () => {
        for (const [collection, values] of page) {
          await raw.table(collection).bulkPut(values);
          rows += values.length;
        }
      });
    }
    const ms = performance.now() - started;
    raw.close();
    await Dexie.delete('alltrac-bench-raw');
    return { rows, ms };
  },

  async write(customerId: string, notes: string) {
    await engine!.mutate(mutations.updateCustomer(customerId, { notes }));
  },

  /** A quick reply by text to an incoming message, as the reply box sends it to the worker. */
  async reply(storeId: number, replyTo: string, storeMessageId: string) {
    const model = {
      storeMessageId, customerId: null, templateType: 'FreeForm' as const, content: 'Your car is ready.', visitId: null, name: null,
      destinationPhoneNumber: '5550000000', replyToStoreMessageId: replyTo,
    };
    await engine!.mutateAll(messageMutations.send('sms', model, { id: storeId, twilioPhoneNumber: '+15550102000' }, { userId: crypto.randomUUID(), name: 'Bench' }, () => false));
  },

  /** A drop on the calendar, as the scheduler sends it to the worker. */
  async place(scheduledServiceId: string, place: Placement) {
    await engine!.mutate(schedulerMutations.placeScheduledService(scheduledServiceId, place));
  },
};

export type BenchWorker = typeof api;
Comlink.expose(api);
