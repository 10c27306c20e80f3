import { apiPaths, deviceHeader, outboxBacklogHeader } from '../src/contract/routes.ts';
import { collectionNames, isCollectionName, rowKey, type CollectionName } from '../src/contract/sync.ts';
import { syncChangesResponseSchema, type SyncChange, type SyncChangesResponse } from '../src/contract/sync-messages.ts';
import { dexieKey, keyFromString, type Conflict, type LocalEdit, type OutboxEntry, type Row, type StoreDb, type SyncStateRow } from '../src/db/store-db.ts';
import { withDerivedFields } from '../src/db/derived-fields.ts';
import { ApiError, NetworkError, type ApiClient, type ApiResponse } from '../src/http/api-client.ts';
import { problemOf } from '../src/http/problem-of.ts';
import { fieldsSet, newerCopy, overwrittenFields, versionOf } from './conflicts.ts';
import { orderClock } from './outbox-order.ts';
import { backoffMs, classifyUpload } from './upload-policy.ts';

/** A change the user made: how it changes the replica, and the one API call that makes it on the server. */
export interface Mutation {
  collection: CollectionName;
  key: string;
  description: string;
  /** Rows (collection/key) the change refers to: it is not sent while one of them cannot be (DESIGN.md). */
  refs?: string[];
  /** Rows whose waiting changes this one belongs with (OutboxEntry.dependsOn): refused with them. */
  dependsOn?: string[];
  /** The change asks the server to act and changes nothing here first (OutboxEntry.serverAction). */
  serverAction?: true;
  /**
   * The new row from the current one (undefined when absent), and the request to queue; null when there is
   * nothing to do (an empty patch is never queued).
   */
  build(
    current: Row | undefined,
  ): { next: Row | null; request: { method: OutboxEntry['method']; path: string; body?: unknown; upload?: OutboxEntry['upload'] } } | null;
}

/** The bytes of a photo taken on this device, kept with the changes that name it. */
export interface PhotoToKeep {
  inspectionPhotoId: string;
  blob: Blob;
}

/** How much of a photo goes in one request: small enough to get through a weak signal, big enough to be few. */
export const uploadPieceBytes = 256 * 1024;

export interface PullProgress {
  /** priority: what the day needs first (the scheduler is usable once it is done); full: everything. */
  phase: 'priority' | 'full';
  done: number;
  total: number | null;
}

export interface PullResult {
  pages: number;
  changes: number;
  /** Rows of collections this version of the app does not know (a newer server): kept for after an update. */
  skipped: number;
}

/** What happened to one outbox entry sent to the server. */
export type SendOutcome =
  | { outcome: 'sent' }
  | { outcome: 'failed' }
  /** Not reached, or no valid token: nothing can be sent now. */
  | { outcome: 'offline' | 'unauthorized' }
  /** A retryable answer; `serverWide` when it speaks for the whole server (429, 502–504), not this change. */
  | { outcome: 'retry'; status: number; serverWide: boolean };

/**
 * Rows per page of the change feed. `npm run bench` measures the first sync at this size: smaller pages cost
 * a server query and a transaction each; bigger ones lose more work when a bay's connection drops mid-page.
 */
export const defaultPageSize = 2000;

/** How long this device remembers its changes, to tell the user when a later one from elsewhere replaces them. */
const editMemoryMs = 7 * 86_400_000;

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
  /** The device-wide order of changes (shared by every engine of a worker). */
  order?: () => number;
  now?: () => number;
  /** This device's id, sent with the first page of each pull with the outbox's size (the platform's health), and with each change it uploads. */
  deviceId?: () => Promise<string>;
}

const entityOf = (collection: string, key: string) => `${collection}/${key}`;
/** An entry that changes its row on the device (a server action does not): the row then waits for it. */
const changesRow = (entry: OutboxEntry) => !entry.serverAction;
const serverWideStatuses = new Set([429, 502, 503, 504]);

function storageProblem(error: unknown): Error {
  const name = (error as { name?: string; inner?: { name?: string } }).inner?.name ?? (error as { name?: string }).name;
  if (name === 'QuotaExceededError') {
    return new Error(
      "This device has no room left for the store's data. Free some storage space; the sync goes on by itself after that. Your changes are kept.",
      { cause: error },
    );
  }
  return error as Error;
}

