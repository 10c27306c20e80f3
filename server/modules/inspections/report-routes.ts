import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { inspectionItemSchema, inspectionReportSchema } from '../../../src/contract/entities.ts';
import { fillPath } from '../../../src/contract/fill-path.ts';
import { apiPaths, publicPagePaths } from '../../../src/contract/routes.ts';
import { createInspectionReportSchema, inspectionReportPatchableFields, saveInspectionItemSchema } from '../../../src/contract/writes.ts';
import { setInspectionFixSchema } from '../../../src/contract/inspection-fix.ts';
import { priceFix } from '../../../src/domain/inspections/inspection-fixes.ts';
import { completionProblems, inspectionItemProblems, needsDecision, reportSendProblem } from '../../../src/domain/inspections/inspections.ts';
import { bayAndCounter, frontCounter, hasRole } from '../../../src/domain/people/roles.ts';
import { parseOrProblem, ProblemError, refuseProblems } from '../../http/problem.ts';
import { asReadBy, readScope, storeScope } from '../../sync/scope.ts';
import { findRow, type RowSpec, type Writer } from '../../sync/write-path.ts';
import { queueVisitMessage } from '../../messaging/visit-message.ts';
import type { ModuleContext } from '../context.ts';
import { technicianProblems } from '../scheduler/references.ts';
import { storeDateAt, storeToday } from '../store-today.ts';
import { storePriceList, tirePricesByRule } from '../tire-quotes/prices.ts';
import { choicesAtRulePrices, tireIdsOf } from '../../../src/domain/tires/retail-tire-price.ts';
import { scheduledVisits } from '../scheduler/tables.ts';

export const inspectionReports: RowSpec<typeof inspectionReportSchema> = {
  table: 'inspectionReports',
  schema: inspectionReportSchema,
  scope: 'store',
  notFound: 'This store has no such inspection report.',
  exists: 'This visit already has an inspection report: open it from the visit.',
};
export const inspectionItems: RowSpec<typeof inspectionItemSchema> = {
  table: 'inspectionItems',
  schema: inspectionItemSchema,
  scope: 'store',
  notFound: 'This inspection has no such item.',
};
const reportParams = z.object({ inspectionReportId: z.uuid('The report id must be a UUID') });
const itemParams = z.object({ inspectionReportId: z.uuid('The report id must be a UUID'), itemId: z.uuid('The item id must be a UUID') });

/**
 * Inspection reports (issue: technicians; not in the spec's call list, docs/api.md): a technician starts one
 * for a visit from the store's template as it is then (the device makes its ids, so it works offline), records
 * each item's result with its own call (an item's result is its own row: edits of different items, and the
 * customer's decisions, never overwrite each other), and marks the report complete.
 */
