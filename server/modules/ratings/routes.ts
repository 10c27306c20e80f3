import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ratingSchema } from '../../../src/contract/entities.ts';
import { apiPaths } from '../../../src/contract/routes.ts';
import { ratingPatchableFields } from '../../../src/contract/writes.ts';
import { frontCounter } from '../../../src/domain/roles.ts';
import { parseOrProblem } from '../../http/problem.ts';
import { readScope, storeScope } from '../../sync/scope.ts';
import { findRow, type RowSpec } from '../../sync/write-path.ts';
import type { ModuleContext } from '../context.ts';

export const ratings: RowSpec<typeof ratingSchema> = {
  table: 'ratings', schema: ratingSchema, scope: 'store', notFound: 'This rating does not exist at this store.',
};
const params = z.object({ ratingId: z.uuid('The rating id must be a UUID') });

/** A rating of the active store, and marking it read (spec section 4 "Rating"). */
export async function ratingRoutes(app: FastifyInstance, { db, auth, writes }: ModuleContext): Promise<void> {
  app.get(apiPaths.rating, async (request) => {
    const scope = await readScope(db, auth, request, 'ratings');
    const { ratingId } = parseOrProblem(params, request.params, 'The path');
    return findRow(db, ratings, scope, { ratingId });
  });

  app.patch(apiPaths.rating, async (request, reply) => {
    const scope = await storeScope(db, auth, request, frontCounter, 'ratings');
    const { ratingId } = parseOrProblem(params, request.params, 'The path');
    const result = await writes.run(request, scope, async (w) => {
      const { row, changed } = await w.patch(ratings, { ratingId }, request.body, ratingPatchableFields);
      if (changed) w.event(ratings, row, 'RatingViewedMessage', [ratingId]);
      return { status: 200, body: row };
    });
    return reply.code(result.status).send(result.body);
  });
}
