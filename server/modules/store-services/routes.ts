import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { storeServiceCategorySchema, storeServiceSchema } from '../../../src/contract/entities.ts';
import { apiPaths } from '../../../src/contract/routes.ts';
import { createStoreServiceSchema, storeServicePatchableFields, tractionServiceCodeSchema } from '../../../src/contract/writes.ts';
import { storeAdmins } from '../../../src/domain/people/roles.ts';
import { storeServiceProblems } from '../../../src/domain/store/store-service-rules.ts';
import { withAccess } from '../../../src/domain/app/visibility.ts';
import type { Db } from '../../db/connect.ts';
import { parseODataQuery, runODataList, type ODataResource } from '../../http/odata.ts';
import { parseOrProblem, refuseProblems } from '../../http/problem.ts';
import { readScope, storeScope, type StoreScope } from '../../sync/scope.ts';
import { findRow, type RowSpec, type Writer } from '../../sync/write-path.ts';
import type { ModuleContext } from '../context.ts';

export const storeServices: RowSpec<typeof storeServiceSchema> = {
  table: 'storeServices',
  schema: storeServiceSchema,
  scope: 'store',
  notFound: 'This store has no such service.',
  exists: 'A service with this id already exists.',
};

const columns = Object.keys(storeServiceSchema.shape) as (keyof typeof storeServiceSchema.shape)[];
const resource: ODataResource = { fields: Object.fromEntries(columns.map((c) => [c, c])), schema: storeServiceSchema };
const hashParams = z.object({ storeServiceHashId: z.string().min(1).max(64) });
const categoryColumns = Object.keys(storeServiceCategorySchema.shape) as (keyof typeof storeServiceCategorySchema.shape)[];

/** A category the store may file a service under: its own, or one the company shares with every store. */
async function categoryProblems(db: Db | Writer['trx'], scope: StoreScope, categoryId: string | null): Promise<Record<string, string[]>> {
  if (categoryId === null) return {};
  const found = await db
    .selectFrom('storeServiceCategories')
    .select('storeServiceCategoryId')
    .where('companyId', '=', scope.companyId)
    .where('deleted', '=', false)
    .where('storeServiceCategoryId', '=', categoryId)
    .where((eb) => eb.or([eb('storeId', '=', scope.storeId), eb('storeId', 'is', null)]))
    .executeTakeFirst();
  return found ? {} : { storeServiceCategoryId: ["Choose one of the store's categories"] };
}

/**
 * The active store's service catalogue (spec section 7 "Store services"). Everyone at the store reads it
 * (the bay books by it); its admins change it. Rows are addressed by their hashed id on the wire.
 */
