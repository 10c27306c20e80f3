import { randomUUID } from 'node:crypto';
import { sql, type RawBuilder } from 'kysely';
import { collectionNames, isCatalogueCollection, replicatedCollections, userOwnedCollections, type CollectionName } from '../../src/contract/sync.ts';
import type { SyncChange } from '../../src/contract/sync-messages.ts';
import type { Db } from '../db/connect.ts';
import type { Role } from '../../src/contract/enums.ts';
import { readAccess } from '../../src/domain/app/visibility.ts';
import { collectionSchemas } from '../../src/contract/collection-schemas.ts';
import { versionFloor } from '../db/versions.ts';
import { isVisitScoped, visitScoped, type VisitScopedCollection } from './visit-scope.ts';

export interface FeedScope {
  companyId: number;
  storeId: number;
  userId: string;
  /** The user's roles at the store: what they may read of each collection (src/domain/app/visibility.ts). */
  roles: readonly Role[];
  /**
   * Only what the day needs first (DESIGN.md, first sync): resources, services, the calendar from yesterday to
   * a week ahead with its customers and vehicles, and open messages. Computed at `now`.
   */
  priority?: { now: Date };
}

/** The calendar window of the priority feed: a day of slack either side covers every store time zone. */
function priorityWindow(now: Date): [string, string] {
  return [new Date(now.getTime() - 86_400_000).toISOString(), new Date(now.getTime() + 8 * 86_400_000).toISOString()];
}

const alwaysFirst = new Set<CollectionName>([
  'storeLocations',
  'specialStoreHours',
  'storeStaff',
  'inspectionTemplates',
  'schedulerResources',
  'storeServiceCategories',
  'storeServices',
  'appointmentResources',
  'schedulerResourceServices',
  'recurringBlockedTimes',
  'unconfirmedVisits',
  'notificationPreferences',
]);

/** In the priority feed: the extra condition for a collection, or null when it waits for the full sync. */
function priorityCondition(collection: CollectionName, scope: FeedScope): RawBuilder<unknown> | null {
  if (!scope.priority) return sql`true`;
  if (alwaysFirst.has(collection)) return sql`true`;
  const [from, to] = priorityWindow(scope.priority.now);
  const visitsInWindow = sql`select s.scheduled_visit_id from scheduled_services s
    where s.company_id = ${scope.companyId} and s.store_id = ${scope.storeId} and not s.deleted and s.start_date >= ${from} and s.start_date < ${to}`;
  switch (collection) {
    case 'scheduledServices':
    case 'blockedTimes':
      return sql`start_date >= ${from} and start_date < ${to}`;
    case 'scheduledVisits':
      return sql`scheduled_visit_id in (${visitsInWindow})`;
    case 'customers':
      return sql`customer_id in (select v.customer_id from scheduled_visits v where v.scheduled_visit_id in (${visitsInWindow}))`;
    case 'customerVehicles':
      return sql`vehicle_id in (select v.vehicle_id from scheduled_visits v where v.scheduled_visit_id in (${visitsInWindow}))`;
    case 'storeMessages':
      return sql`not is_archived and replied_to_by_user_id is null`;
    default:
      return null;
  }
}

const camelCache = new Map<string, string>();
const camel = (name: string) => {
  let out = camelCache.get(name);
  if (out === undefined) {
    out = name.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
    camelCache.set(name, out);
  }
  return out;
};
const timestampInJson = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?\+00:00$/;

/** Who changed a row and when: left out of rows no person changed (most rows of a first sync). */
const changeFields = new Set(['changed_by', 'changed_by_name', 'changed_at']);

/**
 * A row from to_jsonb in the shapes the REST calls answer: camelCase fields, ISO timestamps in UTC with ms.
 * It keeps its version and who changed it last: the device keeps the newer copy and names who overwrote a change.
 */
function contractShape(value: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    if (v === null && changeFields.has(k)) continue;
    out[camel(k)] = typeof v === 'string' && timestampInJson.test(v) ? new Date(v).toISOString() : v;
  }
  return out;
}

const snakeCase = (field: string) => field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/**
 * Which rows of a collection a device of this store and user may hold, by the one visibility policy, as the
 * conditions of separate scans (the store's rows and the company-wide ones, each down its own part of the
 * (company_id, store_id, version) index, never every store's rows); null when the user may read none of it,
 * 'visited' when only the rows the store's calendar names (visit-scope.ts).
 */
