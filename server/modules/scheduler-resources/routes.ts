import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { appointmentResourceSchema, scheduledServiceSchema, schedulerResourceSchema, schedulerResourceServiceSchema } from '../../../src/contract/entities.ts';
import { apiPaths } from '../../../src/contract/routes.ts';
import { createSchedulerResourceSchema, schedulerResourcePatchableFields } from '../../../src/contract/writes.ts';
import { storeAdmins } from '../../../src/domain/people/roles.ts';
import { movesWithResource, resourceProblems } from '../../../src/domain/store/resource-rules.ts';
import { parseODataQuery, runODataList, withDefaultOrder, type ODataResource } from '../../http/odata.ts';
import { parseOrProblem, ProblemError, refuseProblems } from '../../http/problem.ts';
import { readScope, storeScope } from '../../sync/scope.ts';
import { versionColumns, type RowSpec, type Writer } from '../../sync/write-path.ts';
import type { ModuleContext } from '../context.ts';
import { technicianProblems } from '../scheduler/references.ts';

export const schedulerResources: RowSpec<typeof schedulerResourceSchema> = {
  table: 'schedulerResources',
  schema: schedulerResourceSchema,
  scope: 'store',
  notFound: 'This store has no such scheduler resource.',
  exists: 'A scheduler resource with this id already exists.',
};
const appointmentResources: RowSpec<typeof appointmentResourceSchema> = {
  table: 'appointmentResources',
  schema: appointmentResourceSchema,
  scope: 'store',
  notFound: 'This resource does not do that service.',
};
const schedulerResourceServices: RowSpec<typeof schedulerResourceServiceSchema> = {
  table: 'schedulerResourceServices',
  schema: schedulerResourceServiceSchema,
  scope: 'store',
  notFound: 'Customers cannot book that service on this resource.',
};
const scheduledServices: RowSpec<typeof scheduledServiceSchema> = {
  table: 'scheduledServices',
  schema: scheduledServiceSchema,
  scope: 'store',
  notFound: 'This store has no such scheduled service.',
};

const scheduledServiceColumns = Object.keys(scheduledServiceSchema.shape) as (keyof typeof scheduledServiceSchema.shape)[];
const resourceColumns = Object.keys(schedulerResourceSchema.shape) as (keyof typeof schedulerResourceSchema.shape)[];
const resourceList: ODataResource = { fields: Object.fromEntries(resourceColumns.map((c) => [c, c])), schema: schedulerResourceSchema };
const resourceParams = z.object({ schedulerResourceId: z.uuid() });
const linkParams = z.object({ schedulerResourceId: z.uuid(), storeServiceId: z.uuid() });
const appointmentLinkParams = z.object({ appointmentResourceId: z.uuid(), storeServiceId: z.uuid() });

/** The service and the resource both belong to the store, or a problem naming the one that does not. */
async function linkProblems(w: Writer, resourceId: string, storeServiceId: string): Promise<void> {
  const resource = await w.read(schedulerResources, { schedulerResourceId: resourceId });
  const service = await w.trx
    .selectFrom('storeServices')
    .select('storeServiceId')
    .where('companyId', '=', w.scope.companyId)
    .where('storeId', '=', w.scope.storeId)
    .where('deleted', '=', false)
    .where('storeServiceId', '=', storeServiceId)
    .executeTakeFirst();
  refuseProblems(
    {
      ...(resource ? {} : { schedulerResourceId: ['This store has no such scheduler resource'] }),
      ...(service ? {} : { storeServiceId: ['This store has no such service'] }),
    },
    'The link',
  );
}

/** Links a resource and a service (idempotent: linking twice leaves one link, a removed link comes back). */
async function link<S extends typeof appointmentResourceSchema | typeof schedulerResourceServiceSchema>(
  w: Writer,
  spec: RowSpec<S>,
  key: z.infer<S>,
  collection: string,
): Promise<{ status: number; body: z.infer<S> }> {
  const live = await w.read(spec, key);
  if (live) return { status: 200, body: live };
  const row = (await w.revive(spec, key)) ?? (await w.create(spec, key));
  w.event(spec, row, 'ReplicaChanged', [collection, Object.values(key).join('/')]);
  return { status: 201, body: row };
}

