import { sql, type Kysely, type Transaction } from 'kysely';
import { customerSearchTokens, vehicleSearchTokens, type SearchableCustomer, type SearchableVehicle } from '../../src/domain/people/customer-search.ts';
import {
  duplicateKeys,
  duplicatePairs,
  duplicateReasons,
  keyShareLimit,
  pairKey,
  type DuplicateCandidate,
  type DuplicatePair,
} from '../../src/domain/people/duplicates.ts';
import type { Database } from '../db/schema.ts';

/*
 * A customer's keys, kept at write time (issue 25: no request reads a whole company): the device's search tokens
 * of the customer and of its vehicles (src/domain/people/customer-search.ts: one rule for the device's index and the
 * server's), and its duplicate keys (src/domain/people/duplicates.ts), and the pairs of customers that look like one
 * person. A change to those rules needs a migration that calls rebuildCustomerKeys again.
 */

type Db = Kysely<Database> | Transaction<Database>;
type KeyRow = Database['customerKeys'];

const customerFields = ['customerId', 'firstName', 'lastName', 'companyName', 'email', 'phoneNumber', 'alternatePhoneNumber'] as const;
const vehicleFields = ['vehicleId', 'customerId', 'vehicleLicensePlateNumber', 'vehicleLicensePlateState', 'vin'] as const;

/** Whether a change of these fields of a customer or vehicle can change the customer's keys (notes, colours cannot). */
export function changesCustomerKeys(table: 'customers' | 'customerVehicles', changed: readonly string[]): boolean {
  const fields: readonly string[] = table === 'customers' ? customerFields : vehicleFields;
  return changed.some((field) => fields.includes(field));
}
type Customer = DuplicateCandidate & SearchableCustomer;
type Vehicle = SearchableVehicle & { vehicleId: string; customerId: string };

/** Every key of a customer and its vehicles, as rows. */
function keyRows(companyId: number, customer: Customer, vehicles: readonly Vehicle[]): KeyRow[] {
  const own = [...customerSearchTokens(customer), ...duplicateKeys(customer)].map((key) => ({
    companyId,
    key,
    customerId: customer.customerId,
    rowId: customer.customerId,
  }));
  const theirs = vehicles.flatMap((v) => vehicleSearchTokens(v).map((key) => ({ companyId, key, customerId: customer.customerId, rowId: v.vehicleId })));
  return [...own, ...theirs];
}

async function insertKeys(db: Db, rows: readonly KeyRow[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 5000) {
    const batch = rows.slice(i, i + 5000);
    await sql`insert into customer_keys (company_id, key, customer_id, row_id)
      select * from unnest(${batch.map((r) => r.companyId)}::int[], ${batch.map((r) => r.key)}::text[], ${batch.map((r) => r.customerId)}::uuid[], ${batch.map((r) => r.rowId)}::uuid[])
      on conflict do nothing`.execute(db);
  }
}

async function insertPairs(db: Db, companyId: number, pairs: readonly DuplicatePair[]): Promise<void> {
  for (let i = 0; i < pairs.length; i += 5000) {
    const batch = pairs.slice(i, i + 5000);
    await sql`insert into customer_duplicate_candidates (company_id, customer_id, other_customer_id, reasons)
      select ${companyId}, a, b, r::jsonb from unnest(${batch.map((p) => p.customerId)}::uuid[], ${batch.map((p) => p.otherCustomerId)}::uuid[], ${batch.map((p) => JSON.stringify(p.reasons))}::text[]) t(a, b, r)
      on conflict (company_id, customer_id, other_customer_id) do update set reasons = excluded.reasons`.execute(db);
  }
}

const liveCustomers = (db: Db, companyId: number) =>
  db.selectFrom('customers').select(customerFields).where('companyId', '=', companyId).where('deleted', '=', false);

/**
 * Brings the keys and duplicate pairs of `customerIds` up to date inside the writing transaction, after the
 * customers (and their vehicles) were written. Each duplicate key a customer had or has is locked first, in one
 * order: of two customers sharing a key written at once, the second reads the key after the first committed,
 * so their pair is found.
 */
