import type { FastifyInstance } from 'fastify';
import jsonpatch, { type Operation } from 'fast-json-patch';
import { apiPaths } from '../../../src/contract/routes.ts';
import { jsonPatchSchema, userSettingsSchema, type UserSettings } from '../../../src/contract/user.ts';
import { mayUseStore } from '../../../src/domain/roles.ts';
import type { Db } from '../../db/connect.ts';
import { parseOrProblem, ProblemError } from '../../http/problem.ts';
import type { ModuleContext } from '../context.ts';

const settingsPaths = new Set(Object.keys(userSettingsSchema.shape).map((k) => `/${k}`));

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
    const patch = parseOrProblem(jsonPatchSchema, request.body, 'The JSON patch document');
    const current = await readSettings(db, user.userId);
    if (patch.length === 0) return current;

    for (const op of patch) {
      if (!settingsPaths.has(op.path)) {
        throw new ProblemError('validation', `The patch may change only ${[...settingsPaths].join(', ')}.`, { errors: { [op.path]: ['Unknown setting'] } });
      }
    }
    let next: unknown;
    try {
      next = jsonpatch.applyPatch(structuredClone(current), patch as Operation[], true, false).newDocument;
    } catch (error) {
      throw new ProblemError('validation', `The patch cannot be applied: ${(error as Error).message}`);
    }
    const settings = parseOrProblem(userSettingsSchema, next, 'The settings');
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
