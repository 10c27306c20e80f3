import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { sql, type Transaction } from 'kysely';
import type { z } from 'zod';
import type { HubEventName } from '../../src/contract/hub.ts';
import type { HubControlTarget } from '../hub/control.ts';
import { deviceHeader, occurredAtHeader } from '../../src/contract/routes.ts';
import { replicatedCollections } from '../../src/contract/sync.ts';
import { actionTime } from '../../src/domain/scheduler/visit-rules.ts';
import { defaultMessageLimits, type MessageLimits } from '../../src/domain/messages/message-limits.ts';
import type { AuthUser } from '../auth/auth.ts';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/connect.ts';
import type { Database, SyncColumns } from '../db/schema.ts';
import { takeVersions } from '../db/versions.ts';
import { transact } from '../db/transaction-guard.ts';
import { parseOrProblem, ProblemError, refuseProblems } from '../http/problem.ts';
import { patchRow } from './scope.ts';
import { changesCustomerKeys, refreshCustomerKeys } from './customer-keys.ts';
import { refreshVisitScope, touchesOf, type ScopeTouch } from './visit-scope.ts';
import { recordPromise } from './visit-promises.ts';
import { AuditTrail, changePatch, collectionOf, createPatch, deletePatch, type WriteOrigin } from './audit-trail.ts';

/** A live event after a commit: to a user's devices, a store's, or (storeId null) the whole company's. */
export interface HubEvent {
  companyId: number;
  storeId: number | null;
  /** Set for a user's own rows: only that user's devices are told. */
  userId?: string;
  /** Set for what no company's or store's group covers alone (a system notice: every device, or its stores'). */
  group?: string;
  /** An event for devices, or a word to every process's hub about the user's connections (server/hub/control.ts). */
  name: HubEventName | HubControlTarget;
  args: unknown[];
}

/** What stamps the rows a transaction writes with their versions (a Writer; the demo seed's own, unattributed). */
export interface VersionStamper {
  trx: Transaction<Database>;
  stamps(count: number): Promise<RowVersion[]>;
}

/** Sends committed changes to the live connections (the hub implements it). */
export interface EventPublisher {
  publish(events: HubEvent[]): void;
}

/** Who writes, for which company, from which store (null for a user's own rows written from anywhere). */
export interface WriteScope {
  user: AuthUser;
  companyId: number;
  storeId: number | null;
}

export type ReplicatedTable = {
  [K in keyof Database]: Database[K] extends SyncColumns ? K : never;
}[keyof Database];

/** The sync columns every answer carries with the row, as the change feed does: the device keeps the newer copy. */
export interface RowVersion {
  version: number;
  changedBy: string | null;
  changedByName: string | null;
  changedAt: string | null;
}
export type Versioned<T> = T & RowVersion;
/** The sync columns of a row, beside its contract fields. */
export const versionColumns = ['version', 'changedBy', 'changedByName', 'changedAt'] as const;

/** A replicated table as routes write it: its contract schema and where its rows belong. */
export interface RowSpec<S extends z.ZodObject> {
  table: ReplicatedTable;
  schema: S;
  /**
   * company: company-wide rows (customers, vehicles); store: rows of the active store;
   * ownedBy: a user's own rows (the field naming the user), written and read by that user only.
   */
  scope: 'company' | 'store' | { ownedBy: string };
  notFound: string;
  /** Said when a create names an id that is already taken. */
  exists?: string;
}

/** A table's rules for a change: the new row as stored, and what is wrong with it. */
export interface ChangeRules<T> {
  /** May read (the prices a quote's tires take: tire-quotes/routes.ts): it runs inside the write, after the row's lock. */
  normalize?: (next: T) => T | Promise<T>;
  /** May read (a referenced row must exist): it runs inside the write, after the row's lock. */
  problems?: (current: T, next: T) => Record<string, string[]> | Promise<Record<string, string[]>>;
}

export interface WriteAnswer<T> {
  status: number;
  body: T;
}

