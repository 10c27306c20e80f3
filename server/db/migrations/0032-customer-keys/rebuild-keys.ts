import { sql, type Kysely } from 'kysely';
import { customerSearchTokens, vehicleSearchTokens, type SearchableCustomer, type SearchableVehicle } from './customer-search.ts';
import { duplicateKeys, duplicatePairs, type DuplicateCandidate } from './duplicates.ts';

/*
 * Migration 0032's own copy of the customer keys as server/sync/customer-keys.ts made them when it was frozen (with
 * the rules of src/domain/people beside it): a migration's meaning never changes with live code. A later change of
 * those rules brings its own migration, which rebuilds the keys with the rules of its day.
 */

type Customer = DuplicateCandidate & SearchableCustomer;
type Vehicle = SearchableVehicle & { vehicleId: string; customerId: string };
interface KeyRow {
  companyId: number;
  key: string;
  customerId: string;
  rowId: string;
}

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

/** The keys and duplicate pairs of a whole company, made from its live customers and vehicles. */
export async function rebuildCustomerKeys(db: Kysely<unknown>, companyId: number): Promise<void> {
  await sql`delete from customer_keys where company_id = ${companyId}`.execute(db);
  await sql`delete from customer_duplicate_candidates where company_id = ${companyId}`.execute(db);
  const customers = (
    await sql<Customer>`select customer_id as "customerId", first_name as "firstName", last_name as "lastName", company_name as "companyName",
      email, phone_number as "phoneNumber", alternate_phone_number as "alternatePhoneNumber"
      from customers where company_id = ${companyId} and not deleted`.execute(db)
  ).rows;
  const vehicles = (
    await sql<Vehicle>`select vehicle_id as "vehicleId", customer_id as "customerId", vehicle_license_plate_number as "vehicleLicensePlateNumber",
      vehicle_license_plate_state as "vehicleLicensePlateState", vin
      from customer_vehicles where company_id = ${companyId} and not deleted`.execute(db)
  ).rows;
  const byCustomer = new Map<string, Vehicle[]>();
  for (const v of vehicles) (byCustomer.get(v.customerId) ?? byCustomer.set(v.customerId, []).get(v.customerId)!).push(v);
  const rows = customers.flatMap((c) => keyRows(companyId, c, byCustomer.get(c.customerId) ?? []));
  for (let i = 0; i < rows.length; i += 5000) {
    const batch = rows.slice(i, i + 5000);
    await sql`insert into customer_keys (company_id, key, customer_id, row_id)
      select * from unnest(${batch.map((r) => r.companyId)}::int[], ${batch.map((r) => r.key)}::text[], ${batch.map((r) => r.customerId)}::uuid[], ${batch.map((r) => r.rowId)}::uuid[])
      on conflict do nothing`.execute(db);
  }
  const pairs = duplicatePairs(customers);
  for (let i = 0; i < pairs.length; i += 5000) {
    const batch = pairs.slice(i, i + 5000);
    await sql`insert into customer_duplicate_candidates (company_id, customer_id, other_customer_id, reasons)
      select ${companyId}, a, b, r::jsonb from unnest(${batch.map((p) => p.customerId)}::uuid[], ${batch.map((p) => p.otherCustomerId)}::uuid[], ${batch.map((p) => JSON.stringify(p.reasons))}::text[]) t(a, b, r)
      on conflict (company_id, customer_id, other_customer_id) do update set reasons = excluded.reasons`.execute(db);
  }
}
