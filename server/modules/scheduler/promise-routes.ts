import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { apiPaths } from '../../../src/contract/routes.ts';
import { movePromiseSchema } from '../../../src/contract/visit-promise.ts';
import { frontCounter } from '../../../src/domain/people/roles.ts';
import { isVisitOpen } from '../../../src/domain/scheduler/visit-rules.ts';
import { closedVisitPromise } from '../../../src/domain/scheduler/promise.ts';
import { parseOrProblem, ProblemError } from '../../http/problem.ts';
import { asReadBy, readScope, storeScope } from '../../sync/scope.ts';
import { promiseHistory } from '../../sync/visit-promises.ts';
import { findRow } from '../../sync/write-path.ts';
import type { ModuleContext } from '../context.ts';
import { scheduledVisits } from './tables.ts';

const visitParams = z.object({ scheduledVisitId: z.uuid() });

/**
 * A visit's promise (issue 48): the counter gives a new ready-by time with why, in one write that records it in
 * the visit's history (the write path records every change of pickUpTime, a PATCH's too); the history reads back.
 */
export async function promiseRoutes(app: FastifyInstance, { db, auth, writes }: Pick<ModuleContext, 'db' | 'auth' | 'writes'>): Promise<void> {
  app.get(apiPaths.visitPromises, async (request) => {
    const scope = await readScope(db, auth, request, 'scheduledVisits');
    const key = parseOrProblem(visitParams, request.params, 'The path');
    await findRow(db, scheduledVisits, scope, key);
    const items = await promiseHistory(db, scope, key.scheduledVisitId);
    return { items, count: items.length };
  });

  app.post(apiPaths.visitPromises, async (request, reply) => {
    const scope = await storeScope(db, auth, request, frontCounter, "the store's appointments");
    const key = parseOrProblem(visitParams, request.params, 'The path');
    const move = parseOrProblem(movePromiseSchema, request.body ?? {}, 'The promise');
    const result = await writes.run(request, scope, async (w) => {
      w.movingPromise(move.reason || null, move.at);
      const { row, changed } = await w.change(scheduledVisits, key, (visit) => {
        if (!isVisitOpen(visit)) throw new ProblemError('conflict', closedVisitPromise);
        return { pickUpTime: move.pickUpTime };
      });
      if (changed) w.event(scheduledVisits, row, 'VisitChanged', [row.scheduledVisitId]);
      return { status: 200, body: asReadBy(scope, 'scheduledVisits', row) };
    });
    return reply.code(result.status).send(result.body);
  });
}
