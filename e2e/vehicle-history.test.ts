import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { InspectionTemplateGroup } from '../src/contract/entities.ts';
import { fillPath } from '../src/contract/fill-path.ts';
import { apiPaths } from '../src/contract/routes.ts';
import { defaultInspectionGroups } from '../src/domain/inspections/inspection-template.ts';
import { apiCall } from '../tests/support/api.ts';
import { mintAccessToken } from '../tests/support/tokens.ts';
import { jobForTheTechnician } from './support/bay-job.ts';
import { firstSyncDone } from './support/idb.ts';
import { relayedEnvironment } from './support/server.ts';
import { shellReady, signIn } from './support/session.ts';

// The bay's signal is a relay the test cuts: the app reopened offline starts a new worker, which Chromium's
// offline emulation alone may not reach in time.
const { env, link, appUrl } = await relayedEnvironment();
const db = () => env.server.database.db;
let store: number;
let techId: string;
let counter: string;

beforeAll(async () => {
  store = (await db().selectFrom('storeLocations').select('id').where('storeNumber', '=', 101).executeTakeFirstOrThrow()).id;
  techId = (await db().selectFrom('users').select('userId').where('email', '=', 'tech@demo.test').executeTakeFirstOrThrow()).userId;
  counter = await mintAccessToken(db(), 'user@demo.test', env.server.publicUrl);
});

async function call(method: 'POST' | 'PUT' | 'PATCH', path: string, body?: unknown): Promise<void> {
  const answer = await apiCall(env.server.app, { method, path, token: counter, store, body });
  expect(answer.statusCode, `${method} ${path}: ${answer.body}`).toBeLessThan(300);
}

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();

/** An inspection of a visit, with results by item name, completed at `at`. */
async function inspected(scheduledVisitId: string, at: string, results: Record<string, { status: string; measurement?: number; notes?: string }>) {
  const groups: InspectionTemplateGroup[] = defaultInspectionGroups(() => randomUUID());
  const visit = await db().selectFrom('scheduledVisits').select('vehicleId').where('scheduledVisitId', '=', scheduledVisitId).executeTakeFirstOrThrow();
  await call('POST', apiPaths.inspectionReports, {
    inspectionReportId: scheduledVisitId,
    scheduledVisitId,
    vehicleId: visit.vehicleId,
    technicianId: techId,
    groups,
    startedAt: at,
  });
  const items = groups.flatMap((g) => g.items);
  for (const [name, result] of Object.entries(results)) {
    const itemId = items.find((i) => i.name === name)!.itemId;
    await call('PUT', fillPath(apiPaths.inspectionItem, { inspectionReportId: scheduledVisitId, itemId }), {
      status: result.status,
      notes: result.notes ?? null,
      measurement: result.measurement ?? null,
    });
  }
  await call('PATCH', fillPath(apiPaths.inspectionReport, { inspectionReportId: scheduledVisitId }), [{ op: 'replace', path: '/completedAt', value: at }]);
}

