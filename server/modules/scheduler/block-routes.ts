import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { blockedTimeSchema, recurringBlockedTimeSchema } from '../../../src/contract/entities.ts';
import { apiPaths } from '../../../src/contract/routes.ts';
import {
  blockedTimePatchableFields,
  createBlockedTimeSchema,
  createRecurringBlockedTimeSchema,
  recurringBlockedTimePatchableFields,
} from '../../../src/contract/writes.ts';
import { durationProblems, withEnd } from '../../../src/domain/calendar/durations.ts';
import { recurrenceProblems } from '../../../src/domain/scheduler/visit-rules.ts';
import { frontCounter } from '../../../src/domain/people/roles.ts';
import { parseODataQuery, runODataList, withDefaultOrder, type ODataResource } from '../../http/odata.ts';
import { parseOrProblem, refuseProblems } from '../../http/problem.ts';
import { readScope, storeScope } from '../../sync/scope.ts';
import type { RowSpec } from '../../sync/write-path.ts';
import type { HubEventName } from '../../../src/contract/hub.ts';
import type { ModuleContext } from '../context.ts';
import { placementProblems } from './references.ts';

const blockedTimes: RowSpec<typeof blockedTimeSchema> = {
  table: 'blockedTimes',
  schema: blockedTimeSchema,
  scope: 'store',
  notFound: 'This store has no such blocked time.',
  exists: 'A blocked time with this id already exists.',
};
const recurringBlockedTimes: RowSpec<typeof recurringBlockedTimeSchema> = {
  table: 'recurringBlockedTimes',
  schema: recurringBlockedTimeSchema,
  scope: 'store',
  notFound: 'This store has no such recurring blocked time.',
  exists: 'A recurring blocked time with this id already exists.',
};

const blockColumns = Object.keys(blockedTimeSchema.shape) as (keyof typeof blockedTimeSchema.shape)[];
const recurringColumns = Object.keys(recurringBlockedTimeSchema.shape) as (keyof typeof recurringBlockedTimeSchema.shape)[];
const blockList: ODataResource = { fields: Object.fromEntries(blockColumns.map((c) => [c, c])), schema: blockedTimeSchema };
const recurringList: ODataResource = { fields: Object.fromEntries(recurringColumns.map((c) => [c, c])), schema: recurringBlockedTimeSchema };
const blockParams = z.object({ blockedTimeId: z.uuid() });
const recurringParams = z.object({ recurringBlockedTimeId: z.uuid() });

/**
 * Blocked time on the calendar: one-off blocks (the spec lists no calls for them: docs/api.md) and weekly
 * recurring blocks (spec section 7). Deleting a recurring block removes every occurrence.
 */