function visibility(collection: CollectionName, scope: FeedScope): RawBuilder<unknown>[] | 'visited' | null {
  const access = readAccess(scope.roles, collection);
  if (access.kind === 'none') return null;
  // The platform's catalogue is everyone's: one scan down its version index.
  if (isCatalogueCollection(collection)) return [sql`true`];
  const owner = userOwnedCollections[collection];
  // A user's own rows follow them to every store they open (a support request sent from another store too).
  if (owner) return [sql`company_id = ${scope.companyId} and ${sql.ref(snakeCase(owner))} = ${scope.userId}`];
  if (access.kind === 'limited' && access.rows === 'visited') {
    if (!isVisitScoped(collection)) throw new Error(`${collection} has no visit scope`);
    return 'visited';
  }
  return [sql`company_id = ${scope.companyId} and store_id = ${scope.storeId}`, sql`company_id = ${scope.companyId} and store_id is null`];
}

/**
 * A visit-scoped collection as a bay device receives it: each row paired with its entry in the store's scope.
 * The pair changes at the later of the two versions (the row changed, or it entered the scope) and, once out of
 * scope, is a tombstone at the version it left: so a customer booked at the store reaches the bay when the
 * visit is booked, and leaves it with the store's last visit naming them.
 */
function visitedPairs(collection: VisitScopedCollection, scope: FeedScope) {
  const table = sql.table(replicatedCollections[collection].table);
  const key = sql.ref(`t.${snakeCase(visitScoped[collection])}`);
  return {
    from: sql`visit_scope vs join ${table} t on t.company_id = vs.company_id and ${key} = vs.row_key`,
    where: sql`vs.company_id = ${scope.companyId} and vs.store_id = ${scope.storeId} and vs.collection = ${collection}`,
    version: sql`(case when vs.deleted then vs.version else greatest(t.version, vs.version) end)`,
    key: sql`vs.row_key::text`,
    keyField: snakeCase(visitScoped[collection]),
  };
}

/** The row as the policy lets the user read it: fields it withholds are nulls laid over it (rows keep their shape). */
function withheld(collection: CollectionName, scope: FeedScope, row: RawBuilder<unknown>): RawBuilder<unknown> {
  const access = readAccess(scope.roles, collection);
  if (access.kind !== 'limited' || access.fields === null) return row;
  const hidden = Object.keys(collectionSchemas[collection].shape)
    .filter((f) => !access.fields!.includes(f))
    .map(snakeCase);
  return sql`(${row}) || ${JSON.stringify(Object.fromEntries(hidden.map((f) => [f, null])))}::jsonb`;
}

function keyExpression(collection: CollectionName): RawBuilder<unknown> {
  const fields = replicatedCollections[collection].key.map((f) => sql`${sql.ref(snakeCase(f))}::text`);
  return fields.length === 1 ? fields[0]! : sql`concat_ws('/', ${sql.join(fields)})`;
}

interface FeedRow {
  key: string;
  version: number;
  deleted: boolean;
  value: Record<string, unknown>;
}

/** The pairs of a visit-scoped collection at the page's versions: the row as the policy allows, or a tombstone naming its key. */
function visitedRows(db: Db, collection: VisitScopedCollection, scope: FeedScope, versions: number[]) {
  const pair = visitedPairs(collection, scope);
  const wanted = sql`${sql.val(versions)}::bigint[]`;
  const pairs = (found: RawBuilder<unknown>) => sql`select ${pair.key} as key, ${pair.version} as version, vs.deleted or t.deleted as deleted,
        ${withheld(collection, scope, sql`to_jsonb(t) - 'company_id' - 'deleted'`)} as value
      from ${pair.from} where ${pair.where} and ${found}`;
  // Found by the entry's version or by the row's, each through its own index (an "or" across the join reads every row).
  return sql<FeedRow>`select key, version, deleted, case when deleted then jsonb_build_object(${pair.keyField}::text, key, 'version', version) else value || jsonb_build_object('version', version) end as value
    from (${pairs(sql`vs.version = any(${wanted})`)} union ${pairs(sql`t.company_id = ${scope.companyId} and t.version = any(${wanted})`)}) pairs
    where version = any(${wanted})`.execute(db);
}

