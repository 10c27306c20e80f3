import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../server/clock.ts';
import type { InspectionItem } from '../../src/contract/entities.ts';
import type { PublicInspectionReport } from '../../src/contract/inspection-report.ts';
import { apiPaths, withApiVersion } from '../../src/contract/routes.ts';
import type { TireQuoteChoice } from '../../src/contract/tire-pricing.ts';
import { defaultInspectionGroups } from '../../src/domain/inspections/inspection-template.ts';
import { apiCall } from '../support/api.ts';
import { demoStoreIds } from '../support/demo.ts';
import { accessTokenFor } from '../support/sign-in.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { tirePricesByRule } from '../../server/modules/tire-quotes/prices.ts';

// 15:00 UTC: the morning of June 3 at every demo store.
const clock = new ManualClock(new Date('2030-06-03T15:00:00.000Z'));
const today = '2030-06-03';
let t: TestApp;
let store: number;
let tech: string;
let user: string;
beforeAll(async () => {
  t = await createTestApp({ clock });
  store = (await demoStoreIds(t.db))[101]!;
  tech = await accessTokenFor(t.app, 'tech@demo.test');
  user = await accessTokenFor(t.app, 'user@demo.test');
});
afterAll(async () => {
  await t.close();
});

const path = (template: string, params: Record<string, string>) => template.replace(/:(\w+)/g, (_, name: string) => params[name]!);
const as = (token: string) => ({ token, store });
let used = 0;

/** A completed report of a visit at #101: its first item Failed, its second Warning, its third Passed. */
async function completedReport() {
  const visit = await t.db
    .selectFrom('scheduledVisits')
    .select(['scheduledVisitId', 'vehicleId'])
    .where('storeId', '=', store)
    .where('cancelDate', 'is', null)
    .where('vehicleId', 'is not', null)
    .where('inspectionReportId', 'is', null)
    .where('deleted', '=', false)
    .orderBy('scheduledVisitId')
    .offset(used++)
    .limit(1)
    .executeTakeFirstOrThrow();
  const groups = defaultInspectionGroups(() => randomUUID());
  const inspectionReportId = visit.scheduledVisitId;
  const started = await apiCall(t.app, {
    method: 'POST',
    path: apiPaths.inspectionReports,
    ...as(tech),
    body: {
      inspectionReportId,
      scheduledVisitId: visit.scheduledVisitId,
      vehicleId: visit.vehicleId,
      technicianId: null,
      groups,
      startedAt: clock.now().toISOString(),
    },
  });
  expect(started.statusCode, started.body).toBe(201);
  const [failed, warning, passed] = groups.flatMap((g) => g.items);
  for (const [item, status] of [
    [failed!, 'Failed'],
    [warning!, 'Warning'],
    [passed!, 'Passed'],
  ] as const) {
    const saved = await apiCall(t.app, {
      method: 'PUT',
      path: path(apiPaths.inspectionItem, { inspectionReportId, itemId: item.itemId }),
      ...as(tech),
      body: { status, notes: status === 'Passed' ? null : 'Worn', measurement: null },
    });
    expect(saved.statusCode, saved.body).toBe(201);
  }
  await apiCall(t.app, {
    method: 'PATCH',
    path: path(apiPaths.inspectionReport, { inspectionReportId }),
    ...as(tech),
    body: [{ op: 'replace', path: '/completedAt', value: clock.now().toISOString() }],
  });
  const { inspectionReportHashId } = await t.db
    .selectFrom('inspectionReports')
    .select('inspectionReportHashId')
    .where('inspectionReportId', '=', inspectionReportId)
    .executeTakeFirstOrThrow();
  return { inspectionReportId, inspectionReportHashId, failed: failed!.itemId, warning: warning!.itemId, passed: passed!.itemId };
}

const choiceOf = (services: TireQuoteChoice['services'], name = 'Brake pads'): TireQuoteChoice => ({
  name,
  tires: [],
  services,
  installPackageId: null,
  addOnIds: [],
  tireServiceTypes: [],
  warrantyType: null,
});
const brakes = choiceOf([
  { description: 'Front brake pads, fitted', priceInCents: 18_999, isTaxable: true },
  { description: 'Brake fluid check', priceInCents: 2_499, isTaxable: false },
]);
const fixPath = (inspectionReportId: string, itemId: string) => path(apiPaths.inspectionItemFix, { inspectionReportId, itemId });
const setFix = (token: string, inspectionReportId: string, itemId: string, body: unknown) =>
  apiCall(t.app, { method: 'PUT', path: fixPath(inspectionReportId, itemId), ...as(token), body });
const storedFix = async (inspectionReportId: string, itemId: string) =>
  (
    await t.db
      .selectFrom('inspectionItems')
      .select('fix')
      .where('inspectionReportId', '=', inspectionReportId)
      .where('itemId', '=', itemId)
      .executeTakeFirstOrThrow()
  ).fix;