/**
 * The offline-first core for one user's replica of one store: pulls the change feed into the replica page by
 * page, applies the user's changes to the replica at once and queues them in the outbox in the same
 * transaction, and sends an outbox entry with its Idempotency-Key so each change is applied exactly once.
 * Whichever copy of a row is newer (pulled, answered, replayed) is the one kept; a change of this device
 * overwritten by a later one from elsewhere becomes a conflict notice.
 */
export class SyncEngine {
  readonly storeId: number;
  private readonly db: StoreDb;
  private readonly strictDb: StoreDb;
  private readonly api: ApiClient;
  private readonly pageSize: number;
  private readonly random: () => number;
  private readonly newId: () => string;
  private readonly order: () => number;
  private readonly now: () => number;
  /** What goes with the next page request: the device's report, sent once per pull. */
  private report: Record<string, string> = {};

  constructor(private readonly options: SyncEngineOptions) {
    this.db = options.db;
    this.strictDb = options.strictDb;
    this.storeId = options.db.storeId;
    this.api = options.api;
    this.pageSize = options.pageSize ?? defaultPageSize;
    this.random = options.random ?? Math.random;
    this.newId = options.newId ?? (() => crypto.randomUUID());
    this.order = options.order ?? orderClock();
    this.now = options.now ?? Date.now;
  }

  private get tables() {
    return [...collectionNames.map((c) => this.db.collection(c)), this.db.outbox, this.db.serverRows, this.db.syncState, this.db.localEdits, this.db.conflicts];
  }

  private async state<T>(name: SyncStateRow['name'], fallback: T): Promise<T> {
    return ((await this.db.syncState.get(name))?.value as T | undefined) ?? fallback;
  }

  /** Applies the user's change to the replica and queues it, in one strict transaction. Returns false for a no-op. */
  async mutate(mutation: Mutation): Promise<boolean> {
    const entity = entityOf(mutation.collection, mutation.key);
    const table = this.strictDb.collection(mutation.collection);
    return this.strictDb.transaction('rw', [table, this.strictDb.outbox, this.strictDb.serverRows], async () => {
      const current = (await table.get(keyFromString(mutation.collection, mutation.key))) as Row | undefined;
      const built = mutation.build(current);
      if (!built) return false;
      if (mutation.serverAction && !(await this.replaceRefusedAction(entity, built.request))) return false;
      // Keep the server's copy the first time a row gets a waiting change, to restore on discard (a server
      // action changes nothing here: there is nothing to restore).
      if (!mutation.serverAction && !(await this.strictDb.serverRows.get(entity))) {
        await this.strictDb.serverRows.put({ entity, collection: mutation.collection, key: mutation.key, value: current ?? null });
      }
      if (built.next) await table.put(withDerivedFields(mutation.collection, built.next));
      else if (current) await table.delete(dexieKey(mutation.collection, current));
      const sets = fieldsSet(current, built.next);
      await this.strictDb.outbox.add({
        entity,
        collection: mutation.collection,
        key: mutation.key,
        method: built.request.method,
        path: built.request.path,
        body: built.request.body,
        idempotencyKey: this.newId(),
        description: mutation.description,
        status: 'pending',
        attempts: 0,
        createdAt: new Date(this.now()).toISOString(),
        order: this.order(),
        ...(mutation.refs?.length ? { refs: mutation.refs } : {}),
        ...(mutation.dependsOn?.length ? { dependsOn: mutation.dependsOn } : {}),
        ...(sets ? { sets } : {}),
        ...(built.next === null ? { removesRow: true } : {}),
        ...(built.request.upload ? { upload: built.request.upload } : {}),
        ...(mutation.serverAction ? { serverAction: true as const } : {}),
      });
      return true;
    });
  }

  /**
   * Before a server action is queued (in the mutation's transaction): the same call of the same row waiting
   * already makes it a no-op (false: a second tap, or taps offline, send once); the same call refused is
   * dropped, as this one replaces it (the person asked again, perhaps after the counter changed what refused it).
   */
  private async replaceRefusedAction(entity: string, request: { method: OutboxEntry['method']; path: string }): Promise<boolean> {
    const same = await this.strictDb.outbox
      .where('entity')
      .equals(entity)
      .filter((e) => e.method === request.method && e.path === request.path)
      .toArray();
    if (same.some((e) => e.status === 'pending')) return false;
    await this.strictDb.outbox.bulkDelete(same.map((e) => e.seq!));
    return true;
  }

