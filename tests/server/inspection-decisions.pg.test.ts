import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { apiPaths, withApiVersion } from '../../src/contract/routes.ts';
import { defaultInspectionGroups } from '../../src/domain/inspections/inspection-template.ts';
import { apiCall } from '../support/api.ts';
import { postgresTestApp, storeStaff } from '../support/pg-app.ts';
import { postgresUnavailable } from '../support/postgres.ts';

const path = (template: string, params: Record<string, string>) => template.replace(/:(\w+)/g, (_, name: string) => params[name]!);
/** Real time: PostgreSQL's test app runs on the real clock, and a fix is priced between the inspection and today. */
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();

describe.skipIf(postgresUnavailable !== null)("customers' decisions on PostgreSQL, with concurrent callers", () => {
  const t = postgresTestApp();
  const staff = storeStaff(t);
  let used = 0;

  /** A completed report with one failed item, and the address customers sign at. */
  async function completedReport(): Promise<{ url: string; itemId: string; inspectionReportId: string }> {
    const visit = await t.db
      .selectFrom('scheduledVisits')
      .select(['scheduledVisitId', 'vehicleId'])
      .where('storeId', '=', staff.store)
      .where('cancelDate', 'is', null)
      .where('inspectionReportId', 'is', null)
      .where('deleted', '=', false)
      .orderBy('scheduledVisitId')
      .offset(used++)
      .limit(1)
      .executeTakeFirstOrThrow();
    const groups = defaultInspectionGroups(() => randomUUID());
    const as = { token: staff.tech, store: staff.store };
    const inspectionReportId = visit.scheduledVisitId;
    expect(
      (
        await apiCall(t.app, {
          method: 'POST',
          path: apiPaths.inspectionReports,
          ...as,
          body: { inspectionReportId, scheduledVisitId: visit.scheduledVisitId, vehicleId: visit.vehicleId, technicianId: null, groups, startedAt: daysAgo(2) },
        })
      ).statusCode,
    ).toBe(201);
    const itemId = groups[0]!.items[0]!.itemId;
    await apiCall(t.app, {
      method: 'PUT',
      path: path(apiPaths.inspectionItem, { inspectionReportId, itemId }),
      ...as,
      body: { status: 'Failed', notes: 'Worn', measurement: null },
    });
    await apiCall(t.app, {
      method: 'PATCH',
      path: path(apiPaths.inspectionReport, { inspectionReportId }),
      ...as,
      body: [{ op: 'replace', path: '/completedAt', value: daysAgo(1) }],
    });
    const { inspectionReportHashId } = await t.db
      .selectFrom('inspectionReports')
      .select('inspectionReportHashId')
      .where('inspectionReportId', '=', inspectionReportId)
      .executeTakeFirstOrThrow();
    return { url: withApiVersion(path(apiPaths.publicInspectionDecisions, { inspectionReportHashId })), itemId, inspectionReportId };
  }

  it('keeps the first of two signings of one item made at once, refuses the other, and logs only what was decided', async () => {
    for (let round = 0; round < 5; round++) {
      const { url, itemId, inspectionReportId } = await completedReport();
      const answers = await Promise.all([
        t.app.inject({ method: 'POST', url, payload: { name: 'Dana Whitfield', decisions: [{ itemId, decision: 'Approved' }] } }),
        t.app.inject({ method: 'POST', url, payload: { name: 'Robin Whitfield', decisions: [{ itemId, decision: 'Declined' }] } }),
      ]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
      const winner = answers[0]!.statusCode === 200 ? 'Dana Whitfield' : 'Robin Whitfield';
      const item = await t.db
        .selectFrom('inspectionItems')
        .select(['decidedByName'])
        .where('inspectionReportId', '=', inspectionReportId)
        .where('itemId', '=', itemId)
        .executeTakeFirstOrThrow();
      expect(item.decidedByName).toBe(winner);
      const { decisionLog } = await t.db
        .selectFrom('inspectionReports')
        .select('decisionLog')
        .where('inspectionReportId', '=', inspectionReportId)
        .executeTakeFirstOrThrow();
      expect(decisionLog.map((e) => e.name)).toEqual([winner]);
    }
  });

  it('never keeps an approval at a price the counter changed at the same moment: the answer or the new price is refused', async () => {
    const fixAt = (priceInCents: number) => ({
      // Between the inspection's day and the store's today, wherever and whenever the test runs.
      pricedOn: daysAgo(1).slice(0, 10),
      choice: {
        name: 'Brakes',
        tires: [],
        services: [{ description: 'Front brake pads', priceInCents, isTaxable: false }],
        installPackageId: null,
        addOnIds: [],
        tireServiceTypes: [],
        warrantyType: null,
      },
    });
    for (let round = 0; round < 5; round++) {
      const { url, itemId, inspectionReportId } = await completedReport();
      const fixPath = path(apiPaths.inspectionItemFix, { inspectionReportId, itemId });
      expect((await apiCall(t.app, { method: 'PUT', path: fixPath, token: staff.user, store: staff.store, body: fixAt(18_999) })).statusCode).toBe(200);
      const [signed, repriced] = await Promise.all([
        t.app.inject({ method: 'POST', url, payload: { name: 'Dana Whitfield', decisions: [{ itemId, decision: 'Approved', totalInCents: 18_999 }] } }),
        apiCall(t.app, { method: 'PUT', path: fixPath, token: staff.user, store: staff.store, body: fixAt(21_999) }),
      ]);
      expect([signed.statusCode, repriced.statusCode].sort()).toEqual([200, 409]);
      const item = await t.db
        .selectFrom('inspectionItems')
        .select(['customerDecision', 'fix'])
        .where('inspectionReportId', '=', inspectionReportId)
        .where('itemId', '=', itemId)
        .executeTakeFirstOrThrow();
      if (signed.statusCode === 200) expect([item.customerDecision, item.fix?.priced.totalInCents]).toEqual(['Approved', 18_999]);
      else expect([item.customerDecision, item.fix?.priced.totalInCents]).toEqual([null, 21_999]);
    }
  });
});