const publicReport = async (hash: string) =>
  (
    await t.app.inject({ method: 'GET', url: withApiVersion(path(apiPaths.publicInspectionReport, { inspectionReportHashId: hash })) })
  ).json<PublicInspectionReport>();
const sign = (hash: string, decisions: { itemId: string; decision: 'Approved' | 'Declined'; totalInCents?: number | null }[]) =>
  t.app.inject({
    method: 'POST',
    url: withApiVersion(path(apiPaths.publicInspectionDecisions, { inspectionReportHashId: hash })),
    payload: { name: 'Dana Whitfield', decisions },
  });

describe("a finding's fix, priced at the counter", () => {
  it("is priced by the quote rule with the store's tax on the day, to the cent, whatever total a device would send", async () => {
    const report = await completedReport();
    const answer = await setFix(user, report.inspectionReportId, report.failed, { pricedOn: today, choice: brakes });
    expect(answer.statusCode, answer.body).toBe(200);
    // #101 taxes 8.25%: $189.99 taxed ($15.67 of tax, rounded half up from 15.674), $24.99 not.
    expect(answer.json<InspectionItem>().fix?.priced).toMatchObject({
      subtotalInCents: 21_498,
      taxableInCents: 18_999,
      taxInCents: 1_567,
      feesInCents: 0,
      totalInCents: 23_065,
      lines: [
        { kind: 'StoreService', description: 'Front brake pads, fitted', quantity: 1, totalInCents: 18_999, isTaxable: true },
        { kind: 'StoreService', description: 'Brake fluid check', quantity: 1, totalInCents: 2_499, isTaxable: false },
      ],
    });
    const sentTotal = await setFix(user, report.inspectionReportId, report.failed, { pricedOn: today, choice: brakes, priced: { totalInCents: 1 } });
    expect(sentTotal.statusCode).toBe(400);
    expect((await storedFix(report.inspectionReportId, report.failed))?.priced.totalInCents).toBe(23_065);
  });

  it("prices tires with their fees and the store's add-ons, as a quote would", async () => {
    const report = await completedReport();
    const addOn = await t.db
      .selectFrom('tirePurchaseAddOns')
      .select(['tirePurchaseAddOnId', 'priceInCents', 'chargedPer'])
      .where('storeId', '=', store)
      .where('chargedPer', '=', 'PerTire')
      .where('deleted', '=', false)
      .orderBy('name')
      .executeTakeFirstOrThrow();
    const choice: TireQuoteChoice = {
      ...choiceOf([], 'Tires'),
      addOnIds: [addOn.tirePurchaseAddOnId],
      tires: [{ tireId: null, description: 'Demo Touring 225/65R17', quantity: 2, unitPriceInCents: 15_000, isTaxable: true, isStuddable: false }],
    };
    const answer = await setFix(user, report.inspectionReportId, report.warning, { pricedOn: today, choice });
    expect(answer.statusCode, answer.body).toBe(200);
    const priced = answer.json<InspectionItem>().fix!.priced;
    expect(priced.lines.map((l) => [l.kind, l.quantity, l.totalInCents])).toEqual([
      ['Tire', 2, 30_000],
      ['AddOn', 2, 2 * addOn.priceInCents],
      ['Fee', 2, 2 * 200],
    ]);
    expect(priced.tireCount).toBe(2);
  });

  it("prices a catalogue tire by the store's retail price rule, whatever unit price the device sent", async () => {
    const report = await completedReport();
    const tire = await t.db
      .selectFrom('tires')
      .select(['tireId'])
      .where('deleted', '=', false)
      .where('priceInCents', 'is not', null)
      .orderBy('tireId')
      .executeTakeFirstOrThrow();
    const priceOf = await tirePricesByRule(
      t.db,
      { companyId: (await t.db.selectFrom('storeLocations').select('companyId').where('id', '=', store).executeTakeFirstOrThrow()).companyId, storeId: store },
      [tire.tireId],
    );
    const choice: TireQuoteChoice = {
      ...choiceOf([], 'Tires'),
      tires: [{ tireId: tire.tireId, description: 'A catalogue tire', quantity: 2, unitPriceInCents: 1, isTaxable: true, isStuddable: false }],
    };
    const answer = await setFix(user, report.inspectionReportId, report.warning, { pricedOn: today, choice });
    expect(answer.statusCode, answer.body).toBe(200);
    const line = answer.json<InspectionItem>().fix!.priced.lines.find((l) => l.kind === 'Tire')!;
    expect(line.unitInCents).toBe(priceOf(tire.tireId));
    expect(line.unitInCents).not.toBe(1);
  });

  it("is priced no earlier than the inspection's day, and is taken off an item marked Passed since", async () => {
    const report = await completedReport();
    const before = await setFix(user, report.inspectionReportId, report.failed, { pricedOn: '2030-06-02', choice: brakes });
    expect(before.statusCode).toBe(400);
    expect(before.json<{ errors: Record<string, string[]> }>().errors.pricedOn).toEqual(['Price the fix on or after the day of the inspection, 2030-06-03']);
    expect((await setFix(user, report.inspectionReportId, report.failed, { pricedOn: today, choice: brakes })).statusCode).toBe(200);
    await apiCall(t.app, {
      method: 'PUT',
      path: path(apiPaths.inspectionItem, { inspectionReportId: report.inspectionReportId, itemId: report.failed }),
      ...as(tech),
      body: { status: 'Passed', notes: null, measurement: null },
    });
    expect((await apiCall(t.app, { method: 'DELETE', path: fixPath(report.inspectionReportId, report.failed), ...as(user) })).statusCode).toBe(200);
    expect(await storedFix(report.inspectionReportId, report.failed)).toBeNull();
  });

  it("is the front counter's: the bay may not price a fix and never reads one", async () => {
    const report = await completedReport();
    expect((await setFix(tech, report.inspectionReportId, report.failed, { pricedOn: today, choice: brakes })).statusCode).toBe(403);
    expect((await setFix(user, report.inspectionReportId, report.failed, { pricedOn: today, choice: brakes })).statusCode).toBe(200);
    // The technician records the item again: the answer shows them no fix, and the counter's fix stays.
    const resaved = await apiCall(t.app, {
      method: 'PUT',
      path: path(apiPaths.inspectionItem, { inspectionReportId: report.inspectionReportId, itemId: report.failed }),
      ...as(tech),
      body: { status: 'Failed', notes: 'Worn to 2 mm', measurement: null },
    });
    expect(resaved.statusCode).toBe(200);
    expect(resaved.json<InspectionItem>().fix).toBeNull();
    expect((await storedFix(report.inspectionReportId, report.failed))?.priced.totalInCents).toBe(23_065);
  });

  it("refuses a passed item, a date ahead of the store's, and a choice the quote rule refuses, and changes nothing", async () => {
    const report = await completedReport();
    const passed = await setFix(user, report.inspectionReportId, report.passed, { pricedOn: today, choice: brakes });
    expect(passed.statusCode).toBe(409);
    expect(passed.json<{ detail: string }>().detail).toBe('Only an item that failed or needs attention takes a fix: this one is not.');
    const ahead = await setFix(user, report.inspectionReportId, report.failed, { pricedOn: '2030-06-04', choice: brakes });
    expect(ahead.statusCode).toBe(400);
    expect(ahead.json<{ errors: Record<string, string[]> }>().errors.pricedOn).toEqual([`Price the fix on the day it is priced: ${today} at the store`]);
    const empty = await setFix(user, report.inspectionReportId, report.failed, { pricedOn: today, choice: choiceOf([]) });
    expect(empty.statusCode).toBe(400);
    expect(empty.json<{ errors: Record<string, string[]> }>().errors['choice.tires']).toEqual(['Add a tire or a service to quote']);
    const perTireAlone = await setFix(user, report.inspectionReportId, report.failed, { pricedOn: today, choice: { ...brakes, warrantyType: 'PromisePlus' } });
    expect(perTireAlone.statusCode).toBe(400);
    const noSuchItem = await setFix(user, report.inspectionReportId, randomUUID(), { pricedOn: today, choice: brakes });
    expect(noSuchItem.statusCode).toBe(404);
    expect(await storedFix(report.inspectionReportId, report.failed)).toBeNull();
  });

  it('is taken off by the counter, and stays as the customer saw it once they answered, until their answer is reopened', async () => {
    const report = await completedReport();
    await setFix(user, report.inspectionReportId, report.failed, { pricedOn: today, choice: brakes });
    const off = await apiCall(t.app, { method: 'DELETE', path: fixPath(report.inspectionReportId, report.failed), ...as(user) });
    expect(off.statusCode).toBe(200);
    expect(await storedFix(report.inspectionReportId, report.failed)).toBeNull();
    await setFix(user, report.inspectionReportId, report.failed, { pricedOn: today, choice: brakes });
    expect((await sign(report.inspectionReportHashId, [{ itemId: report.failed, decision: 'Approved', totalInCents: 23_065 }])).statusCode).toBe(200);

    const cheaper = choiceOf([{ description: 'Front brake pads, fitted', priceInCents: 14_999, isTaxable: true }]);
    const afterAnswer = await setFix(user, report.inspectionReportId, report.failed, { pricedOn: today, choice: cheaper });
    expect(afterAnswer.statusCode).toBe(409);
    expect(afterAnswer.json<{ detail: string }>().detail).toBe(
      'The customer approved this item at its price: reopen their answer before changing what fixes it.',
    );
    expect((await apiCall(t.app, { method: 'DELETE', path: fixPath(report.inspectionReportId, report.failed), ...as(user) })).statusCode).toBe(409);
    await apiCall(t.app, {
      method: 'POST',
      path: path(apiPaths.reopenInspectionDecision, { inspectionReportId: report.inspectionReportId, itemId: report.failed }),
      ...as(user),
    });
    expect((await setFix(user, report.inspectionReportId, report.failed, { pricedOn: today, choice: cheaper })).statusCode).toBe(200);
  });
});