  /**
   * Applies several changes that belong together (a visit and its services) in one transaction: all are on
   * the device and queued, in order, or none is. Returns false when every one was a no-op.
   */
  async mutateAll(mutations: readonly Mutation[], photo?: PhotoToKeep): Promise<boolean> {
    const tables = [...new Set(mutations.map((m) => m.collection))].map((c) => this.strictDb.collection(c));
    return this.strictDb.transaction('rw', [...tables, this.strictDb.outbox, this.strictDb.serverRows, this.strictDb.photoBlobs], async () => {
      // A photo's bytes are kept in the transaction that queues its upload: both are on the device, or neither.
      if (photo) await this.strictDb.photoBlobs.put(photo);
      let queued = false;
      for (const mutation of mutations) queued = (await this.mutate(mutation)) || queued;
      return queued;
    });
  }

  /**
   * Pulls every page after the cursor. A replica that never finished a first sync gets what the day needs
   * first (its own cursor), then everything. A replica of another data epoch is emptied and synced again.
   */
  async pull(): Promise<PullResult> {
    await this.rewindPastSkippedRows();
    this.report = await this.deviceReport();
    const done: PullResult = { pages: 0, changes: 0, skipped: 0 };
    const add = (more: PullResult) => {
      done.pages += more.pages;
      done.changes += more.changes;
      done.skipped += more.skipped;
    };
    if (!(await this.state('complete', false)) && !(await this.state('priorityComplete', false))) add(await this.pullPhase('priority'));
    add(await this.pullPhase('full'));
    return done;
  }

  /**
   * Rows of collections an older version of the app did not know were skipped; once this version knows more
   * collections, the feed is read again from the first skipped row (rows already here are simply put again).
   */
  private async rewindPastSkippedRows(): Promise<void> {
    const since = await this.state<number | null>('skippedSince', null);
    if (since === null) return;
    const knewThen = new Set(await this.state<string[]>('skippedWith', []));
    if (!collectionNames.some((c) => !knewThen.has(c))) return;
    const cursor = await this.state('cursor', 0);
    await this.db.syncState.bulkPut([{ name: 'cursor', value: Math.min(cursor, since - 1) }]);
    await this.db.syncState.bulkDelete(['skippedSince', 'skippedWith']);
  }

  /** The device's id, sent with each change it uploads: the server's audit trail says which device a change came from. */
  private async deviceNamed(): Promise<Record<string, string>> {
    if (!this.options.deviceId) return {};
    try {
      return { [deviceHeader]: await this.options.deviceId() };
    } catch {
      return {};
    }
  }

  /**
   * The device's id and how many changes wait in this replica's outbox, counted before the pull starts: counted
   * per page, the count would wait for each page's write and hold back the next page's request. A device that
   * cannot say (its database refuses) pulls all the same.
   */
  private async deviceReport(): Promise<Record<string, string>> {
    if (!this.options.deviceId) return {};
    try {
      const [id, backlog] = await Promise.all([this.options.deviceId(), this.db.outbox.count()]);
      return { [deviceHeader]: id, [outboxBacklogHeader]: String(backlog) };
    } catch {
      return {};
    }
  }

  private async fetchPage(phase: PullProgress['phase'], cursor: number): Promise<SyncChangesResponse> {
    const query = `since=${cursor}&limit=${this.pageSize}${phase === 'priority' ? '&priority=true' : ''}`;
    const headers = this.report;
    this.report = {};
    const response = await this.api.request('GET', `${apiPaths.syncChanges}?${query}`, { headers });
    // An ApiError carries the status: a 401 makes the leader renew the token, a 403 says the role is gone.
    if (response.status !== 200) {
      const problem = problemOf(response);
      throw new ApiError(response.status, problem.detail ?? `The sync failed: ${problem.title}.`);
    }
    return syncChangesResponseSchema.parse(response.body);
  }

