import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import { systemNotificationSchema, type SystemNotification } from '../../../src/contract/entities.ts';
import { everyoneGroup, storeGroup, systemNoticeEvent } from '../../../src/contract/hub.ts';
import { activeStoreHeader, apiPaths } from '../../../src/contract/routes.ts';
import {
  createSystemNotificationSchema,
  patchedSystemNotificationSchema,
  systemNotificationContentMax,
  systemNotificationPatchableFields,
} from '../../../src/contract/system-notices.ts';
import { cleanNoticeMarkup } from '../../http/notice-markup.ts';
import { isPlatformAdmin } from '../../../src/domain/people/roles.ts';
import { applicationName } from '../../../src/contract/application-name.ts';
import { parseOrProblem, ProblemError, refuseProblems } from '../../http/problem.ts';
import { patchRow } from '../../sync/scope.ts';
import type { ModuleContext } from '../context.ts';
import type { Writer } from '../../sync/write-path.ts';

const columns = Object.keys(systemNotificationSchema.shape) as (keyof SystemNotification)[];

/** A notice as answered: only the markup a notice may carry, whenever it was stored (issue 46 item 24). */
const shown = (notice: SystemNotification): SystemNotification => ({ ...notice, content: cleanNoticeMarkup(notice.content) });

/** A notice as stored: its markup cleaned, and still saying something within its length once cleaned. */
function cleaned<T extends { content: string }>(notice: T): T {
  const content = cleanNoticeMarkup(notice.content);
  if (!content.replace(/<[^>]*>/g, '').trim()) refuseProblems({ content: ['Write what the notice says'] }, 'The notice');
  if (content.length > systemNotificationContentMax) refuseProblems({ content: ['Keep the notice under 10,000 characters, markup included'] }, 'The notice');
  return { ...notice, content };
}
const params = z.object({ systemNotificationId: z.uuid('The notice id must be a UUID') });

/**
 * System notifications (spec section 7): the active ones of this application for the caller's store (the
 * active-store header; without it, the notices for every store), and the high-severity alerts among them. The
 * platform's admins (PointSAdmin, issue 27) list, create and change them, ending one by patching its end;
 * ours, docs/api.md.
 */