const headerValue = (header: string | string[] | undefined) => (Array.isArray(header) ? header[0] : header);
/** A device id as devices make them (a UUID); anything else is not kept: a write is never refused over it. */
const devicePattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const idempotencyKeyPattern = /^[\w.:-]{8,200}$/;
const requestHash = (body: unknown) =>
  createHash('sha256')
    .update(JSON.stringify(body ?? null))
    .digest('base64url');

/** PostgreSQL's codes for a transaction it chose to end so that others can go on: it is run again. */
const retryableCodes = new Set(['40P01', '40001']);
const attempts = 4;

/**
 * Runs a write transaction, again when PostgreSQL ended it to break a deadlock (two writes locking the same
 * rows in opposite orders, a merge beside a move): the write had no effect, so running it again is safe.
 */
async function retried<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= attempts || !retryableCodes.has((error as { code?: string }).code ?? '')) throw error;
      await new Promise((resolve) => {
        setTimeout(resolve, Math.random() * 20 * attempt);
      });
    }
  }
}

/**
 * The one way routes change replicated rows (STYLE.md item 11). A route says what; this says how:
 * claim the Idempotency-Key, lock the rows it changes, read, apply the shared rule, write only the changed
 * fields with a new version and who changed it, store the answer with the key, commit, then send the live
 * events. Writes of different rows never wait for each other (docs/sync.md, "Locks").
 */
export class WritePath {
  /** @param messageLimits how many messages a write may queue (src/domain/messages/message-limits.ts); the server's settings. */
  constructor(
    private readonly db: Db,
    private readonly publisher: EventPublisher,
    private readonly clock: Clock,
    private readonly messageLimits: MessageLimits = defaultMessageLimits,
  ) {}

  async run<T>(request: FastifyRequest, scope: WriteScope, write: (writer: Writer) => Promise<WriteAnswer<T>>): Promise<WriteAnswer<T>> {
    const key = headerValue(request.headers['idempotency-key']);
    if (key !== undefined && !idempotencyKeyPattern.test(key)) {
      throw new ProblemError('badRequest', 'The Idempotency-Key header must be 8 to 200 letters, digits, or . _ : -', {
        errors: { 'Idempotency-Key': ['Invalid'] },
      });
    }
    const method = request.method;
    const path = request.url.split('?')[0]!;
    const hash = requestHash(request.body);
    const { userId } = scope.user;

    const done = await retried(() =>
      transact(this.db, async (trx) => {
        if (key !== undefined) {
          // Claimed first: a twin of this request arriving at the same moment waits here until this one
          // commits (then reads its answer) or rolls back (then does the work itself).
          const claimed = await trx
            .insertInto('idempotencyKeys')
            // Made at the server's clock, the one the pruning job ages keys by (server/jobs/idempotency-key-pruning.ts).
            .values({ userId, key, method, path, requestHash: hash, statusCode: null, response: null, createdOn: this.clock.now().toISOString() })
            .onConflict((oc) => oc.columns(['userId', 'key']).doNothing())
            .returning('key')
            .executeTakeFirst();
          if (!claimed) {
            const stored = await trx
              .selectFrom('idempotencyKeys')
              .select(['method', 'path', 'requestHash', 'statusCode', 'response'])
              .where('userId', '=', userId)
              .where('key', '=', key)
              .executeTakeFirstOrThrow();
            if (
              stored.method !== method ||
              stored.path !== path ||
              (stored.requestHash !== null && stored.requestHash !== hash) ||
              stored.statusCode === null
            ) {
              throw new ProblemError('unprocessable', 'This Idempotency-Key was already used for another request; send a new change with a new key.', {
                errors: { 'Idempotency-Key': ['Used for another request'] },
              });
            }
            return { answer: { status: stored.statusCode, body: stored.response as T }, events: [] };
          }
        }
        const device = headerValue(request.headers[deviceHeader.toLowerCase()]);
        const writer = new Writer(trx, scope, this.clock.now(), this.messageLimits, headerValue(request.headers[occurredAtHeader.toLowerCase()]), {
          system: false,
          deviceId: device !== undefined && devicePattern.test(device) ? device.toLowerCase() : null,
        });
        const answer = await write(writer);
        await writer.finish();
        if (key !== undefined) {
          await trx
            .updateTable('idempotencyKeys')
            .set({ statusCode: answer.status, response: JSON.stringify(answer.body ?? null) })
            .where('userId', '=', userId)
            .where('key', '=', key)
            .execute();
        }
        return { answer, events: writer.events };
      }),
    );
    this.publisher.publish(done.events);
    return done.answer;
  }

