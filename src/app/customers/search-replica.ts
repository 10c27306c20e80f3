import type { Customer, CustomerVehicle } from '../../contract/entities.ts';
import { displayName } from '../../domain/people/display-name.ts';
import { nameMatch, readCustomerQuery, searchLookups } from '../../domain/people/customer-search.ts';
import type { StoreDb } from '../../db/store-db.ts';

export interface CustomerHit {
  customer: Customer;
  /** Lower is better: an exact phone, plate or VIN first, then email, then names. */
  rank: number;
  /** The vehicle a plate or VIN query found the customer by. */
  vehicle?: CustomerVehicle;
}

/**
 * The counter's search over the device's replica (src/domain/people/customer-search.ts says how a query is read):
 * a few prefix lookups in the search-token indexes of customers and vehicles, ranked. Works offline; used
 * by the search screen, the create form's duplicate check, and the benchmark.
 */
export async function searchCustomers(db: StoreDb, query: string, limit = 100): Promise<{ hits: CustomerHit[]; more: boolean }> {
  const read = readCustomerQuery(query);
  const lookups = searchLookups(read);
  if (lookups.length === 0) return { hits: [], more: false };
  const found = new Map<string, { rank: number; customer?: Customer; vehicle?: CustomerVehicle }>();
  const note = (customerId: string, rank: number, extra: { customer?: Customer; vehicle?: CustomerVehicle }) => {
    const seen = found.get(customerId);
    if (!seen || rank < seen.rank) found.set(customerId, { ...seen, ...extra, rank, customer: extra.customer ?? seen?.customer });
    else if (extra.customer && !seen.customer) seen.customer = extra.customer;
  };
  // A name of several words reads a few rows more than shown, as the other words are checked after the index
  // narrows them; any other lookup needs one more than shown, to know whether there are more.
  const fetched = await Promise.all(
    lookups.map(async (lookup) => {
      const wanted = lookup.otherWords ? limit * 4 : limit + 1;
      return { lookup, wanted, rows: await db.collection(lookup.table).where('searchTokens').startsWith(lookup.prefix).distinct().limit(wanted).toArray() };
    }),
  );
  let more = false;
  for (const { lookup, wanted, rows } of fetched) {
    if (rows.length === wanted) more = true;
    for (const row of rows) {
      const exact = (row.searchTokens as string[]).includes(lookup.prefix);
      const rank = exact ? lookup.exact : lookup.partial;
      if (lookup.table === 'customerVehicles') {
        note(String(row.customerId), rank, { vehicle: row as unknown as CustomerVehicle });
        continue;
      }
      const customer = row as unknown as Customer;
      if (lookup.prefix.startsWith('n:')) {
        const words = nameMatch(read.nameWords, customer);
        if (words === null) continue;
        note(customer.customerId, rank + words, { customer });
      } else {
        note(customer.customerId, rank, { customer });
      }
    }
  }
  const missing = [...found].filter(([, hit]) => !hit.customer).map(([id]) => id);
  if (missing.length > 0) {
    const loaded = await db.rows<Customer>('customers').bulkGet(missing);
    missing.forEach((id, i) => {
      const c = loaded[i];
      if (c) found.get(id)!.customer = c;
      else found.delete(id);
    });
  }
  const hits = [...found.values()].map((hit) => ({ customer: hit.customer!, rank: hit.rank, ...(hit.vehicle ? { vehicle: hit.vehicle } : {}) }));
  hits.sort((a, b) => a.rank - b.rank || displayName(a.customer).localeCompare(displayName(b.customer)));
  return { hits: hits.slice(0, limit), more: more || hits.length > limit };
}
