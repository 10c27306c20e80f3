import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { tractionOrderSchema } from '../../../src/contract/entities.ts';
import { apiPaths } from '../../../src/contract/routes.ts';
import { frontCounter } from '../../../src/domain/people/roles.ts';
import { parseODataQuery, runODataList, withDefaultOrder, type ODataResource } from '../../http/odata.ts';
import { parseOrProblem, ProblemError } from '../../http/problem.ts';
import { likePrefix, searchText } from '../../http/search.ts';
import { readScope, storeScope, type StoreScope } from '../../sync/scope.ts';
import { findRow, type RowSpec } from '../../sync/write-path.ts';
import type { ModuleContext } from '../context.ts';
import { scheduledVisits } from '../scheduler/tables.ts';

export const tractionOrders: RowSpec<typeof tractionOrderSchema> = {
  table: 'tractionOrders',
  schema: tractionOrderSchema,
  scope: 'store',
  notFound: 'This store has no such traction order.',
};
const columns = Object.keys(tractionOrderSchema.shape) as (keyof typeof tractionOrderSchema.shape)[];
const resource: ODataResource = { fields: Object.fromEntries(columns.map((c) => [c, c])), schema: tractionOrderSchema, maxTop: 500 };
const params = z.object({ tractionOrderId: z.uuid('The order id must be a UUID') });

/**
 * Traction orders (spec section 7): orders from the service system, for stores with a service key only; a
 * store without one has no traction orders and these calls answer 403 saying why. The list finds an order by
 * the start of its customer's name, its company's name or its invoice number; assigning its visit (PATCH
 * relatedVisitId) puts the invoice number on the visit and raises WorkOrderAdded.
 */
export async function tractionOrderRoutes(app: FastifyInstance, { db, auth, writes }: ModuleContext): Promise<void> {
  const withServiceKey = async (scope: StoreScope) => {
    const store = await db.selectFrom('storeLocations').select('serviceKey').where('id', '=', scope.storeId).executeTakeFirstOrThrow();
    if (!store.serviceKey) throw new ProblemError('forbidden', 'Traction orders are off for this store: it has no service key (Settings, General).');
    return scope;
  };
  const reader = async (request: FastifyRequest) => withServiceKey(await readScope(db, auth, request, 'tractionOrders'));

  app.get(apiPaths.tractionOrders, async (request) => {
    const scope = await reader(request);
    const { search, ...rest } = request.query as Record<string, unknown>;
    const text = searchText({ search });
    let base = db
      .selectFrom('tractionOrders')
      .select(columns)
      .where('companyId', '=', scope.companyId)
      .where('storeId', '=', scope.storeId)
      .where('deleted', '=', false);
    if (text) {
      const prefix = likePrefix(text);
      base = base.where((eb) =>
        eb.or([
          eb('customerFirstName', 'ilike', prefix),
          eb('customerLastName', 'ilike', prefix),
          eb('companyName', 'ilike', prefix),
          eb('invoiceNumber', 'ilike', prefix),
        ]),
      );
    }
    return runODataList(base, withDefaultOrder(parseODataQuery(rest, resource), 'orderDate', 'desc'), resource, 'tractionOrderId');
  });

  app.get(apiPaths.tractionOrder, async (request) => {
    const scope = await reader(request);
    return findRow(db, tractionOrders, scope, parseOrProblem(params, request.params, 'The path'));
  });

  app.patch(apiPaths.tractionOrder, async (request, reply) => {
    const scope = await withServiceKey(await storeScope(db, auth, request, frontCounter, 'traction orders'));
    const key = parseOrProblem(params, request.params, 'The path');
    const result = await writes.run(request, scope, async (w) => {
      const before = await w.find(tractionOrders, key);
      const { row, changed } = await w.patch(tractionOrders, key, request.body, ['relatedVisitId'], {
        problems: async (_current, next): Promise<Record<string, string[]>> =>
          next.relatedVisitId && !(await w.read(scheduledVisits, { scheduledVisitId: next.relatedVisitId }))
            ? { relatedVisitId: ['This store has no such visit'] }
            : {},
      });
      if (changed) {
        w.event(tractionOrders, row, 'ReplicaChanged', ['tractionOrders', row.tractionOrderId]);
        if (before.relatedVisitId && before.relatedVisitId !== row.relatedVisitId) {
          const left = await w.change(scheduledVisits, { scheduledVisitId: before.relatedVisitId }, (v) =>
            v.tractionInvoiceNumber === row.invoiceNumber ? { tractionInvoiceNumber: null } : null,
          );
          if (left.changed) w.event(scheduledVisits, left.row, 'VisitChanged', [before.relatedVisitId]);
        }
        if (row.relatedVisitId) {
          const visit = await w.change(scheduledVisits, { scheduledVisitId: row.relatedVisitId }, (v) =>
            v.tractionInvoiceNumber === row.invoiceNumber ? null : { tractionInvoiceNumber: row.invoiceNumber },
          );
          if (visit.changed) w.event(scheduledVisits, visit.row, 'VisitChanged', [row.relatedVisitId]);
          w.event(tractionOrders, row, 'WorkOrderAdded', [row.relatedVisitId, row.tractionOrderId]);
        }
      }
      return { status: 200, body: row };
    });
    return reply.code(result.status).send(result.body);
  });
}