describe("a vehicle's tires and tread, in the bay", () => {
  it("shows the tires on the vehicle with their DOT ages and the tread over past inspections with the app opened offline, and its inspection suggests the old tire's finding", async () => {
    const plate = `HIS${randomUUID().slice(0, 4).toUpperCase()}`;
    const now = new Date();
    // Months ago: an inspection with good tread and a battery that failed.
    const earlier = await jobForTheTechnician(env, plate, now);
    await inspected(earlier, daysAgo(200), {
      'Left front tread': { status: 'Passed', measurement: 8 },
      'Right front tread': { status: 'Passed', measurement: 9 },
      Battery: { status: 'Failed', notes: 'Fails the load test' },
    });
    // Today, earlier on: a set of four fitted (one of them old by its DOT code), then the tread read again.
    const fitted = await jobForTheTechnician(env, plate, now);
    const tires = [0, 1, 2, 3].map((position) => ({ visitTireId: randomUUID(), tireId: null, description: 'Michelin Defender2 225/65R17 102H', position }));
    await call('POST', fillPath(apiPaths.visitTires, { scheduledVisitId: fitted }), { tires });
    for (const [index, tire] of tires.entries()) {
      await call('PUT', fillPath(apiPaths.visitTireDot, { visitTireId: tire.visitTireId }), {
        dotCode: index === 0 ? 'DOT U2LL LMLR 0118' : 'DOT 4B3 N5 9K7R 0124',
      });
    }
    await call('POST', fillPath(apiPaths.checkIn, { scheduledVisitId: fitted }));
    await call('POST', fillPath(apiPaths.visitMilestone, { scheduledVisitId: fitted, milestone: 'work-start' }));
    await call('POST', fillPath(apiPaths.visitMilestone, { scheduledVisitId: fitted, milestone: 'work-complete' }));
    await inspected(fitted, new Date().toISOString(), {
      'Left front tread': { status: 'Warning', measurement: 4, notes: 'Worn on the inside edge' },
      'Right front tread': { status: 'Passed', measurement: 7 },
    });
    // The car in the bay now.
    const inBay = await jobForTheTechnician(env, plate, now);

    const { context, page } = await signIn(env.browser, appUrl, 'tech@demo.test', 'demo1234', { viewport: { width: 390, height: 844 } });
    await context.clock.setFixedTime(new Date());
    try {
      await shellReady(page, 'Theo Technician');
      await firstSyncDone(page, techId, store);
      await page.evaluate(async () => {
        await navigator.serviceWorker.ready;
      });
      await page.goto(`${appUrl}/technician-appointments/${inBay}`);
      await page.getByRole('region', { name: 'Tires and tread' }).getByText('Tire 4', { exact: true }).waitFor({ timeout: 15_000 });

      // No signal: the app opens again from the device and reads the history from its replica.
      await link.cut();
      await context.setOffline(true);
      await page.close();
      const again = await context.newPage();
      await again.goto(`${appUrl}/technician-appointments/${inBay}`);
      const card = again.getByRole('region', { name: 'Tires and tread' });
      await card.getByText('Tire 4', { exact: true }).waitFor({ timeout: 15_000 });
      await card.getByText(/^Tire 1 is \d+ years old by its DOT code \(DOT U2 LL LMLR 0118\): replace it$/).waitFor();
      await card.getByText(/^Left front tread: 4\/32″ on .*, at or below 4\/32″$/).waitFor();
      expect(await card.getByText(/^DOT 4B3 N5 9K7R 0124 · Made in week 1 of 2024 · \d+ years? old$/).count()).toBe(3);
      expect(await card.getByText('Rotations are not recorded.').count()).toBe(1);
      // Tread over time: today's reading above the one of months ago, per wheel.
      const tread = card.getByRole('table', { name: /Tread depth/ });
      expect(await tread.getByRole('columnheader').allInnerTexts()).toEqual(['Inspected', 'Left front', 'Right front']);
      const rows = await tread.getByRole('row').allInnerTexts();
      expect(rows.slice(1).map((r) => r.split(/\s*\t\s*/).slice(1))).toEqual([
        ['4/32″', '7/32″'],
        ['8/32″', '9/32″'],
      ]);
      // Past findings with what was decided: nobody answered them yet.
      await card.getByText('Worn on the inside edge', { exact: false }).waitFor();
      expect(await card.getByText('Not answered').count()).toBe(2);

      mkdirSync('screenshots', { recursive: true });
      await card.screenshot({ path: 'screenshots/vehicle-history-bay-390.png' });
      await again.setViewportSize({ width: 1440, height: 900 });
      await card.screenshot({ path: 'screenshots/vehicle-history-bay-1440.png' });

      // The inspection beside a tread item: last time's worn reading, and the old tire's finding for the technician to confirm.
      await again.setViewportSize({ width: 390, height: 844 });
      await again.getByRole('button', { name: 'Start the inspection' }).click();
      const leftFront = again.getByRole('group', { name: 'Left front tread', exact: true });
      const hint = leftFront.getByRole('note', { name: "Left front tread: from the vehicle's history" });
      await hint
        .getByText(
          /^Read 4\/32″ on .*: measure it again\. Tire 1 on this vehicle is \d+ years old by its DOT code \(DOT U2 LL LMLR 0118\): warn if it is on this wheel$/,
        )
        .waitFor();
      await hint.screenshot({ path: 'screenshots/vehicle-history-hint-390.png' });
      await hint.getByRole('button', { name: 'Warn: old tire' }).click();
      await leftFront.getByText('Warning', { exact: true }).waitFor();
      expect(await leftFront.getByRole('textbox', { name: 'Left front tread: notes' }).inputValue()).toMatch(
        /^Tire \d+ years old by its DOT code \(DOT U2 LL LMLR 0118\)$/,
      );
    } finally {
      await link.restore();
      await context.close();
    }
  });

  it("shows the counter the same tires on the customer's vehicle page", async () => {
    const plate = `HIC${randomUUID().slice(0, 4).toUpperCase()}`;
    const fitted = await jobForTheTechnician(env, plate, new Date());
    const tires = [0, 1].map((position) => ({ visitTireId: randomUUID(), tireId: null, description: 'Michelin Defender2 225/65R17 102H', position }));
    await call('POST', fillPath(apiPaths.visitTires, { scheduledVisitId: fitted }), { tires });
    for (const tire of tires) await call('PUT', fillPath(apiPaths.visitTireDot, { visitTireId: tire.visitTireId }), { dotCode: 'DOT U2LL LMLR 0118' });
    await call('POST', fillPath(apiPaths.checkIn, { scheduledVisitId: fitted }));
    await call('POST', fillPath(apiPaths.visitMilestone, { scheduledVisitId: fitted, milestone: 'work-start' }));
    await call('POST', fillPath(apiPaths.visitMilestone, { scheduledVisitId: fitted, milestone: 'work-complete' }));
    const visit = await db().selectFrom('scheduledVisits').select(['customerId', 'vehicleId']).where('scheduledVisitId', '=', fitted).executeTakeFirstOrThrow();
    const userId = (await db().selectFrom('users').select('userId').where('email', '=', 'user@demo.test').executeTakeFirstOrThrow()).userId;

    const { context, page } = await signIn(env.browser, appUrl, 'user@demo.test', 'demo1234', { viewport: { width: 1024, height: 900 } });
    try {
      await shellReady(page, 'Uma User');
      await firstSyncDone(page, userId, store);
      await page.goto(`${appUrl}/customers/${visit.customerId}/vehicles/${visit.vehicleId}`);
      const card = page.getByRole('region', { name: 'Tires and tread' });
      await card.getByText('Tire 2', { exact: true }).waitFor({ timeout: 15_000 });
      await card.getByText(/^Tire 1 is \d+ years old by its DOT code \(DOT U2 LL LMLR 0118\): replace it$/).waitFor();
    } finally {
      await context.close();
    }
  });
});
