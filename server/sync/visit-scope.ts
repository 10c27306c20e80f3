import { sql, type RawBuilder, type Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import { takeVersions } from '../db/versions.ts';

/**
 * The collections a limited reader (the bay) holds only while the store's calendar names a row
 * (src/domain/app/visibility.ts, rows 'visited'), and the visit's column that names it.
 */
export const visitScoped = { customers: 'customerId', customerVehicles: 'vehicleId' } as const;
export type VisitScopedCollection = keyof typeof visitScoped;

export const isVisitScoped = (collection: string): collection is VisitScopedCollection => collection in visitScoped;

/**
 * The one rule for "the store's calendar names this row", as SQL (DESIGN.md: one helper used by the feed and
 * every route): a live entry of `visit_scope` for the store. `key` is the row's id column.
 */
export function inVisitScope(companyId: number, storeId: number, collection: VisitScopedCollection, key: RawBuilder<unknown>): RawBuilder<boolean> {
  return sql<boolean>`exists (select 1 from visit_scope vs where vs.company_id = ${companyId} and vs.store_id = ${storeId}
    and vs.collection = ${collection} and vs.row_key = ${key} and not vs.deleted)`;
}

/** A customer or vehicle a visit of the store named before or after a write: its scope may have changed. */
export interface ScopeTouch {
  storeId: number;
  collection: VisitScopedCollection;
  key: string;
}

/** What a visit row names, as scope touches (nothing for a visit without customer or vehicle). */
export function touchesOf(storeId: number | null, visit: { customerId?: string | null; vehicleId?: string | null }): ScopeTouch[] {
  if (storeId === null) return [];
  return (Object.entries(visitScoped) as [VisitScopedCollection, 'customerId' | 'vehicleId'][]).flatMap(([collection, column]) => {
    const key = visit[column];
    return key ? [{ storeId, collection, key }] : [];
  });
}

/**
 * Brings the scope of each touched row up to date at the end of the writing transaction: in scope while a
 * live visit at the store names it. An entry that changes takes a new version, so every bay device of the
 * store receives the row (entering) or its tombstone (leaving) on its next pull. Each entry is locked before
 * its visits are read (in one order, so two writes never wait for each other's): of two writes naming one
 * customer at once, the second reads after the first committed, so the entry ends as the visits are.
 */
export async function refreshVisitScope(trx: Transaction<Database>, companyId: number, touches: readonly ScopeTouch[]): Promise<void> {
  const ids = new Map(touches.map((touch) => [`${touch.storeId}/${touch.collection}/${touch.key}`, touch]));
  for (const [id, touch] of [...ids].sort(([a], [b]) => a.localeCompare(b))) {
    await sql`select pg_advisory_xact_lock(hashtext('visit-scope'), hashtext(${`${companyId}/${id}`}))`.execute(trx);
    const column = visitScoped[touch.collection];
    const named = await trx
      .selectFrom('scheduledVisits')
      .select('scheduledVisitId')
      .where('companyId', '=', companyId)
      .where('storeId', '=', touch.storeId)
      .where(column, '=', touch.key)
      .where('deleted', '=', false)
      .limit(1)
      .executeTakeFirst();
    const entry = await trx
      .selectFrom('visitScope')
      .select('deleted')
      .where('companyId', '=', companyId)
      .where('storeId', '=', touch.storeId)
      .where('collection', '=', touch.collection)
      .where('rowKey', '=', touch.key)
      .executeTakeFirst();
    const inScope = named !== undefined;
    if (entry ? entry.deleted !== inScope : !inScope) continue;
    const version = await takeVersions(trx);
    await trx
      .insertInto('visitScope')
      .values({ companyId, storeId: touch.storeId, collection: touch.collection, rowKey: touch.key, version, deleted: !inScope })
      .onConflict((oc) => oc.columns(['companyId', 'storeId', 'collection', 'rowKey']).doUpdateSet({ version, deleted: !inScope }))
      .execute();
  }
}

/**
 * The whole scope of a company made again from its live visits, for data written in bulk (the demo and bench
 * seeds), in the caller's transaction: entries that change take new versions, as in a write.
 */
export async function rebuildVisitScope(trx: Transaction<Database>, companyId: number): Promise<void> {
  const changed = sql`with wanted as (
      select distinct store_id, 'customers' as collection, customer_id as row_key from scheduled_visits
        where company_id = ${companyId} and not deleted and customer_id is not null
      union
      select distinct store_id, 'customerVehicles', vehicle_id from scheduled_visits
        where company_id = ${companyId} and not deleted and vehicle_id is not null)
    select coalesce(w.store_id, s.store_id) as store_id, coalesce(w.collection, s.collection) as collection,
      coalesce(w.row_key, s.row_key) as row_key, w.row_key is null as deleted
    from wanted w full join (select * from visit_scope where company_id = ${companyId}) s
      on s.store_id = w.store_id and s.collection = w.collection and s.row_key = w.row_key
    where (w.row_key is null and not s.deleted) or (w.row_key is not null and (s.row_key is null or s.deleted))`;
  await sql`select pg_advisory_xact_lock(${companyId})`.execute(trx);
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from (${changed}) c`.execute(trx);
  const count = Number(rows[0]?.n ?? 0);
  if (count === 0) return;
  const first = await takeVersions(trx, count);
  await sql`insert into visit_scope (company_id, store_id, collection, row_key, version, deleted)
    select ${companyId}, store_id, collection, row_key, ${first} - 1 + row_number() over (), deleted from (${changed}) c
    on conflict (company_id, store_id, collection, row_key) do update set version = excluded.version, deleted = excluded.deleted`.execute(trx);
}