/**
 * One page of the change feed: rows of every replicated collection changed after `since`, in version order.
 * First the page's versions are chosen (each collection offering at most `limit` through its
 * (company_id, version) index), then only those rows are turned into JSON, found again by version.
 * Building JSON inside the union would make it for up to 25 times the rows a page keeps.
 */
export async function readChanges(db: Db, scope: FeedScope, since: number, limit: number): Promise<{ changes: SyncChange[]; hasMore: boolean }> {
  // Versions at or above the floor may still be committing: they wait for the next page (docs/sync.md).
  const floor = await versionFloor(db);
  const branches = collectionNames.flatMap((collection) => {
    const first = priorityCondition(collection, scope);
    const visible = visibility(collection, scope);
    if (!first || !visible) return [];
    if (visible === 'visited') {
      // Two ways a pair changes, each through its own index: its scope entry, or the row itself.
      const pair = visitedPairs(collection as VisitScopedCollection, scope);
      return [
        sql`(select ${collection}::text as collection, version from (
          select ${pair.version} as version from ${pair.from} where ${pair.where} and ${first} and vs.version > ${since}
          union
          select ${pair.version} from ${pair.from} where ${pair.where} and ${first} and t.version > ${since} and not vs.deleted) pairs
        where version > ${since} and version < ${floor} order by version limit ${limit + 1})`,
      ];
    }
    return visible.map(
      (rows) => sql`(select ${collection}::text as collection, version from ${sql.table(replicatedCollections[collection].table)}
      where ${rows} and ${first} and version > ${since} and version < ${floor} order by version limit ${limit + 1})`,
    );
  });
  const picked = await sql<{ collection: CollectionName; version: number }>`
    select * from (${sql.join(branches, sql` union all `)}) feed order by version limit ${limit + 1}`.execute(db);
  const hasMore = picked.rows.length > limit;
  const page = picked.rows.slice(0, limit);

  const versionsBy = new Map<CollectionName, number[]>();
  for (const row of page) (versionsBy.get(row.collection) ?? versionsBy.set(row.collection, []).get(row.collection)!).push(Number(row.version));
  const rows = (
    await Promise.all(
      [...versionsBy].map(async ([collection, versions]) => {
        const result = await (visibility(collection, scope) === 'visited'
          ? visitedRows(db, collection as VisitScopedCollection, scope, versions)
          : sql<FeedRow>`
      select ${keyExpression(collection)} as key, version, deleted,
        ${withheld(collection, scope, sql`to_jsonb(t) - 'company_id' - 'deleted'`)} as value
      from ${sql.table(replicatedCollections[collection].table)} t
      where ${isCatalogueCollection(collection) ? sql`true` : sql`company_id = ${scope.companyId}`} and version = any(${sql.val(versions)}::bigint[])`.execute(
              db,
            ));
        return result.rows.map((row) => ({ collection, key: row.key, version: Number(row.version), deleted: row.deleted, value: contractShape(row.value) }));
      }),
    )
  ).flat();
  rows.sort((a, b) => a.version - b.version);
  return { changes: rows, hasMore };
}

/** How many changes a first sync of this store receives (tombstones too): the denominator of its progress bar. */
export async function countRows(db: Db, scope: FeedScope): Promise<number> {
  const branches = collectionNames.flatMap((collection) => {
    const first = priorityCondition(collection, scope);
    const visible = visibility(collection, scope);
    if (!first || !visible) return [];
    if (visible === 'visited') {
      const pair = visitedPairs(collection as VisitScopedCollection, scope);
      return [sql`select count(*)::int as n from ${pair.from} where ${pair.where} and ${first} and not vs.deleted`];
    }
    return visible.map((rows) => sql`select count(*)::int as n from ${sql.table(replicatedCollections[collection].table)} where ${rows} and ${first}`);
  });
  const result = await sql<{ n: number }>`select sum(n)::int as n from (${sql.join(branches, sql` union all `)}) counts`.execute(db);
  return Number(result.rows[0]?.n ?? 0);
}

/** The server's data epoch: made once; a replica synced against another epoch starts again from 0. */
export async function dataEpoch(db: Db): Promise<string> {
  await db
    .insertInto('appMeta')
    .values({ key: 'dataEpoch', value: JSON.stringify(randomUUID()) })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const row = await db.selectFrom('appMeta').select('value').where('key', '=', 'dataEpoch').executeTakeFirstOrThrow();
  return row.value as string;
}
