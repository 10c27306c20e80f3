import { randomUUID } from 'node:crypto';
import { beforeAll, expect, it } from 'vitest';
import { apiPaths } from '../../src/contract/routes.ts';
import { apiCall } from './api.ts';
import { customerSearchCases, searchedCustomers, type SearchedCustomer } from './customer-search-cases.ts';
import { demoStoreIds } from './demo.ts';
import { testPublicUrl, type TestApp } from './test-app.ts';
import { mintAccessToken } from './tokens.ts';

/**
 * The table of customer searches, asked of the server's GET scheduled-visits/customers on a seeded database
 * (PGlite or PostgreSQL: both must read the search's patterns as the device does).
 */
export function searchesOnServer(t: TestApp): void {
  let token: string;
  let store: number;
  const ids = new Map<string, SearchedCustomer>();
  const call = (method: 'GET' | 'POST', path: string, body?: unknown) => apiCall(t.app, { method, path, token, store, body });
  beforeAll(async () => {
    token = await mintAccessToken(t.db, 'user@demo.test', testPublicUrl);
    store = (await demoStoreIds(t.db))[101]!;
    for (const [key, { customer, vehicles }] of Object.entries(searchedCustomers) as [SearchedCustomer, (typeof searchedCustomers)[SearchedCustomer]][]) {
      const customerId = randomUUID();
      const model = { customerId, ...customer, preferredContactMethod: 'Phone', addressLine1: null, city: null, state: null, postalCode: null, notes: null };
      expect((await call('POST', apiPaths.customers, model)).statusCode).toBe(201);
      for (const vehicle of vehicles) {
        const body = {
          vehicleId: randomUUID(),
          year: null,
          make: 'Honda',
          model: 'Accord',
          trim: null,
          color: 'Silver',
          mileage: null,
          tireSize: null,
          ...vehicle,
        };
        expect((await call('POST', apiPaths.customerVehicles.replace(':customerId', customerId), body)).statusCode).toBe(201);
      }
      ids.set(customerId, key);
    }
  });

  /** Only the customers of the table: the demo company's own may match a query too. */
  const ours = () => encodeURIComponent([...ids.keys()].map((id) => `customerId eq '${id}'`).join(' or '));

  it.each(customerSearchCases)('are found by %s (%j) as on the device: %j', async (_case, query, found) => {
    const answer = await call('GET', `${apiPaths.visitCustomers}?search=${encodeURIComponent(`"${query}"`)}&$filter=${ours()}`);
    expect(answer.statusCode).toBe(200);
    const items = answer.json<{ items: { customerId: string }[] }>().items;
    expect(items.map((c) => ids.get(c.customerId)).sort()).toEqual(found);
  });
}
