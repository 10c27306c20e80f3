import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '../../src/contract/routes.ts';
import { newHashId } from '../../src/domain/app/hash-id.ts';
import { apiCall } from '../support/api.ts';
import { runRace } from '../support/concurrent-writes.ts';
import { demoStoreIds } from '../support/demo.ts';
import { postgresTestApp } from '../support/pg-app.ts';
import { postgresUnavailable } from '../support/postgres.ts';
import { testPublicUrl } from '../support/test-app.ts';
import { mintAccessToken } from '../support/tokens.ts';

const path = (template: string, params: Record<string, string>) => template.replace(/:(\w+)/g, (_, name: string) => params[name]!);

describe.skipIf(postgresUnavailable !== null)("the store's visit scope on PostgreSQL, with concurrent writers", () => {
  const t = postgresTestApp();
  let token: string;
  let store: number;
  beforeAll(async () => {
    token = await mintAccessToken(t.db, 'user@demo.test', testPublicUrl);
    store = (await demoStoreIds(t.db))[101]!;
  });
  const asCounter = () => ({ token, store });
  const visitBody = (customerId: string, vehicleId: string) => ({
    scheduledVisitId: randomUUID(),
    scheduledVisitHashId: newHashId(),
    customerId,
    vehicleId,
    customerVehicleStatus: 1,
    description: null,
    staffNotes: null,
    customerComments: null,
    keyTag: null,
    visitAppointmentCount: 1,
    scheduledCustomerCheckIn: null,
    pickUpTime: null,
  });
  /** The scope as the store's live visits say it should be, and as the table holds it. */
  const scopeOf = async (customerId: string) => {
    const named = await t.db
      .selectFrom('scheduledVisits')
      .select('scheduledVisitId')
      .where('storeId', '=', store)
      .where('customerId', '=', customerId)
      .where('deleted', '=', false)
      .execute();
    const entry = await t.db
      .selectFrom('visitScope')
      .select(['deleted', 'version'])
      .where('storeId', '=', store)
      .where('collection', '=', 'customers')
      .where('rowKey', '=', customerId)
      .executeTakeFirst();
    return { named: named.length > 0, inScope: entry ? !entry.deleted : false };
  };

  it('stays true to the calendar when visits of one customer are booked anew while their visit is moved to another customer, at once', async () => {
    await runRace(t.app, {
      name: 'scope race',
      prepare: async () => {
        const customerId = randomUUID();
        const vehicleId = randomUUID();
        const other = randomUUID();
        for (const id of [customerId, other]) {
          expect(
            (
              await apiCall(t.app, {
                method: 'POST',
                path: apiPaths.customers,
                ...asCounter(),
                body: {
                  customerId: id,
                  firstName: 'Ines',
                  lastName: 'Race',
                  companyName: null,
                  email: null,
                  phoneNumber: '5550003333',
                  preferredContactMethod: 'Phone',
                  addressLine1: null,
                  city: null,
                  state: null,
                  postalCode: null,
                  notes: null,
                },
              })
            ).statusCode,
          ).toBe(201);
        }
        expect(
          (
            await apiCall(t.app, {
              method: 'POST',
              path: path(apiPaths.customerVehicles, { customerId }),
              ...asCounter(),
              body: {
                vehicleId,
                year: 2018,
                make: 'Toyota',
                model: 'Camry',
                trim: null,
                vin: null,
                vehicleLicensePlateState: 'NY',
                vehicleLicensePlateNumber: 'RACE1',
                color: 'Grey',
                mileage: null,
              },
            })
          ).statusCode,
        ).toBe(201);
        const existing = visitBody(customerId, vehicleId);
        expect((await apiCall(t.app, { method: 'POST', path: apiPaths.scheduledVisits, ...asCounter(), body: existing })).statusCode).toBe(201);
        const moveAway = [
          { op: 'replace', path: '/customerId', value: other },
          { op: 'replace', path: '/vehicleId', value: null },
        ];
        return {
          target: { customerId },
          calls: [
            { method: 'PATCH', path: path(apiPaths.scheduledVisit, { scheduledVisitId: existing.scheduledVisitId }), ...asCounter(), body: moveAway },
            { method: 'POST', path: apiPaths.scheduledVisits, ...asCounter(), body: visitBody(customerId, vehicleId) },
            { method: 'POST', path: apiPaths.scheduledVisits, ...asCounter(), body: visitBody(customerId, vehicleId) },
          ],
        };
      },
      check: async ({ customerId }, answers) => {
        expect(answers.map((a) => a.statusCode)).toEqual([200, 201, 201]);
        expect(await scopeOf(customerId)).toEqual({ named: true, inScope: true });
      },
    });
  });
});
