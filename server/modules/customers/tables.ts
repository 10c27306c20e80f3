import { customerDuplicateDismissalSchema, customerSchema, customerVehicleSchema } from '../../../src/contract/entities.ts';
import type { Db } from '../../db/connect.ts';
import type { RowSpec, Writer } from '../../sync/write-path.ts';

export const customers: RowSpec<typeof customerSchema> = {
  table: 'customers',
  schema: customerSchema,
  scope: 'company',
  notFound: 'This customer does not exist.',
  exists: 'A customer with this id already exists.',
};
export const vehicles: RowSpec<typeof customerVehicleSchema> = {
  table: 'customerVehicles',
  schema: customerVehicleSchema,
  scope: 'company',
  notFound: 'This vehicle does not exist for this customer.',
  exists: 'A vehicle with this id already exists.',
};
export const dismissals: RowSpec<typeof customerDuplicateDismissalSchema> = {
  table: 'customerDuplicateDismissals',
  schema: customerDuplicateDismissalSchema,
  scope: 'company',
  notFound: 'These customers were not marked as different people.',
};

/**
 * The customer a customer id now stands for: itself, or the one it was merged into (and so on, as merges
 * chain). A change queued on a device before a merge it had not heard of still reaches the right person.
 * Null when there is no such customer, or it was deleted without a merge.
 */
export async function survivorOf(db: Db | Writer['trx'], companyId: number, customerId: string): Promise<string | null> {
  let id = customerId;
  for (let hop = 0; hop < 100; hop++) {
    const row = await db
      .selectFrom('customers')
      .select(['deleted', 'mergedIntoCustomerId'])
      .where('companyId', '=', companyId)
      .where('customerId', '=', id)
      .executeTakeFirst();
    if (!row) return null;
    if (!row.deleted) return id;
    if (!row.mergedIntoCustomerId) return null;
    id = row.mergedIntoCustomerId;
  }
  return null;
}

/** The vehicle, if it belongs to the customer of the path (or to the customer that one was merged into). */
export async function vehicleOfCustomer(
  db: Db | Writer['trx'],
  companyId: number,
  vehicle: { customerId: string } | undefined,
  customerId: string,
): Promise<boolean> {
  if (!vehicle) return false;
  return vehicle.customerId === customerId || vehicle.customerId === (await survivorOf(db, companyId, customerId));
}
