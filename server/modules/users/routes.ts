import type { FastifyInstance } from 'fastify';
import { apiPaths } from '../../../src/contract/routes.ts';
import { userSettingsSchema, type UserSettings } from '../../../src/contract/user.ts';
import { mayUseStore } from '../../../src/domain/roles.ts';
import type { Db } from '../../db/connect.ts';
import { ProblemError } from '../../http/problem.ts';
import { patchRow } from '../../sync/scope.ts';
import type { ModuleContext } from '../context.ts';

async function readSettings(db: Db, userId: string): Promise<UserSettings> {
  const row = await db.selectFrom('userSettings').select(['allTracCurrentStoreLocation', 'allTracHideInstallPrompt'])
    .where('userId', '=', userId).executeTakeFirst();
  return row ?? { allTracCurrentStoreLocation: null, allTracHideInstallPrompt: null };
}

/** "My user" and the user's settings (spec section 7, shell calls). */
export async function userRoutes(app: FastifyInstance, { db, auth }: ModuleContext): Promise<void> {
  app.get(apiPaths.me, async (request) => auth.authenticate(request));

  app.get(apiPaths.userSettings, async (request) => {
    const user = await auth.authenticate(request);
    return readSettings(db, user.userId);
  });

  app.patch(apiPaths.userSettings, async (request, reply) => {
    const user = await auth.authenticate(request);
    const current = await readSettings(db, user.userId);
    const { next: settings, changed } = patchRow(current, request.body, Object.keys(userSettingsSchema.shape), userSettingsSchema);
    if (!changed) return current;
    const storeId = settings.allTracCurrentStoreLocation;
    if (storeId !== null && !mayUseStore(user.roles, storeId)) {
      throw new ProblemError('forbidden', `You do not hold a role at store ${storeId}.`);
    }
    if (storeId !== null) {
      const store = await db.selectFrom('storeLocations').select('id').where('id', '=', storeId).where('deleted', '=', false).executeTakeFirst();
      if (!store) throw new ProblemError('validation', `Store ${storeId} does not exist.`, { errors: { allTracCurrentStoreLocation: ['No such store'] } });
    }
    await db.insertInto('userSettings').values({ userId: user.userId, ...settings })
      .onConflict((oc) => oc.column('userId').doUpdateSet(settings)).execute();
    return reply.send(settings);
  });
}
