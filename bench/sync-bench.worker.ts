/// <reference lib="webworker" />
import * as Comlink from 'comlink';
import { Dexie } from 'dexie';
import { apiPaths } from '../src/contract/routes.ts';
import { collectionNames, isCollectionName, type CollectionName } from '../src/contract/sync.ts';
import { syncChangesResponseSchema } from '../src/contract/sync-messages.ts';
import { withDerivedFields } from '../src/db/derived-fields.ts';
import { StoreDb, storeDbName, storeDbSchema, type Row } from '../src/db/store-db.ts';
import { serviceStartField } from '../src/db/derived-fields.ts';
import { markServiceStarts } from '../src/db/visits-by-service-start.ts';
import { ApiClient } from '../src/http/api-client.ts';
import { messageMutations } from '../workers/message-mutations.ts';
import { mutations } from '../workers/mutations.ts';
import { schedulerMutations, type Placement } from '../workers/scheduler-mutations.ts';
import { pushDevice } from '../workers/device-push.ts';
import { inspectionMutations } from '../workers/inspection-mutations.ts';
import { compressPhoto } from '../workers/photo-compression.ts';
import { SyncEngine } from '../workers/sync-engine.ts';
import type { HomeFigures } from '../src/domain/store/home-figures.ts';
import { watchHomeFigures } from '../workers/home-figures.ts';
import { dashboardFigures, readDashboardRows } from '../workers/dashboard-figures.ts';
import { periodWindow } from '../src/domain/store/store-headline.ts';
import type { DayRange } from '../src/domain/scheduler/scheduler-events.ts';
import { defaultInspectionGroups } from '../src/domain/inspections/inspection-template.ts';
import { apiPaths as paths } from '../src/contract/routes.ts';

export interface BenchParams {
  serverUrl: string;
  storeId: number;
  userId: string;
  token: string;
  pageSize: number;
}

let engine: SyncEngine | null = null;
/** The connection figures are read through, as the app's worker keeps one per store. */
let figuresDb: StoreDb | null = null;