async function unlink<S extends typeof appointmentResourceSchema | typeof schedulerResourceServiceSchema>(
  w: Writer,
  spec: RowSpec<S>,
  key: z.infer<S>,
  collection: string,
): Promise<{ status: number; body: null }> {
  const gone = await w.remove(spec, key);
  if (gone) w.event(spec, gone, 'ReplicaChanged', [collection, Object.values(key).join('/')]);
  return { status: 204, body: null };
}

/**
 * Scheduler resources (the scheduler's columns: technicians and bays) and which services each does, for
 * staff booking (appointment resources) and for customers booking online (spec section 7). Everyone at the
 * store reads them; its admins change them.
 */
export async function schedulerResourceRoutes(app: FastifyInstance, { db, auth, writes, clock }: ModuleContext): Promise<void> {
  const admin = (request: Parameters<typeof storeScope>[2]) => storeScope(db, auth, request, storeAdmins, "the store's scheduler resources");

  app.get(apiPaths.schedulerResources, async (request) => {
    const scope = await readScope(db, auth, request, 'schedulerResources');
    const query = parseODataQuery(request.query as Record<string, unknown>, resourceList);
    const base = db
      .selectFrom('schedulerResources')
      .select(resourceColumns)
      .where('companyId', '=', scope.companyId)
      .where('storeId', '=', scope.storeId)
      .where('deleted', '=', false);
    return runODataList(base, withDefaultOrder(query, 'sortOrder', 'asc'), resourceList, 'schedulerResourceId');
  });

  app.post(apiPaths.schedulerResources, async (request, reply) => {
    const scope = await admin(request);
    const model = parseOrProblem(createSchedulerResourceSchema, request.body, 'The scheduler resource');
    refuseProblems({ ...resourceProblems(model), ...(await technicianProblems(db, scope, model.assignedTechnicianId)) }, 'The scheduler resource');
    const result = await writes.run(request, scope, async (w) => {
      const row = await w.create(schedulerResources, model);
      w.event(schedulerResources, row, 'ReplicaChanged', ['schedulerResources', row.schedulerResourceId]);
      return { status: 201, body: row };
    });
    return reply.code(result.status).send(result.body);
  });

  app.patch(apiPaths.schedulerResource, async (request, reply) => {
    const scope = await admin(request);
    const { schedulerResourceId } = parseOrProblem(resourceParams, request.params, 'The path');
    const result = await writes.run(request, scope, async (w) => {
      const { row, changed } = await w.patch(schedulerResources, { schedulerResourceId }, request.body, schedulerResourcePatchableFields, {
        normalize: (next) => ({ ...next, name: next.name.trim() }),
        // Checked only when it changes: a resource whose technician left stays editable (its name, its order).
        problems: async (current, next) => ({
          ...resourceProblems(next),
          ...(next.assignedTechnicianId === current.assignedTechnicianId ? {} : await technicianProblems(w.trx, scope, next.assignedTechnicianId)),
        }),
      });
      if (changed) w.event(schedulerResources, row, 'ReplicaChanged', ['schedulerResources', schedulerResourceId]);
      return { status: 200, body: row };
    });
    return reply.code(result.status).send(result.body);
  });

  /** Gives the resource's coming, not-started appointments to its technician; answers how many moved. */
  app.post(apiPaths.assignResourceTechnician, async (request, reply) => {
    const scope = await admin(request);
    const { schedulerResourceId } = parseOrProblem(resourceParams, request.params, 'The path');
    const result = await writes.run(request, scope, async (w) => {
      const resource = await w.find(schedulerResources, { schedulerResourceId });
      // Sent from an outbox, the action may arrive after the technician was taken off: it then clears nobody.
      if (!resource.assignedTechnicianId)
        throw new ProblemError('conflict', `${resource.name} has no technician now: choose one, then assign its appointments.`);
      const now = clock.now();
      const services = await w.trx
        .selectFrom('scheduledServices')
        .select([...scheduledServiceColumns, ...versionColumns])
        .where('companyId', '=', scope.companyId)
        .where('storeId', '=', scope.storeId)
        .where('deleted', '=', false)
        .where('resourceId', '=', schedulerResourceId)
        .where('startDate', '>=', now.toISOString())
        .execute();
      const visitIds = [...new Set(services.map((s) => s.scheduledVisitId))];
      const visits =
        visitIds.length === 0
          ? []
          : await w.trx
              .selectFrom('scheduledVisits')
              .select(['scheduledVisitId', 'cancelDate', 'workStartDate', 'workCompleteDate', 'readyForPickupDate', 'checkOutDate'])
              .where('companyId', '=', scope.companyId)
              .where('deleted', '=', false)
              .where('scheduledVisitId', 'in', visitIds)
              .execute();
      const visitOf = new Map(visits.map((v) => [v.scheduledVisitId, v]));
      let moved = 0;
      for (const service of services) {
        if (!movesWithResource(service, visitOf.get(service.scheduledVisitId), schedulerResourceId, now)) continue;
        if (service.selectedTechnician === resource.assignedTechnicianId) continue;
        const current = scheduledServiceSchema.parse(service);
        await w.update(scheduledServices, { scheduledServiceId: service.scheduledServiceId }, service, {
          ...current,
          selectedTechnician: resource.assignedTechnicianId,
        });
        moved += 1;
      }
      if (moved > 0) w.event(scheduledServices, services[0]!, 'ReplicaChanged', ['scheduledServices', schedulerResourceId]);
      return { status: 200, body: { moved, assignedTechnicianId: resource.assignedTechnicianId } };
    });
    return reply.code(result.status).send(result.body);
  });

  app.post(apiPaths.schedulerResourceService, async (request, reply) => {
    const scope = await admin(request);
    const key = parseOrProblem(linkParams, request.params, 'The path');
    const result = await writes.run(request, scope, async (w) => {
      await linkProblems(w, key.schedulerResourceId, key.storeServiceId);
      return link(w, schedulerResourceServices, key, 'schedulerResourceServices');
    });
    return reply.code(result.status).send(result.body);
  });

  app.delete(apiPaths.schedulerResourceService, async (request, reply) => {
    const scope = await admin(request);
    const key = parseOrProblem(linkParams, request.params, 'The path');
    const result = await writes.run(request, scope, (w) => unlink(w, schedulerResourceServices, key, 'schedulerResourceServices'));
    return reply.code(result.status).send();
  });

  app.get(apiPaths.appointmentResources, async (request) => {
    const scope = await readScope(db, auth, request, 'appointmentResources');
    const items = await db
      .selectFrom('appointmentResources')
      .select(['appointmentResourceId', 'storeServiceId'])
      .where('companyId', '=', scope.companyId)
      .where('storeId', '=', scope.storeId)
      .where('deleted', '=', false)
      .orderBy('appointmentResourceId')
      .orderBy('storeServiceId')
      .execute();
    return { items, count: items.length };
  });

  app.post(apiPaths.appointmentResources, async (request, reply) => {
    const scope = await admin(request);
    const key = parseOrProblem(appointmentResourceSchema.strict(), request.body, 'The appointment resource');
    const result = await writes.run(request, scope, async (w) => {
      await linkProblems(w, key.appointmentResourceId, key.storeServiceId);
      return link(w, appointmentResources, key, 'appointmentResources');
    });
    return reply.code(result.status).send(result.body);
  });

  app.delete(apiPaths.appointmentResource, async (request, reply) => {
    const scope = await admin(request);
    const key = parseOrProblem(appointmentLinkParams, request.params, 'The path');
    const result = await writes.run(request, scope, (w) => unlink(w, appointmentResources, key, 'appointmentResources'));
    return reply.code(result.status).send();
  });
}
