import * as Comlink from 'comlink';
import { liveQuery } from 'dexie';
import { StoreDb } from '../src/db/store-db.ts';
import { searchCustomers } from '../src/features/customers/search-replica.ts';
import type { BenchParams, BenchWorker } from './sync-bench.worker.ts';

const worker = Comlink.wrap<BenchWorker>(new Worker(new URL('./sync-bench.worker.ts', import.meta.url), { type: 'module' }));

/** Writes from the worker, as the app does, and times until a live query in this page sees each one. */
async function writeLatencies(owner: { userId: string; storeId: number }, count: number): Promise<number[]> {
  const db = new StoreDb(owner);
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

/** What a person types at the counter, one keystroke at a time, into the customer search (bench/generate.ts rows). */
const typedSearches = { name: 'Last4242 First4242', phone: '(555) 000-4242', plate: 'IL P84242' } as const;

/**
 * Each keystroke's search over the replica, as the search screen runs it (main thread), and beside it the
 * floor: one prefix lookup in the customers' token index for the same text, the least any search could do.
 */
async function searchLatencies(owner: { userId: string; storeId: number }) {
  const db = new StoreDb(owner);
  await db.open();
  const result: Record<string, { search: number[]; floor: number[] }> = {};
  for (const [kind, text] of Object.entries(typedSearches)) {
    const search: number[] = [];
    const floor: number[] = [];
    for (let round = 0; round < 5; round++) {
      for (let typed = 1; typed <= text.length; typed++) {
        const query = text.slice(0, typed);
        let started = performance.now();
        await searchCustomers(db, query);
        search.push(performance.now() - started);
        started = performance.now();
        await db.collection('customers').where('searchTokens').startsWith(`n:${query.toLowerCase()}`).limit(100).toArray();
        floor.push(performance.now() - started);
      }
    }
    result[kind] = { search, floor };
  }
  db.close();
  return result;
}

Object.assign(window, {
  runBench: async (params: BenchParams) => {
    console.info('bench: first sync');
    const sync = await worker.firstSync(params);
    console.info(`bench: first sync done, ${sync.changes} rows in ${Math.round(sync.fullMs)} ms; raw bulkPut`);
    const raw = await worker.rawBulkPut(params);
    console.info(`bench: raw bulkPut done, ${raw.rows} rows in ${Math.round(raw.ms)} ms; write latency`);
    const latencies = await writeLatencies(params, 200);
    console.info('bench: write latency done; search per keystroke');
    const search = await searchLatencies(params);
    return { sync, raw, latencies, search };
  },
});
