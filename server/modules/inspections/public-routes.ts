import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { InspectionItem } from '../../../src/contract/entities.ts';
import type { InspectionFix } from '../../../src/contract/inspection-fix.ts';
import { customerDecisionsSchema, type PublicInspectionReport } from '../../../src/contract/inspection-report.ts';
import { apiPaths } from '../../../src/contract/routes.ts';
import { dateFormats } from '../../../src/domain/calendar/date-format.ts';
import { approvedTotalInCents } from '../../../src/domain/inspections/inspection-fixes.ts';
import { needsDecision, reportLines } from '../../../src/domain/inspections/inspections.ts';
import { formatPhone } from '../../../src/domain/people/phone.ts';
import { oneLineAddress } from '../../../src/domain/store/store-address.ts';
import { storeTimeZone } from '../../../src/domain/calendar/time-zone.ts';
import type { AuthUser } from '../../auth/auth.ts';
import type { Db } from '../../db/connect.ts';
import { parseOrProblem, ProblemError, refuseProblems } from '../../http/problem.ts';
import type { ModuleContext } from '../context.ts';
import { sendPhoto } from './photo-routes.ts';
import { inspectionItems, inspectionReports } from './report-routes.ts';

/** A fix's price as the customer reads it: its lines (what and how many), fees, tax and total; not the store's unit prices or add-on ids. */
function customerPrice(fix: InspectionFix | null): PublicInspectionReport['lines'][number]['price'] {
  if (!fix) return null;
  const { lines, feesInCents, taxInCents, totalInCents } = fix.priced;
  return {
    lines: lines.filter((l) => l.kind !== 'Fee').map(({ description, quantity, totalInCents: total }) => ({ description, quantity, totalInCents: total })),
    feesInCents,
    taxInCents,
    totalInCents,
  };
}

const notFound = "There is no inspection report at this address. Check the link in the store's message, or call the store.";
const hashParams = z.object({ inspectionReportHashId: z.string().regex(/^[\w-]{16,64}$/) });
const customer = { userId: null, name: 'Customer' } as unknown as AuthUser;
const limit = { config: { rateLimit: { max: 60, timeWindow: '1 minute' } } };

async function publicReport(db: Db, inspectionReportHashId: string) {
  const report = await db
    .selectFrom('inspectionReports')
    .innerJoin('storeLocations', 'storeLocations.id', 'inspectionReports.storeId')
    .leftJoin('customerVehicles', 'customerVehicles.vehicleId', 'inspectionReports.vehicleId')
    .select([
      'inspectionReports.inspectionReportId',
      'inspectionReports.groups',
      'inspectionReports.startedAt',
      'inspectionReports.completedAt',
      'inspectionReports.approvedByName',
      'inspectionReports.approvedAt',
      'inspectionReports.companyId',
      'inspectionReports.storeId',
      'storeLocations.name as storeName',
      'storeLocations.phoneNumber',
      'storeLocations.addressLine1',
      'storeLocations.city',
      'storeLocations.state',
      'storeLocations.postalCode',
      'storeLocations.timeZone',
      'customerVehicles.year',
      'customerVehicles.make',
      'customerVehicles.model',
      'customerVehicles.vehicleLicensePlateState',
      'customerVehicles.vehicleLicensePlateNumber',
    ])
    .where('inspectionReports.inspectionReportHashId', '=', inspectionReportHashId)
    .where('inspectionReports.deleted', '=', false)
    .where('inspectionReports.completedAt', 'is not', null)
    .executeTakeFirst();
  if (!report) throw new ProblemError('notFound', notFound);
  return report;
}

/**
 * The customer's inspection report (spec section 2: /inspection-reports/{id}, public), by the report's
 * unguessable id, once the technician completed it: what was found, Failed first, then Warning, then Passed,
 * with notes, measurements and photos, and the store to call. Only what the customer's paperwork shows: no
 * other customer, no staff names or emails. The customer approves or declines each Failed and Warning item,
 * with their name as a signature (beyond the spec: docs/decisions/inspections-and-technicians.md); staff see it live.
 */
