import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { customerDuplicateDismissalSchema, customerSchema, customerVehicleSchema } from '../../../src/contract/entities.ts';
import { apiPaths } from '../../../src/contract/routes.ts';
import {
  createCustomerSchema, createVehicleSchema, customerPatchableFields, mergeCustomerSchema, notDuplicateSchema, vehiclePatchableFields,
} from '../../../src/contract/writes.ts';
import { customerProblems, normalizeFields, problemsOfChange, vehicleProblems, type FieldProblems } from '../../../src/domain/customer-rules.ts';
import { pairKey } from '../../../src/domain/duplicates.ts';
import { frontCounter } from '../../../src/domain/roles.ts';
import { withYearFromVin } from '../../../src/domain/vin.ts';
import { parseOrProblem, ProblemError } from '../../http/problem.ts';
import { asAccessAllows, readScope, storeScope } from '../../sync/scope.ts';
import { findRow, type RowSpec } from '../../sync/write-path.ts';
import type { ModuleContext } from '../context.ts';

export const customers: RowSpec<typeof customerSchema> = {
  table: 'customers', schema: customerSchema, scope: 'company',
  notFound: 'This customer does not exist.', exists: 'A customer with this id already exists.',
};
export const vehicles: RowSpec<typeof customerVehicleSchema> = {
  table: 'customerVehicles', schema: customerVehicleSchema, scope: 'company',
  notFound: 'This vehicle does not exist for this customer.', exists: 'A vehicle with this id already exists.',
};
export const dismissals: RowSpec<typeof customerDuplicateDismissalSchema> = {
  table: 'customerDuplicateDismissals', schema: customerDuplicateDismissalSchema, scope: 'company',
  notFound: 'These customers were not marked as different people.',
};
const customerParams = z.object({ customerId: z.uuid('The customer id must be a UUID') });
const vehicleParams = customerParams.extend({ vehicleId: z.uuid('The vehicle id must be a UUID') });

function refuse(problems: FieldProblems, what: string): void {
  if (Object.keys(problems).length > 0) throw new ProblemError('validation', `${what} has fields to fix: ${Object.keys(problems).join(', ')}.`, { errors: problems });
}

