import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { userNotificationSchema, type UserNotification } from '../../../src/contract/entities.ts';
import { apiPaths } from '../../../src/contract/routes.ts';
import { kindsHiddenInApp } from '../../../src/domain/messages/notification-preferences.ts';
import { parseODataQuery, runODataList, type ODataResource } from '../../http/odata.ts';
import { parseOrProblem } from '../../http/problem.ts';
import { ownScope } from '../../sync/scope.ts';
import type { RowSpec } from '../../sync/write-path.ts';
import type { ModuleContext } from '../context.ts';

const columns = Object.keys(userNotificationSchema.shape) as (keyof UserNotification)[];
// The spec's query names fields in PascalCase (IdentityId, DateAdded); the parser matches any case.
const resource: ODataResource = { fields: Object.fromEntries(columns.map((c) => [c, c])), schema: userNotificationSchema, maxTop: 100 };
const params = z.object({ userNotificationId: z.uuid('The notification id must be a UUID') });
export const userNotifications: RowSpec<typeof userNotificationSchema> = {
  table: 'userNotifications',
  schema: userNotificationSchema,
  scope: { ownedBy: 'identityId' },
  notFound: 'This notification does not exist.',
};

/**
 * The caller's own notifications (spec section 7, shell calls); nobody reads another user's. The unread count
 * is the bell's, so it leaves out the kinds the caller turned off in the app.
 */
export async function notificationRoutes(app: FastifyInstance, { db, auth, writes }: ModuleContext): Promise<void> {
  app.get(apiPaths.userNotifications, async (request) => {
    const user = await auth.authenticate(request);
    const query = parseODataQuery(request.query as Record<string, unknown>, resource);
    const base = db.selectFrom('userNotifications').select(columns).where('identityId', '=', user.userId).where('deleted', '=', false);
    return runODataList(base, query, resource, 'userNotificationId');
  });

  app.get(apiPaths.userNotificationStatusCount, async (request) => {
    const user = await auth.authenticate(request);
    const preferences = await db
      .selectFrom('notificationPreferences')
      .select(['kind', 'inApp'])
      .where('identityId', '=', user.userId)
      .where('deleted', '=', false)
      .execute();
    const hidden = kindsHiddenInApp(preferences);
    let unread = db
      .selectFrom('userNotifications')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('identityId', '=', user.userId)
      .where('dateMarkedRead', 'is', null)
      .where('deleted', '=', false);
    if (hidden.length > 0) unread = unread.where('kind', 'not in', hidden);
    const row = await unread.executeTakeFirstOrThrow();
    return { unreadNotifications: Number(row.n) };
  });

  app.patch(apiPaths.userNotification, async (request, reply) => {
    const user = await auth.authenticate(request);
    const { userNotificationId } = parseOrProblem(params, request.params, 'The path');
    const result = await writes.run(request, ownScope(user), async (w) => {
      const { row, changed } = await w.patch(userNotifications, { userNotificationId }, request.body, ['dateMarkedRead']);
      if (changed) w.event(userNotifications, row, 'ReplicaChanged', ['userNotifications', userNotificationId]);
      return { status: 200, body: row };
    });
    return reply.code(result.status).send(result.body);
  });
}
