import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { notificationPreferenceSchema } from '../../../src/contract/entities.ts';
import { userNotificationKinds } from '../../../src/contract/enums.ts';
import { apiPaths } from '../../../src/contract/routes.ts';
import { allPreferences, preferenceFor } from '../../../src/domain/messages/notification-preferences.ts';
import { ProblemError } from '../../http/problem.ts';
import { ownScope, patchRow } from '../../sync/scope.ts';
import type { RowSpec } from '../../sync/write-path.ts';
import type { ModuleContext } from '../context.ts';

const params = z.object({ kind: z.string() });
const preferences: RowSpec<typeof notificationPreferenceSchema> = {
  table: 'notificationPreferences',
  schema: notificationPreferenceSchema,
  scope: { ownedBy: 'identityId' },
  notFound: 'This notification setting does not exist.',
};

/** Which kinds of notification the caller wants shown in the app (docs/decisions/shell-and-pwa.md); only their own. */
export async function notificationPreferenceRoutes(app: FastifyInstance, { db, auth, writes }: ModuleContext): Promise<void> {
  app.get(apiPaths.notificationPreferences, async (request) => {
    const user = await auth.authenticate(request);
    const rows = await db
      .selectFrom('notificationPreferences')
      .select(['identityId', 'kind', 'inApp'])
      .where('identityId', '=', user.userId)
      .where('deleted', '=', false)
      .execute();
    return { items: allPreferences(rows, user.userId) };
  });

  app.patch(apiPaths.notificationPreference, async (request, reply) => {
    const user = await auth.authenticate(request);
    const { kind: named } = params.parse(request.params);
    const parsedKind = userNotificationKinds.schema.safeParse(named);
    if (!parsedKind.success) {
      throw new ProblemError('notFound', `There is no notification kind "${named}"; the kinds are ${userNotificationKinds.values.join(', ')}.`);
    }
    const kind = parsedKind.data;
    const result = await writes.run(request, ownScope(user), async (w) => {
      const key = { identityId: user.userId, kind };
      const saved = await w.read(preferences, key);
      // No saved row is the default (shown): the first change creates the row.
      const current = saved ?? preferenceFor([], user.userId, kind);
      const { next, changed } = patchRow(current, request.body, ['inApp'], notificationPreferenceSchema);
      if (!changed) return { status: 200, body: current };
      const row = saved ? await w.update(preferences, key, saved, next) : await w.create(preferences, next);
      w.event(preferences, row, 'ReplicaChanged', ['notificationPreferences', `${user.userId}/${kind}`]);
      return { status: 200, body: row };
    });
    return reply.code(result.status).send(result.body);
  });
}
