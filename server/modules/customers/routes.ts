import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import { customerVehicleSchema } from '../../../src/contract/entities.ts';
import { apiPaths } from '../../../src/contract/routes.ts';
import {
  createCustomerSchema,
  createVehicleSchema,
  customerPatchableFields,
  mergeCustomerSchema,
  notDuplicateSchema,
  vehiclePatchableFields,
} from '../../../src/contract/writes.ts';
import { customerProblems, normalizeFields, problemsOfChange, vehicleProblems } from '../../../src/domain/people/customer-rules.ts';
import { pairKey } from '../../../src/domain/people/duplicates.ts';
import { frontCounter } from '../../../src/domain/people/roles.ts';
import { withAccess } from '../../../src/domain/app/visibility.ts';
import { withYearFromVin } from '../../../src/domain/people/vin.ts';
import { parseOrProblem, ProblemError, refuseProblems } from '../../http/problem.ts';
import { asAccessAllows, readableRows, readScope, storeScope } from '../../sync/scope.ts';
import { findRow } from '../../sync/write-path.ts';
import type { ModuleContext } from '../context.ts';
import { customers, dismissals, survivorOf, vehicleOfCustomer, vehicles } from './tables.ts';

const customerParams = z.object({ customerId: z.uuid('The customer id must be a UUID') });
const vehicleParams = customerParams.extend({ vehicleId: z.uuid('The vehicle id must be a UUID') });

