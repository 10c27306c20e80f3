import type { FastifyInstance } from 'fastify';
import { apiPaths } from '../../../src/contract/routes.ts';
import { syncQuerySchema, type SyncChangesResponse } from '../../../src/contract/sync-messages.ts';
import { parseOrProblem, ProblemError } from '../../http/problem.ts';
import { rolesAtStore } from '../../../src/domain/people/roles.ts';
import { accessProfile } from '../../../src/domain/app/visibility.ts';
import { countRows, dataEpoch, readChanges } from '../../sync/changes.ts';
import { cursorLost, lostVersions } from '../../sync/restored-versions.ts';
import { deviceReportOf, recordDevice } from '../platform-health/device-report.ts';
import type { ModuleContext } from '../context.ts';

/** The change feed a device pulls for its active store (DESIGN.md, sync protocol). */
export async function syncRoutes(app: FastifyInstance, { db, auth, clock }: ModuleContext): Promise<void> {
  const epoch = dataEpoch(db);
  const lost = lostVersions(db);

  app.get(apiPaths.syncChanges, async (request): Promise<SyncChangesResponse> => {
    const user = await auth.authenticate(request);
    const storeId = auth.activeStore(request, user);
    const { since, limit, priority } = parseOrProblem(syncQuerySchema, request.query, 'The query');
    const store = await db.selectFrom('storeLocations').select('companyId').where('id', '=', storeId).where('deleted', '=', false).executeTakeFirst();
    if (!store) throw new ProblemError('notFound', `Store ${storeId} does not exist.`);
    const roles = rolesAtStore(user.roles, storeId);
    // A cursor past what a restored backup held: the device holds rows this server lost. Another epoch makes it
    // start its replica again (its waiting changes are kept and sent); server/sync/restored-versions.ts.
    if (cursorLost(since, await lost)) return { changes: [], hasMore: false, cursor: 0, epoch: `${await epoch}:${accessProfile(roles)}:restored` };
    const scope = { companyId: store.companyId, storeId, userId: user.userId, roles, ...(priority ? { priority: { now: clock.now() } } : {}) };
    const report = deviceReportOf(request.headers);
    // The device's report is kept beside the read, and a failure to keep it never fails the pull.
    const [{ changes, hasMore }] = await Promise.all([
      readChanges(db, scope, since, limit),
      report &&
        recordDevice(db, report, { userId: user.userId, signIn: auth.signInOf(request), companyId: store.companyId, storeId, now: clock.now() }).catch(
          (error: unknown) => request.log.warn({ err: error }, "A device's sync report was not kept"),
        ),
    ]);
    // What the user may read is part of the epoch: when it changes, the device starts its replica again, so it
    // loses what it may no longer see and gets what it now may.
    const page: SyncChangesResponse = { changes, hasMore, cursor: changes.at(-1)?.version ?? since, epoch: `${await epoch}:${accessProfile(roles)}` };
    if (since === 0) page.total = await countRows(db, scope);
    return page;
  });
}
