import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql, type ExpressionBuilder } from 'kysely';
import { z } from 'zod';
import { storeMessageSchema } from '../../../src/contract/entities.ts';
import { apiPaths } from '../../../src/contract/routes.ts';
import { phoneDigits } from '../../../src/domain/people/phone.ts';
import type { Database } from '../../db/schema.ts';
import { parseODataQuery, runODataList, withDefaultOrder, type ODataResource } from '../../http/odata.ts';
import { parseOrProblem } from '../../http/problem.ts';
import { likePrefix, searchText } from '../../http/search.ts';
import { readScope } from '../../sync/scope.ts';
import { findRow } from '../../sync/write-path.ts';
import type { ModuleContext } from '../context.ts';
import { storeMessages } from './tables.ts';

const columns = Object.keys(storeMessageSchema.shape) as (keyof typeof storeMessageSchema.shape)[];
const resource: ODataResource = { fields: Object.fromEntries(columns.map((c) => [c, c])), schema: storeMessageSchema, maxTop: 500 };
const messageParams = z.object({ storeMessageId: z.uuid('The message id must be a UUID') });
const customerParams = z.object({ customerId: z.uuid('The customer id must be a UUID') });

/** A message matches a search by the start of its sender's name or email, the digits of their phone, or words of its content. */
function matching(text: string) {
  const digits = phoneDigits(text);
  return (eb: ExpressionBuilder<Database, 'storeMessages'>) =>
    eb.or([
      eb('name', 'ilike', likePrefix(text)),
      eb('email', 'ilike', likePrefix(text)),
      eb('content', 'ilike', `%${likePrefix(text)}`),
      ...(digits.length >= 3 ? [eb(sql<string>`regexp_replace(coalesce(phone_number, ''), '[^0-9]', '', 'g')`, 'like', `%${digits}%`)] : []),
    ]);
}

/**
 * The store messages lists of spec section 7: incoming messages (all, the new ones, by name, by date), a
 * customer's messages and a message's thread. Front counter only (technicians see no messages); each takes
 * the OData subset, and the incoming lists a quoted `search`.
 */
export async function storeMessageListRoutes(app: FastifyInstance, { db, auth }: ModuleContext): Promise<void> {
  const incoming = async (request: FastifyRequest, order: { field: string; direction: 'asc' | 'desc' }[], onlyNew = false) => {
    const scope = await readScope(db, auth, request, 'storeMessages');
    const { search, ...rest } = request.query as Record<string, unknown>;
    const text = searchText({ search });
    const query = parseODataQuery(rest, resource);
    let base = db
      .selectFrom('storeMessages')
      .select(columns)
      .where('companyId', '=', scope.companyId)
      .where('storeId', '=', scope.storeId)
      .where('deleted', '=', false)
      .where('messageDirection', '=', 'Inbound');
    if (onlyNew) base = base.where('isArchived', '=', false).where('repliedToByUserId', 'is', null);
    if (text) base = base.where(matching(text));
    return runODataList(base, query.orderBy.length > 0 ? query : { ...query, orderBy: order }, resource, 'storeMessageId');
  };
  const newestFirst = [{ field: 'sentOn', direction: 'desc' as const }];
  app.get(apiPaths.incomingMessages, (request) => incoming(request, newestFirst));
  app.get(apiPaths.newIncomingMessages, (request) => incoming(request, newestFirst, true));
  app.get(apiPaths.incomingMessagesByDate, (request) => incoming(request, newestFirst));
  app.get(apiPaths.incomingMessagesByName, (request) => incoming(request, [{ field: 'name', direction: 'asc' }, ...newestFirst]));

  // One list under two paths of the spec: the customer's messages at this store, both ways, oldest first.
  for (const path of [apiPaths.customerStoreMessages, apiPaths.storeMessagesOfCustomer]) {
    app.get(path, async (request) => {
      const scope = await readScope(db, auth, request, 'storeMessages');
      const { customerId } = parseOrProblem(customerParams, request.params, 'The path');
      const base = db
        .selectFrom('storeMessages')
        .select(columns)
        .where('companyId', '=', scope.companyId)
        .where('storeId', '=', scope.storeId)
        .where('deleted', '=', false)
        .where('customerId', '=', customerId);
      return runODataList(
        base,
        withDefaultOrder(parseODataQuery(request.query as Record<string, unknown>, resource), 'sentOn', 'asc'),
        resource,
        'storeMessageId',
      );
    });
  }

  /** The message and every message of its customer at this store or, for a sender who is no customer yet, of the same number or address; oldest first. */
  app.get(apiPaths.storeMessageThread, async (request) => {
    const scope = await readScope(db, auth, request, 'storeMessages');
    const { storeMessageId } = parseOrProblem(messageParams, request.params, 'The path');
    const opened = await findRow(db, storeMessages, scope, { storeMessageId });
    const base = db
      .selectFrom('storeMessages')
      .select(columns)
      .where('companyId', '=', scope.companyId)
      .where('storeId', '=', scope.storeId)
      .where('deleted', '=', false)
      .where((eb) =>
        opened.customerId
          ? eb('customerId', '=', opened.customerId)
          : eb.or([
              eb('storeMessageId', '=', storeMessageId),
              ...(opened.phoneNumber ? [eb('phoneNumber', '=', opened.phoneNumber)] : []),
              ...(opened.email ? [eb('email', '=', opened.email)] : []),
            ]),
      );
    return runODataList(
      base,
      withDefaultOrder(parseODataQuery(request.query as Record<string, unknown>, resource), 'sentOn', 'asc'),
      resource,
      'storeMessageId',
    );
  });
}