export async function storeServiceRoutes(app: FastifyInstance, { db, auth, writes }: ModuleContext): Promise<void> {
  app.get(apiPaths.storeServices, async (request) => {
    const scope = await readScope(db, auth, request, 'storeServices');
    const query = parseODataQuery(request.query as Record<string, unknown>, resource);
    const base = db
      .selectFrom('storeServices')
      .select(columns)
      .where('companyId', '=', scope.companyId)
      .where('storeId', '=', scope.storeId)
      .where('deleted', '=', false);
    const list = await runODataList(base, query, resource, 'storeServiceId');
    return { ...list, items: list.items.map((row) => withAccess(row, scope.access)) };
  });

  app.get(apiPaths.storeServiceCategories, async (request) => {
    const scope = await readScope(db, auth, request, 'storeServiceCategories');
    const items = await db
      .selectFrom('storeServiceCategories')
      .select(categoryColumns)
      .where('companyId', '=', scope.companyId)
      .where('deleted', '=', false)
      .where((eb) => eb.or([eb('storeId', '=', scope.storeId), eb('storeId', 'is', null)]))
      .orderBy('sortOrder')
      .orderBy('name')
      .execute();
    return { items, count: items.length };
  });

  app.get(apiPaths.storeService, async (request) => {
    const scope = await readScope(db, auth, request, 'storeServices');
    const { storeServiceHashId } = parseOrProblem(hashParams, request.params, 'The path');
    return withAccess(await findRow(db, storeServices, scope, { storeServiceHashId }), scope.access);
  });

  app.post(apiPaths.storeServices, async (request, reply) => {
    const scope = await storeScope(db, auth, request, storeAdmins, "the store's services");
    const model = parseOrProblem(createStoreServiceSchema, request.body, 'The service');
    refuseProblems({ ...storeServiceProblems(model), ...(await categoryProblems(db, scope, model.storeServiceCategoryId)) }, 'The service');
    const result = await writes.run(request, scope, async (w) => {
      const row = await w.create(storeServices, { ...model, tractionServiceCode: null });
      w.event(storeServices, row, 'ReplicaChanged', ['storeServices', model.storeServiceId]);
      return { status: 201, body: row };
    });
    return reply.code(result.status).send(result.body);
  });

  app.patch(apiPaths.storeService, async (request, reply) => {
    const scope = await storeScope(db, auth, request, storeAdmins, "the store's services");
    const { storeServiceHashId } = parseOrProblem(hashParams, request.params, 'The path');
    const result = await writes.run(request, scope, async (w) => {
      const { row, changed } = await w.patch(storeServices, { storeServiceHashId }, request.body, storeServicePatchableFields, {
        problems: (_current, next) => storeServiceProblems(next),
      });
      refuseProblems(await categoryProblems(w.trx, scope, row.storeServiceCategoryId), 'The service');
      if (changed) w.event(storeServices, row, 'ReplicaChanged', ['storeServices', row.storeServiceId]);
      return { status: 200, body: row };
    });
    return reply.code(result.status).send(result.body);
  });

  /** Leaves the service on past visits (they name it) and takes it out of the catalogue on every device. */
  app.delete(apiPaths.storeService, async (request, reply) => {
    const scope = await storeScope(db, auth, request, storeAdmins, "the store's services");
    const { storeServiceHashId } = parseOrProblem(hashParams, request.params, 'The path');
    const result = await writes.run(request, scope, async (w) => {
      const row = await w.read(storeServices, { storeServiceHashId });
      // Deleting twice (a replay from an outbox, two admins) ends in the same place: no service.
      if (!row) return { status: 204, body: null };
      await w.tombstone(storeServices, { storeServiceHashId });
      w.event(storeServices, row, 'ReplicaChanged', ['storeServices', row.storeServiceId]);
      return { status: 204, body: null };
    });
    return reply.code(result.status).send();
  });

  app.get(apiPaths.storeServiceTractionCode, async (request) => {
    const scope = await storeScope(db, auth, request, storeAdmins, 'traction service codes');
    const { storeServiceHashId } = parseOrProblem(hashParams, request.params, 'The path');
    const row = await findRow(db, storeServices, scope, { storeServiceHashId });
    return { storeServiceHashId, tractionServiceCode: row.tractionServiceCode };
  });

  app.patch(apiPaths.storeServiceTractionCode, async (request, reply) => {
    const scope = await storeScope(db, auth, request, storeAdmins, 'traction service codes');
    const { storeServiceHashId } = parseOrProblem(hashParams, request.params, 'The path');
    const { tractionServiceCode } = parseOrProblem(tractionServiceCodeSchema, request.body, 'The traction service code');
    const code = tractionServiceCode?.trim() || null;
    const result = await writes.run(request, scope, async (w) => {
      const { row, changed } = await w.change(storeServices, { storeServiceHashId }, (current) =>
        current.tractionServiceCode === code ? null : { tractionServiceCode: code },
      );
      if (changed) w.event(storeServices, row, 'ReplicaChanged', ['storeServices', row.storeServiceId]);
      return { status: 200, body: { storeServiceHashId, tractionServiceCode: row.tractionServiceCode } };
    });
    return reply.code(result.status).send(result.body);
  });
}
