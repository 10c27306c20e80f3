import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { scheduledServiceSchema, scheduledVisitSchema, type ScheduledService } from '../../../src/contract/entities.ts';
import { apiPaths } from '../../../src/contract/routes.ts';
import {
  createScheduledServiceSchema,
  createScheduledVisitSchema,
  scheduledServicePatchableFields,
  scheduledVisitPatchableFields,
} from '../../../src/contract/writes.ts';
import { durationProblems, withEnd } from '../../../src/domain/calendar/durations.ts';
import {
  cancelProblems,
  checkInChanges,
  isDeletable,
  milestoneChanges,
  milestoneRoles,
  milestones,
  newStaffVisit,
  visitMessages,
} from '../../../src/domain/scheduler/visit-rules.ts';
import { bayAndCounter, frontCounter, rolesAtStore } from '../../../src/domain/people/roles.ts';
import { assignmentRefusal } from '../../../src/domain/scheduler/technician-rules.ts';
import { storeTimeZone } from '../../../src/domain/calendar/time-zone.ts';
import type { Db } from '../../db/connect.ts';
import { parseODataQuery, runODataList, withDefaultOrder, type ODataResource } from '../../http/odata.ts';
import { parseOrProblem, ProblemError, refuseProblems } from '../../http/problem.ts';
import { asReadBy, readScope, storeScope, type StoreScope } from '../../sync/scope.ts';
import { findRow, type Writer } from '../../sync/write-path.ts';
import type { ModuleContext } from '../context.ts';
import { bookedQuote, placementProblems, visitReferenceProblems } from './references.ts';
import { scheduledServices, scheduledVisits } from './tables.ts';
import { promiseRoutes } from './promise-routes.ts';

const visitColumns = Object.keys(scheduledVisitSchema.shape) as (keyof typeof scheduledVisitSchema.shape)[];
const serviceColumns = Object.keys(scheduledServiceSchema.shape) as (keyof typeof scheduledServiceSchema.shape)[];
const visitList: ODataResource = { fields: Object.fromEntries(visitColumns.map((c) => [c, c])), schema: scheduledVisitSchema };
const serviceList: ODataResource = { fields: Object.fromEntries(serviceColumns.map((c) => [c, c])), schema: scheduledServiceSchema };
const visitParams = z.object({ scheduledVisitId: z.uuid() });
const serviceParams = z.object({ scheduledVisitId: z.uuid(), scheduledServiceId: z.uuid() });
/** A date range on top of the OData subset: services starting at or after `from` and before `to`. */
const rangeQuery = z
  .object({
    from: z.iso.datetime({ offset: true }).optional(),
    to: z.iso.datetime({ offset: true }).optional(),
  })
  .refine((r) => !r.from || !r.to || Date.parse(r.from) < Date.parse(r.to), { message: 'The range must end after it starts', path: ['to'] });

/** The range and the OData options of a list call. */
function listQuery(request: FastifyRequest, resource: ODataResource) {
  const { from, to, ...odata } = request.query as Record<string, unknown>;
  const range = parseOrProblem(rangeQuery, { from, to }, 'The date range');
  return { range, query: parseODataQuery(odata, resource) };
}

/** The store's IANA zone (its own, else the system's: time-zone.ts logs why). */
async function storeZone(db: Db | Writer['trx'], scope: StoreScope): Promise<string> {
  const store = await db.selectFrom('storeLocations').select('timeZone').where('id', '=', scope.storeId).executeTakeFirstOrThrow();
  return storeTimeZone(store.timeZone);
}

async function liveServicesOf(db: Db | Writer['trx'], scope: StoreScope, scheduledVisitId: string) {
  return db
    .selectFrom('scheduledServices')
    .select(serviceColumns)
    .where('companyId', '=', scope.companyId)
    .where('storeId', '=', scope.storeId)
    .where('scheduledVisitId', '=', scheduledVisitId)
    .where('deleted', '=', false)
    .orderBy('startDate')
    .orderBy('scheduledServiceId')
    .execute();
}

/**
 * Scheduled visits and their services: the calendar's appointments (spec section 7). The front counter
 * books, moves and checks in; durations keep the spec's rules (at least 15 minutes, in 15-minute steps).
 */