/** The app's own sync engine, in a worker as in the app, measured; and the raw Dexie baseline beside it. */
const api = {
  async firstSync(p: BenchParams) {
    const client = new ApiClient({ baseUrl: p.serverUrl, storeId: p.storeId, accessToken: () => p.token });
    let firstUsefulMs: number | null = null;
    const started = performance.now();
    engine = new SyncEngine({
      db: new StoreDb(p),
      strictDb: new StoreDb(p, { durability: 'strict' }),
      api: client,
      pageSize: p.pageSize,
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
    for (let cursor = 0; ; ) {
      const response = await client.request('GET', `${apiPaths.syncChanges}?since=${cursor}&limit=${p.pageSize}`);
      const page = syncChangesResponseSchema.parse(response.body);
      const byCollection = new Map<CollectionName, Row[]>();
      // The rows as the engine stores them (with the fields the device indexes), so both write the same index entries.
      for (const change of page.changes)
        if (isCollectionName(change.collection))
          (byCollection.get(change.collection) ?? byCollection.set(change.collection, []).get(change.collection)!).push(
            withDerivedFields(change.collection, change.value),
          );
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

  /**
   * A new dealer's first sync (the catalogue and a handful of its store's rows) into a fresh replica by the
   * app's engine; then the rows it holds, read back, written raw with bulkPut into a fresh database in the pages
   * the feed made (by version, `pageSize` to a transaction). Both replicas are deleted after.
   */
  async catalogueFirstSync(p: BenchParams) {
    const client = new ApiClient({ baseUrl: p.serverUrl, storeId: p.storeId, accessToken: () => p.token });
    const db = new StoreDb(p);
    const strictDb = new StoreDb(p, { durability: 'strict' });
    // Made before the clock starts, as the baseline's database is: the rate is of rows, not of creating a database.
    await db.open();
    await strictDb.open();
    let started = performance.now();
    const { changes } = await new SyncEngine({ db, strictDb, api: client, pageSize: p.pageSize }).pull();
    const ms = performance.now() - started;
    const held: { collection: CollectionName; row: Row }[] = [];
    for (const collection of collectionNames) for (const row of await db.collection(collection).toArray()) held.push({ collection, row });
    db.close();
    strictDb.close();
    held.sort((a, b) => Number(a.row.version) - Number(b.row.version));
    const byCollection: Record<string, number> = {};
    for (const { collection } of held) byCollection[collection] = (byCollection[collection] ?? 0) + 1;

    const pages: Map<CollectionName, Row[]>[] = [];
    for (let i = 0; i < held.length; i += p.pageSize) {
      const page = new Map<CollectionName, Row[]>();
      for (const { collection, row } of held.slice(i, i + p.pageSize)) (page.get(collection) ?? page.set(collection, []).get(collection)!).push(row);
      pages.push(page);
    }
    const raw = new Dexie('alltrac-bench-raw-catalogue');
    raw.version(1).stores(storeDbSchema);
    await raw.open();
    started = performance.now();
    for (const page of pages) {
      await raw.transaction('rw', [...page.keys()], async () => {
        for (const [collection, values] of page) await raw.table(collection).bulkPut(values);
      });
    }
    const rawMs = performance.now() - started;
    raw.close();
    // Deleted once the engine's last writes have settled: deleting while they close only waits (blocked).
    await Dexie.delete('alltrac-bench-raw-catalogue');
    await Dexie.delete(storeDbName(p));
    return { changes, rows: held.length, ms, rawMs, byCollection };
  },

  async write(customerId: string, notes: string) {
    await engine!.mutate(mutations.updateCustomer(customerId, { notes }));
  },

  /** A quick reply by text to an incoming message, as the reply box sends it to the worker. */
  async reply(storeId: number, replyTo: string, storeMessageId: string) {
    const model = {
      storeMessageId,
      customerId: null,
      templateType: 'FreeForm' as const,
      content: 'Your car is ready.',
      visitId: null,
      name: null,
      destinationPhoneNumber: '5550000000',
      replyToStoreMessageId: replyTo,
    };
    await engine!.mutateAll(
      messageMutations.send('sms', model, { id: storeId, twilioPhoneNumber: '+15550102000' }, { userId: crypto.randomUUID(), name: 'Bench' }, () => false),
    );
  },

  /** An inspection to photograph: started on a visit of the store, as the technician's screen starts it. */
  async startInspection(storeId: number): Promise<{ inspectionReportId: string; itemId: string }> {
    const visit = (await engine!.replicaRowsOf('scheduledVisits', 1))[0]!;
    const groups = defaultInspectionGroups(() => crypto.randomUUID());
    const inspectionReportId = String(visit.scheduledVisitId);
    await engine!.mutate(
      inspectionMutations.startInspection(storeId, {
        inspectionReportId,
        scheduledVisitId: String(visit.scheduledVisitId),
        vehicleId: (visit.vehicleId as string | null) ?? null,
        technicianId: null,
        groups,
        startedAt: new Date().toISOString(),
      }),
    );
    return { inspectionReportId, itemId: groups[0]!.items[0]!.itemId };
  },

  /** A camera photo from capture to stored on the device (made small, kept, its upload queued), as the app does it. */
  async capturePhoto(storeId: number, report: { inspectionReportId: string; itemId: string }, file: Blob): Promise<{ ms: number; bytes: number }> {
    const started = performance.now();
    const { blob, width, height } = await compressPhoto(file);
    const inspectionPhotoId = crypto.randomUUID();
    await engine!.mutateAll(
      inspectionMutations.addPhoto(storeId, {
        inspectionPhotoId,
        inspectionReportId: report.inspectionReportId,
        itemId: report.itemId,
        contentType: 'image/jpeg',
        byteSize: blob.size,
        width,
        height,
        takenAt: new Date().toISOString(),
      }),
      { inspectionPhotoId, blob },
    );
    return { ms: performance.now() - started, bytes: blob.size };
  },

  /** The floor of a capture: decoding the same camera file, the least any capture could do. */
  async decodePhoto(file: Blob): Promise<number> {
    const started = performance.now();
    (await createImageBitmap(file)).close();
    return performance.now() - started;
  },

  /** Sends everything queued (the photos' rows and their bytes in pieces), timed. */
  async pushAll(): Promise<number> {
    const started = performance.now();
    for (let round = 0; round < 50; round++) {
      const result = await pushDevice([engine!], Date.now, () => 0);
      if (result.stoppedBy === 'empty') break;
    }
    return performance.now() - started;
  },

  /** The floor of an upload: the same bytes put in one request each to new photos, with no outbox and no pieces. */
  async rawUploads(p: BenchParams, report: { inspectionReportId: string; itemId: string }, blobs: Blob[]): Promise<number> {
    const client = new ApiClient({ baseUrl: p.serverUrl, storeId: p.storeId, accessToken: () => p.token });
    const ids: string[] = [];
    for (const blob of blobs) {
      const inspectionPhotoId = crypto.randomUUID();
      await client.request('POST', paths.inspectionPhotos, {
        body: {
          inspectionPhotoId,
          inspectionReportId: report.inspectionReportId,
          itemId: report.itemId,
          contentType: 'image/jpeg',
          byteSize: blob.size,
          width: 1600,
          height: 1200,
          takenAt: new Date().toISOString(),
        },
      });
      ids.push(inspectionPhotoId);
    }
    const started = performance.now();
    for (const [i, blob] of blobs.entries()) {
      await client.putBytes(paths.inspectionPhotoContent.replace(':inspectionPhotoId', ids[i]!), {
        bytes: await blob.arrayBuffer(),
        headers: { 'content-range': `bytes 0-${blob.size - 1}/${blob.size}` },
      });
    }
    return performance.now() - started;
  },

  /** The photos kept on the device, for the raw upload's baseline. */
  async keptPhotos(): Promise<Blob[]> {
    return engine!.keptPhotoBlobs();
  },

  /** Home's figures as the app's worker watches them (workers/home-figures.ts), over the replica the first sync filled. */
  watchHome(owner: { userId: string; storeId: number }, timeZone: string, onFigures: (figures: HomeFigures) => void) {
    figuresDb ??= new StoreDb(owner);
    return watchHomeFigures(figuresDb, timeZone, onFigures, (message) => console.error(message));
  },

  /**
   * The dashboard's figures of a month as the app's worker works them out (its read of the month's rows, then every
   * figure, then the marks of the visits it read by key, as the dashboard's watch leaves them), each round against a
   * plain read of the same rows (the services of the month and their visits by their indexes) and a count of the
   * month's messages and ratings: what reading the rows costs before any figure. The first round is the month's
   * first open on the device, its visits found key by key; its marks' writing is timed apart.
   */
  async dashboardMonth(owner: { userId: string; storeId: number }, range: DayRange, rounds: number) {
    figuresDb ??= new StoreDb(owner);
    const db = figuresDb;
    const figures: number[] = [];
    const reads: number[] = [];
    const counts: number[] = [];
    const unmarked: number[] = [];
    const markMs: number[] = [];
    let visits = 0;
    const window = periodWindow(range);
    for (let round = 0; round < rounds; round++) {
      let started = performance.now();
      const rows = await readDashboardRows(db, owner.storeId, range);
      reads.push(performance.now() - started);
      dashboardFigures(rows, range, new Date());
      figures.push(performance.now() - started);
      unmarked.push(rows.marks.size);
      started = performance.now();
      await markServiceStarts(db, rows.marks);
      if (rows.marks.size > 0) markMs.push(performance.now() - started);
      visits = rows.visits.length;
      started = performance.now();
      await db.transaction(
        'r',
        ['scheduledServices', 'scheduledVisits', 'storeMessages', 'ratings'].map((name) => db.table(name)),
        async () => {
          await Promise.all([
            db.rows('scheduledServices').where('startDate').between(window.servicesFrom, window.servicesTo, true, false).toArray(),
            db.rows('scheduledVisits').where(serviceStartField).between(window.servicesFrom, window.servicesTo, true, false).toArray(),
            db.rows('storeMessages').where('sentOn').between(window.messagesFrom, window.messagesTo, true, false).count(),
            db.rows('ratings').where('visitDate').between(window.from, window.to, true, false).count(),
          ]);
        },
      );
      counts.push(performance.now() - started);
    }
    return { figures, reads, counts, visits, unmarked, markMs };
  },

  /** A drop on the calendar, as the scheduler sends it to the worker. */
  async place(scheduledServiceId: string, place: Placement) {
    await engine!.mutate(schedulerMutations.placeScheduledService(scheduledServiceId, place));
  },
};

export type BenchWorker = typeof api;
Comlink.expose(api);