describe("the customer's report, with prices", () => {
  it('shows what fixing each item costs and, once answered, the total of the work approved', async () => {
    const report = await completedReport();
    await setFix(user, report.inspectionReportId, report.failed, { pricedOn: today, choice: brakes });
    await setFix(user, report.inspectionReportId, report.warning, {
      pricedOn: today,
      choice: choiceOf([{ description: 'Wiper blades', priceInCents: 3_998, isTaxable: true }], 'Wipers'),
    });
    const before = await publicReport(report.inspectionReportHashId);
    const line = (itemId: string) => before.lines.find((l) => l.itemId === itemId)!;
    expect(line(report.failed).price).toEqual({
      lines: [
        { description: 'Front brake pads, fitted', quantity: 1, totalInCents: 18_999 },
        { description: 'Brake fluid check', quantity: 1, totalInCents: 2_499 },
      ],
      feesInCents: 0,
      taxInCents: 1_567,
      totalInCents: 23_065,
    });
    expect(line(report.warning).price?.totalInCents).toBe(3_998 + 330);
    expect(line(report.passed).price).toBeNull();
    expect(before.approvedTotalInCents).toBe(0);
    // Nothing of how the store prices: no unit costs, no add-on ids, no taxability.
    expect(JSON.stringify(before)).not.toMatch(/unitInCents|addOnIds|isTaxable|tirePurchaseAddOnId/);

    const answered = await sign(report.inspectionReportHashId, [
      { itemId: report.failed, decision: 'Approved', totalInCents: 23_065 },
      { itemId: report.warning, decision: 'Declined', totalInCents: 4_328 },
    ]);
    expect(answered.statusCode, answered.body).toBe(200);
    expect((await publicReport(report.inspectionReportHashId)).approvedTotalInCents).toBe(23_065);
    const { decisionLog } = await t.db
      .selectFrom('inspectionReports')
      .select('decisionLog')
      .where('inspectionReportId', '=', report.inspectionReportId)
      .executeTakeFirstOrThrow();
    // The log says who answered what; the price answered stays on the item's fix, which the bay does not read (the log it does).
    expect(decisionLog[0]).toEqual({
      kind: 'signed',
      name: 'Dana Whitfield',
      at: clock.now().toISOString(),
      decisions: [
        { itemId: report.failed, decision: 'Approved' },
        { itemId: report.warning, decision: 'Declined' },
      ],
    });
  });

  it('refuses an answer given to a price the store has since changed, and keeps nothing of it', async () => {
    const report = await completedReport();
    await setFix(user, report.inspectionReportId, report.failed, { pricedOn: today, choice: brakes });
    const seen = (await publicReport(report.inspectionReportHashId)).lines.find((l) => l.itemId === report.failed)!.price!.totalInCents;
    await setFix(user, report.inspectionReportId, report.failed, {
      pricedOn: today,
      choice: choiceOf([{ description: 'Front brake pads, fitted', priceInCents: 20_999, isTaxable: true }]),
    });
    const stale = await sign(report.inspectionReportHashId, [{ itemId: report.failed, decision: 'Approved', totalInCents: seen }]);
    expect(stale.statusCode).toBe(409);
    expect(stale.json<{ detail: string }>().detail).toMatch(
      /^The store changed the price of .+ since you opened the report: reload it to see the price before you answer\.$/,
    );
    const item = await t.db
      .selectFrom('inspectionItems')
      .select('customerDecision')
      .where('inspectionReportId', '=', report.inspectionReportId)
      .where('itemId', '=', report.failed)
      .executeTakeFirstOrThrow();
    expect(item.customerDecision).toBeNull();
    // Seen with no price and priced since: refused the same way.
    await setFix(user, report.inspectionReportId, report.warning, {
      pricedOn: today,
      choice: choiceOf([{ description: 'Wiper blades', priceInCents: 3_998, isTaxable: true }], 'Wipers'),
    });
    expect((await sign(report.inspectionReportHashId, [{ itemId: report.warning, decision: 'Approved', totalInCents: null }])).statusCode).toBe(409);
    expect((await sign(report.inspectionReportHashId, [{ itemId: report.warning, decision: 'Approved', totalInCents: 4_328 }])).statusCode).toBe(200);
  });
});