  /**
   * Pulls one phase to its end. The next page is asked for while the current one is written (its cursor
   * comes with the page), so the server and IndexedDB work at the same time.
   */
  private async pullPhase(phase: PullProgress['phase']): Promise<PullResult> {
    const result: PullResult = { pages: 0, changes: 0, skipped: 0 };
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
      result.skipped += await this.applyPage(phase, page).catch((error: unknown) => {
        throw storageProblem(error);
      });
      result.pages++;
      result.changes += page.changes.length;
      phaseTotal = page.total ?? phaseTotal;
      this.options.onProgress?.(
        phase === 'full'
          ? { phase, done: await this.state('pulled', 0), total: await this.state<number | null>('total', null) }
          : { phase, done: result.changes, total: phaseTotal },
      );
    }
    return result;
  }

  /** Writes one page and its cursor in one transaction; returns how many rows it skipped (unknown collections). */
  private async applyPage(phase: PullProgress['phase'], page: SyncChangesResponse): Promise<number> {
    const { cursor, epoch, total, hasMore } = page;
    const changes = page.changes.filter((c): c is SyncChange & { collection: CollectionName } => isCollectionName(c.collection));
    const skipped = page.changes.filter((c) => !isCollectionName(c.collection));
    // Only the stores this page writes: a transaction over every store costs time on each page.
    const touched = [...new Set(changes.map((c) => c.collection))].map((c) => this.db.collection(c));
    const bookkeeping = [this.db.outbox, this.db.serverRows, this.db.syncState, this.db.localEdits, this.db.conflicts];
    await this.db.transaction('rw', [...touched, ...bookkeeping], async () => {
      const entities = changes.map((c) => entityOf(c.collection, c.key));
      // Usually nothing waits and nothing was changed here lately (a first sync, a quiet store): then there
      // is nothing to look up per row.
      const waiting =
        (await this.db.outbox.count()) === 0
          ? new Set<string>()
          : new Set((await this.db.outbox.where('entity').anyOf(entities).filter(changesRow).toArray()).map((e) => e.entity));
      const edits =
        (await this.db.localEdits.count()) === 0
          ? new Map<string, LocalEdit>()
          : new Map((await this.db.localEdits.bulkGet(entities)).filter((e): e is LocalEdit => !!e).map((e) => [e.entity, e]));
      const puts = new Map<CollectionName, Row[]>();
      const deletes = new Map<CollectionName, unknown[]>();
      const conflicts: Conflict[] = [];
      for (const change of changes) {
        const entity = entityOf(change.collection, change.key);
        if (waiting.has(entity)) {
          // The user's waiting change stays visible; the server's newest copy is kept to restore on discard,
          // and compared with the answer when the change is sent.
          const kept = await this.db.serverRows.get(entity);
          const value = change.deleted ? null : change.value;
          if (!kept?.value || versionOf(kept.value) <= change.version)
            await this.db.serverRows.put({ entity, collection: change.collection, key: change.key, value });
          continue;
        }
        const edit = edits.get(entity);
        if (edit) {
          // This device holds a newer copy (a write's answer that came before this page): keep it.
          if (edit.version > change.version) continue;
          if (edit.version < change.version) conflicts.push(...(await this.noteOverwrites(edit, change)));
        }
        if (change.deleted)
          (deletes.get(change.collection) ?? deletes.set(change.collection, []).get(change.collection)!).push(dexieKey(change.collection, change.value));
        else (puts.get(change.collection) ?? puts.set(change.collection, []).get(change.collection)!).push(withDerivedFields(change.collection, change.value));
      }
      for (const [collection, rows] of puts) await this.db.collection(collection).bulkPut(rows);
      for (const [collection, keys] of deletes) await this.db.collection(collection).bulkDelete(keys);
      if (conflicts.length > 0) await this.db.conflicts.bulkAdd(conflicts);
      if (skipped.length > 0 && (await this.state<number | null>('skippedSince', null)) === null) {
        await this.db.syncState.bulkPut([
          { name: 'skippedSince', value: Math.min(...skipped.map((c) => c.version)) },
          { name: 'skippedWith', value: collectionNames },
        ]);
      }
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
        { name: 'pulled', value: pulled + page.changes.length },
        ...(total !== undefined ? [{ name: 'total' as const, value: total }] : []),
        ...(!hasMore
          ? [
              { name: 'complete' as const, value: true },
              { name: 'lastSyncedAt' as const, value: new Date(this.now()).toISOString() },
            ]
          : []),
      ]);
      if (!hasMore) await this.forgetOldEdits();
    });
    return skipped.length;
  }

  /**
   * A newer copy of a row this device changed: each field it set that now holds something else is a conflict
   * (someone changed it later); those fields are forgotten, the others still watched.
   */
  private async noteOverwrites(edit: LocalEdit, change: SyncChange & { collection: CollectionName }): Promise<Conflict[]> {
    if (change.deleted) {
      await this.db.localEdits.delete(edit.entity);
      return [];
    }
    const overwritten = overwrittenFields(change.collection, edit.sets, change.value);
    const rest = Object.fromEntries(Object.entries(edit.sets).filter(([field]) => !overwritten.some((o) => o.field === field)));
    if (Object.keys(rest).length === 0) await this.db.localEdits.delete(edit.entity);
    else await this.db.localEdits.put({ ...edit, sets: rest, version: change.version });
    return overwritten.map((o) => conflictOf(change.collection, change.key, o, change.value));
  }

  private async forgetOldEdits(): Promise<void> {
    const before = new Date(this.now() - editMemoryMs).toISOString();
    await this.db.localEdits.filter((e) => e.at < before).delete();
  }

  /** Empties the replica but keeps the outbox: the user's waiting changes are never thrown away. */
  async resetReplica(): Promise<void> {
    await this.db.transaction('rw', this.tables, async () => {
      for (const collection of collectionNames) await this.db.collection(collection).clear();
      await this.db.serverRows.clear();
      await this.db.syncState.clear();
      await this.db.localEdits.clear();
    });
  }

  /** A row of the replica as this device has it now (its own waiting changes included), or undefined. */
  replicaRow(collection: CollectionName, key: Row): Promise<Row | undefined> {
    return this.db.collection(collection).get(dexieKey(collection, key) as never);
  }

  /** The outbox of this store, waiting and refused changes, in the order they were queued. */
  outboxEntries(): Promise<OutboxEntry[]> {
    return this.db.outbox.orderBy('seq').toArray();
  }

  /** Sends one outbox entry and records what became of it (upload-policy.ts decides fatal or retryable). */
  async send(entry: OutboxEntry): Promise<SendOutcome> {
    let response;
    try {
      response = entry.upload
        ? await this.sendBytes(entry)
        : await this.api.request(entry.method, entry.path, {
            body: entry.body,
            idempotencyKey: entry.idempotencyKey,
            occurredAt: entry.createdAt,
            headers: await this.deviceNamed(),
          });
    } catch (error) {
      if (!(error instanceof NetworkError)) throw error;
      await this.strictDb.outbox.update(entry.seq!, { attempts: entry.attempts + 1, lastError: 'The server could not be reached.' });
      return { outcome: 'offline' };
    }
    const outcome = classifyUpload(response.status);
    if (outcome === 'unauthorized') return { outcome: 'unauthorized' };
    if (outcome === 'retry') {
      const attempts = entry.attempts + 1;
      const retryAt = this.now() + backoffMs(attempts, this.random);
      await this.strictDb.outbox.update(entry.seq!, {
        attempts,
        retryAt,
        lastError: `The server answered ${response.status}: ${problemOf(response).detail ?? problemOf(response).title}`,
      });
      return { outcome: 'retry', status: response.status, serverWide: serverWideStatuses.has(response.status) || response.status < 200 };
    }
    if (outcome === 'fatal') {
      const problem = problemOf(response);
      await this.strictDb.transaction('rw', this.strictDb.outbox, async () => {
        await this.strictDb.outbox.update(entry.seq!, { status: 'failed', attempts: entry.attempts + 1, problem });
        // The changes that are part of this one (a quote's text) are refused with it: never sent on their own.
        const dependents = await this.strictDb.outbox.filter((e) => e.status === 'pending' && (e.dependsOn?.includes(entry.entity) ?? false)).toArray();
        for (const dependent of dependents) {
          await this.strictDb.outbox.update(dependent.seq!, {
            status: 'failed',
            refusedWith: entry.entity,
            problem: {
              ...problem,
              detail: `Not sent: "${entry.description}" was refused. ${problem.detail ?? problem.title}`,
            },
          });
        }
      });
      return { outcome: 'failed' };
    }
    await this.acknowledge(entry, response.body);
    return { outcome: 'sent' };
  }

  /**
   * The change is applied on the server: drop it, and keep the newer of the answer and a copy pulled while it
   * waited (a replayed answer may be older than what another device wrote since). Fields this change set that
   * the newer copy holds otherwise are shown as a conflict.
   */
  private async acknowledge(entry: OutboxEntry, body: unknown): Promise<void> {
    const table = this.strictDb.collection(entry.collection);
    const bookkeeping = [this.strictDb.outbox, this.strictDb.serverRows, this.strictDb.localEdits, this.strictDb.conflicts];
    await this.strictDb.transaction('rw', [table, ...bookkeeping], async () => {
      await this.strictDb.outbox.delete(entry.seq!);
      const more = await this.strictDb.outbox.where('entity').equals(entry.entity).filter(changesRow).count();
      const answer = body && typeof body === 'object' && !Array.isArray(body) && rowKey(entry.collection, body as Row) === entry.key ? (body as Row) : null;
      const server = await this.strictDb.serverRows.get(entry.entity);
      const newest = entry.removesRow ? null : newerCopy(answer, server?.value);
      if (more === 0) {
        await this.strictDb.serverRows.delete(entry.entity);
        const current = (await table.get(keyFromString(entry.collection, entry.key))) as Row | undefined;
        if (newest) await table.put(withDerivedFields(entry.collection, { ...current, ...newest }));
      } else if (newest) {
        await this.strictDb.serverRows.put({ entity: entry.entity, collection: entry.collection, key: entry.key, value: newest });
      }
      if (!entry.sets || !newest) return;
      const overwritten = overwrittenFields(entry.collection, entry.sets, newest);
      if (overwritten.length > 0) await this.strictDb.conflicts.bulkAdd(overwritten.map((o) => conflictOf(entry.collection, entry.key, o, newest)));
      const kept = Object.fromEntries(Object.entries(entry.sets).filter(([field]) => !overwritten.some((o) => o.field === field)));
      const earlier = await this.strictDb.localEdits.get(entry.entity);
      await this.strictDb.localEdits.put({
        entity: entry.entity,
        sets: { ...earlier?.sets, ...kept },
        version: versionOf(newest),
        at: new Date(this.now()).toISOString(),
      });
    });
  }

  /** Sends a failed change again (after the user fixed what the server refused, or the cause went away). */
  async retry(seq: number): Promise<void> {
    const entry = await this.strictDb.outbox.get(seq);
    await this.strictDb.transaction('rw', this.strictDb.outbox, async () => {
      await this.strictDb.outbox.update(seq, { status: 'pending', problem: undefined, retryAt: undefined, refusedWith: undefined });
      // What was refused with it (a quote's text) is tried again with it, and waits for it again.
      if (!entry) return;
      const dependents = await this.strictDb.outbox.filter((e) => e.status === 'failed' && e.refusedWith === entry.entity).toArray();
      for (const dependent of dependents)
        await this.strictDb.outbox.update(dependent.seq!, { status: 'pending', problem: undefined, retryAt: undefined, refusedWith: undefined });
    });
  }

  /**
   * Drops a failed change. The row becomes the server's copy with the row's other waiting changes on it, which
   * stay queued: a person who fixed a refused value and saved again keeps that save. A row created on this
   * device whose creation is dropped is removed, with every later change of it (none can stand alone).
   */
  async discard(seq: number): Promise<void> {
    const entry = await this.strictDb.outbox.get(seq);
    if (!entry) return;
    await this.discardEntry(seq, entry);
    // What was refused with it (a quote's text) goes with it once none of its row's changes is left to try again.
    if ((await this.strictDb.outbox.where('entity').equals(entry.entity).count()) > 0) return;
    const dependents = await this.strictDb.outbox.filter((e) => e.status === 'failed' && e.refusedWith === entry.entity).toArray();
    for (const dependent of dependents) await this.discard(dependent.seq!);
  }

  private async discardEntry(seq: number, entry: OutboxEntry): Promise<void> {
    // A server action changed nothing here: dropping it leaves the row as it is.
    if (entry.serverAction) {
      await this.strictDb.outbox.delete(seq);
      return;
    }
    const table = this.strictDb.collection(entry.collection);
    await this.strictDb.transaction('rw', [table, this.strictDb.outbox, this.strictDb.serverRows], async () => {
      const server = await this.strictDb.serverRows.get(entry.entity);
      const rowEntries = () => this.strictDb.outbox.where('entity').equals(entry.entity).filter(changesRow);
      // A kept copy of nothing says the row was made here; no kept copy at all (a replica started again
      // since), that the server's copy is unknown: the row is then left as it is, for the next pull to put right.
      const earlier = await rowEntries()
        .filter((e) => e.seq! < seq)
        .count();
      const createsRow = server !== undefined && server.value === null && earlier === 0;
      // A row made here takes every later entry with its creation, a server action of it too (it would find no row).
      await this.strictDb.outbox
        .where('entity')
        .equals(entry.entity)
        .filter((e) => (createsRow ? e.seq! >= seq : e.seq === seq))
        .delete();
      const others = (await rowEntries().toArray()).sort((a, b) => a.seq! - b.seq!);
      if (others.length === 0) await this.strictDb.serverRows.delete(entry.entity);
      if (!createsRow && !server?.value) return;
      const row = others.reduce<Row | null>(
        (current, e) => (e.removesRow ? null : current && e.sets ? { ...current, ...e.sets } : current),
        server?.value ?? null,
      );
      if (row) await table.put(withDerivedFields(entry.collection, row));
      else await table.delete(keyFromString(entry.collection, entry.key));
    });
  }

  /**
   * Sends a photo's bytes piece by piece, from where the server says it got to (its Upload-Offset when a piece
   * does not start there): a piece answered twice, or an upload cut off and started again, never doubles.
   * Answers the last answer (a 2xx once the photo is whole); a lost connection throws, and the next try goes on.
   */
  private async sendBytes(entry: OutboxEntry): Promise<ApiResponse> {
    const kept = await this.db.photoBlobs.get(entry.key);
    if (!kept)
      return { status: 410, body: { type: 'about:blank', title: 'Gone', status: 410, detail: 'The photo is no longer on this device: take it again.' } };
    const total = entry.upload!.byteSize;
    let offset = 0;
    for (let tries = 0; tries < Math.ceil(total / uploadPieceBytes) * 2 + 4; tries++) {
      const end = Math.min(total, offset + uploadPieceBytes);
      const bytes = await kept.blob.slice(offset, end).arrayBuffer();
      const answer = await this.api.putBytes(entry.path, { bytes, headers: { 'content-range': `bytes ${offset}-${end - 1}/${total}` } });
      const header = answer.headers.get('upload-offset');
      const reported = header === null ? Number.NaN : Number(header);
      if (answer.status === 409 && Number.isInteger(reported) && reported >= 0 && reported <= total) {
        offset = reported;
        continue;
      }
      if (answer.status < 200 || answer.status >= 300) return answer;
      const body = answer.body as { received?: number; complete?: boolean };
      if (body.complete) return { status: answer.status, body: null };
      offset = body.received ?? end;
    }
    return {
      status: 503,
      body: { type: 'about:blank', title: 'The upload did not finish', status: 503, detail: "The photo's upload kept starting over; it is tried again." },
    };
  }

  /** The replica's rows of `collection` whose indexed `field` holds `value`. */
  replicaRowsWhere(collection: CollectionName, field: string, value: string): Promise<Row[]> {
    return this.db.collection(collection).where(field).equals(value).toArray();
  }

  /** The first rows of a collection on the device (benchmarks and tests pick rows to work on). */
  replicaRowsOf(collection: CollectionName, limit: number): Promise<Row[]> {
    return this.db.collection(collection).limit(limit).toArray();
  }

  /** Every photo kept on this device. */
  async keptPhotoBlobs(): Promise<Blob[]> {
    return (await this.db.photoBlobs.toArray()).map((p) => p.blob);
  }

  /** Whether a photo's bytes are on this device. */
  async photoOnDevice(inspectionPhotoId: string): Promise<boolean> {
    return (await this.db.photoBlobs.get(inspectionPhotoId)) !== undefined;
  }

  /** Keeps a photo's bytes fetched from the server, to show it offline from now on. */
  async keepPhoto(photo: PhotoToKeep): Promise<void> {
    await this.db.photoBlobs.put(photo);
  }

  /** The user read a conflict notice and closed it. */
  async dismissConflict(id: number): Promise<void> {
    await this.strictDb.conflicts.delete(id);
  }
}

function conflictOf(collection: CollectionName, key: string, field: { field: string; mine: unknown; theirs: unknown }, newer: Row): Conflict {
  return {
    entity: entityOf(collection, key),
    collection,
    key,
    ...field,
    by: typeof newer.changedByName === 'string' ? newer.changedByName : null,
    byUserId: typeof newer.changedBy === 'string' ? newer.changedBy : null,
    at: typeof newer.changedAt === 'string' ? newer.changedAt : null,
  };
}