export async function refreshCustomerKeys(trx: Transaction<Database>, companyId: number, customerIds: readonly string[]): Promise<void> {
  for (const customerId of [...new Set(customerIds)].sort()) {
    const customer = await liveCustomers(trx, companyId).where('customerId', '=', customerId).executeTakeFirst();
    const vehicles = customer
      ? ((await trx
          .selectFrom('customerVehicles')
          .select(vehicleFields)
          .where('companyId', '=', companyId)
          .where('customerId', '=', customerId)
          .where('deleted', '=', false)
          .execute()) as Vehicle[])
      : [];
    const had = (
      await trx
        .selectFrom('customerKeys')
        .select('key')
        .where('companyId', '=', companyId)
        .where('customerId', '=', customerId)
        .where('key', 'like', 'd:%')
        .execute()
    ).map((k) => k.key);
    const keys = customer ? duplicateKeys(customer) : [];
    const locked = [...new Set([...had, ...keys])].sort().map((key) => `${companyId}/${key}`);
    // One statement takes every lock, in the sorted order of the subquery.
    if (locked.length > 0) {
      await sql`select count(pg_advisory_xact_lock(hashtext('customer-key'), hashtext(k)))
        from (select k from unnest(${locked}::text[]) k order by k collate "C") ordered`.execute(trx);
    }
    await trx.deleteFrom('customerKeys').where('companyId', '=', companyId).where('customerId', '=', customerId).execute();
    await trx
      .deleteFrom('customerDuplicateCandidates')
      .where('companyId', '=', companyId)
      .where((eb) => eb.or([eb('customerId', '=', customerId), eb('otherCustomerId', '=', customerId)]))
      .execute();
    if (!customer) continue;
    await insertKeys(trx, keyRows(companyId, customer, vehicles));
    // Who shares each key, up to its limit, in one statement: a key held by that many says nothing.
    const limits = keys.map((key) => keyShareLimit(key.slice(2)));
    const sharing =
      keys.length === 0
        ? []
        : (
            await sql<{ key: string; customerId: string }>`select ks.key, s.customer_id as "customerId"
      from unnest(${keys}::text[], ${limits}::int[]) ks(key, share_limit)
      cross join lateral (select customer_id from customer_keys
        where company_id = ${companyId} and key = ks.key and customer_id <> ${customerId} limit ks.share_limit) s`.execute(trx)
          ).rows;
    const holders = new Map<string, string[]>();
    for (const row of sharing) (holders.get(row.key) ?? holders.set(row.key, []).get(row.key)!).push(row.customerId);
    const others = new Set<string>();
    keys.forEach((key, i) => {
      const found = holders.get(key) ?? [];
      if (found.length < limits[i]!) for (const id of found) others.add(id);
    });
    if (others.size === 0) continue;
    const candidates = await liveCustomers(trx, companyId)
      .where('customerId', 'in', [...others])
      .execute();
    await insertPairs(
      trx,
      companyId,
      candidates.flatMap((other) => {
        const reasons = duplicateReasons(customer, other);
        if (reasons.length === 0) return [];
        const [a, b] = pairKey(customer.customerId, other.customerId).split('|') as [string, string];
        return [{ customerId: a, otherCustomerId: b, reasons }];
      }),
    );
  }
}

/**
 * The keys and duplicate pairs of a whole company made again from its live customers and vehicles, for data
 * written in bulk (the seeds, the bench, the migration that brought keys in).
 */
export async function rebuildCustomerKeys(db: Db, companyId: number): Promise<void> {
  await db.deleteFrom('customerKeys').where('companyId', '=', companyId).execute();
  await db.deleteFrom('customerDuplicateCandidates').where('companyId', '=', companyId).execute();
  const customers = await liveCustomers(db, companyId).execute();
  const vehicles = (await db
    .selectFrom('customerVehicles')
    .select(vehicleFields)
    .where('companyId', '=', companyId)
    .where('deleted', '=', false)
    .execute()) as Vehicle[];
  const byCustomer = new Map<string, Vehicle[]>();
  for (const v of vehicles) (byCustomer.get(v.customerId) ?? byCustomer.set(v.customerId, []).get(v.customerId)!).push(v);
  await insertKeys(
    db,
    customers.flatMap((c) => keyRows(companyId, c, byCustomer.get(c.customerId) ?? [])),
  );
  await insertPairs(db, companyId, duplicatePairs(customers));
}
