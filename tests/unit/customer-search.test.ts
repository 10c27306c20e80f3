import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchCustomers } from '../../src/app/customers/search-replica.ts';
import { withDerivedFields } from '../../src/db/derived-fields.ts';
import { StoreDb } from '../../src/db/store-db.ts';
import { readCustomerQuery, type CustomerQuery } from '../../src/domain/people/customer-search.ts';
import { customerSearchCases, searchedCustomers, type SearchedCustomer } from '../support/customer-search-cases.ts';

const none: CustomerQuery = { phone: null, plate: null, vin: null, email: null, nameWords: [] };

describe('a typed query', () => {
  it.each([
    ["Zoë  O'Brien ", { nameWords: ['zoe', 'obrien'] }],
    ['(312) 555-0142', { phone: '3125550142' }],
    ['+1 312 555 0142', { phone: '3125550142' }],
    ['555.01', { phone: '55501' }],
    ['55', { plate: '55' }],
    ['kx 4821', { plate: 'KX4821', vin: 'KX4821', nameWords: ['kx', '4821'] }],
    ['1hgcm82633a004352', { vin: '1HGCM82633A004352', nameWords: ['1hgcm82633a004352'] }],
    ['312555', { phone: '312555', plate: '312555', vin: '312555' }],
    ['3125550142', { phone: '3125550142' }],
    ['Dreyes@Fleet', { email: 'dreyes@fleet', nameWords: ['dreyes', 'fleet'] }],
    ['?!', {}],
  ] as [string, Partial<CustomerQuery>][])('%j is read as %j', (text, reading) => {
    expect(readCustomerQuery(text)).toEqual({ ...none, ...reading });
  });
});

describe("the counter's search on the device", () => {
  const db = new StoreDb({ userId: '11111111-1111-4111-8111-111111111111', storeId: 7 }, { indexedDB: new IDBFactory(), IDBKeyRange });
  beforeAll(async () => {
    await db.open();
    for (const [key, { customer, vehicles }] of Object.entries(searchedCustomers)) {
      await db.collection('customers').put(withDerivedFields('customers', { customerId: key, ...customer }));
      for (const [i, vehicle] of vehicles.entries()) {
        await db.collection('customerVehicles').put(withDerivedFields('customerVehicles', { vehicleId: `${key}-${i}`, customerId: key, ...vehicle }));
      }
    }
  });
  afterAll(() => {
    db.close();
  });

  it.each(customerSearchCases)('finds by %s (%j): %j', async (_case, query, found) => {
    const { hits } = await searchCustomers(db, query);
    expect(hits.map((h) => h.customer.customerId as SearchedCustomer).sort()).toEqual(found);
  });
});
