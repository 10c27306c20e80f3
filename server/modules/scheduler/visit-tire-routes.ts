import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { apiPaths } from '../../../src/contract/routes.ts';
import { addVisitTiresSchema, recordDotSchema, visitTireSchema } from '../../../src/contract/visit-tires.ts';
import { bayAndCounter, frontCounter } from '../../../src/domain/people/roles.ts';
import { parseDot } from '../../../src/domain/tires/tire-dot.ts';
import { parseOrProblem, ProblemError, refuseProblems } from '../../http/problem.ts';
import { storeScope } from '../../sync/scope.ts';
import { storeToday } from '../store-today.ts';
import type { RowSpec } from '../../sync/write-path.ts';
import type { ModuleContext } from '../context.ts';
import { scheduledVisits } from './tables.ts';

export const visitTires: RowSpec<typeof visitTireSchema> = {
  table: 'visitTires',
  schema: visitTireSchema,
  scope: 'store',
  notFound: 'This store has no such tire on a visit.',
};
const visitParams = z.object({ scheduledVisitId: z.uuid('The visit id must be a UUID') });
const tireParams = z.object({ visitTireId: z.uuid('The tire id must be a UUID') });
const maxTiresPerVisit = 8;

/**
 * The tires a visit fits (ours, issue 26; docs/api.md): the counter adds them (booking the install of a quoted
 * option) and takes them off; the bay and the counter record each tire's DOT code as read off the sidewall. The
 * rows carry no price, so the bay reads them whole.
 */
export async function visitTireRoutes(app: FastifyInstance, { db, auth, writes, clock }: ModuleContext): Promise<void> {
  app.post(apiPaths.visitTires, async (request, reply) => {
    const scope = await storeScope(db, auth, request, frontCounter, "a visit's tires");
    const { scheduledVisitId } = parseOrProblem(visitParams, request.params, 'The path');
    const model = parseOrProblem(addVisitTiresSchema, request.body, 'The tires');
    const result = await writes.run(request, scope, async (w) => {
      const visit = await w.find(scheduledVisits, { scheduledVisitId });
      if (visit.cancelDate) throw new ProblemError('conflict', 'This visit was canceled: it fits no tires.');
      const current = await w.trx
        .selectFrom('visitTires')
        .select('visitTireId')
        .where('companyId', '=', scope.companyId)
        .where('scheduledVisitId', '=', scheduledVisitId)
        .where('deleted', '=', false)
        .execute();
      const have = new Set(current.map((t) => t.visitTireId));
      const adding = model.tires.filter((t) => !have.has(t.visitTireId));
      const catalogued = adding.flatMap((t) => (t.tireId ? [t.tireId] : []));
      const known =
        catalogued.length === 0
          ? []
          : await w.trx.selectFrom('tires').select('tireId').where('tireId', 'in', catalogued).where('deleted', '=', false).execute();
      refuseProblems(
        {
          ...(have.size + adding.length > maxTiresPerVisit
            ? { tires: [`A visit fits at most ${maxTiresPerVisit} tires; this one has ${have.size} already`] }
            : {}),
          ...(known.length < new Set(catalogued).size ? { tires: ['A tire is no longer in the catalogue: quote it again'] } : {}),
        },
        'The tires',
      );
      const rows = [];
      for (const tire of adding) {
        const row = await w.create(visitTires, { ...tire, scheduledVisitId, dotCode: null, dotRecordedAt: null, dotRecordedBy: null });
        w.event(visitTires, row, 'ReplicaChanged', ['visitTires', row.visitTireId]);
        rows.push(row);
      }
      return { status: adding.length > 0 ? 201 : 200, body: rows };
    });
    return reply.code(result.status).send(result.body);
  });

  app.delete(apiPaths.visitTire, async (request, reply) => {
    const scope = await storeScope(db, auth, request, frontCounter, "a visit's tires");
    const key = parseOrProblem(tireParams, request.params, 'The path');
    const result = await writes.run(request, scope, async (w) => {
      const removed = await w.remove(visitTires, key);
      if (removed) w.event(visitTires, removed, 'ReplicaChanged', ['visitTires', removed.visitTireId]);
      else {
        // Removed twice (a replay) ends in the same place; an id the store never had is not found.
        const gone = await w.trx
          .selectFrom('visitTires')
          .select('visitTireId')
          .where('companyId', '=', scope.companyId)
          .where('storeId', '=', scope.storeId)
          .where('visitTireId', '=', key.visitTireId)
          .executeTakeFirst();
        if (!gone) throw new ProblemError('notFound', visitTires.notFound);
      }
      return { status: 204, body: null };
    });
    return reply.code(result.status).send(result.body);
  });

  /**
   * A tire's DOT code as typed (spaces, case and a missing "DOT" forgiven), or null to clear a misread one. A code
   * that does not read is refused (a 400 naming what is wrong, nothing stored), a week after the store's current
   * one included: judged by the server's clock, which a code the bay read earlier (offline) has only passed since.
   */
  app.put(apiPaths.visitTireDot, async (request, reply) => {
    const scope = await storeScope(db, auth, request, bayAndCounter, "a visit's tires");
    const key = parseOrProblem(tireParams, request.params, 'The path');
    const { dotCode, onlyIfNone } = parseOrProblem(recordDotSchema, request.body, 'The DOT code');
    const parsed = dotCode === null ? null : parseDot(dotCode, await storeToday(db, scope.storeId, clock.now()));
    if (parsed && !parsed.ok) refuseProblems({ dotCode: [parsed.message] }, 'The DOT code');
    const code = parsed?.ok ? parsed.dot.code : null;
    const result = await writes.run(request, scope, async (w) => {
      // Recorded at the time the bay read it (its device's, when plausible), not when the outbox got through.
      const { row, changed } = await w.change(visitTires, key, (current) =>
        current.dotCode === code || (onlyIfNone && current.dotCode)
          ? null
          : {
              dotCode: code,
              dotRecordedAt: code ? w.actedAt() : null,
              dotRecordedBy: code ? scope.user.name : null,
            },
      );
      if (changed) w.event(visitTires, row, 'ReplicaChanged', ['visitTires', row.visitTireId]);
      return { status: 200, body: row };
    });
    return reply.code(result.status).send(result.body);
  });
}