export async function inspectionReportRoutes(app: FastifyInstance, { db, auth, writes, outbound, config }: ModuleContext): Promise<void> {
  const inspector = (request: FastifyRequest) => storeScope(db, auth, request, bayAndCounter, 'inspections');

  app.post(apiPaths.inspectionReports, async (request, reply) => {
    const scope = await inspector(request);
    const model = parseOrProblem(createInspectionReportSchema, request.body, 'The inspection report');
    const result = await writes.run(request, scope, async (w) => {
      const visit = await w.find(scheduledVisits, { scheduledVisitId: model.scheduledVisitId });
      // Started on another device first: this one's results join that report (it has the same id).
      const existing = await w.read(inspectionReports, { inspectionReportId: model.inspectionReportId });
      if (existing) return { status: 200, body: asReadBy(scope, 'inspectionReports', existing) };
      if (visit.cancelDate) throw new ProblemError('conflict', 'This visit was canceled: it takes no inspection.');
      refuseProblems(await technicianProblems(w.trx, scope, model.technicianId, 'technicianId'), 'The inspection report');
      const row = await w.create(inspectionReports, {
        ...model,
        inspectionReportHashId: randomBytes(16).toString('base64url'),
        vehicleId: visit.vehicleId,
        completedAt: null,
        sentAt: null,
        approvedByName: null,
        approvedAt: null,
        decisionLog: [],
      });
      const linked = await w.change(scheduledVisits, { scheduledVisitId: visit.scheduledVisitId }, () => ({ inspectionReportId: row.inspectionReportId }));
      w.event(inspectionReports, row, 'ReplicaChanged', ['inspectionReports', row.inspectionReportId]);
      if (linked.changed) w.event(scheduledVisits, linked.row, 'VisitChanged', [visit.scheduledVisitId]);
      return { status: 201, body: asReadBy(scope, 'inspectionReports', row) };
    });
    return reply.code(result.status).send(result.body);
  });

  app.get(apiPaths.inspectionReport, async (request) => {
    const scope = await readScope(db, auth, request, 'inspectionReports');
    return asReadBy(scope, 'inspectionReports', await findRow(db, inspectionReports, scope, parseOrProblem(reportParams, request.params, 'The path')));
  });

  app.patch(apiPaths.inspectionReport, async (request, reply) => {
    const scope = await inspector(request);
    const key = parseOrProblem(reportParams, request.params, 'The path');
    const result = await writes.run(request, scope, async (w) => {
      const { row, changed } = await w.patch(inspectionReports, key, request.body, inspectionReportPatchableFields, {
        problems: async (current, next): Promise<Record<string, string[]>> => {
          if (next.technicianId !== current.technicianId) {
            const wrong = await technicianProblems(w.trx, scope, next.technicianId, 'technicianId');
            if (Object.keys(wrong).length > 0) return wrong;
          }
          if (!next.completedAt || current.completedAt) return {};
          const [results, photos] = await Promise.all([
            w.trx
              .selectFrom('inspectionItems')
              .select(Object.keys(inspectionItemSchema.shape) as (keyof typeof inspectionItemSchema.shape)[])
              .where('inspectionReportId', '=', key.inspectionReportId)
              .where('deleted', '=', false)
              .execute(),
            w.trx
              .selectFrom('inspectionPhotos')
              .select('itemId')
              .where('inspectionReportId', '=', key.inspectionReportId)
              .where('deleted', '=', false)
              .execute(),
          ]);
          const problems = completionProblems(next.groups, results, new Set(photos.map((p) => p.itemId)));
          return problems.length > 0 ? { completedAt: problems } : {};
        },
      });
      if (changed) w.event(inspectionReports, row, 'ReplicaChanged', ['inspectionReports', row.inspectionReportId]);
      return { status: 200, body: asReadBy(scope, 'inspectionReports', row) };
    });
    return reply.code(result.status).send(result.body);
  });

  /** An item's result, whole (status, notes, measurement): made or replaced; the customer's decision on it stays. */
  app.put(apiPaths.inspectionItem, async (request, reply) => {
    const scope = await inspector(request);
    const key = parseOrProblem(itemParams, request.params, 'The path');
    const model = parseOrProblem(saveInspectionItemSchema, request.body, 'The item');
    const result = await writes.run(request, scope, async (w) => {
      const report = await w.find(inspectionReports, { inspectionReportId: key.inspectionReportId });
      const templateItem = report.groups.flatMap((g) => g.items).find((i) => i.itemId === key.itemId);
      if (!templateItem) throw new ProblemError('notFound', 'This inspection has no such item: its template does not name it.');
      refuseProblems(inspectionItemProblems(templateItem.measurement, model), 'The item');
      const current = await w.read(inspectionItems, key);
      const row = current
        ? await w.update(inspectionItems, key, current, { ...current, ...model })
        : await w.create(inspectionItems, { ...key, ...model, customerDecision: null, decidedAt: null, decidedByName: null, fix: null });
      if (!current || row.version !== current.version)
        w.event(inspectionItems, row, 'ReplicaChanged', ['inspectionItems', `${key.inspectionReportId}/${key.itemId}`]);
      return { status: current ? 200 : 201, body: asReadBy(scope, 'inspectionItems', row) };
    });
    return reply.code(result.status).send(result.body);
  });

  /**
   * The item a fix is priced for, after the report's lock (the customer's signing takes it first too, so a price
   * and an answer never cross): one that failed or needs attention, not answered yet.
   */
  async function fixableItem(w: Writer, key: z.infer<typeof itemParams>, pricing: boolean) {
    const report = await w.find(inspectionReports, { inspectionReportId: key.inspectionReportId });
    const item = await w.find(inspectionItems, key);
    // Taking a fix off is always possible (an item marked Passed since keeps no stale price); pricing needs a finding.
    if (pricing && !needsDecision(item.status)) throw new ProblemError('conflict', 'Only an item that failed or needs attention takes a fix: this one is not.');
    if (item.customerDecision) {
      throw new ProblemError(
        'conflict',
        `The customer ${item.customerDecision === 'Approved' ? 'approved' : 'declined'} this item at its price: reopen their answer before changing what fixes it.`,
      );
    }
    return { item, report };
  }

  /**
   * What fixes a Failed or Warning item (ours, issue 26; docs/api.md): the counter's choice, priced by the quote
   * rule with the store's prices on `pricedOn` (the server prices it; a device's total is never read). The
   * customer's report shows it beside the item. The bay has no part in prices.
   */
  app.put(apiPaths.inspectionItemFix, async (request, reply) => {
    const scope = await storeScope(db, auth, request, frontCounter, 'prices of inspection findings');
    const key = parseOrProblem(itemParams, request.params, 'The path');
    const model = parseOrProblem(setInspectionFixSchema, request.body, 'The fix');
    const result = await writes.run(request, scope, async (w) => {
      const { report } = await fixableItem(w, key, true);
      const [today, started, prices, ruled] = await Promise.all([
        storeToday(w.trx, scope.storeId, w.now),
        storeDateAt(w.trx, scope.storeId, new Date(report.startedAt)),
        storePriceList(w.trx, scope),
        // Catalogue tires at the store's price by the retail price rule, whatever unit price the device sent.
        tirePricesByRule(w.trx, scope, tireIdsOf([model.choice])).then((priceOf) => choicesAtRulePrices([model.choice], priceOf, 'choice')),
      ]);
      const choice = ruled.choices[0]!;
      const priced = priceFix({ ...model, choice }, prices, today);
      refuseProblems(
        {
          ...Object.fromEntries(Object.entries(ruled.problems).map(([field, messages]) => [field.replace(/^choice\.0/, 'choice'), messages])),
          ...(model.pricedOn < started ? { pricedOn: [`Price the fix on or after the day of the inspection, ${started}`] } : {}),
          ...(priced.ok ? {} : priced.problems),
        },
        'The fix',
      );
      const { row, changed } = await w.change(inspectionItems, key, () => ({
        fix: { pricedOn: model.pricedOn, choice, priced: (priced as Extract<typeof priced, { ok: true }>).priced },
      }));
      if (changed) w.event(inspectionItems, row, 'ReplicaChanged', ['inspectionItems', `${key.inspectionReportId}/${key.itemId}`]);
      return { status: 200, body: row };
    });
    return reply.code(result.status).send(result.body);
  });

  /** Takes an item's fix off (it is not priced any more); an item without one stays as it is. */
  app.delete(apiPaths.inspectionItemFix, async (request, reply) => {
    const scope = await storeScope(db, auth, request, frontCounter, 'prices of inspection findings');
    const key = parseOrProblem(itemParams, request.params, 'The path');
    if (request.body !== undefined && request.body !== null) throw new ProblemError('badRequest', 'This call takes no body.');
    const result = await writes.run(request, scope, async (w) => {
      await fixableItem(w, key, false);
      const { row, changed } = await w.change(inspectionItems, key, () => ({ fix: null }));
      if (changed) w.event(inspectionItems, row, 'ReplicaChanged', ['inspectionItems', `${key.inspectionReportId}/${key.itemId}`]);
      return { status: 200, body: row };
    });
    return reply.code(result.status).send(result.body);
  });

  /**
   * Reopens a customer's signed decision on an item (ours; the front counter, after the customer changed their mind
   * on the phone): the item waits for a new answer, and the report's decision log keeps who reopened it, when, and
   * what it was. Reopening an item with no decision changes nothing.
   */
  app.post(apiPaths.reopenInspectionDecision, async (request, reply) => {
    const scope = await storeScope(db, auth, request, frontCounter, "customers' answers");
    const key = parseOrProblem(itemParams, request.params, 'The path');
    if (request.body !== undefined && request.body !== null) throw new ProblemError('badRequest', 'This call takes no body.');
    const result = await writes.run(request, scope, async (w) => {
      const report = await w.find(inspectionReports, { inspectionReportId: key.inspectionReportId });
      const item = await w.find(inspectionItems, key);
      if (!item.customerDecision) return { status: 200, body: item };
      const { row } = await w.change(inspectionItems, key, () => ({ customerDecision: null, decidedAt: null, decidedByName: null }));
      const logged = await w.change(inspectionReports, { inspectionReportId: key.inspectionReportId }, () => ({
        decisionLog: [
          ...report.decisionLog,
          { kind: 'reopened' as const, name: scope.user.name, at: w.now.toISOString(), itemId: key.itemId, was: item.customerDecision! },
        ],
      }));
      w.event(inspectionItems, row, 'ReplicaChanged', ['inspectionItems', `${key.inspectionReportId}/${key.itemId}`]);
      w.event(inspectionReports, logged.row, 'VisitChanged', [report.scheduledVisitId]);
      return { status: 200, body: row };
    });
    return reply.code(result.status).send(result.body);
  });

  /**
   * Sends the customer the link to their report (InspectionReport template), the way they may be reached (their
   * preference, texting consent, STOP): once the report is complete and the store sends report links.
   */
  app.post(apiPaths.sendInspectionReport, async (request, reply) => {
    const scope = await inspector(request);
    const key = parseOrProblem(reportParams, request.params, 'The path');
    if (request.body !== undefined && request.body !== null) throw new ProblemError('badRequest', 'This call takes no body.');
    const store = await db
      .selectFrom('storeLocations')
      .select([
        'id',
        'companyId',
        'name',
        'phoneNumber',
        'timeZone',
        'googleReviewUrl',
        'yelpReviewUrl',
        'twilioPhoneNumber',
        'ratingsEnabled',
        'inspectionReportLinkEnabled',
      ])
      .where('id', '=', scope.storeId)
      .executeTakeFirstOrThrow();
    if (!store.inspectionReportLinkEnabled)
      throw new ProblemError('conflict', 'This store does not send report links: turn them on in Settings, Inspection Reports.');
    const result = await writes.run(request, scope, async (w) => {
      const report = await w.find(inspectionReports, key);
      const refused = reportSendProblem(report, w.now);
      if (refused) throw new ProblemError('conflict', refused);
      const link = `${config.publicUrl}${fillPath(publicPagePaths.inspectionReport, { id: report.inspectionReportHashId })}`;
      const sent = await queueVisitMessage(w, store, {
        scheduledVisitId: report.scheduledVisitId,
        kind: null,
        templateType: 'InspectionReport',
        withRatingLink: false,
        publicUrl: config.publicUrl,
        inspectionReportLink: link,
      });
      // The link itself only to the counter, who may read it to the customer: it lets whoever holds it answer for them.
      const instead = hasRole(scope.user.roles, scope.storeId, frontCounter)
        ? `Call the customer, or read them the link: ${link}`
        : 'Ask the front counter to call the customer.';
      if (!sent?.queued) throw new ProblemError('conflict', `The report was not sent: ${sent?.skipped ?? 'it was sent already'}. ${instead}`);
      const { row } = await w.change(inspectionReports, key, () => ({ sentAt: w.now.toISOString() }));
      w.event(inspectionReports, row, 'ReplicaChanged', ['inspectionReports', row.inspectionReportId]);
      return { status: 200, body: asReadBy(scope, 'inspectionReports', row) };
    });
    outbound.kick();
    return reply.code(result.status).send(result.body);
  });
}
