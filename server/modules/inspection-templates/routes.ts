import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { inspectionTemplateSchema } from '../../../src/contract/entities.ts';
import { apiPaths } from '../../../src/contract/routes.ts';
import { inspectionTemplateWriteSchema } from '../../../src/contract/writes.ts';
import { defaultInspectionGroups, inspectionTemplateProblems } from '../../../src/domain/inspections/inspection-template.ts';
import { storeAdmins } from '../../../src/domain/people/roles.ts';
import { parseOrProblem, refuseProblems } from '../../http/problem.ts';
import { readScope, storeScope } from '../../sync/scope.ts';
import type { RowSpec } from '../../sync/write-path.ts';
import type { ModuleContext } from '../context.ts';

const templates: RowSpec<typeof inspectionTemplateSchema> = {
  table: 'inspectionTemplates',
  schema: inspectionTemplateSchema,
  scope: 'store',
  notFound: 'This store has no inspection template.',
};

/**
 * The active store's inspection template (settings, inspection reports): everyone at the store reads it
 * (technicians inspect by it); its admins replace it as a whole, groups and items in their order.
 */
export async function inspectionTemplateRoutes(app: FastifyInstance, { db, auth, writes }: ModuleContext): Promise<void> {
  app.get(apiPaths.inspectionTemplate, async (request) => {
    const scope = await readScope(db, auth, request, 'inspectionTemplates');
    const row = await db
      .selectFrom('inspectionTemplates')
      .select(['storeId', 'groups', 'version'])
      .where('companyId', '=', scope.companyId)
      .where('storeId', '=', scope.storeId)
      .where('deleted', '=', false)
      .executeTakeFirst();
    // A store that never saved one inspects by the usual multi-point template.
    return row ?? { storeId: scope.storeId, groups: defaultInspectionGroups(randomUUID), version: 0 };
  });

  app.put(apiPaths.inspectionTemplate, async (request, reply) => {
    const scope = await storeScope(db, auth, request, storeAdmins, 'the inspection template');
    const { groups } = parseOrProblem(inspectionTemplateWriteSchema, request.body, 'The inspection template');
    const trimmed = groups.map((g) => ({ ...g, name: g.name.trim(), items: g.items.map((i) => ({ ...i, name: i.name.trim() })) }));
    refuseProblems(inspectionTemplateProblems(trimmed), 'The inspection template');
    const next = { storeId: scope.storeId, groups: trimmed };
    const result = await writes.run(request, scope, async (w) => {
      const current = await w.read(templates, { storeId: scope.storeId });
      // A template is replaced, never removed: the first save makes the store's row.
      const row = current ? await w.update(templates, { storeId: scope.storeId }, current, next) : await w.create(templates, next);
      if (row.version !== current?.version) w.event(templates, row, 'ReplicaChanged', ['inspectionTemplates', String(scope.storeId)]);
      return { status: 200, body: row };
    });
    return reply.code(result.status).send(result.body);
  });
}