  /**
   * A write the server makes on its own behalf (a job, a provider's report), with no request and so no
   * Idempotency-Key: the same locks, versions and live events as any write.
   */
  async background<T>(scope: WriteScope, write: (writer: Writer) => Promise<T>): Promise<T> {
    const done = await retried(() =>
      transact(this.db, async (trx) => {
        const writer = new Writer(trx, scope, this.clock.now(), this.messageLimits, undefined, { system: true, deviceId: null });
        const result = await write(writer);
        await writer.finish();
        return { result, events: writer.events };
      }),
    );
    this.publisher.publish(done.events);
    return done.result;
  }
}

type Row = Record<string, unknown>;

/** A row's values as columns take them: lists and objects go to jsonb columns as JSON text (pg would send an array literal). */
const asColumns = (row: Row): Row =>
  Object.fromEntries(Object.entries(row).map(([field, value]) => [field, value !== null && typeof value === 'object' ? JSON.stringify(value) : value]));

/**
 * The work of one write transaction: every step locks the row it reads or writes first (the lock is the row's
 * key, so a row not made yet is locked too: two creates of one id, or a read-then-create, wait for each other).
 */
export class Writer {
  /** The locks this transaction holds (each taken once: PostgreSQL counts a lock taken twice). */
  private readonly held = new Set<string>();
  readonly events: HubEvent[] = [];
  /** Customers and vehicles whose visits changed: their store's scope is brought up to date at the end. */
  private readonly scopeTouches: ScopeTouch[] = [];
  /** Customers written, or whose vehicles were: their keys are brought up to date at the end. */
  private readonly customersTouched: string[] = [];
  /** Why this write moves a visit's promise, and when the person did (their device's time), if they said. */
  private promiseMove: { reason: string | null; at?: string } = { reason: null };
  /** Every row this write changes, recorded at its end in the same transaction (issue 51). */
  private readonly trail: AuditTrail;

  /**
   * @param occurredAt when the person did what this write records, by their device (the Occurred-At header of
   *   a change queued offline); kept only when plausible (actionTime), else the server's time.
   * @param origin a person's request (from the device it names) or the system's write, for the audit trail.
   */
  constructor(
    readonly trx: Transaction<Database>,
    readonly scope: WriteScope,
    readonly now: Date,
    readonly messageLimits: MessageLimits,
    private readonly occurredAt?: string,
    origin: Omit<WriteOrigin, 'actedAt'> = { system: false, deviceId: null },
  ) {
    this.trail = new AuditTrail(
      { companyId: scope.companyId, userId: scope.user.userId ?? null, name: scope.user.name ?? null },
      { ...origin, actedAt: occurredAt === undefined ? null : actionTime(occurredAt, now) },
      now,
    );
  }

  /** The time to record a person's action at: `deviceTime` (else the request's Occurred-At) when plausible, else now. */
  actedAt(deviceTime?: string): string {
    return actionTime(deviceTime ?? this.occurredAt, this.now);
  }

  /** Says why this write moves a visit's promise (pickUpTime) and when the person did: its history keeps both. */
  movingPromise(reason: string | null, at?: string): void {
    this.promiseMove = { reason, ...(at !== undefined ? { at } : {}) };
  }

