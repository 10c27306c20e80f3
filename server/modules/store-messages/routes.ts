import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { storeMessageSchema, type StoreMessage } from '../../../src/contract/entities.ts';
import { apiPaths } from '../../../src/contract/routes.ts';
import type { Db } from '../../db/connect.ts';
import { takeVersions } from '../../db/versions.ts';
import { frontCounter } from '../../../src/domain/roles.ts';
import { parseOrProblem, ProblemError } from '../../http/problem.ts';
import { storeScope, type StoreScope } from '../../sync/scope.ts';
import { idempotentWrite } from '../../sync/write.ts';
import type { ModuleContext } from '../context.ts';

const columns = Object.keys(storeMessageSchema.shape) as (keyof StoreMessage)[];
const params = z.object({ storeMessageId: z.uuid('The message id must be a UUID') });

async function findMessage(db: Db, scope: StoreScope, storeMessageId: string): Promise<StoreMessage> {
  const row = await db.selectFrom('storeMessages').select(columns)
    .where('storeMessageId', '=', storeMessageId).where('storeId', '=', scope.storeId).where('deleted', '=', false).executeTakeFirst();
  if (!row) throw new ProblemError('notFound', 'This message does not exist at this store.');
  return row;
}

/** Marking a store message archived or replied (spec section 4 "Store message"). */
export async function storeMessageRoutes(app: FastifyInstance, { db, auth, events }: ModuleContext): Promise<void> {
  app.get(apiPaths.storeMessage, async (request) => {
    const scope = await storeScope(db, auth, request, frontCounter);
    const { storeMessageId } = parseOrProblem(params, request.params, 'The path');
    return findMessage(db, scope, storeMessageId);
  });

  for (const action of ['mark-archived', 'mark-replied'] as const) {
    app.post(action === 'mark-archived' ? apiPaths.markArchived : apiPaths.markReplied, async (request, reply) => {
      const scope = await storeScope(db, auth, request, frontCounter);
      const { storeMessageId } = parseOrProblem(params, request.params, 'The path');
      const result = await idempotentWrite(db, events, request, scope.user, async (trx) => {
        const current = await findMessage(trx, scope, storeMessageId);
        const next: StoreMessage = action === 'mark-archived'
          ? { ...current, isArchived: true }
          : { ...current, repliedToByUserId: current.repliedToByUserId ?? scope.user.userId, repliedToByUserName: current.repliedToByUserName ?? scope.user.name };
        if (next.isArchived === current.isArchived && next.repliedToByUserId === current.repliedToByUserId) return { status: 200, body: current, events: [] };
        const version = await takeVersions(trx, scope.companyId);
        await trx.updateTable('storeMessages')
          .set({ isArchived: next.isArchived, repliedToByUserId: next.repliedToByUserId, repliedToByUserName: next.repliedToByUserName, version })
          .where('storeMessageId', '=', storeMessageId).execute();
        return { status: 200, body: next, events: [{ companyId: scope.companyId, storeId: scope.storeId, name: 'ReplicaChanged', args: ['storeMessages', storeMessageId] }] };
      });
      return reply.code(result.status).send(result.body);
    });
  }
}