/** A new row as stored: normalized, then checked again (normalizing can lengthen a value past its limit). */
function normalized<S extends z.ZodObject>(schema: S, body: unknown, what: string): z.infer<S> {
  return parseOrProblem(schema, normalizeFields(parseOrProblem(schema, body, what)), what);
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
    const model = normalized(createCustomerSchema, request.body, 'The customer');
    refuseProblems(customerProblems(model), 'The customer');
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
   * Merges a customer into this one: the other's vehicles, visits, messages, ratings and tire quotes move here, and the
   * other becomes a tombstone every device deletes. One transaction. Either side may have been merged
   * elsewhere since the device saw it (another counter, offline): the merge joins the customers they now
   * stand for, and when that is already one customer it answers like the first merge did.
   */
  app.post(apiPaths.customerMerge, async (request, reply) => {
    const scope = await storeScope(db, auth, request, frontCounter, 'customers');
    const { customerId } = parseOrProblem(customerParams, request.params, 'The path');
    const { mergedCustomerId } = parseOrProblem(mergeCustomerSchema, request.body, 'The merge');
    if (mergedCustomerId === customerId)
      throw new ProblemError('validation', 'A customer cannot be merged into itself.', { errors: { mergedCustomerId: ['Same as the customer kept'] } });
    const result = await writes.run(request, scope, async (w) => {
      // Merges of a company follow one another, so the chains of merged customers they read stand still.
      await w.lockOn('customer-merges');
      const keptId = await survivorOf(w.trx, scope.companyId, customerId);
      if (!keptId) throw new ProblemError('notFound', customers.notFound);
      const mergedId = await survivorOf(w.trx, scope.companyId, mergedCustomerId);
      if (!mergedId) throw new ProblemError('notFound', 'The customer to merge does not exist.');
      const kept = await w.find(customers, { customerId: keptId });
      if (mergedId === keptId) return { status: 200, body: { customer: kept, moved: null as Record<string, number> | null } };
      const merged = await w.find(customers, { customerId: mergedId });
      const moved: Record<string, number> | null = {
        vehicles: await w.reassign('customerVehicles', 'customerId', mergedId, keptId),
        visits: await w.reassign('scheduledVisits', 'customerId', mergedId, keptId),
        messages: await w.reassign('storeMessages', 'customerId', mergedId, keptId),
        ratings: await w.reassign('ratings', 'customerId', mergedId, keptId),
        tireQuotes: await w.reassign('tireQuotes', 'customerId', mergedId, keptId),
      };
      for (const pair of await w.trx
        .selectFrom('customerDuplicateDismissals')
        .select(['customerId', 'otherCustomerId'])
        .where('companyId', '=', scope.companyId)
        .where('deleted', '=', false)
        .where((eb) => eb.or([eb('customerId', '=', mergedId), eb('otherCustomerId', '=', mergedId)]))
        .execute()) {
        await w.tombstone(dismissals, pair);
      }
      await w.tombstone(customers, { customerId: mergedId }, { mergedIntoCustomerId: keptId });
      w.event(customers, kept, 'CustomerChanged', [keptId]);
      w.event(customers, merged, 'CustomerChanged', [mergedId]);
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
      // A pair a merge removed comes back as the same row with a new version (its tombstone is kept, DESIGN.md).
      const dismissedOn = w.now.toISOString();
      const row = (await w.revive(dismissals, key, { dismissedOn })) ?? (await w.create(dismissals, { ...key, dismissedOn }));
      w.event(dismissals, row, 'CustomerChanged', [customerId]);
      return { status: 201, body: row };
    });
    return reply.code(result.status).send(result.body);
  });

  app.get(apiPaths.customerVehicles, async (request) => {
    const scope = await readScope(db, auth, request, 'customerVehicles');
    const { customerId } = parseOrProblem(customerParams, request.params, 'The path');
    await asAccessAllows(db, scope, 'customerId', await findRow(db, customers, scope, { customerId }), customers.notFound);
    // A limited access sees the vehicles the store's calendar names, not every car the customer owns.
    const rows = await db
      .selectFrom('customerVehicles')
      .select(Object.keys(customerVehicleSchema.shape) as (keyof typeof customerVehicleSchema.shape)[])
      .where('customerId', '=', customerId)
      .where('companyId', '=', scope.companyId)
      .where('deleted', '=', false)
      .where(readableRows(scope, 'customerVehicles', sql.ref('vehicleId')))
      .orderBy('year', 'desc')
      .execute();
    const items = rows.map((v) => withAccess(v, scope.access));
    return { items, count: items.length };
  });

  app.post(apiPaths.customerVehicles, async (request, reply) => {
    const scope = await storeScope(db, auth, request, frontCounter, 'vehicles');
    const { customerId } = parseOrProblem(customerParams, request.params, 'The path');
    const model = withYearFromVin(normalized(createVehicleSchema, request.body, 'The vehicle'));
    refuseProblems(vehicleProblems(model), 'The vehicle');
    const result = await writes.run(request, scope, async (w) => {
      // The owner locked, then looked up again: a merge of it at the same moment is before or after, never between.
      const seen = await survivorOf(w.trx, scope.companyId, customerId);
      if (seen) await w.lockRow(customers, { customerId: seen });
      const ownerId = await survivorOf(w.trx, scope.companyId, customerId);
      if (!ownerId) throw new ProblemError('notFound', customers.notFound);
      const row = await w.create(vehicles, { ...model, customerId: ownerId, vehicleHashId: randomBytes(16).toString('base64url'), legacyVehicleId: null });
      w.event(vehicles, row, 'AlltracVehicleCreated', [model.vehicleId, ownerId]);
      return { status: 201, body: row };
    });
    return reply.code(result.status).send(result.body);
  });

  app.get(apiPaths.customerVehicle, async (request) => {
    const scope = await readScope(db, auth, request, 'customerVehicles');
    const { customerId, vehicleId } = parseOrProblem(vehicleParams, request.params, 'The path');
    const row = await findRow(db, vehicles, scope, { vehicleId });
    if (!(await vehicleOfCustomer(db, scope.companyId, row, customerId))) throw new ProblemError('notFound', vehicles.notFound);
    return asAccessAllows(db, scope, 'vehicleId', row, vehicles.notFound);
  });

  app.patch(apiPaths.customerVehicle, async (request, reply) => {
    const scope = await storeScope(db, auth, request, frontCounter, 'vehicles');
    const { customerId, vehicleId } = parseOrProblem(vehicleParams, request.params, 'The path');
    const result = await writes.run(request, scope, async (w) => {
      // By the vehicle's id: an edit queued before its customer was merged follows the vehicle.
      if (!(await vehicleOfCustomer(w.trx, scope.companyId, await w.read(vehicles, { vehicleId }), customerId)))
        throw new ProblemError('notFound', vehicles.notFound);
      const { row, changed } = await w.patch(vehicles, { vehicleId }, request.body, vehiclePatchableFields, {
        normalize: normalizeFields,
        problems: (current, next) => problemsOfChange(vehicleProblems(next), current, next),
      });
      if (changed) w.event(vehicles, row, 'AlltracVehicleUpdated', [vehicleId]);
      return { status: 200, body: row };
    });
    return reply.code(result.status).send(result.body);
  });
}
