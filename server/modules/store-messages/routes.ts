import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { apiPaths } from '../../../src/contract/routes.ts';
import { frontCounter } from '../../../src/domain/people/roles.ts';
import { archiveChanges, markRepliedChanges } from '../../../src/domain/messages/store-message-rules.ts';
import { parseOrProblem, ProblemError } from '../../http/problem.ts';
import { readScope, storeScope } from '../../sync/scope.ts';
import { findRow } from '../../sync/write-path.ts';
import type { ModuleContext } from '../context.ts';
import { storeMessages } from './tables.ts';

const params = z.object({ storeMessageId: z.uuid('The message id must be a UUID') });

/** Marking a store message archived or replied, by the rules the device applies too. */
const actions = {
  'mark-archived': { path: apiPaths.markArchived, apply: archiveChanges },
  'mark-replied': { path: apiPaths.markReplied, apply: markRepliedChanges },
} as const;

export async function storeMessageRoutes(app: FastifyInstance, { db, auth, writes }: ModuleContext): Promise<void> {
  app.get(apiPaths.storeMessage, async (request) => {
    const scope = await readScope(db, auth, request, 'storeMessages');
    const { storeMessageId } = parseOrProblem(params, request.params, 'The path');
    return findRow(db, storeMessages, scope, { storeMessageId });
  });

  /**
   * Links a message to a customer (a new contact's first text, once staff made them a customer) or names its
   * sender: a JSON patch of `customerId` and `name` only.
   */
  app.patch(apiPaths.storeMessage, async (request, reply) => {
    const scope = await storeScope(db, auth, request, frontCounter, 'store messages');
    const { storeMessageId } = parseOrProblem(params, request.params, 'The path');
    const result = await writes.run(request, scope, async (w) => {
      const { row, changed } = await w.patch(storeMessages, { storeMessageId }, request.body, ['customerId', 'name'], {
        problems: async (current, next): Promise<Record<string, string[]>> => {
          if (!next.customerId || next.customerId === current.customerId) return {};
          const customer = await w.trx
            .selectFrom('customers')
            .select('customerId')
            .where('companyId', '=', scope.companyId)
            .where('customerId', '=', next.customerId)
            .where('deleted', '=', false)
            .executeTakeFirst();
          return customer ? {} : { customerId: ['This company has no such customer'] };
        },
      });
      if (changed) w.event(storeMessages, row, 'ReplicaChanged', ['storeMessages', storeMessageId]);
      return { status: 200, body: row };
    });
    return reply.code(result.status).send(result.body);
  });

  for (const action of Object.values(actions)) {
    app.post(action.path, async (request, reply) => {
      const scope = await storeScope(db, auth, request, frontCounter, 'store messages');
      const { storeMessageId } = parseOrProblem(params, request.params, 'The path');
      if (request.body !== undefined && request.body !== null) throw new ProblemError('badRequest', 'This call takes no body.');
      const result = await writes.run(request, scope, async (w) => {
        const { row, changed } = await w.change(storeMessages, { storeMessageId }, (current) =>
          action.apply(current, { userId: scope.user.userId, name: scope.user.name }),
        );
        if (changed) w.event(storeMessages, row, 'ReplicaChanged', ['storeMessages', storeMessageId]);
        return { status: 200, body: row };
      });
      return reply.code(result.status).send(result.body);
    });
  }
}
