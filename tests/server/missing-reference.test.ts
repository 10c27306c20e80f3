import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { missingReference } from '../../server/http/problem.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('a write naming a row that does not exist', () => {
  it('is a 422 that names the field and the missing row, never a 500 a device would retry for ever', async () => {
    const company = await t.db.selectFrom('companies').select('id').executeTakeFirstOrThrow();
    const customerId = randomUUID();
    const error = await t.db
      .insertInto('customerVehicles')
      .values({
        vehicleId: randomUUID(),
        vehicleHashId: randomUUID(),
        customerId,
        year: null,
        make: null,
        model: null,
        trim: null,
        vin: null,
        vehicleLicensePlateState: null,
        vehicleLicensePlateNumber: null,
        color: 'Unknown',
        mileage: null,
        legacyVehicleId: null,
        companyId: company.id,
        storeId: null,
        version: 1,
      })
      .execute()
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(missingReference(error)).toEqual({
      type: '/problems/unprocessable',
      title: 'The request cannot be applied',
      status: 422,
      detail: `The customer ${customerId} named by customerId does not exist.`,
      errors: { customerId: ['Does not exist'] },
    });
  });
});