/** Customers and their vehicles (spec section 7 "Customers and vehicles"); company-wide rows. */
export async function customerRoutes(app: FastifyInstance, { db, auth, writes }: ModuleContext): Promise<void> {
  app.get(apiPaths.customer, async (request) => {
    const scope = await readScope(db, auth, request, 'customers');
    const { customerId } = parseOrProblem(customerParams, request.params, 'The path');
    return asAccessAllows(db, scope, 'customerId', await findRow(db, customers, scope, { customerId }), customers.notFound);
  });

  app.post(apiPaths.customers, async (request, reply) => {
    const scope = await storeScope(db, auth, request, frontCounter, 'customers');
    const model = normalizeFields(parseOrProblem(createCustomerSchema, request.body, 'The customer'));
    refuse(customerProblems(model), 'The customer');
    const result = await writes.run(request, scope, async (w) => {
      const row = await w.create(customers, { ...model, legacyCustomerId: null, createdOn: w.now.toISOString(), mergedIntoCustomerId: null });
      w.event(customers, row, 'CustomerChanged', [model.customerId]);
      return { status: 201, body: row };
    });
    return reply.code(result.status).send(result.body);
  });

  app.patch(apiPaths.customer, async (request, reply) => {
    const scope = await storeScope(db, auth, request, frontCounter, 'customers');
    const { customerId } = parseOrProblem(customerParams, request.params, 'The path');
    const result = await writes.run(request, scope, async (w) => {
      const { row, changed } = await w.patch(customers, { customerId }, request.body, customerPatchableFields, {
        normalize: normalizeFields,
        problems: (current, next) => problemsOfChange(customerProblems(next), current, next),
      });
      if (changed) w.event(customers, row, 'CustomerChanged', [customerId]);
      return { status: 200, body: row };
    });
    return reply.code(result.status).send(result.body);
  });

  /**
   * Merges a customer into this one: the other's vehicles, visits, messages and ratings move here, and the
   * other becomes a tombstone every device deletes. One transaction; a replay, or a merge sent again after it
   * happened, answers like the first.
   */
  app.post(apiPaths.customerMerge, async (request, reply) => {
    const scope = await storeScope(db, auth, request, frontCounter, 'customers');
    const { customerId } = parseOrProblem(customerParams, request.params, 'The path');
    const { mergedCustomerId } = parseOrProblem(mergeCustomerSchema, request.body, 'The merge');
    if (mergedCustomerId === customerId) throw new ProblemError('validation', 'A customer cannot be merged into itself.', { errors: { mergedCustomerId: ['Same as the customer kept'] } });
    const result = await writes.run(request, scope, async (w) => {
      const kept = await w.find(customers, { customerId });
      const merged = await w.read(customers, { customerId: mergedCustomerId });
      if (!merged) {
        const earlier = await w.trx.selectFrom('customers').select('mergedIntoCustomerId')
          .where('customerId', '=', mergedCustomerId).where('companyId', '=', scope.companyId).executeTakeFirst();
        if (earlier?.mergedIntoCustomerId === customerId) return { status: 200, body: { customer: kept, moved: null as Record<string, number> | null } };
        throw new ProblemError('notFound', 'The customer to merge does not exist (or was merged into another).');
      }
      const moved: Record<string, number> | null = {
        vehicles: await w.reassign('customerVehicles', 'customerId', mergedCustomerId, customerId),
        visits: await w.reassign('scheduledVisits', 'customerId', mergedCustomerId, customerId),
        messages: await w.reassign('storeMessages', 'customerId', mergedCustomerId, customerId),
        ratings: await w.reassign('ratings', 'customerId', mergedCustomerId, customerId),
      };
      for (const pair of await w.trx.selectFrom('customerDuplicateDismissals').select(['customerId', 'otherCustomerId'])
        .where('companyId', '=', scope.companyId).where('deleted', '=', false)
        .where((eb) => eb.or([eb('customerId', '=', mergedCustomerId), eb('otherCustomerId', '=', mergedCustomerId)])).execute()) {
        await w.tombstone(dismissals, pair);
      }
      await w.tombstone(customers, { customerId: mergedCustomerId }, { mergedIntoCustomerId: customerId });
      w.event(customers, kept, 'CustomerChanged', [customerId]);
      w.event(customers, merged, 'CustomerChanged', [mergedCustomerId]);
      return { status: 200, body: { customer: kept, moved } };
    });
    return reply.code(result.status).send(result.body);
  });

  /** Two customers a person said are different: never offered as possible duplicates again, on any device. */
  app.post(apiPaths.notDuplicates, async (request, reply) => {
    const scope = await storeScope(db, auth, request, frontCounter, 'customers');
    const pair = parseOrProblem(notDuplicateSchema, request.body, 'The pair');
    const [customerId, otherCustomerId] = pairKey(pair.customerId, pair.otherCustomerId).split('|') as [string, string];
    const result = await writes.run(request, scope, async (w) => {
      await w.find(customers, { customerId });
      await w.find(customers, { customerId: otherCustomerId });
      const key = { customerId, otherCustomerId };
      const existing = await w.read(dismissals, key);
      if (existing) return { status: 200, body: existing };
      const revived = await w.trx.selectFrom('customerDuplicateDismissals').select('version').where('customerId', '=', customerId).where('otherCustomerId', '=', otherCustomerId).executeTakeFirst();
      if (revived) await w.trx.deleteFrom('customerDuplicateDismissals').where('customerId', '=', customerId).where('otherCustomerId', '=', otherCustomerId).execute();
      const row = await w.create(dismissals, { ...key, dismissedOn: w.now.toISOString() });
      w.event(dismissals, row, 'CustomerChanged', [customerId]);
      return { status: 201, body: row };
    });
    return reply.code(result.status).send(result.body);
  });

  app.get(apiPaths.customerVehicles, async (request) => {
    const scope = await readScope(db, auth, request, 'customerVehicles');
    const { customerId } = parseOrProblem(customerParams, request.params, 'The path');
    await asAccessAllows(db, scope, 'customerId', await findRow(db, customers, scope, { customerId }), customers.notFound);
    return db.selectFrom('customerVehicles').select(Object.keys(customerVehicleSchema.shape) as (keyof typeof customerVehicleSchema.shape)[])
      .where('customerId', '=', customerId).where('companyId', '=', scope.companyId).where('deleted', '=', false).orderBy('year', 'desc').execute();
  });

  app.post(apiPaths.customerVehicles, async (request, reply) => {
    const scope = await storeScope(db, auth, request, frontCounter, 'vehicles');
    const { customerId } = parseOrProblem(customerParams, request.params, 'The path');
    const model = withYearFromVin(normalizeFields(parseOrProblem(createVehicleSchema, request.body, 'The vehicle')));
    refuse(vehicleProblems(model), 'The vehicle');
    const result = await writes.run(request, scope, async (w) => {
      await w.find(customers, { customerId });
      const row = await w.create(vehicles, { ...model, customerId, vehicleHashId: randomBytes(16).toString('base64url'), legacyVehicleId: null });
      w.event(vehicles, row, 'AlltracVehicleCreated', [model.vehicleId, customerId]);
      return { status: 201, body: row };
    });
    return reply.code(result.status).send(result.body);
  });

  app.get(apiPaths.customerVehicle, async (request) => {
    const scope = await readScope(db, auth, request, 'customerVehicles');
    const { customerId, vehicleId } = parseOrProblem(vehicleParams, request.params, 'The path');
    return asAccessAllows(db, scope, 'vehicleId', await findRow(db, vehicles, scope, { vehicleId, customerId }), vehicles.notFound);
  });

  app.patch(apiPaths.customerVehicle, async (request, reply) => {
    const scope = await storeScope(db, auth, request, frontCounter, 'vehicles');
    const { customerId, vehicleId } = parseOrProblem(vehicleParams, request.params, 'The path');
    const result = await writes.run(request, scope, async (w) => {
      const { row, changed } = await w.patch(vehicles, { vehicleId, customerId }, request.body, vehiclePatchableFields, {
        normalize: normalizeFields,
        problems: (current, next) => problemsOfChange(vehicleProblems(next), current, next),
      });
      if (changed) w.event(vehicles, row, 'AlltracVehicleUpdated', [vehicleId]);
      return { status: 200, body: row };
    });
    return reply.code(result.status).send(result.body);
  });
}