  /**
   * A visit written: a change of its promise (pickUpTime, compared as instants) is added to its history in this
   * transaction, with who moved it, when and why (issue 48). Every write of a visit passes here, so none is missed.
   */
  private async notePromise(table: ReplicatedTable, storeId: number | null, before: Row | undefined, after: Row): Promise<void> {
    if (table !== 'scheduledVisits' || storeId === null) return;
    const instant = (value: unknown) => (typeof value === 'string' ? Date.parse(value) : null);
    const previous = (before?.pickUpTime as string | null | undefined) ?? null;
    const next = (after.pickUpTime as string | null | undefined) ?? null;
    if (instant(previous) === instant(next)) return;
    await recordPromise(this.trx, {
      companyId: this.scope.companyId,
      storeId,
      scheduledVisitId: after.scheduledVisitId as string,
      pickUpTime: next,
      previousPickUpTime: previous,
      movedBy: this.scope.user.userId ?? null,
      movedByName: this.scope.user.name ?? null,
      movedAt: this.actedAt(this.promiseMove.at),
      reason: this.promiseMove.reason,
    });
  }

  /** Work a write leaves to its end, inside its transaction: the scope of what its visits name, the keys of its customers. */
  async finish(): Promise<void> {
    if (this.scopeTouches.length > 0) await refreshVisitScope(this.trx, this.scope.companyId, this.scopeTouches.splice(0));
    if (this.customersTouched.length > 0) await refreshCustomerKeys(this.trx, this.scope.companyId, this.customersTouched.splice(0));
    await this.trail.write(this.trx);
  }

  /** The store a row's record is kept under: a store's own row is its store's; company-wide rows have none. */
  private recordStore(table: ReplicatedTable, storeId: number | null, row: Row): number | null {
    return table === 'storeLocations' && typeof row.id === 'number' ? row.id : storeId;
  }

  /** A customer or vehicle row written: the customers it belonged to before and after get their keys anew. */
  private noteCustomer(table: ReplicatedTable, ...rows: (Row | undefined)[]): void {
    if (table !== 'customers' && table !== 'customerVehicles') return;
    for (const row of rows) if (typeof row?.customerId === 'string') this.customersTouched.push(row.customerId);
  }

  /** A visit row written: what it named before and after may have entered or left its store's scope. */
  private noteVisit(table: ReplicatedTable, storeId: number | null, ...rows: (Row | undefined)[]): void {
    if (table !== 'scheduledVisits') return;
    for (const row of rows) if (row) this.scopeTouches.push(...touchesOf(storeId, row as { customerId?: string | null; vehicleId?: string | null }));
  }

  /**
   * Holds, until commit, the lock named by `kind` and `parts`: writes naming the same thing wait for each
   * other, all others go on. For what is not one row: a store's message count, a special day's date, a
   * rating of a visit. Advisory locks of two keys, a space apart from the one-key locks of versions.
   */
  async lockOn(kind: string, ...parts: (string | number | null)[]): Promise<void> {
    await this.lockNamed(kind, `${this.scope.companyId}/${parts.map(String).join('/')}`);
  }

  /** As lockOn, for what is one thing across companies: an email address (one account), the platform's admins. */
  async lockAcrossCompanies(kind: string, ...parts: (string | number | null)[]): Promise<void> {
    await this.lockNamed(kind, `*/${parts.map(String).join('/')}`);
  }

  private async lockNamed(kind: string, name: string): Promise<void> {
    const id = `${kind}|${name}`;
    if (this.held.has(id)) return;
    await sql`select pg_advisory_xact_lock(hashtext(${kind}), hashtext(${name}))`.execute(this.trx);
    this.held.add(id);
  }

  /** Holds the lock of one row of `spec`, by its key (the fields it is keyed by; a store row's store is the writer's). */
  async lockRow<S extends z.ZodObject>(spec: RowSpec<S>, fields: Row): Promise<void> {
    const keyFields = (replicatedCollections as Record<string, { key: readonly string[] }>)[spec.table]?.key;
    const withStore: Row = { storeId: this.rowStore(spec), ...fields };
    const parts =
      keyFields && keyFields.every((f) => withStore[f] !== undefined)
        ? keyFields.map((f) => withStore[f] as string | number | null)
        : Object.entries(fields)
            .sort(([a], [b]) => a.localeCompare(b))
            .map(([f, v]) => `${f}=${String(v)}`);
    await this.lockOn(spec.table, ...parts);
  }

