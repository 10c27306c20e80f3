import type { FastifyInstance } from 'fastify';
import { apiPaths } from '../../../src/contract/routes.ts';
import { userSettingsSchema, type UserSettings } from '../../../src/contract/user.ts';
import { mayUseStore } from '../../../src/domain/people/roles.ts';
import type { Db } from '../../db/connect.ts';
import { ProblemError } from '../../http/problem.ts';
import { patchRow } from '../../sync/scope.ts';
import type { ModuleContext } from '../context.ts';

async function readSettings(db: Db, userId: string): Promise<UserSettings> {
  const row = await db
    .selectFrom('userSettings')
    .select(['allTracCurrentStoreLocation', 'allTracHideInstallPrompt'])
    .where('userId', '=', userId)
    .executeTakeFirst();
  return row ?? { allTracCurrentStoreLocation: null, allTracHideInstallPrompt: null };
}

/** "My user" and the user's settings (spec section 7, shell calls). */
export async function userRoutes(app: FastifyInstance, { db, auth, writes }: ModuleContext): Promise<void> {
  app.get(apiPaths.me, async (request) => auth.authenticate(request));

  app.get(apiPaths.userSettings, async (request) => {
    const user = await auth.authenticate(request);
    return readSettings(db, user.userId);
  });

  /**
   * A JSON patch of the user's settings, through the write path: its Idempotency-Key is claimed first, and the
   * user's settings row is locked before it is read, so two devices changing two settings at once keep both.
   */
  app.patch(apiPaths.userSettings, async (request, reply) => {
    const user = await auth.authenticate(request);
    const result = await writes.run(request, { user, companyId: user.companyId, storeId: null }, async (w) => {
      await w.trx
        .insertInto('userSettings')
        .values({ userId: user.userId, allTracCurrentStoreLocation: null, allTracHideInstallPrompt: null })
        .onConflict((oc) => oc.column('userId').doNothing())
        .execute();
      const current = await w.trx
        .selectFrom('userSettings')
        .select(['allTracCurrentStoreLocation', 'allTracHideInstallPrompt'])
        .where('userId', '=', user.userId)
        .forUpdate()
        .executeTakeFirstOrThrow();
      const { next: settings, changed } = patchRow(current, request.body, Object.keys(userSettingsSchema.shape), userSettingsSchema);
      if (!changed) return { status: 200, body: current };
      const storeId = settings.allTracCurrentStoreLocation;
      if (storeId !== null && !mayUseStore(user.roles, storeId)) {
        throw new ProblemError('forbidden', `You do not hold a role at store ${storeId}.`);
      }
      if (storeId !== null) {
        const store = await w.trx.selectFrom('storeLocations').select('id').where('id', '=', storeId).where('deleted', '=', false).executeTakeFirst();
        if (!store) throw new ProblemError('validation', `Store ${storeId} does not exist.`, { errors: { allTracCurrentStoreLocation: ['No such store'] } });
      }
      await w.trx.updateTable('userSettings').set(settings).where('userId', '=', user.userId).execute();
      return { status: 200, body: settings };
    });
    return reply.code(result.status).send(result.body);
  });
}
