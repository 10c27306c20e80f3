import type { CollectionName } from '../contract/sync.ts';
import { customerSearchTokens, vehicleSearchTokens, type SearchableCustomer, type SearchableVehicle } from '../domain/customer-search.ts';
import type { Row } from './store-db.ts';

/**
 * Fields the device adds to rows it stores, for its own indexes: never sent to the server. Customers and
 * vehicles carry their search tokens (src/domain/customer-search.ts), so the counter's search is a few
 * IndexedDB index lookups, offline too.
 */
export function withDerivedFields(collection: CollectionName, row: Row): Row {
  if (collection === 'customers') row.searchTokens = customerSearchTokens(row as unknown as SearchableCustomer);
  else if (collection === 'customerVehicles') row.searchTokens = vehicleSearchTokens(row as unknown as SearchableVehicle);
  return row;
}

/** Fields of the device only: left out of what is compared or sent. */
export const deviceOnlyFields = new Set(['searchTokens']);