  /** A live event for a row of `spec`, routed by where such rows belong. */
  event<S extends z.ZodObject>(spec: RowSpec<S>, row: z.infer<S>, name: HubEventName, args: unknown[]): void {
    const owner = typeof spec.scope === 'object' ? String((row as Row)[spec.scope.ownedBy]) : undefined;
    this.events.push({
      companyId: this.scope.companyId,
      storeId: spec.scope === 'store' ? this.scope.storeId : null,
      ...(owner ? { userId: owner } : {}),
      name,
      args,
    });
  }

  /** The current row (after its lock), or undefined. */
  async read<S extends z.ZodObject>(spec: RowSpec<S>, key: Row): Promise<Versioned<z.infer<S>> | undefined> {
    await this.lockRow(spec, key);
    return (await selectRow(this.trx, spec, this.scope, key).executeTakeFirst()) as Versioned<z.infer<S>> | undefined;
  }

  /** The current row (after its lock), or the spec's 404. */
  async find<S extends z.ZodObject>(spec: RowSpec<S>, key: Row): Promise<Versioned<z.infer<S>>> {
    const row = await this.read(spec, key);
    if (!row) throw new ProblemError('notFound', spec.notFound);
    return row;
  }

  /** The store of a row of `spec` this writer reads and writes (null for company-wide and users' own rows). */
  private rowStore<S extends z.ZodObject>(spec: RowSpec<S>): number | null {
    return spec.scope === 'store' ? this.scope.storeId : null;
  }

  private metadata(version: number): RowVersion {
    return { version, changedBy: this.scope.user.userId, changedByName: this.scope.user.name, changedAt: this.now.toISOString() };
  }

  /**
   * New versions for `count` rows this transaction writes (after their locks), each with who changes it and when:
   * the one place a live write's rows are stamped (store staff rows too: server/modules/users/store-staff.ts).
   */
  async stamps(count: number): Promise<RowVersion[]> {
    if (count === 0) return [];
    const first = await takeVersions(this.trx, count);
    return Array.from({ length: count }, (_, i) => this.metadata(first + i));
  }

  /** A new version for a row this transaction writes (after the row's lock), with who changes it and when. */
  async stamp(): Promise<RowVersion> {
    return (await this.stamps(1))[0]!;
  }

  /** Inserts a new row with its version. `storeId` defaults to the active store for store rows, else null. */
  async create<S extends z.ZodObject>(spec: RowSpec<S>, row: z.infer<S>, options: { storeId?: number | null } = {}): Promise<Versioned<z.infer<S>>> {
    const storeId = options.storeId !== undefined ? options.storeId : spec.scope === 'store' ? this.scope.storeId : null;
    await this.lockRow(spec, { ...(row as Row), storeId });
    const meta = await this.stamp();
    await insertRow(this.trx, spec.table, { ...asColumns(row as Row), ...meta, companyId: this.scope.companyId, storeId }).catch((error: unknown) => {
      if ((error as { code?: string }).code === '23505') throw new ProblemError('conflict', spec.exists ?? 'This row already exists.');
      throw error;
    });
    this.noteVisit(spec.table, storeId, row as Row);
    this.noteCustomer(spec.table, row as Row);
    await this.notePromise(spec.table, storeId, undefined, row as Row);
    const fields = Object.keys(spec.schema.shape);
    this.trail.add({
      table: spec.table,
      storeId: this.recordStore(spec.table, storeId, row as Row),
      key: row as Row,
      action: 'create',
      patch: createPatch(fields, row as Row),
    });
    return { ...row, ...meta };
  }

  /**
   * Records a row this write inserted itself (a store, whose id the database makes), as create records the rows
   * it inserts: every row a write makes has its record.
   */
  recordCreated<S extends z.ZodObject>(spec: RowSpec<S>, row: z.infer<S>, storeId: number | null = null): void {
    const fields = Object.keys(spec.schema.shape);
    this.trail.add({
      table: spec.table,
      storeId: this.recordStore(spec.table, storeId, row as Row),
      key: row as Row,
      action: 'create',
      patch: createPatch(fields, row as Row),
    });
  }