export async function blockedTimeRoutes(app: FastifyInstance, { db, auth, writes }: ModuleContext): Promise<void> {
  const counter = (request: FastifyRequest) => storeScope(db, auth, request, frontCounter, "the store's blocked times");

  app.get(apiPaths.blockedTimes, async (request) => {
    const scope = await readScope(db, auth, request, 'blockedTimes');
    const query = parseODataQuery(request.query as Record<string, unknown>, blockList);
    const base = db
      .selectFrom('blockedTimes')
      .select(blockColumns)
      .where('companyId', '=', scope.companyId)
      .where('storeId', '=', scope.storeId)
      .where('deleted', '=', false);
    return runODataList(base, withDefaultOrder(query, 'startDate', 'asc'), blockList, 'blockedTimeId');
  });

  app.post(apiPaths.blockedTimes, async (request, reply) => {
    const scope = await counter(request);
    const model = withEnd(parseOrProblem(createBlockedTimeSchema, request.body, 'The blocked time'));
    refuseProblems(durationProblems(model.durationInMinutes), 'The blocked time');
    const result = await writes.run(request, scope, async (w) => {
      refuseProblems(await placementProblems(w.trx, scope, model), 'The blocked time');
      const row = await w.create(blockedTimes, model);
      w.event(blockedTimes, row, 'EventAddedMessage', [row.blockedTimeId]);
      return { status: 201, body: row };
    });
    return reply.code(result.status).send(result.body);
  });

  app.patch(apiPaths.blockedTime, async (request, reply) => {
    const scope = await counter(request);
    const key = parseOrProblem(blockParams, request.params, 'The path');
    const result = await writes.run(request, scope, async (w) => {
      const { row, changed } = await w.patch(blockedTimes, key, request.body, blockedTimePatchableFields, {
        normalize: withEnd,
        problems: async (current, next) => ({
          ...durationProblems(next.durationInMinutes),
          ...(next.resourceId === current.resourceId ? {} : await placementProblems(w.trx, scope, next)),
        }),
      });
      if (changed) w.event(blockedTimes, row, 'EventChangedMessage', [row.blockedTimeId]);
      return { status: 200, body: row };
    });
    return reply.code(result.status).send(result.body);
  });

  app.get(apiPaths.recurringBlockedTimes, async (request) => {
    const scope = await readScope(db, auth, request, 'recurringBlockedTimes');
    const query = parseODataQuery(request.query as Record<string, unknown>, recurringList);
    const base = db
      .selectFrom('recurringBlockedTimes')
      .select(recurringColumns)
      .where('companyId', '=', scope.companyId)
      .where('storeId', '=', scope.storeId)
      .where('deleted', '=', false);
    return runODataList(base, withDefaultOrder(query, 'startDate', 'asc'), recurringList, 'recurringBlockedTimeId');
  });

  app.post(apiPaths.recurringBlockedTimes, async (request, reply) => {
    const scope = await counter(request);
    const model = parseOrProblem(createRecurringBlockedTimeSchema, request.body, 'The recurring blocked time');
    refuseProblems(recurrenceProblems(model), 'The recurring blocked time');
    const result = await writes.run(request, scope, async (w) => {
      refuseProblems(await placementProblems(w.trx, scope, model), 'The recurring blocked time');
      const row = await w.create(recurringBlockedTimes, model);
      w.event(recurringBlockedTimes, row, 'RecurringBlockedTimeCreated', [row.recurringBlockedTimeId]);
      return { status: 201, body: row };
    });
    return reply.code(result.status).send(result.body);
  });

  app.patch(apiPaths.recurringBlockedTime, async (request, reply) => {
    const scope = await counter(request);
    const key = parseOrProblem(recurringParams, request.params, 'The path');
    const result = await writes.run(request, scope, async (w) => {
      const { row, changed } = await w.patch(recurringBlockedTimes, key, request.body, recurringBlockedTimePatchableFields, {
        problems: (_current, next) => recurrenceProblems(next),
      });
      if (changed) w.event(recurringBlockedTimes, row, 'RecurringBlockedTimeUpdated', [row.recurringBlockedTimeId]);
      return { status: 200, body: row };
    });
    return reply.code(result.status).send(result.body);
  });

  /** Deleting is the same for both: idempotent (204 again when already gone), the live event only when it went. */
  const deleteRoute = <S extends z.ZodObject>(at: string, spec: RowSpec<S>, params: z.ZodObject, event: HubEventName) => {
    app.delete(at, async (request, reply) => {
      const scope = await counter(request);
      const key = parseOrProblem(params, request.params, 'The path') as Record<string, string>;
      const result = await writes.run(request, scope, async (w) => {
        const gone = await w.remove(spec, key);
        if (gone) w.event(spec, gone, event, Object.values(key));
        return { status: 204, body: null };
      });
      return reply.code(result.status).send();
    });
  };
  deleteRoute(apiPaths.blockedTime, blockedTimes, blockParams, 'EventDeletedMessage');
  deleteRoute(apiPaths.recurringBlockedTime, recurringBlockedTimes, recurringParams, 'RecurringBlockedTimeDeleted');
}