export async function inspectionReportPublicRoutes(app: FastifyInstance, { db, writes }: ModuleContext): Promise<void> {
  const hashOf = (request: { params: unknown }) => {
    const parsed = hashParams.safeParse(request.params);
    if (!parsed.success) throw new ProblemError('notFound', notFound);
    return parsed.data.inspectionReportHashId;
  };

  app.get(apiPaths.publicInspectionReport, limit, async (request, reply): Promise<PublicInspectionReport> => {
    const report = await publicReport(db, hashOf(request));
    const [results, photos] = await Promise.all([
      db
        .selectFrom('inspectionItems')
        .select(['inspectionReportId', 'itemId', 'status', 'notes', 'measurement', 'customerDecision', 'decidedAt', 'decidedByName', 'fix'])
        .where('inspectionReportId', '=', report.inspectionReportId)
        .where('deleted', '=', false)
        .execute(),
      db
        .selectFrom('inspectionPhotos')
        .select(['inspectionPhotoId', 'itemId'])
        .where('inspectionReportId', '=', report.inspectionReportId)
        .where('deleted', '=', false)
        .where('uploadedAt', 'is not', null)
        .orderBy('takenAt')
        .execute(),
    ]);
    void reply.header('cache-control', 'no-store');
    return {
      store: {
        name: report.storeName,
        phoneNumber: report.phoneNumber ? formatPhone(report.phoneNumber) : null,
        address: oneLineAddress(report),
        timeZone: storeTimeZone(report.timeZone, () => undefined),
      },
      vehicle: [report.year, report.make, report.model].filter(Boolean).join(' ') || null,
      licence: [report.vehicleLicensePlateState, report.vehicleLicensePlateNumber].filter(Boolean).join(' ') || null,
      inspectedOn: report.completedAt ?? report.startedAt,
      approvedByName: report.approvedByName,
      approvedAt: report.approvedAt,
      lines: reportLines(report.groups, results as InspectionItem[])
        .filter((l) => l.result.status !== 'NotInspected')
        .map((l) => ({
          itemId: l.itemId,
          groupName: l.groupName,
          name: l.name,
          measurementKind: l.measurement,
          status: l.result.status,
          notes: l.result.notes,
          measurement: l.result.measurement,
          customerDecision: l.result.customerDecision,
          decidedByName: l.result.decidedByName,
          decidedAt: l.result.decidedAt,
          photoIds: photos.filter((p) => p.itemId === l.itemId).map((p) => p.inspectionPhotoId),
          price: needsDecision(l.result.status) ? customerPrice(l.result.fix) : null,
        })),
      approvedTotalInCents: approvedTotalInCents(results.filter((r) => needsDecision(r.status))),
    };
  });

  app.get(apiPaths.publicInspectionPhoto, limit, async (request, reply) => {
    const report = await publicReport(db, hashOf(request));
    const { inspectionPhotoId } = parseOrProblem(z.object({ inspectionPhotoId: z.uuid() }).passthrough(), request.params, 'The path');
    const photo = await db
      .selectFrom('inspectionPhotos')
      .select(['inspectionPhotoId', 'contentType', 'uploadedAt'])
      .where('inspectionPhotoId', '=', inspectionPhotoId)
      .where('inspectionReportId', '=', report.inspectionReportId)
      .where('deleted', '=', false)
      .executeTakeFirst();
    if (!photo) throw new ProblemError('notFound', 'This report has no such photo.');
    return sendPhoto(db, reply, photo);
  });

  app.post(apiPaths.publicInspectionDecisions, limit, async (request, reply) => {
    const report = await publicReport(db, hashOf(request));
    const model = parseOrProblem(customerDecisionsSchema, request.body, 'Your answers');
    await writes.background({ user: { ...customer, name: model.name } as AuthUser, companyId: report.companyId, storeId: report.storeId }, async (w) => {
      // The report first: two signings of one report take turns, so the second sees what the first decided.
      const current = await w.find(inspectionReports, { inspectionReportId: report.inspectionReportId });
      const results = await w.trx
        .selectFrom('inspectionItems')
        .select(['itemId', 'status', 'customerDecision', 'decidedAt', 'decidedByName', 'fix'])
        .where('inspectionReportId', '=', report.inspectionReportId)
        .where('deleted', '=', false)
        .execute();
      const askable = new Set(results.filter((r) => needsDecision(r.status)).map((r) => r.itemId));
      const wrong = model.decisions.filter((d) => !askable.has(d.itemId));
      refuseProblems(wrong.length > 0 ? { decisions: ['Only items that failed or need attention take an answer: reload the report'] } : {}, 'Your answers');
      const names = new Map(current.groups.flatMap((g) => g.items.map((i) => [i.itemId, i.name] as const)));
      const zone = storeTimeZone(report.timeZone, () => undefined);
      const decided = results.filter((r) => r.customerDecision && model.decisions.some((d) => d.itemId === r.itemId));
      if (decided.length > 0) {
        throw new ProblemError(
          'conflict',
          `Already answered: ${decided.map((r) => `${names.get(r.itemId) ?? 'an item'} was ${r.customerDecision === 'Approved' ? 'approved' : 'declined'}${r.decidedByName ? ` by ${r.decidedByName}` : ''}${r.decidedAt ? ` on ${dateFormats(zone).date(r.decidedAt)}` : ''}`).join('; ')}. A signed answer stays as it is: call the store to change it.`,
          { errors: { decisions: ['Already answered'] } },
        );
      }
      // Work approved at a price it no longer has: the customer reads the new one before answering.
      const repriced = model.decisions.filter(
        (d) =>
          d.totalInCents !== undefined &&
          d.totalInCents !== ((results.find((r) => r.itemId === d.itemId)?.fix as InspectionFix | null)?.priced.totalInCents ?? null),
      );
      if (repriced.length > 0) {
        throw new ProblemError(
          'conflict',
          `The store changed the price of ${repriced.map((d) => names.get(d.itemId) ?? 'an item').join(', ')} since you opened the report: reload it to see the price before you answer.`,
          { errors: { decisions: ['A price changed'] } },
        );
      }
      const at = w.now.toISOString();
      for (const decision of model.decisions) {
        const key = { inspectionReportId: report.inspectionReportId, itemId: decision.itemId };
        const { row } = await w.change(inspectionItems, key, () => ({ customerDecision: decision.decision, decidedAt: at, decidedByName: model.name }));
        w.event(inspectionItems, row, 'ReplicaChanged', ['inspectionItems', `${key.inspectionReportId}/${key.itemId}`]);
      }
      const signed = await w.change(inspectionReports, { inspectionReportId: report.inspectionReportId }, () => ({
        ...(current.approvedByName ? {} : { approvedByName: model.name, approvedAt: at }),
        // No price in the log: the bay reads the report; the price answered stays on the item's fix, which it does not.
        decisionLog: [
          ...current.decisionLog,
          { kind: 'signed' as const, name: model.name, at, decisions: model.decisions.map(({ itemId, decision }) => ({ itemId, decision })) },
        ],
      }));
      w.event(inspectionReports, signed.row, 'VisitChanged', [signed.row.scheduledVisitId]);
    });
    return reply.code(200).send({ saved: model.decisions.length });
  });
}
