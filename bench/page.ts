import * as Comlink from 'comlink';
import { liveQuery } from 'dexie';
import { StoreDb } from '../src/db/store-db.ts';
import type { BenchParams, BenchWorker } from './sync-bench.worker.ts';

const worker = Comlink.wrap<BenchWorker>(new Worker(new URL('./sync-bench.worker.ts', import.meta.url), { type: 'module' }));

/** Writes from the worker, as the app does, and times until a live query in this page sees each one. */
async function writeLatencies(storeId: number, count: number): Promise<number[]> {
  const db = new StoreDb(storeId);
  const customerId = String((await db.collection('customers').limit(1).toArray())[0]!.customerId);
  const latencies: number[] = [];
  let waiting: { notes: string; started: number; done: () => void } | null = null;
  const subscription = liveQuery(() => db.collection('customers').get(customerId)).subscribe((row) => {
    if (waiting && row?.notes === waiting.notes) {
      latencies.push(performance.now() - waiting.started);
      waiting.done();
    }
  });
  for (let i = 0; i < count; i++) {
    const notes = `bench ${i}`;
    await new Promise<void>((resolve) => {
      waiting = { notes, started: performance.now(), done: resolve };
      void worker.write(customerId, notes);
    });
  }
  subscription.unsubscribe();
  return latencies;
}

Object.assign(window, {
  runBench: async (params: BenchParams) => {
    console.info('bench: first sync');
    const sync = await worker.firstSync(params);
    console.info(`bench: first sync done, ${sync.changes} rows in ${Math.round(sync.fullMs)} ms; raw bulkPut`);
    const raw = await worker.rawBulkPut(params);
    console.info(`bench: raw bulkPut done, ${raw.rows} rows in ${Math.round(raw.ms)} ms; write latency`);
    const latencies = await writeLatencies(params.storeId, 200);
    return { sync, raw, latencies };
  },
});