export async function scheduledVisitRoutes(app: FastifyInstance, { db, auth, writes, outbound, config }: ModuleContext): Promise<void> {
  const counter = (request: FastifyRequest) => storeScope(db, auth, request, frontCounter, "the store's appointments");

  app.get(apiPaths.scheduledVisits, async (request) => {
    const scope = await readScope(db, auth, request, 'scheduledVisits');
    const { range, query } = listQuery(request, visitList);
    let base = db
      .selectFrom('scheduledVisits')
      .select(visitColumns)
      .where('companyId', '=', scope.companyId)
      .where('storeId', '=', scope.storeId)
      .where('deleted', '=', false);
    if (range.from || range.to) {
      base = base.where('scheduledVisitId', 'in', (eb) => {
        let services = eb
          .selectFrom('scheduledServices')
          .select('scheduledVisitId')
          .where('companyId', '=', scope.companyId)
          .where('storeId', '=', scope.storeId)
          .where('deleted', '=', false);
        if (range.from) services = services.where('startDate', '>=', range.from);
        if (range.to) services = services.where('startDate', '<', range.to);
        return services;
      });
    }
    const list = await runODataList(base, query, visitList, 'scheduledVisitId');
    return { ...list, items: list.items.map((row) => asReadBy(scope, 'scheduledVisits', row)) };
  });

  app.post(apiPaths.scheduledVisits, async (request, reply) => {
    const scope = await counter(request);
    const { walkIn, ...model } = parseOrProblem(createScheduledVisitSchema, request.body, 'The visit');
    const result = await writes.run(request, scope, async (w) => {
      refuseProblems(await visitReferenceProblems(w.trx, scope, model), 'The visit');
      const tireQuoteId = await bookedQuote(w.trx, scope, model);
      // The public id is the server's, 128 random bits (issue 46): a device's could be made guessable by hand.
      const row = await w.create(
        scheduledVisits,
        newStaffVisit(
          { ...model, scheduledVisitHashId: randomBytes(16).toString('base64url'), tireQuoteId },
          { now: w.actedAt(), bookedBy: scope.user.name, walkIn },
        ),
      );
      w.event(scheduledVisits, row, 'VisitChanged', [row.scheduledVisitId]);
      return { status: 201, body: row };
    });
    return reply.code(result.status).send(result.body);
  });

  app.get(apiPaths.scheduledVisit, async (request) => {
    const scope = await readScope(db, auth, request, 'scheduledVisits');
    const key = parseOrProblem(visitParams, request.params, 'The path');
    return asReadBy(scope, 'scheduledVisits', await findRow(db, scheduledVisits, scope, key));
  });

  app.patch(apiPaths.scheduledVisit, async (request, reply) => {
    const scope = await counter(request);
    const key = parseOrProblem(visitParams, request.params, 'The path');
    const result = await writes.run(request, scope, async (w) => {
      const { row, changed } = await w.patch(scheduledVisits, key, request.body, scheduledVisitPatchableFields, {
        problems: async (current, next) => ({
          ...(next.customerId === current.customerId && next.vehicleId === current.vehicleId ? {} : await visitReferenceProblems(w.trx, scope, next)),
          ...cancelProblems(current, next),
        }),
      });
      if (changed) w.event(scheduledVisits, row, 'VisitChanged', [row.scheduledVisitId]);
      return { status: 200, body: row };
    });
    return reply.code(result.status).send(result.body);
  });

  /**
   * A visit's next step (issue: technicians): work started, work complete, ready for pickup (the bay and the
   * counter), checked out (the counter). Recorded at the device's time when it is plausible (a bay offline for
   * an hour records when work started), once: a second call changes nothing.
   */
  app.post(apiPaths.visitMilestone, async (request, reply) => {
    const { scheduledVisitId, milestone } = parseOrProblem(
      z.object({ scheduledVisitId: z.uuid(), milestone: z.enum(milestones, `Use one of ${milestones.join(', ')}`) }),
      request.params,
      'The path',
    );
    const scope = await storeScope(db, auth, request, milestoneRoles(milestone) === 'frontCounter' ? frontCounter : bayAndCounter, 'this step of a visit');
    const { at } = parseOrProblem(z.object({ at: z.iso.datetime({ offset: true }).optional() }).strict(), request.body ?? {}, 'The step');
    const result = await writes.run(request, scope, async (w) => {
      const { row, changed } = await w.change(scheduledVisits, { scheduledVisitId }, (visit) => {
        const changes = milestoneChanges(visit, milestone, w.actedAt(at));
        if (changes && 'refused' in changes) throw new ProblemError('conflict', changes.refused);
        return changes;
      });
      if (changed) w.event(scheduledVisits, row, 'VisitChanged', [row.scheduledVisitId]);
      return { status: 200, body: asReadBy(scope, 'scheduledVisits', row) };
    });
    return reply.code(result.status).send(result.body);
  });

  /** Checks the customer in now (once: a second call changes nothing). A visit nobody confirmed is confirmed by arriving. */
  app.post(apiPaths.checkIn, async (request, reply) => {
    const scope = await counter(request);
    const key = parseOrProblem(visitParams, request.params, 'The path');
    const result = await writes.run(request, scope, async (w) => {
      const day = { firstStart: (await liveServicesOf(w.trx, scope, key.scheduledVisitId))[0]?.startDate ?? null, timeZone: await storeZone(w.trx, scope) };
      const { row, changed } = await w.change(scheduledVisits, key, (visit) => {
        const changes = checkInChanges(visit, w.actedAt(), day);
        if (changes && 'refused' in changes) throw new ProblemError('conflict', changes.refused);
        return changes;
      });
      if (changed) w.event(scheduledVisits, row, 'VisitChanged', [row.scheduledVisitId]);
      return { status: 200, body: row };
    });
    return reply.code(result.status).send(result.body);
  });

  await promiseRoutes(app, { db, auth, writes, outbound, config });

  /**
   * The traction (tire) orders of a visit, for the customer's work order page: public by the visit's
   * unguessable hash id (spec section 7), rate-limited, and only what the customer's own paperwork shows.
   */
  app.get(apiPaths.visitTractionOrders, { config: { rateLimit: { max: 60, timeWindow: '1 minute' } } }, async (request) => {
    const { scheduledVisitHashId } = parseOrProblem(
      z.object({ scheduledVisitHashId: z.string().regex(/^[\w-]{16,64}$/, 'Not a visit link') }),
      request.params,
      'The path',
    );
    const visit = await db
      .selectFrom('scheduledVisits')
      .select(['scheduledVisitId', 'companyId'])
      .where('scheduledVisitHashId', '=', scheduledVisitHashId)
      .where('deleted', '=', false)
      .executeTakeFirst();
    if (!visit) throw new ProblemError('notFound', 'There is no visit at this link.');
    const items = await db
      .selectFrom('tractionOrders')
      .select(['tractionOrderHashId', 'invoiceNumber', 'orderDate', 'totalInCents'])
      .where('companyId', '=', visit.companyId)
      .where('relatedVisitId', '=', visit.scheduledVisitId)
      .where('deleted', '=', false)
      .orderBy('orderDate')
      .orderBy('tractionOrderHashId')
      .execute();
    return { items, count: items.length };
  });

  app.get(apiPaths.allScheduledServices, async (request) => {
    const scope = await readScope(db, auth, request, 'scheduledServices');
    const { range, query } = listQuery(request, serviceList);
    let base = db
      .selectFrom('scheduledServices')
      .select(serviceColumns)
      .where('companyId', '=', scope.companyId)
      .where('storeId', '=', scope.storeId)
      .where('deleted', '=', false);
    if (range.from) base = base.where('startDate', '>=', range.from);
    if (range.to) base = base.where('startDate', '<', range.to);
    return runODataList(base, withDefaultOrder(query, 'startDate', 'asc'), serviceList, 'scheduledServiceId');
  });

  app.get(apiPaths.scheduledServices, async (request) => {
    const scope = await readScope(db, auth, request, 'scheduledServices');
    const { scheduledVisitId } = parseOrProblem(visitParams, request.params, 'The path');
    await findRow(db, scheduledVisits, scope, { scheduledVisitId });
    const items = await liveServicesOf(db, scope, scheduledVisitId);
    return { items, count: items.length };
  });

  app.post(apiPaths.scheduledServices, async (request, reply) => {
    const scope = await counter(request);
    const { scheduledVisitId } = parseOrProblem(visitParams, request.params, 'The path');
    const model = withEnd(parseOrProblem(createScheduledServiceSchema, request.body, 'The scheduled service'));
    refuseProblems(durationProblems(model.durationInMinutes), 'The scheduled service');
    const result = await writes.run(request, scope, async (w) => {
      await w.find(scheduledVisits, { scheduledVisitId });
      refuseProblems(await placementProblems(w.trx, scope, model), 'The scheduled service');
      const row = await w.create(scheduledServices, { ...model, scheduledVisitId });
      w.event(scheduledServices, row, 'EventAddedMessage', [row.scheduledServiceId]);
      return { status: 201, body: row };
    });
    return reply.code(result.status).send(result.body);
  });

  app.get(apiPaths.scheduledService, async (request) => {
    const scope = await readScope(db, auth, request, 'scheduledServices');
    const key = parseOrProblem(serviceParams, request.params, 'The path');
    return findRow(db, scheduledServices, scope, key);
  });

  /** The front counter changes any field; the bay only who does the job (technician-rules.ts). */
  app.patch(apiPaths.scheduledService, async (request, reply) => {
    const scope = await storeScope(db, auth, request, bayAndCounter, "the store's appointments");
    const key = parseOrProblem(serviceParams, request.params, 'The path');
    const roles = rolesAtStore(scope.user.roles, scope.storeId);
    const bayOnly = !roles.some((r) => frontCounter.includes(r));
    const result = await writes.run(request, scope, async (w) => {
      const assignmentProblems = async (current: ScheduledService, next: ScheduledService): Promise<Record<string, string[]>> => {
        const column = current.resourceId
          ? await w.trx.selectFrom('schedulerResources').select('assignedTechnicianId').where('schedulerResourceId', '=', current.resourceId).executeTakeFirst()
          : undefined;
        const refusal = assignmentRefusal(roles, scope.user.userId, current, next, column?.assignedTechnicianId ?? null);
        return refusal ? { selectedTechnician: [refusal] } : {};
      };
      const { row, changed } = await w.patch(scheduledServices, key, request.body, bayOnly ? ['selectedTechnician'] : scheduledServicePatchableFields, {
        normalize: withEnd,
        problems: async (current, next) => ({
          ...(bayOnly ? await assignmentProblems(current, next) : {}),
          ...durationProblems(next.durationInMinutes),
          ...(await placementProblems(w.trx, scope, {
            resourceId: next.resourceId === current.resourceId ? null : next.resourceId,
            storeServiceId: next.storeServiceId === current.storeServiceId ? null : next.storeServiceId,
            selectedTechnician: next.selectedTechnician === current.selectedTechnician ? null : next.selectedTechnician,
          })),
        }),
      });
      if (changed) w.event(scheduledServices, row, 'EventChangedMessage', [row.scheduledServiceId]);
      return { status: 200, body: row };
    });
    return reply.code(result.status).send(result.body);
  });

  /** Removes an appointment that has not begun; the visit goes with its last service. */
  app.delete(apiPaths.scheduledService, async (request, reply) => {
    const scope = await counter(request);
    const key = parseOrProblem(serviceParams, request.params, 'The path');
    const result = await writes.run(request, scope, async (w) => {
      const service = await w.read(scheduledServices, key);
      if (!service) return { status: 204, body: null };
      const visit = await w.find(scheduledVisits, { scheduledVisitId: key.scheduledVisitId });
      if (!isDeletable(visit)) throw new ProblemError('conflict', visitMessages.checkedInDelete);
      await w.tombstone(scheduledServices, key);
      const rest = await liveServicesOf(w.trx, scope, key.scheduledVisitId);
      if (rest.length === 0) await w.tombstone(scheduledVisits, { scheduledVisitId: key.scheduledVisitId });
      w.event(scheduledServices, service, 'EventDeletedMessage', [key.scheduledServiceId]);
      return { status: 204, body: null };
    });
    return reply.code(result.status).send();
  });
}
