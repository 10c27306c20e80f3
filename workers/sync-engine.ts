import { apiPaths } from '../src/contract/routes.ts';
import { collectionNames, rowKey, syncChangesResponseSchema, type CollectionName, type SyncChangesResponse } from '../src/contract/sync.ts';
import { dexieKey, type OutboxEntry, type Row, type StoreDb, type SyncStateRow } from '../src/db/store-db.ts';
import { NetworkError, problemOf, type ApiClient } from './api-client.ts';
import { backoffMs, classifyUpload } from './upload-policy.ts';

/** A change the user made: how it changes the replica, and the one API call that makes it on the server. */
export interface Mutation {
  collection: CollectionName;
  key: string;
  description: string;
  /**
   * The new row from the current one (undefined when absent), and the request to queue; null when there is
   * nothing to do (an empty patch is never queued).
   */
  build(current: Row | undefined): { next: Row | null; request: { method: OutboxEntry['method']; path: string; body?: unknown } } | null;
}

export interface PullProgress {
  /** priority: what the day needs first (the scheduler is usable once it is done); full: everything. */
  phase: 'priority' | 'full';
  done: number;
  total: number | null;
}

export interface PushResult {
  sent: number;
  failed: number;
  /** Why sending stopped before the outbox was empty: nothing to send, offline, or no valid token. */
  stoppedBy: 'empty' | 'offline' | 'unauthorized' | 'blocked';
  /** When to try again after a retryable answer. */
  retryInMs?: number;
  /** The server's status when it answered with a retryable one (429, 5xx…); absent when it did not answer. */
  status?: number;
}

/**
 * Rows per page of the change feed. `npm run bench` measures the first sync at this size: smaller pages cost
 * a server query and a transaction each; bigger ones lose more work when a bay's connection drops mid-page.
 */
export const defaultPageSize = 2000;

export interface SyncEngineOptions {
  /** The replica opened with the browser's default durability: pulled pages. */
  db: StoreDb;
  /** The same replica opened with durability 'strict': every outbox write. */
  strictDb: StoreDb;
  api: ApiClient;
  pageSize?: number;
  onProgress?: (progress: PullProgress) => void;
  random?: () => number;
  newId?: () => string;
}

const entityOf = (collection: CollectionName, key: string) => `${collection}/${key}`;

/**
 * The offline-first core: pulls the change feed into the replica page by page, applies the user's changes to
 * the replica at once and queues them in the outbox in the same transaction, and replays the outbox in order
 * with an Idempotency-Key so each change is applied on the server exactly once.
 */
export class SyncEngine {
  private readonly db: StoreDb;
  private readonly strictDb: StoreDb;
  private readonly api: ApiClient;
  private readonly pageSize: number;
  private readonly random: () => number;
  private readonly newId: () => string;

  constructor(private readonly options: SyncEngineOptions) {
    this.db = options.db;
    this.strictDb = options.strictDb;
    this.api = options.api;
    this.pageSize = options.pageSize ?? defaultPageSize;
    this.random = options.random ?? Math.random;
    this.newId = options.newId ?? (() => crypto.randomUUID());
  }

  private get tables() {
    return [...collectionNames.map((c) => this.db.collection(c)), this.db.outbox, this.db.serverRows, this.db.syncState];
  }

  private async state<T>(name: SyncStateRow['name'], fallback: T): Promise<T> {
    return ((await this.db.syncState.get(name))?.value as T | undefined) ?? fallback;
  }

  /** Applies the user's change to the replica and queues it, in one strict transaction. Returns false for a no-op. */
  async mutate(mutation: Mutation): Promise<boolean> {
    const entity = entityOf(mutation.collection, mutation.key);
    const table = this.strictDb.collection(mutation.collection);
    return this.strictDb.transaction('rw', [table, this.strictDb.outbox, this.strictDb.serverRows], async () => {
      const current = await table.get(this.keyFromString(mutation.collection, mutation.key)) as Row | undefined;
      const built = mutation.build(current);
      if (!built) return false;
      // Keep the server's copy the first time a row gets a waiting change, to restore on discard.
      if (!(await this.strictDb.serverRows.get(entity))) {
        await this.strictDb.serverRows.put({ entity, collection: mutation.collection, key: mutation.key, value: current ?? null });
      }
      if (built.next) await table.put(built.next);
      else if (current) await table.delete(dexieKey(mutation.collection, current));
      await this.strictDb.outbox.add({
        entity, collection: mutation.collection, key: mutation.key,
        method: built.request.method, path: built.request.path, body: built.request.body,
        idempotencyKey: this.newId(), description: mutation.description,
        status: 'pending', attempts: 0, createdAt: new Date().toISOString(),
      });
      return true;
    });
  }

