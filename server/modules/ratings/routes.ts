import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import { ratingSchema } from '../../../src/contract/entities.ts';
import type { CustomerRatingAverage } from '../../../src/contract/rating-request.ts';
import { apiPaths } from '../../../src/contract/routes.ts';
import { ratingPatchableFields } from '../../../src/contract/writes.ts';
import { frontCounter } from '../../../src/domain/people/roles.ts';
import { parseODataQuery, runODataList, withDefaultOrder, type ODataResource } from '../../http/odata.ts';
import { parseOrProblem, ProblemError } from '../../http/problem.ts';
import { likePrefix, searchText } from '../../http/search.ts';
import { readScope, storeScope, type StoreScope } from '../../sync/scope.ts';
import { findRow, type RowSpec } from '../../sync/write-path.ts';
import type { ModuleContext } from '../context.ts';
import { customersFound } from '../customers/customer-search.ts';

export const ratings: RowSpec<typeof ratingSchema> = {
  table: 'ratings',
  schema: ratingSchema,
  scope: 'store',
  notFound: 'This rating does not exist at this store.',
};
const columns = Object.keys(ratingSchema.shape) as (keyof typeof ratingSchema.shape)[];
// The shell's queries name IsRead in PascalCase; the parser matches any case.
const resource: ODataResource = {
  fields: Object.fromEntries(columns.filter((c) => c !== 'previousRatings').map((c) => [c, c])),
  schema: ratingSchema,
  maxTop: 500,
};
const params = z.object({ ratingId: z.uuid('The rating id must be a UUID') });
const visitParams = z.object({ visitId: z.uuid('The visit id must be a UUID') });
const customerParams = z.object({ customerId: z.uuid('The customer id must be a UUID') });

/**
 * The store's ratings (spec section 7 "Ratings"): the list with a quoted search and the OData subset the
 * shell uses (unread with count; visitDate on or after a day with count; newest first with count), also as
 * a POST whose body carries the same options; one rating, marking it read; a visit's rating; customers'
 * average scores. Front counter only: technicians see no ratings.
 */
export async function ratingRoutes(app: FastifyInstance, { db, auth, writes }: ModuleContext): Promise<void> {
  const list = async (scope: StoreScope, options: Record<string, unknown>) => {
    const { search, ...rest } = options;
    const text = searchText({ search });
    let base = db
      .selectFrom('ratings')
      .select(columns)
      .where('companyId', '=', scope.companyId)
      .where('storeId', '=', scope.storeId)
      .where('deleted', '=', false);
    // A search finds a rating by words of its comment or by its customer, found as the customer search finds them.
    if (text) {
      const found = await customersFound(db, scope.companyId, text);
      base = base.where((eb) => eb.or([eb('comment', 'ilike', `%${likePrefix(text)}`), ...(found.length > 0 ? [eb('customerId', 'in', found)] : [])]));
    }
    return runODataList(base, withDefaultOrder(parseODataQuery(rest, resource), 'visitDate', 'desc'), resource, 'ratingId');
  };
  app.get(apiPaths.ratings, async (request) => list(await readScope(db, auth, request, 'ratings'), request.query as Record<string, unknown>));
  app.post(apiPaths.ratings, async (request) => {
    const scope = await readScope(db, auth, request, 'ratings');
    const body = request.body ?? {};
    if (typeof body !== 'object' || Array.isArray(body))
      throw new ProblemError('badRequest', "Send the list's options ($filter, $orderby, $top, $skip, $count, search) as a JSON object.");
    return list(scope, Object.fromEntries(Object.entries(body).map(([k, v]) => [k, typeof v === 'string' ? v : String(v)])));
  });

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

  app.get(apiPaths.visitRating, async (request) => {
    const scope = await readScope(db, auth, request, 'ratings');
    const { visitId } = parseOrProblem(visitParams, request.params, 'The path');
    const row = await db
      .selectFrom('ratings')
      .select(columns)
      .where('companyId', '=', scope.companyId)
      .where('storeId', '=', scope.storeId)
      .where('visitId', '=', visitId)
      .where('deleted', '=', false)
      .executeTakeFirst();
    if (!row) throw new ProblemError('notFound', 'This visit has no rating yet.');
    return row;
  });

  const averages = (scope: StoreScope, customerId?: string) => {
    let query = db
      .selectFrom('ratings')
      .select(['customerId', sql<number>`avg(score)::float8`.as('average'), sql<number>`count(*)::int`.as('count')])
      .where('companyId', '=', scope.companyId)
      .where('storeId', '=', scope.storeId)
      .where('deleted', '=', false)
      .where('customerId', 'is not', null)
      .groupBy('customerId');
    if (customerId) query = query.where('customerId', '=', customerId);
    return query;
  };
  app.get(apiPaths.customersRatingAverages, async (request) => {
    const scope = await readScope(db, auth, request, 'ratings');
    const { $top, $skip } = parseOrProblem(
      z
        .object({
          $top: z.coerce.number().int().min(1).max(1000).default(100),
          $skip: z.coerce.number().int().min(0).default(0),
        })
        .passthrough(),
      request.query,
      'The query',
    );
    const items = (await averages(scope).orderBy('customerId').limit($top).offset($skip).execute()) as CustomerRatingAverage[];
    const total = await db
      .selectFrom('ratings')
      .select(sql<number>`count(distinct customer_id)::int`.as('n'))
      .where('companyId', '=', scope.companyId)
      .where('storeId', '=', scope.storeId)
      .where('deleted', '=', false)
      .executeTakeFirstOrThrow();
    return { items, count: total.n };
  });
  app.get(apiPaths.customerRatingAverage, async (request): Promise<CustomerRatingAverage> => {
    const scope = await readScope(db, auth, request, 'ratings');
    const { customerId } = parseOrProblem(customerParams, request.params, 'The path');
    const row = await averages(scope, customerId).executeTakeFirst();
    return row ? { customerId, average: row.average, count: row.count } : { customerId, average: null, count: 0 };
  });
}
