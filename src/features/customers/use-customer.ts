import { useLiveQuery } from 'dexie-react-hooks';
import type { Customer, CustomerVehicle } from '../../contract/entities.ts';
import type { OutboxEntry } from '../../db/store-db.ts';
import { replicaOf } from '../../db/use-replica.ts';

export interface CustomerOnDevice {
  /** undefined while read; null when the device does not have it. */
  customer: Customer | null;
  /** Whether the store's first sync is done (a customer not found may still be on its way). */
  synced: boolean;
  /** Changes of this customer waiting on this device (a create, edits, a merge). */
  waiting: OutboxEntry[];
}

/** One customer from the replica, live, with what of theirs waits to be sent. */
export function useCustomer(storeId: number, customerId: string): CustomerOnDevice | undefined {
  return useLiveQuery(async () => {
    const db = replicaOf(storeId);
    const [customer, complete, waiting] = await Promise.all([
      db.rows<Customer>('customers').get(customerId),
      db.syncState.get('complete'),
      db.outbox.where('entity').equals(`customers/${customerId}`).toArray(),
    ]);
    return { customer: customer ?? null, synced: complete?.value === true, waiting };
  }, [storeId, customerId]);
}

export function useVehicle(storeId: number, vehicleId: string): { vehicle: CustomerVehicle | null; waiting: OutboxEntry[] } | undefined {
  return useLiveQuery(async () => {
    const db = replicaOf(storeId);
    const [vehicle, waiting] = await Promise.all([
      db.rows<CustomerVehicle>('customerVehicles').get(vehicleId),
      db.outbox.where('entity').equals(`customerVehicles/${vehicleId}`).toArray(),
    ]);
    return { vehicle: vehicle ?? null, waiting };
  }, [storeId, vehicleId]);
}