  /** Writes the fields that differ between `current` and `next`, with a new version; returns the new row. */
  async update<S extends z.ZodObject>(spec: RowSpec<S>, key: Row, current: Versioned<z.infer<S>>, next: z.infer<S>): Promise<Versioned<z.infer<S>>> {
    const changed = Object.keys(spec.schema.shape).filter((f) => JSON.stringify((current as Row)[f]) !== JSON.stringify((next as Row)[f]));
    if (changed.length === 0) return current;
    await this.lockRow(spec, key);
    const meta = await this.stamp();
    const set = Object.fromEntries(changed.map((f) => [f, (next as Row)[f]]));
    await updateRow(this.trx, spec.table, this.scope.companyId, key, { ...asColumns(set), ...meta });
    const store = this.recordStore(spec.table, this.rowStore(spec), current as Row);
    this.trail.add({
      table: spec.table,
      storeId: store,
      key: { ...(current as Row), ...key },
      action: 'patch',
      patch: changePatch(changed, current as Row, next as Row),
    });
    if (changed.includes('customerId') || changed.includes('vehicleId')) this.noteVisit(spec.table, this.rowStore(spec), current as Row, next as Row);
    if (changed.includes('pickUpTime')) await this.notePromise(spec.table, this.rowStore(spec), current as Row, next as Row);
    if ((spec.table === 'customers' || spec.table === 'customerVehicles') && changesCustomerKeys(spec.table, changed))
      this.noteCustomer(spec.table, current as Row, next as Row);
    return { ...current, ...next, ...meta };
  }

  /**
   * Applies a JSON patch of the editable fields to the row; nothing is written when nothing changes.
   * `rules` normalizes the new row and says what is wrong with it (a 400 naming the fields, nothing stored).
   */
  async patch<S extends z.ZodObject>(
    spec: RowSpec<S>,
    key: Row,
    body: unknown,
    editable: readonly string[],
    rules?: ChangeRules<z.infer<S>>,
  ): Promise<{ row: Versioned<z.infer<S>>; changed: boolean }> {
    const current = await this.find(spec, key);
    // A row stored before a rule tightened stays editable: taken as it is, patchRow names any field of it
    // that is still wrong (a 400), where a parse here would answer 500.
    const stored = spec.schema.safeParse(current);
    const before = stored.success ? stored.data : (Object.fromEntries(Object.keys(spec.schema.shape).map((f) => [f, (current as Row)[f]])) as z.infer<S>);
    const patched = patchRow(before, body, editable, spec.schema).next;
    // Normalizing can lengthen a value (ß upper-cased is SS): checked again, a 400 and not a 500.
    const next = rules?.normalize ? parseOrProblem(spec.schema, await rules.normalize(patched), 'The changed row') : patched;
    const problems = (await rules?.problems?.(before, next)) ?? {};
    refuseProblems(problems, 'The change');
    if (JSON.stringify(next) === JSON.stringify(before)) return { row: current, changed: false };
    return { row: await this.update(spec, key, current, next), changed: true };
  }

