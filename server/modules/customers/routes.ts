import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { customerSchema, customerVehicleSchema, type Customer, type CustomerVehicle } from '../../../src/contract/entities.ts';
import { apiPaths } from '../../../src/contract/routes.ts';
import { createCustomerSchema, createVehicleSchema, customerPatchableFields, vehiclePatchableFields } from '../../../src/contract/writes.ts';
import type { Db } from '../../db/connect.ts';
import { takeVersions } from '../../db/versions.ts';
import { frontCounter } from '../../../src/domain/roles.ts';
import { parseOrProblem, ProblemError } from '../../http/problem.ts';
import { idempotentWrite } from '../../sync/write.ts';
import { isUniqueViolation, patchRow, storeScope, type StoreScope } from '../../sync/scope.ts';
import type { ModuleContext } from '../context.ts';

const customerColumns = Object.keys(customerSchema.shape) as (keyof Customer)[];
const vehicleColumns = Object.keys(customerVehicleSchema.shape) as (keyof CustomerVehicle)[];
const customerParams = z.object({ customerId: z.uuid('The customer id must be a UUID') });
const vehicleParams = customerParams.extend({ vehicleId: z.uuid('The vehicle id must be a UUID') });

async function findCustomer(db: Db, scope: StoreScope, customerId: string): Promise<Customer> {
  const row = await db.selectFrom('customers').select(customerColumns)
    .where('customerId', '=', customerId).where('companyId', '=', scope.companyId).where('deleted', '=', false).executeTakeFirst();
  if (!row) throw new ProblemError('notFound', 'This customer does not exist.');
  return row;
}

async function findVehicle(db: Db, scope: StoreScope, customerId: string, vehicleId: string): Promise<CustomerVehicle> {
  const row = await db.selectFrom('customerVehicles').select(vehicleColumns)
    .where('vehicleId', '=', vehicleId).where('customerId', '=', customerId).where('companyId', '=', scope.companyId).where('deleted', '=', false)
    .executeTakeFirst();
  if (!row) throw new ProblemError('notFound', 'This vehicle does not exist for this customer.');
  return row;
}

/** Customers and their vehicles (spec section 7 "Customers and vehicles"); company-wide rows. */
export async function customerRoutes(app: FastifyInstance, { db, auth, events }: ModuleContext): Promise<void> {
  app.get(apiPaths.customer, async (request) => {
    const scope = await storeScope(db, auth, request, frontCounter);
    const { customerId } = parseOrProblem(customerParams, request.params, 'The path');
    return findCustomer(db, scope, customerId);
  });

  app.post(apiPaths.customers, async (request, reply) => {
    const scope = await storeScope(db, auth, request, frontCounter);
    const model = parseOrProblem(createCustomerSchema, request.body, 'The customer');
    const result = await idempotentWrite(db, events, request, scope.user, async (trx) => {
      const version = await takeVersions(trx, scope.companyId);
      await trx.insertInto('customers').values({
        ...model, legacyCustomerId: null, createdOn: new Date().toISOString(),
        companyId: scope.companyId, storeId: null, version,
      }).execute().catch((error: unknown) => {
        if (isUniqueViolation(error)) throw new ProblemError('conflict', 'A customer with this id already exists.');
        throw error;
      });
      const body = await trx.selectFrom('customers').select(customerColumns).where('customerId', '=', model.customerId).executeTakeFirstOrThrow();
      return { status: 201, body, events: [{ companyId: scope.companyId, storeId: null, name: 'CustomerChanged', args: [model.customerId] }] };
    });
    return reply.code(result.status).send(result.body);
  });

  app.patch(apiPaths.customer, async (request, reply) => {
    const scope = await storeScope(db, auth, request, frontCounter);
    const { customerId } = parseOrProblem(customerParams, request.params, 'The path');
    const result = await idempotentWrite(db, events, request, scope.user, async (trx) => {
      const current = await findCustomer(trx, scope, customerId);
      const { next, changed } = patchRow(current, request.body, customerPatchableFields, customerSchema);
      if (!changed) return { status: 200, body: current, events: [] };
      const version = await takeVersions(trx, scope.companyId);
      await trx.updateTable('customers').set({ ...next, version }).where('customerId', '=', customerId).execute();
      return { status: 200, body: next, events: [{ companyId: scope.companyId, storeId: null, name: 'CustomerChanged', args: [customerId] }] };
    });
    return reply.code(result.status).send(result.body);
  });

  app.get(apiPaths.customerVehicles, async (request) => {
    const scope = await storeScope(db, auth, request, frontCounter);
    const { customerId } = parseOrProblem(customerParams, request.params, 'The path');
    await findCustomer(db, scope, customerId);
    return db.selectFrom('customerVehicles').select(vehicleColumns)
      .where('customerId', '=', customerId).where('deleted', '=', false).orderBy('year', 'desc').execute();
  });

  app.post(apiPaths.customerVehicles, async (request, reply) => {
    const scope = await storeScope(db, auth, request, frontCounter);
    const { customerId } = parseOrProblem(customerParams, request.params, 'The path');
    const model = parseOrProblem(createVehicleSchema, request.body, 'The vehicle');
    const result = await idempotentWrite(db, events, request, scope.user, async (trx) => {
      await findCustomer(trx, scope, customerId);
      const version = await takeVersions(trx, scope.companyId);
      await trx.insertInto('customerVehicles').values({
        ...model, customerId, vehicleHashId: randomBytes(16).toString('base64url'), legacyVehicleId: null,
        companyId: scope.companyId, storeId: null, version,
      }).execute().catch((error: unknown) => {
        if (isUniqueViolation(error)) throw new ProblemError('conflict', 'A vehicle with this id already exists.');
        throw error;
      });
      const body = await findVehicle(trx, scope, customerId, model.vehicleId);
      return { status: 201, body, events: [{ companyId: scope.companyId, storeId: null, name: 'AlltracVehicleCreated', args: [model.vehicleId, customerId] }] };
    });
    return reply.code(result.status).send(result.body);
  });

  app.get(apiPaths.customerVehicle, async (request) => {
    const scope = await storeScope(db, auth, request, frontCounter);
    const { customerId, vehicleId } = parseOrProblem(vehicleParams, request.params, 'The path');
    return findVehicle(db, scope, customerId, vehicleId);
  });

  app.patch(apiPaths.customerVehicle, async (request, reply) => {
    const scope = await storeScope(db, auth, request, frontCounter);
    const { customerId, vehicleId } = parseOrProblem(vehicleParams, request.params, 'The path');
    const result = await idempotentWrite(db, events, request, scope.user, async (trx) => {
      const current = await findVehicle(trx, scope, customerId, vehicleId);
      const { next, changed } = patchRow(current, request.body, vehiclePatchableFields, customerVehicleSchema);
      if (!changed) return { status: 200, body: current, events: [] };
      const version = await takeVersions(trx, scope.companyId);
      await trx.updateTable('customerVehicles').set({ ...next, version }).where('vehicleId', '=', vehicleId).execute();
      return { status: 200, body: next, events: [{ companyId: scope.companyId, storeId: null, name: 'AlltracVehicleUpdated', args: [vehicleId] }] };
    });
    return reply.code(result.status).send(result.body);
  });
}