  /**
   * Pulls every page after the cursor. A replica that never finished a first sync gets what the day needs
   * first (its own cursor), then everything. A replica of another data epoch is emptied and synced again.
   */
  async pull(): Promise<{ pages: number; changes: number }> {
    const done = { pages: 0, changes: 0 };
    if (!(await this.state('complete', false)) && !(await this.state('priorityComplete', false))) {
      const first = await this.pullPhase('priority');
      done.pages += first.pages;
      done.changes += first.changes;
    }
    const full = await this.pullPhase('full');
    return { pages: done.pages + full.pages, changes: done.changes + full.changes };
  }

  private async fetchPage(phase: PullProgress['phase'], cursor: number): Promise<SyncChangesResponse> {
    const query = `since=${cursor}&limit=${this.pageSize}${phase === 'priority' ? '&priority=true' : ''}`;
    const response = await this.api.request('GET', `${apiPaths.syncChanges}?${query}`);
    if (response.status !== 200) throw Object.assign(new Error(problemOf(response).detail ?? `Sync failed (${response.status})`), { status: response.status });
    return syncChangesResponseSchema.parse(response.body);
  }

  /**
   * Pulls one phase to its end. The next page is asked for while the current one is written (its cursor
   * comes with the page), so the server and IndexedDB work at the same time.
   */
  private async pullPhase(phase: PullProgress['phase']): Promise<{ pages: number; changes: number }> {
    let pages = 0;
    let count = 0;
    let phaseTotal: number | null = null;
    let next: Promise<SyncChangesResponse> | null = this.fetchPage(phase, await this.state(phase === 'priority' ? 'priorityCursor' : 'cursor', 0));
    while (next) {
      const page: SyncChangesResponse = await next;
      const epoch = await this.state<string | null>('epoch', null);
      if (epoch !== null && epoch !== page.epoch) {
        await this.resetReplica();
        return this.pull();
      }
      next = page.hasMore ? this.fetchPage(phase, page.cursor) : null;
      // A failed write leaves the prefetched page unread: swallow its outcome so it is not reported twice.
      next?.catch(() => undefined);
      await this.applyPage(phase, page);
      pages++;
      count += page.changes.length;
      phaseTotal = page.total ?? phaseTotal;
      this.options.onProgress?.(phase === 'full'
        ? { phase, done: await this.state('pulled', 0), total: await this.state<number | null>('total', null) }
        : { phase, done: count, total: phaseTotal });
    }
    return { pages, changes: count };
  }

  private async applyPage(phase: PullProgress['phase'], page: SyncChangesResponse): Promise<void> {
    const { changes, cursor, epoch, total, hasMore } = page;
    // Only the stores this page writes: a transaction over every store costs time on each page.
    const touched = [...new Set(changes.map((c) => c.collection))].map((c) => this.db.collection(c));
    await this.db.transaction('rw', [...touched, this.db.outbox, this.db.serverRows, this.db.syncState], async () => {
      // Usually nothing waits (a first sync, a quiet store): then there is nothing to look up per row.
      const waiting = (await this.db.outbox.count()) === 0
        ? new Set<string>()
        : new Set((await this.db.outbox.where('entity').anyOf(changes.map((c) => entityOf(c.collection, c.key))).toArray()).map((e) => e.entity));
      const puts = new Map<CollectionName, Row[]>();
      const deletes = new Map<CollectionName, unknown[]>();
      for (const change of changes) {
        const entity = entityOf(change.collection, change.key);
        if (waiting.has(entity)) {
          // The user's waiting change stays visible; the server's copy is kept to restore on discard.
          await this.db.serverRows.put({ entity, collection: change.collection, key: change.key, value: change.deleted ? null : change.value });
          continue;
        }
        if (change.deleted) (deletes.get(change.collection) ?? deletes.set(change.collection, []).get(change.collection)!).push(dexieKey(change.collection, change.value));
        else (puts.get(change.collection) ?? puts.set(change.collection, []).get(change.collection)!).push(change.value);
      }
      for (const [collection, rows] of puts) await this.db.collection(collection).bulkPut(rows);
      for (const [collection, keys] of deletes) await this.db.collection(collection).bulkDelete(keys);
      if (phase === 'priority') {
        await this.db.syncState.bulkPut([
          { name: 'priorityCursor', value: cursor },
          { name: 'epoch', value: epoch },
          ...(!hasMore ? [{ name: 'priorityComplete' as const, value: true }] : []),
        ]);
        return;
      }
      const pulled = await this.state('pulled', 0);
      await this.db.syncState.bulkPut([
        { name: 'cursor', value: cursor },
        { name: 'epoch', value: epoch },
        { name: 'pulled', value: pulled + changes.length },
        ...(total !== undefined ? [{ name: 'total' as const, value: total }] : []),
        ...(!hasMore ? [{ name: 'complete' as const, value: true }, { name: 'lastSyncedAt' as const, value: new Date().toISOString() }] : []),
      ]);
    });
  }