  /**
   * Points every live row of `table` that names `from` in `column` at `to`, each with a new version (a merge
   * moves a customer's vehicles, visits, messages and ratings). Returns how many moved.
   */
  async reassign(table: ReplicatedTable, column: string, from: string, to: string): Promise<number> {
    const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
    const t = sql.table(snake(table));
    const c = sql.ref(snake(column));
    // The rows it moves are locked first (row locks: a write of one of them waits), and counted.
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from (select 1 from ${t}
      where company_id = ${this.scope.companyId} and ${c} = ${from} and not deleted for update) moving`.execute(this.trx);
    const count = Number(rows[0]?.n ?? 0);
    if (count === 0) return 0;
    if (table === 'scheduledVisits' && (column === 'customerId' || column === 'vehicleId')) {
      const stores = await sql<{
        storeId: number;
      }>`select distinct store_id from ${t} where company_id = ${this.scope.companyId} and ${c} = ${from} and not deleted`.execute(this.trx);
      for (const { storeId } of stores.rows) this.noteVisit(table, storeId, { [column]: from }, { [column]: to });
    }
    if (column === 'customerId') this.noteCustomer(table, { customerId: from }, { customerId: to });
    const first = await takeVersions(this.trx, count);
    const meta = this.metadata(first);
    const keyFields = (replicatedCollections as Record<string, { key: readonly string[] }>)[collectionOf(table)]?.key ?? [];
    const moved =
      await sql<Row>`update ${t} set ${c} = ${to}, version = numbered.version, changed_by = ${meta.changedBy}, changed_by_name = ${meta.changedByName}, changed_at = ${meta.changedAt}
      from (select ctid as row_id, ${first} - 1 + row_number() over () as version from ${t}
            where company_id = ${this.scope.companyId} and ${c} = ${from} and not deleted) numbered
      where ${t}.ctid = numbered.row_id
      returning ${sql.join([sql`${t}.store_id as "storeId"`, ...keyFields.map((f) => sql`${t}.${sql.ref(snake(f))} as ${sql.ref(f)}`)])}`.execute(this.trx);
    for (const row of moved.rows)
      this.trail.add({
        table,
        storeId: (row.storeId as number | null) ?? null,
        key: row,
        action: 'patch',
        patch: changePatch([column], { [column]: from }, { [column]: to }),
      });
    return count;
  }

  /**
   * Brings back a row that was removed (a link made again), with a new version, setting `fields` on it as it
   * goes; undefined when there is no such tombstone. Rows keyed by what they link (a resource and a service)
   * can only come back, not be made twice.
   */
  async revive<S extends z.ZodObject>(spec: RowSpec<S>, key: Row, fields: Partial<z.infer<S>> = {}): Promise<Versioned<z.infer<S>> | undefined> {
    await this.lockRow(spec, key);
    const { ref } = this.trx.dynamic;
    let found = this.trx
      .selectFrom(spec.table)
      .select(Object.keys(spec.schema.shape).map((f) => ref(f)))
      .where(ref('companyId'), '=', this.scope.companyId)
      .where(ref('deleted'), '=', true);
    for (const [field, value] of Object.entries(key)) found = found.where(ref(field), '=', value);
    const row = (await found.executeTakeFirst()) as z.infer<S> | undefined;
    if (!row) return undefined;
    const meta = await this.stamp();
    await updateRow(this.trx, spec.table, this.scope.companyId, key, { ...asColumns(fields as Row), ...meta, deleted: false });
    const revived = { ...(row as Row), ...(fields as Row) };
    this.trail.add({
      table: spec.table,
      storeId: this.recordStore(spec.table, this.rowStore(spec), revived),
      key: { ...revived, ...key },
      action: 'restore',
      patch: createPatch(Object.keys(spec.schema.shape), revived),
    });
    this.noteVisit(spec.table, this.rowStore(spec), row as Row);
    this.noteCustomer(spec.table, row as Row);
    return { ...row, ...fields, ...meta };
  }

  /** Leaves a tombstone for the row (every device deletes it), setting `fields` on it as it goes. */
  async tombstone<S extends z.ZodObject>(spec: RowSpec<S>, key: Row, fields: Partial<z.infer<S>> = {}): Promise<void> {
    // Read once (after the lock), for the trail's values before and for what the row named.
    const before = (await this.read(spec, key)) as Row | undefined;
    if (spec.table === 'scheduledVisits') this.noteVisit(spec.table, this.rowStore(spec), before);
    if (spec.table === 'customers' || spec.table === 'customerVehicles') this.noteCustomer(spec.table, { ...key, ...before });
    const meta = await this.stamp();
    await updateRow(this.trx, spec.table, this.scope.companyId, key, { ...fields, ...meta, deleted: true });
    // A row already gone leaves no record: nothing of it changed that a device could see.
    if (before)
      this.trail.add({
        table: spec.table,
        storeId: this.recordStore(spec.table, this.rowStore(spec), before),
        key: { ...before, ...key },
        action: 'delete',
        patch: deletePatch(Object.keys(spec.schema.shape), before, fields as Row),
      });
  }

  /** Leaves a tombstone for the row if it is live, and answers the row it removed (undefined: already gone). */
  async remove<S extends z.ZodObject>(spec: RowSpec<S>, key: Row): Promise<Versioned<z.infer<S>> | undefined> {
    const live = await this.read(spec, key);
    if (live) await this.tombstone(spec, key);
    return live;
  }

  /**
   * An action on a row (archive, mark replied): `apply` gives the fields it sets from the current row, or
   * null when there is nothing to do.
   */
  async change<S extends z.ZodObject>(
    spec: RowSpec<S>,
    key: Row,
    apply: (current: z.infer<S>) => Partial<z.infer<S>> | null,
  ): Promise<{ row: Versioned<z.infer<S>>; changed: boolean }> {
    const current = await this.find(spec, key);
    const changes = apply(current);
    if (!changes) return { row: current, changed: false };
    // Only what the action sets is checked: a row stored before a rule tightened (an address the rule now
    // refuses) can still be archived, marked replied or marked sent.
    const fields = Object.fromEntries(
      Object.keys(changes)
        .filter((f) => f in spec.schema.shape)
        .map((f) => [f, true]),
    ) as Record<string, true>;
    const checked = spec.schema.pick(fields).parse(changes);
    const row = await this.update(spec, key, current, { ...current, ...checked } as z.infer<S>);
    return { row, changed: row.version !== current.version };
  }
}

function selectRow<S extends z.ZodObject>(db: Db | Transaction<Database>, spec: RowSpec<S>, scope: WriteScope, key: Row) {
  const { ref } = db.dynamic;
  const columns = [...Object.keys(spec.schema.shape), ...versionColumns];
  let query = db
    .selectFrom(spec.table)
    .select(columns.map((c) => ref(c)))
    .where(ref('companyId'), '=', scope.companyId)
    .where(ref('deleted'), '=', false);
  if (spec.scope === 'store') query = query.where(ref('storeId'), '=', scope.storeId);
  if (typeof spec.scope === 'object') query = query.where(ref(spec.scope.ownedBy), '=', scope.user.userId);
  for (const [field, value] of Object.entries(key)) query = query.where(ref(field), '=', value);
  return query;
}

/** A row as a read call answers it (no lock: reads never wait for writers), or the spec's 404. */
export async function findRow<S extends z.ZodObject>(db: Db, spec: RowSpec<S>, scope: WriteScope, key: Row): Promise<Versioned<z.infer<S>>> {
  const row = (await selectRow(db, spec, scope, key).executeTakeFirst()) as Versioned<z.infer<S>> | undefined;
  if (!row) throw new ProblemError('notFound', spec.notFound);
  return row;
}

/*
 * Rows of a table chosen at run time from its spec: its columns are named by Kysely's dynamic references
 * (strings its types cannot check, as the spec's fields are), so no builder is cast to a looser type.
 */

/** Sets `values` on the company's row of `table` that `key` names. */
async function updateRow(trx: Transaction<Database>, table: ReplicatedTable, companyId: number, key: Row, values: Row): Promise<void> {
  const { ref } = trx.dynamic;
  let query = trx.updateTable(table).where(ref('companyId'), '=', companyId);
  for (const [field, value] of Object.entries(values)) query = query.set(ref(field), value);
  for (const [field, value] of Object.entries(key)) query = query.where(ref(field), '=', value);
  await query.execute();
}

/** Inserts one row of `table` (the camel-case plugin names its columns, as for every query). */
async function insertRow(trx: Transaction<Database>, table: ReplicatedTable, values: Row): Promise<void> {
  const columns = Object.keys(values);
  await sql`insert into ${sql.table(table)} (${sql.join(columns.map((c) => sql.ref(c)))}) values (${sql.join(columns.map((c) => values[c]))})`.execute(trx);
}
