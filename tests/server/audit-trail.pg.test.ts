import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { fillPath } from '../../src/contract/fill-path.ts';
import { apiPaths } from '../../src/contract/routes.ts';
import { apiCall } from '../support/api.ts';
import { runRace, type WriteRace } from '../support/concurrent-writes.ts';
import { postgresTestApp, storeStaff } from '../support/pg-app.ts';
import { postgresUnavailable } from '../support/postgres.ts';
import { testPublicUrl } from '../support/test-app.ts';
import { mintAccessToken } from '../support/tokens.ts';

const newCustomer = (customerId = randomUUID()) => ({
  customerId,
  firstName: 'Grace',
  lastName: 'Hopper',
  companyName: null,
  email: `grace.${customerId.slice(0, 8)}@example.com`,
  phoneNumber: null,
  preferredContactMethod: 'Email',
  addressLine1: null,
  city: null,
  state: null,
  postalCode: null,
  notes: null,
});
const replace = (field: string, value: unknown) => [{ op: 'replace', path: `/${field}`, value }];

describe.skipIf(postgresUnavailable !== null)('the audit trail on PostgreSQL, with concurrent writes', () => {
  const t = postgresTestApp();
  const staff = storeStaff(t);
  let admin = '';
  beforeAll(async () => {
    admin = await mintAccessToken(t.db, 'admin@demo.test', testPublicUrl);
  });

  const records = (customerId: string) =>
    t.db
      .selectFrom('auditRecords')
      .select(['auditRecordId', 'action', 'patch'])
      .where('collection', '=', 'customers')
      .where('rowKey', '=', customerId)
      .orderBy('auditRecordId')
      .execute();
  const createCustomer = async () => {
    const customer = newCustomer();
    const created = await apiCall(t.app, { method: 'POST', path: apiPaths.customers, token: staff.user, store: staff.store, body: customer });
    expect(created.statusCode).toBe(201);
    return customer.customerId;
  };

  it('gives each of two patches of one customer at once its own record, each with the value it replaced', async () => {
    const race: WriteRace<string> = {
      name: 'two patches of one customer',
      prepare: async () => {
        const customerId = await createCustomer();
        const at = fillPath(apiPaths.customer, { customerId });
        return {
          target: customerId,
          calls: [
            { method: 'PATCH', path: at, token: staff.user, store: staff.store, body: replace('city', 'Springfield') },
            { method: 'PATCH', path: at, token: staff.user, store: staff.store, body: replace('city', 'Shelbyville') },
          ],
        };
      },
      check: async (customerId: string, answers: LightMyRequestResponse[]) => {
        expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
        const kept = await records(customerId);
        expect(kept.map((r) => r.action)).toEqual(['create', 'patch', 'patch']);
        // The second to commit saw the first's value: the two patches chain, none is lost.
        const [, first, second] = kept as { patch: { value: unknown }[] }[];
        expect(first!.patch[0]!.value).toBeNull();
        expect(second!.patch[0]!.value).toBe(first!.patch[1]!.value);
        const { city } = await t.db.selectFrom('customers').select('city').where('customerId', '=', customerId).executeTakeFirstOrThrow();
        expect(city).toBe(second!.patch[1]!.value);
      },
    };
    await runRace(t.app, race, 6);
  });

  it('records each of many customers made at once exactly once, and the history route reads each', async () => {
    const race: WriteRace<string[]> = {
      name: 'eight creates at once',
      prepare: async () => {
        const customers = Array.from({ length: 8 }, () => newCustomer());
        return {
          target: customers.map((c) => c.customerId),
          calls: customers.map((body) => ({ method: 'POST' as const, path: apiPaths.customers, token: staff.user, store: staff.store, body })),
        };
      },
      check: async (customerIds: string[], answers: LightMyRequestResponse[]) => {
        expect(answers.map((a) => a.statusCode)).toEqual(customerIds.map(() => 201));
        for (const customerId of customerIds) {
          const history = await apiCall(t.app, {
            method: 'GET',
            path: fillPath(apiPaths.rowHistory, { collection: 'customers', key: customerId }),
            token: admin,
            store: staff.store,
          });
          expect(history.statusCode).toBe(200);
          expect(history.json().records.map((r: { action: string }) => r.action)).toEqual(['create']);
        }
      },
    };
    await runRace(t.app, race, 3);
  });
});