export async function systemNotificationRoutes(app: FastifyInstance, { db, auth, clock, writes }: ModuleContext): Promise<void> {
  const active = async (request: FastifyRequest) => {
    const user = await auth.authenticate(request);
    // A store the user no longer works at (a device not synced since) gets the notices for every store, not a 403.
    const named = request.headers[activeStoreHeader.toLowerCase()] ? auth.activeStore.bind(auth) : null;
    let storeId: number | null = null;
    try {
      storeId = named ? named(request, user) : null;
    } catch (error) {
      if (!(error instanceof ProblemError) || error.problem.status !== 403) throw error;
    }
    const now = clock.now().toISOString();
    return db
      .selectFrom('systemNotifications')
      .select(columns)
      .where('application', '=', applicationName)
      .where('dateStarted', '<=', now)
      .where('dateEnded', '>', now)
      .where((eb) =>
        storeId === null ? eb('storeIds', 'is', null) : eb.or([eb('storeIds', 'is', null), sql<boolean>`store_ids @> ${JSON.stringify([storeId])}::jsonb`]),
      )
      .orderBy('dateStarted');
  };
  app.get(apiPaths.systemNotificationsActive, async (request) => ({ items: (await (await active(request)).execute()).map(shown) }));
  app.get(apiPaths.systemNotificationAlerts, async (request) => ({
    items: (await (await active(request)).where('severityLevel', '=', 'High').execute()).map(shown),
  }));

  const platformAdmin = async (request: FastifyRequest) => {
    const user = await auth.authenticate(request);
    if (!isPlatformAdmin(user.roles)) throw new ProblemError('forbidden', "Only the platform's administrators (PointSAdmin) manage system notices.");
    return user;
  };
  /**
   * After the write commits, every open device a notice concerns before or after the change (its stores', or
   * everyone's) fetches the active notices again at once: a High one sends staff to the maintenance page now and
   * its end lets them back (issue 53 item 2). Another application's notices concern no device here.
   */
  const tellDevices = (w: Writer, ...versions: SystemNotification[]) => {
    const groups = new Set(
      versions.filter((n) => n.application === applicationName).flatMap((n) => (n.storeIds === null ? [everyoneGroup] : n.storeIds.map(storeGroup))),
    );
    for (const group of groups)
      w.events.push({ companyId: w.scope.companyId, storeId: null, group, name: systemNoticeEvent, args: [versions[0]!.systemNotificationId] });
  };

  /** Stores a notice names must exist (a typo would show it nowhere); read through the write's transaction. */
  const storeProblems = async (trx: Writer['trx'], storeIds: number[] | null): Promise<Record<string, string[]>> => {
    if (storeIds === null) return {};
    const found = await trx.selectFrom('storeLocations').select('id').where('id', 'in', storeIds).where('deleted', '=', false).execute();
    const missing = storeIds.filter((id) => !found.some((s) => s.id === id));
    return missing.length === 0 ? {} : { storeIds: [`No store has the id ${missing.join(', ')}`] };
  };

  app.get(apiPaths.systemNotifications, async (request) => {
    await platformAdmin(request);
    return {
      items: (
        await db.selectFrom('systemNotifications').select(columns).orderBy('dateStarted', 'desc').orderBy('systemNotificationId').limit(500).execute()
      ).map(shown),
    };
  });

  app.post(apiPaths.systemNotifications, async (request, reply) => {
    const user = await platformAdmin(request);
    const model = cleaned(parseOrProblem(createSystemNotificationSchema, request.body, 'The notice'));
    const result = await writes.run(request, { user, companyId: user.companyId, storeId: null }, async (w) => {
      refuseProblems(await storeProblems(w.trx, model.storeIds), 'The notice');
      const existing = await w.trx
        .selectFrom('systemNotifications')
        .select(columns)
        .where('systemNotificationId', '=', model.systemNotificationId)
        .executeTakeFirst();
      if (existing) throw new ProblemError('conflict', 'A notice with this id exists already: change it with a patch.');
      await w.trx
        .insertInto('systemNotifications')
        .values({ ...model, storeIds: model.storeIds === null ? null : (JSON.stringify(model.storeIds) as never) })
        .execute();
      tellDevices(w, model);
      return { status: 201, body: model };
    });
    return reply.code(result.status).send(result.body);
  });

  /**
   * A JSON patch of the notice, applied to it as it is under its row lock (two admins' changes to different
   * fields are both kept); an empty one changes nothing. Ending a notice now is a patch of dateEnded.
   */
  app.patch(apiPaths.systemNotification, async (request, reply) => {
    const user = await platformAdmin(request);
    const { systemNotificationId } = parseOrProblem(params, request.params, 'The path');
    const result = await writes.run(request, { user, companyId: user.companyId, storeId: null }, async (w) => {
      const current = await w.trx
        .selectFrom('systemNotifications')
        .select(columns)
        .where('systemNotificationId', '=', systemNotificationId)
        .forUpdate()
        .executeTakeFirst();
      if (!current) throw new ProblemError('notFound', 'There is no such system notice.');
      const patched = patchRow(current, request.body, systemNotificationPatchableFields, patchedSystemNotificationSchema);
      if (!patched.changed) return { status: 200, body: shown(current) };
      const next = cleaned(patched.next);
      refuseProblems(await storeProblems(w.trx, next.storeIds), 'The notice');
      await w.trx
        .updateTable('systemNotifications')
        .set({ ...next, storeIds: next.storeIds === null ? null : (JSON.stringify(next.storeIds) as never) })
        .where('systemNotificationId', '=', systemNotificationId)
        .execute();
      tellDevices(w, current, next);
      return { status: 200, body: next };
    });
    return reply.code(result.status).send(result.body);
  });
}
