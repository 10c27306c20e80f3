import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { apiPaths } from '../../../src/contract/routes.ts';
import { createTireFeeSchema, tireFeePatchableFields, tireFeeRowSchema, type TireFeeRow } from '../../../src/contract/tire-pricing.ts';
import { storeAdmins } from '../../../src/domain/people/roles.ts';
import { tireFeeOverlaps } from '../../../src/domain/tires/tire-fees.ts';
import { parseODataQuery, runODataList, type ODataResource } from '../../http/odata.ts';
import { parseOrProblem, ProblemError } from '../../http/problem.ts';
import { readScope, storeScope, type StoreScope } from '../../sync/scope.ts';
import { findRow, type RowSpec, type Writer } from '../../sync/write-path.ts';
import type { ModuleContext } from '../context.ts';

export const tireFees: RowSpec<typeof tireFeeRowSchema> = {
  table: 'tireFees',
  schema: tireFeeRowSchema,
  scope: 'store',
  notFound: 'This store has no such state tire fee amount.',
  exists: 'A state tire fee amount with this id already exists.',
};

const columns = Object.keys(tireFeeRowSchema.shape) as (keyof typeof tireFeeRowSchema.shape)[];
const resource: ODataResource = { fields: Object.fromEntries(columns.map((c) => [c, c])), schema: tireFeeRowSchema };
const params = z.object({ tireFeeId: z.uuid('The fee id must be a UUID') });
const what = "the store's state tire fees";

/**
 * Refuses `row` when it shares a day with another row of its fee at the store. Read under the store's fee lock
 * (taken first by every fee write): two admins changing one fee's rows at once are checked one after the other,
 * the second against the first's rows, so the store never holds two amounts of a fee on one day.
 * `field` is the one the refusal is named under: the date (or name) the write changed.
 */
async function refuseOverlaps(w: Writer, scope: StoreScope, row: TireFeeRow, field: string): Promise<void> {
  const rows = await w.trx
    .selectFrom('tireFees')
    .select(columns)
    .where('companyId', '=', scope.companyId)
    .where('storeId', '=', scope.storeId)
    .where('deleted', '=', false)
    .execute();
  const overlaps = tireFeeOverlaps(rows, row);
  if (overlaps.length > 0) throw new ProblemError('validation', `${overlaps[0]}.`, { errors: { [field]: overlaps } });
}

const lockFeesOf = (w: Writer, scope: StoreScope) => w.lockOn('tire-fees-of-store', scope.storeId);

/**
 * A store's state tire fees (ours, issue 26), as rows with effective dates: a fee is the rows of one name, and
 * a rate change is a new row from a date, the old one ending the day before. The front counter reads them to
 * quote (the amount in force on the quote's date, per tire sold); the store's admins (Retail Management) write
 * them, with device-made ids, through the one write path. A write that would leave two rows of one fee on the
 * same day is a 400 naming both rows' dates; a gap is not refused (the rate change's two calls pass through
 * one), and the quote names a gap it meets.
 */
export async function tireFeeRoutes(app: FastifyInstance, { db, auth, writes }: ModuleContext): Promise<void> {
  app.get(apiPaths.tireFees, async (request) => {
    const scope = await readScope(db, auth, request, 'tireFees');
    const base = db
      .selectFrom('tireFees')
      .select(columns)
      .where('companyId', '=', scope.companyId)
      .where('storeId', '=', scope.storeId)
      .where('deleted', '=', false);
    const query = parseODataQuery(request.query as Record<string, unknown>, resource);
    // By name, then the day each amount starts: a fee's history reads in order, as Retail Management lists it.
    const ordered =
      query.orderBy.length > 0
        ? query
        : {
            ...query,
            orderBy: [
              { field: 'name', direction: 'asc' as const },
              { field: 'effectiveFrom', direction: 'asc' as const },
            ],
          };
    return runODataList(base, ordered, resource, 'tireFeeId');
  });

  app.get(apiPaths.tireFee, async (request) => {
    const scope = await readScope(db, auth, request, 'tireFees');
    return findRow(db, tireFees, scope, parseOrProblem(params, request.params, 'The path'));
  });

  app.post(apiPaths.tireFees, async (request, reply) => {
    const scope = await storeScope(db, auth, request, storeAdmins, what);
    const model = parseOrProblem(createTireFeeSchema, request.body, 'The fee');
    const result = await writes.run(request, scope, async (w) => {
      await lockFeesOf(w, scope);
      await refuseOverlaps(w, scope, model, 'effectiveFrom');
      const row = await w.create(tireFees, model);
      w.event(tireFees, row, 'ReplicaChanged', ['tireFees', row.tireFeeId]);
      return { status: 201, body: row };
    });
    return reply.code(result.status).send(result.body);
  });

  app.patch(apiPaths.tireFee, async (request, reply) => {
    const scope = await storeScope(db, auth, request, storeAdmins, what);
    const key = parseOrProblem(params, request.params, 'The path');
    const result = await writes.run(request, scope, async (w) => {
      await lockFeesOf(w, scope);
      const { row, changed } = await w.patch(tireFees, key, request.body, tireFeePatchableFields, {
        // Refused here rather than returned, so the answer's detail is the overlap itself, dates and all.
        problems: async (current, next) => {
          const field = (['effectiveFrom', 'effectiveThrough', 'name'] as const).find((f) => current[f] !== next[f]);
          if (field) await refuseOverlaps(w, scope, next, field);
          return {};
        },
      });
      if (changed) w.event(tireFees, row, 'ReplicaChanged', ['tireFees', row.tireFeeId]);
      return { status: 200, body: row };
    });
    return reply.code(result.status).send(result.body);
  });

  app.delete(apiPaths.tireFee, async (request, reply) => {
    const scope = await storeScope(db, auth, request, storeAdmins, what);
    const key = parseOrProblem(params, request.params, 'The path');
    const result = await writes.run(request, scope, async (w) => {
      await lockFeesOf(w, scope);
      const removed = await w.remove(tireFees, key);
      if (removed) {
        w.event(tireFees, removed, 'ReplicaChanged', ['tireFees', removed.tireFeeId]);
        return { status: 204, body: null };
      }
      // Removing twice (a replay, two admins) ends in the same place; an id the store never had is not found.
      const gone = await w.trx
        .selectFrom('tireFees')
        .select('tireFeeId')
        .where('companyId', '=', scope.companyId)
        .where('storeId', '=', scope.storeId)
        .where('tireFeeId', '=', key.tireFeeId)
        .executeTakeFirst();
      if (!gone) throw new ProblemError('notFound', tireFees.notFound);
      return { status: 204, body: null };
    });
    return reply.code(result.status).send();
  });
}
