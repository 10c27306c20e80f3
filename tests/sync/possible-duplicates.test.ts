import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterEach, describe, expect, it } from 'vitest';
import type { Customer } from '../../src/contract/entities.ts';
import { StoreDb } from '../../src/db/store-db.ts';
import { DeviceDuplicates } from '../../workers/device-duplicates.ts';

const owner = { userId: '11111111-1111-4111-8111-111111111111', storeId: 4 };
const open: { close(): void }[] = [];
afterEach(() => {
  for (const o of open.splice(0)) o.close();
});

function customer(customerId: string, fields: Partial<Customer>): Customer {
  return {
    customerId,
    firstName: null,
    lastName: null,
    companyName: null,
    email: null,
    phoneNumber: null,
    alternatePhoneNumber: null,
    createdOn: `2026-11-0${customerId.slice(-1)}T10:00:00.000Z`,
    ...fields,
  } as Customer;
}

function replica(indexedDB: IDBFactory) {
  const db = new StoreDb(owner, { indexedDB, IDBKeyRange });
  open.push(db);
  return db;
}

const names = async (found: DeviceDuplicates) =>
  (await found.groups()).map((g) => `${g.customers.map((c) => c.customerId).join('+')}: ${g.reasons.join(', ')}`);

describe('the possible duplicates a device works out', () => {
  it('follow every change of the replica after the first look: edits, new customers, deletions, another connection\'s writes and "not the same person"', async () => {
    const indexedDB = new IDBFactory();
    const db = replica(indexedDB);
    await db
      .rows<Customer>('customers')
      .bulkPut([
        customer('c1', { firstName: 'Dana', lastName: 'Whitfield', phoneNumber: '(312) 555-0101' }),
        customer('c2', { firstName: 'Omar', lastName: 'Haddad', phoneNumber: '312.555.0101' }),
        customer('c3', { firstName: 'Lena', lastName: 'Ortiz', email: 'lena@example.com' }),
      ]);
    const found = new DeviceDuplicates(db);
    open.push(found);
    expect(await names(found)).toEqual(['c1+c2: Same phone']);

    await db.rows<Customer>('customers').update('c2', { phoneNumber: '(773) 555-0199' });
    expect(await names(found)).toEqual([]);

    await db.rows<Customer>('customers').put(customer('c4', { firstName: 'Lena', lastName: 'Ortis', email: 'LENA@example.com ' }));
    expect(await names(found)).toEqual(['c3+c4: Same email, Similar name']);

    // The sync engine writes through a second connection (strict durability); another tab through its own.
    const other = replica(indexedDB);
    await other.rows<Customer>('customers').put(customer('c5', { firstName: 'Omar', lastName: 'Hadad', alternatePhoneNumber: '773-555-0199' }));
    expect(await names(found)).toEqual(['c2+c5: Same phone, Similar name', 'c3+c4: Same email, Similar name']);

    await other.rows<Customer>('customers').delete('c3');
    await db.rows('customerDuplicateDismissals').put({ customerId: 'c2', otherCustomerId: 'c5' });
    expect(await names(found)).toEqual([]);
  });

  it('starts again from the whole replica when a write is reported only as a range, as a cleared table is', async () => {
    const db = replica(new IDBFactory());
    await db
      .rows<Customer>('customers')
      .bulkPut([
        customer('c1', { firstName: 'Dana', lastName: 'Whitfield', email: 'dana@example.com' }),
        customer('c2', { firstName: 'Dan', lastName: 'Whitfield', email: 'dana@example.com' }),
      ]);
    const found = new DeviceDuplicates(db);
    open.push(found);
    expect(await names(found)).toEqual(['c1+c2: Same email, Similar name']);
    await db.rows('customers').clear();
    expect(await names(found)).toEqual([]);
    await db.rows<Customer>('customers').put(customer('c3', { firstName: 'Dana', lastName: 'Whitfeld' }));
    await db.rows<Customer>('customers').put(customer('c1', { firstName: 'Dana', lastName: 'Whitfield' }));
    expect(await names(found)).toEqual(['c1+c3: Similar name']);
  });
});
