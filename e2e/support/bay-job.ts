import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { apiPaths } from '../../src/contract/routes.ts';
import { newHashId } from '../../src/domain/app/hash-id.ts';
import { apiCall } from '../../tests/support/api.ts';
import { mintAccessToken } from '../../tests/support/tokens.ts';
import type { E2eEnvironment } from './server.ts';

const fill = (template: string, params: Record<string, string>) => template.replace(/:(\w+)/g, (_, name: string) => params[name]!);

/**
 * A car booked at store #101 by the counter (user@demo.test) for tech@demo.test at `now` (today at the store,
 * whatever the hour), with a vehicle whose plate names it. A test holds its browsers' clocks at `now`, so the
 * store's "today" cannot turn into tomorrow between booking the job and looking for it. `pickUpTime`: the
 * ready-by time promised, if any.
 */
export async function jobForTheTechnician(env: E2eEnvironment, plate: string, now: Date, pickUpTime: string | null = null): Promise<string> {
  const db = env.server.database.db;
  const store = (await db.selectFrom('storeLocations').select('id').where('storeNumber', '=', 101).executeTakeFirstOrThrow()).id;
  const techId = (await db.selectFrom('users').select('userId').where('email', '=', 'tech@demo.test').executeTakeFirstOrThrow()).userId;
  const counter = await mintAccessToken(db, 'user@demo.test', env.server.publicUrl);
  const vehicle = await db
    .selectFrom('customerVehicles')
    .select(['vehicleId', 'customerId'])
    .where('deleted', '=', false)
    .orderBy('vehicleId')
    .executeTakeFirstOrThrow();
  await db.updateTable('customerVehicles').set({ vehicleLicensePlateNumber: plate }).where('vehicleId', '=', vehicle.vehicleId).execute();
  const scheduledVisitId = randomUUID();
  const startDate = new Date(Math.floor(now.getTime() / 900_000) * 900_000).toISOString();
  const call = async (path: string, body: unknown) => {
    const answer = await apiCall(env.server.app, { method: 'POST', path, token: counter, store, body });
    expect(answer.statusCode, answer.body).toBe(201);
  };
  await call(apiPaths.scheduledVisits, {
    scheduledVisitId,
    scheduledVisitHashId: newHashId(),
    customerId: vehicle.customerId,
    vehicleId: vehicle.vehicleId,
    customerVehicleStatus: 1,
    description: null,
    staffNotes: 'Customer hears a squeal when braking',
    customerComments: null,
    keyTag: '42',
    visitAppointmentCount: 1,
    scheduledCustomerCheckIn: startDate,
    pickUpTime,
  });
  await call(fill(apiPaths.scheduledServices, { scheduledVisitId }), {
    scheduledServiceId: randomUUID(),
    storeServiceId: null,
    resourceId: null,
    startDate,
    endDate: startDate,
    durationInMinutes: 60,
    serviceNotes: null,
    selectedTechnician: techId,
  });
  return scheduledVisitId;
}
