import type { FastifyInstance } from 'fastify';
import { roles } from '../../../src/contract/enums.ts';
import { apiPaths } from '../../../src/contract/routes.ts';
import { createSupportRequestSchema } from '../../../src/contract/writes.ts';
import { supportRequestListItemSchema, supportRequestSchema } from '../../../src/contract/entities.ts';
import { isPlatformAdmin } from '../../../src/domain/people/roles.ts';
import { parseODataQuery, runODataList, type ODataResource } from '../../http/odata.ts';
import { parseOrProblem } from '../../http/problem.ts';
import { storeScope } from '../../sync/scope.ts';
import type { RowSpec } from '../../sync/write-path.ts';
import type { ModuleContext } from '../context.ts';

const supportRequests: RowSpec<typeof supportRequestSchema> = {
  table: 'supportRequests',
  schema: supportRequestSchema,
  scope: { ownedBy: 'identityId' },
  notFound: 'This message to support does not exist.',
  exists: 'This message was already sent to support.',
};

const resource: ODataResource = {
  fields: {
    supportRequestId: 'supportRequests.supportRequestId',
    identityId: 'supportRequests.identityId',
    subject: 'supportRequests.subject',
    dateSubmitted: 'supportRequests.dateSubmitted',
    storeId: 'supportRequests.storeId',
    companyName: 'companies.name',
    senderEmail: 'users.email',
    senderName: 'users.name',
    storeName: 'storeLocations.name',
    storeNumber: 'storeLocations.storeNumber',
  },
  schema: supportRequestListItemSchema,
  maxTop: 100,
};

/**
 * Messages to platform support from Help & Support (docs/decisions/shell-and-pwa.md). Anyone signed in sends them from
 * their active store; PointSAdmin users list them all, with who sent them and from where; others list their own.
 */
export async function supportRoutes(app: FastifyInstance, { db, auth, writes }: ModuleContext): Promise<void> {
  app.post(apiPaths.supportRequests, async (request, reply) => {
    const scope = await storeScope(db, auth, request, roles.values, 'support requests');
    const model = parseOrProblem(createSupportRequestSchema, request.body, 'The message to support');
    const result = await writes.run(request, scope, async (w) => {
      const row = await w.create(supportRequests, { ...model, identityId: scope.user.userId, dateSubmitted: w.now.toISOString() }, { storeId: scope.storeId });
      w.event(supportRequests, row, 'ReplicaChanged', ['supportRequests', model.supportRequestId]);
      return { status: 201, body: { ...row, storeId: scope.storeId } };
    });
    return reply.code(result.status).send(result.body);
  });

  app.get(apiPaths.supportRequests, async (request) => {
    const user = await auth.authenticate(request);
    const query = parseODataQuery(request.query as Record<string, unknown>, resource);
    let base = db
      .selectFrom('supportRequests')
      .innerJoin('users', 'users.userId', 'supportRequests.identityId')
      .innerJoin('companies', 'companies.id', 'supportRequests.companyId')
      .leftJoin('storeLocations', 'storeLocations.id', 'supportRequests.storeId')
      .select([
        'supportRequests.supportRequestId',
        'supportRequests.identityId',
        'supportRequests.subject',
        'supportRequests.message',
        'supportRequests.callbackPhone',
        'supportRequests.dateSubmitted',
        'supportRequests.storeId',
        'users.name as senderName',
        'users.email as senderEmail',
        'companies.name as companyName',
        'storeLocations.name as storeName',
        'storeLocations.storeNumber',
      ])
      .where('supportRequests.deleted', '=', false);
    if (!isPlatformAdmin(user.roles)) base = base.where('supportRequests.identityId', '=', user.userId);
    if (query.orderBy.length === 0) query.orderBy.push({ field: 'dateSubmitted', direction: 'desc' });
    return runODataList(base, query, resource, 'supportRequests.supportRequestId');
  });
}