  /** Empties the replica but keeps the outbox: the user's waiting changes are never thrown away. */
  async resetReplica(): Promise<void> {
    await this.db.transaction('rw', this.tables, async () => {
      for (const collection of collectionNames) await this.db.collection(collection).clear();
      await this.db.serverRows.clear();
      await this.db.syncState.clear();
    });
  }

  /**
   * Sends waiting changes in order, one call at a time. A row whose earlier change failed keeps its later
   * ones waiting (they build on it); other rows go on.
   */
  async push(): Promise<PushResult> {
    let sent = 0;
    let failed = 0;
    const blockedEntities = new Set<string>();
    for (;;) {
      const entries = await this.db.outbox.orderBy('seq').toArray();
      for (const e of entries) if (e.status === 'failed') blockedEntities.add(e.entity);
      const entry = entries.find((e) => e.status === 'pending' && !blockedEntities.has(e.entity));
      if (!entry) return { sent, failed, stoppedBy: entries.length === 0 ? 'empty' : 'blocked' };

      let response;
      try {
        response = await this.api.request(entry.method, entry.path, { body: entry.body, idempotencyKey: entry.idempotencyKey });
      } catch (error) {
        if (!(error instanceof NetworkError)) throw error;
        await this.strictDb.outbox.update(entry.seq!, { attempts: entry.attempts + 1 });
        return { sent, failed, stoppedBy: 'offline', retryInMs: backoffMs(entry.attempts + 1, this.random) };
      }
      const outcome = classifyUpload(response.status);
      if (outcome === 'unauthorized') return { sent, failed, stoppedBy: 'unauthorized' };
      if (outcome === 'retry') {
        await this.strictDb.outbox.update(entry.seq!, { attempts: entry.attempts + 1 });
        return { sent, failed, stoppedBy: 'offline', retryInMs: backoffMs(entry.attempts + 1, this.random), status: response.status };
      }
      if (outcome === 'fatal') {
        await this.strictDb.outbox.update(entry.seq!, { status: 'failed', attempts: entry.attempts + 1, problem: problemOf(response) });
        failed++;
        blockedEntities.add(entry.entity);
        continue;
      }
      await this.acknowledge(entry, response.body);
      sent++;
    }
  }

  /** The change is applied on the server: drop it, and show the server's row once nothing else waits. */
  private async acknowledge(entry: OutboxEntry, body: unknown): Promise<void> {
    const table = this.strictDb.collection(entry.collection);
    await this.strictDb.transaction('rw', [table, this.strictDb.outbox, this.strictDb.serverRows], async () => {
      await this.strictDb.outbox.delete(entry.seq!);
      const more = await this.strictDb.outbox.where('entity').equals(entry.entity).count();
      const row = body && typeof body === 'object' && !Array.isArray(body) ? body as Row : null;
      if (more === 0) {
        await this.strictDb.serverRows.delete(entry.entity);
        const current = await table.get(this.keyFromString(entry.collection, entry.key)) as Row | undefined;
        if (row && rowKey(entry.collection, row) === entry.key) await table.put({ ...current, ...row });
      } else if (row) {
        await this.strictDb.serverRows.update(entry.entity, { value: row });
      }
    });
  }

  /** Sends a failed change again (after the user fixed what the server refused, or the cause went away). */
  async retry(seq: number): Promise<void> {
    await this.strictDb.outbox.update(seq, { status: 'pending', problem: undefined });
  }

  /**
   * Drops a failed change and every later change of the same row, and puts back the server's copy of the row
   * (or removes it, when it was created on this device).
   */
  async discard(seq: number): Promise<void> {
    const entry = await this.strictDb.outbox.get(seq);
    if (!entry) return;
    const table = this.strictDb.collection(entry.collection);
    await this.strictDb.transaction('rw', [table, this.strictDb.outbox, this.strictDb.serverRows], async () => {
      await this.strictDb.outbox.where('entity').equals(entry.entity).filter((e) => e.seq! >= seq).delete();
      if (await this.strictDb.outbox.where('entity').equals(entry.entity).count() > 0) return;
      const server = await this.strictDb.serverRows.get(entry.entity);
      await this.strictDb.serverRows.delete(entry.entity);
      if (server?.value) await table.put(server.value);
      else await table.delete(this.keyFromString(entry.collection, entry.key));
    });
  }

  private keyFromString(collection: CollectionName, key: string): unknown {
    const parts = key.split('/');
    return parts.length === 1 ? parts[0] : parts.map((p) => (/^\d+$/.test(p) ? Number(p) : p));
  }
}
