import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { notificationPreferenceSchema } from '../../../src/contract/entities.ts';
import { userNotificationKinds } from '../../../src/contract/enums.ts';
import { apiPaths } from '../../../src/contract/routes.ts';
import { allPreferences, preferenceFor } from '../../../src/domain/notification-preferences.ts';
import { takeVersions } from '../../db/versions.ts';
import { ProblemError } from '../../http/problem.ts';
import { patchRow } from '../../sync/scope.ts';
import { idempotentWrite } from '../../sync/write.ts';
import type { ModuleContext } from '../context.ts';

const params = z.object({ kind: z.string() });

/** Which kinds of notification the caller wants shown in the app (docs/decisions.md); only their own. */
export async function notificationPreferenceRoutes(app: FastifyInstance, { db, auth, events }: ModuleContext): Promise<void> {
  app.get(apiPaths.notificationPreferences, async (request) => {
    const user = await auth.authenticate(request);
    const rows = await db.selectFrom('notificationPreferences').select(['identityId', 'kind', 'inApp'])
      .where('identityId', '=', user.userId).where('deleted', '=', false).execute();
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
    const result = await idempotentWrite(db, events, request, user, async (trx) => {
      const saved = await trx.selectFrom('notificationPreferences').select(['identityId', 'kind', 'inApp'])
        .where('identityId', '=', user.userId).where('kind', '=', kind).where('deleted', '=', false).executeTakeFirst();
      const current = preferenceFor(saved ? [saved] : [], user.userId, kind);
      const { next, changed } = patchRow(current, request.body, ['inApp'], notificationPreferenceSchema);
      if (!changed) return { status: 200, body: current, events: [] };
      const version = await takeVersions(trx, user.companyId);
      await trx.insertInto('notificationPreferences')
        .values({ ...next, companyId: user.companyId, storeId: null, version })
        .onConflict((oc) => oc.columns(['identityId', 'kind']).doUpdateSet({ inApp: next.inApp, version, deleted: false }))
        .execute();
      return {
        status: 200, body: next,
        events: [{ companyId: user.companyId, storeId: null, name: 'ReplicaChanged', args: ['notificationPreferences', `${user.userId}/${kind}`] }],
      };
    });
    return reply.code(result.status).send(result.body);
  });
}
