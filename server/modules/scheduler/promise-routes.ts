import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { apiPaths } from '../../../src/contract/routes.ts';
import { movePromiseSchema } from '../../../src/contract/visit-promise.ts';
import { frontCounter } from '../../../src/domain/people/roles.ts';
import { isVisitOpen } from '../../../src/domain/scheduler/visit-rules.ts';
import { closedVisitPromise } from '../../../src/domain/scheduler/promise.ts';
import { parseOrProblem, ProblemError } from '../../http/problem.ts';
import { queuePromiseUpdate } from '../../messaging/promise-update.ts';
import { asReadBy, readScope, storeScope } from '../../sync/scope.ts';
import { promiseHistory } from '../../sync/visit-promises.ts';
import { findRow } from '../../sync/write-path.ts';
import type { ModuleContext } from '../context.ts';
import { scheduledVisits } from './tables.ts';

const visitParams = z.object({ scheduledVisitId: z.uuid() });

/**
 * A visit's promise (issue 48): the counter gives a new ready-by time with why, in one write that records it in
 * the visit's history (the write path records every change of pickUpTime, a PATCH's too), and, when asked, the
 * update to the customer (promise-update.ts) queued in that same write; the history reads back.
 */
export async function promiseRoutes(
  app: FastifyInstance,
  { db, auth, writes, outbound, config }: Pick<ModuleContext, 'db' | 'auth' | 'writes' | 'outbound' | 'config'>,
): Promise<void> {
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
      let previousPickUpTime: string | null = null;
      const { row, changed } = await w.change(scheduledVisits, key, (visit) => {
        if (!isVisitOpen(visit)) throw new ProblemError('conflict', closedVisitPromise);
        previousPickUpTime = visit.pickUpTime;
        return { pickUpTime: move.pickUpTime };
      });
      // Told in the same write: refused, the move is not stored either (the counter asked for both).
      if (move.tellCustomer)
        await queuePromiseUpdate(w, {
          scheduledVisitId: key.scheduledVisitId,
          pickUpTime: move.pickUpTime!,
          previousPickUpTime,
          reason: move.reason || null,
          publicUrl: config.publicUrl,
        });
      if (changed) w.event(scheduledVisits, row, 'VisitChanged', [row.scheduledVisitId]);
      return { status: 200, body: asReadBy(scope, 'scheduledVisits', row) };
    });
    if (move.tellCustomer) outbound.kick();
    return reply.code(result.status).send(result.body);
  });
}
