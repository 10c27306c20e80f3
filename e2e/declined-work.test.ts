import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { InspectionTemplateGroup } from '../src/contract/entities.ts';
import { fillPath } from '../src/contract/fill-path.ts';
import { apiPaths, withApiVersion } from '../src/contract/routes.ts';
import { calendarDateAt } from '../src/domain/calendar/date-format.ts';
import { storeTimeZone } from '../src/domain/calendar/time-zone.ts';
import { newHashId } from '../src/domain/app/hash-id.ts';
import { defaultInspectionGroups } from '../src/domain/inspections/inspection-template.ts';
import { apiCall } from '../tests/support/api.ts';
import { mintAccessToken } from '../tests/support/tokens.ts';
import { firstSyncDone } from './support/idb.ts';
import { relayedEnvironment } from './support/server.ts';
import { shellReady, signInAgain } from './support/session.ts';

// The counter's signal is a relay the test cuts: the app reopened offline starts a new worker, which Chromium's
// offline emulation alone may not reach in time.
const { env, link, appUrl } = await relayedEnvironment();
const db = () => env.server.database.db;
let store: { id: number; timeZone: string | null };
let techId: string;
let userId: string;
let counter: string;

beforeAll(async () => {
  store = await db().selectFrom('storeLocations').select(['id', 'timeZone']).where('storeNumber', '=', 101).executeTakeFirstOrThrow();
  techId = (await db().selectFrom('users').select('userId').where('email', '=', 'tech@demo.test').executeTakeFirstOrThrow()).userId;
  userId = (await db().selectFrom('users').select('userId').where('email', '=', 'user@demo.test').executeTakeFirstOrThrow()).userId;
  counter = await mintAccessToken(db(), 'user@demo.test', env.server.publicUrl);
});

async function call(method: 'POST' | 'PUT' | 'PATCH', path: string, body?: unknown): Promise<void> {
  const answer = await apiCall(env.server.app, { method, path, token: counter, store: store.id, body });
  expect(answer.statusCode, `${method} ${path}: ${answer.body}`).toBeLessThan(300);
}

const brakePads = {
  name: 'Brake pads',
  tires: [],
  services: [{ description: 'Front brake pads, fitted', priceInCents: 18_999, isTaxable: true }],
  installPackageId: null,
  addOnIds: [],
  tireServiceTypes: [],
  warrantyType: null,
};

/**
 * A vehicle of the demo store with no visit still open: one booked ahead would close its declined work as booked
 * (the rule), and the demo books many.
 */
async function unbookedVehicle(): Promise<{ customerId: string; vehicleId: string }> {
  return db()
    .selectFrom('customerVehicles as v')
    .select(['v.vehicleId', 'v.customerId'])
    .where('v.deleted', '=', false)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('scheduledVisits as s')
            .select('s.scheduledVisitId')
            .whereRef('s.vehicleId', '=', 'v.vehicleId')
            .where('s.cancelDate', 'is', null)
            .where('s.workCompleteDate', 'is', null)
            .where('s.checkOutDate', 'is', null),
        ),
      ),
    )
    .orderBy('v.vehicleId')
    .executeTakeFirstOrThrow();
}

/** A visit of the vehicle booked by the counter now, the way the counter books one. */
async function bookedToday(vehicle: { customerId: string; vehicleId: string }): Promise<string> {
  const scheduledVisitId = randomUUID();
  const startDate = new Date(Math.floor(Date.now() / 900_000) * 900_000).toISOString();
  await call('POST', apiPaths.scheduledVisits, {
    scheduledVisitId,
    scheduledVisitHashId: newHashId(),
    customerId: vehicle.customerId,
    vehicleId: vehicle.vehicleId,
    customerVehicleStatus: 1,
    description: null,
    staffNotes: null,
    customerComments: null,
    keyTag: null,
    visitAppointmentCount: 1,
    scheduledCustomerCheckIn: startDate,
    pickUpTime: null,
  });
  await call('POST', fillPath(apiPaths.scheduledServices, { scheduledVisitId }), {
    scheduledServiceId: randomUUID(),
    storeServiceId: null,
    resourceId: null,
    startDate,
    endDate: startDate,
    durationInMinutes: 60,
    serviceNotes: null,
    selectedTechnician: techId,
  });
  return scheduledVisitId;
}

/** A visit whose inspection failed the front brake pads, priced at the counter, and the customer declined them on the report. */
async function declinedBrakes(): Promise<{ customerId: string; vehicleId: string }> {
  const visit = await unbookedVehicle();
  const scheduledVisitId = await bookedToday(visit);
  const groups: InspectionTemplateGroup[] = defaultInspectionGroups(() => randomUUID());
  await call('POST', apiPaths.inspectionReports, {
    inspectionReportId: scheduledVisitId,
    scheduledVisitId,
    vehicleId: visit.vehicleId,
    technicianId: techId,
    groups,
    startedAt: new Date().toISOString(),
  });
  const pads = groups.flatMap((g) => g.items).find((i) => i.name === 'Front pads')!;
  const item = { inspectionReportId: scheduledVisitId, itemId: pads.itemId };
  await call('PUT', fillPath(apiPaths.inspectionItem, item), { status: 'Failed', notes: 'Front pads at 2 mm', measurement: null });
  await call('PATCH', fillPath(apiPaths.inspectionReport, { inspectionReportId: scheduledVisitId }), [
    { op: 'replace', path: '/completedAt', value: new Date().toISOString() },
  ]);
  await call('PUT', fillPath(apiPaths.inspectionItemFix, item), { pricedOn: calendarDateAt(new Date(), storeTimeZone(store.timeZone)), choice: brakePads });
  const { inspectionReportHashId } = await db()
    .selectFrom('inspectionReports')
    .select('inspectionReportHashId')
    .where('inspectionReportId', '=', scheduledVisitId)
    .executeTakeFirstOrThrow();
  const signed = await env.server.app.inject({
    method: 'POST',
    url: withApiVersion(fillPath(apiPaths.publicInspectionDecisions, { inspectionReportHashId })),
    payload: { name: 'Dana Whitfield', decisions: [{ itemId: pads.itemId, decision: 'Declined' }] },
  });
  expect(signed.statusCode, signed.body).toBeLessThan(300);
  return { customerId: visit.customerId!, vehicleId: visit.vehicleId! };
}

describe('declined work at the counter', () => {
  it("lists a declined Failed finding with its price and due date, shows it on the vehicle's page, and both with no network", async () => {
    const { customerId, vehicleId } = await declinedBrakes();
    const { context, page } = await signInAgain(env.browser, appUrl, 'user@demo.test', 'demo1234', { viewport: { width: 390, height: 844 } });
    try {
      await shellReady(page, 'Uma User');
      await firstSyncDone(page, userId, store.id);
      await page.evaluate(async () => {
        await navigator.serviceWorker.ready;
      });
      // From Customers, by the keyboard: the list's link is reached with Tab and opened with Enter.
      await page.goto(`${appUrl}/customer-search`);
      const toList = page.getByRole('link', { name: 'Declined work due' });
      await toList.focus();
      await page.keyboard.press('Enter');
      await page.waitForURL(`${appUrl}/declined-work`);
      await page.getByRole('heading', { name: 'Declined work due', level: 1 }).waitFor();
      const list = page.getByRole('list', { name: 'Declined work' });
      const card = list.getByRole('listitem').filter({ hasText: 'Front pads at 2 mm' });
      await card.waitFor({ timeout: 20_000 });
      await card.getByText('Front pads at 2 mm').waitFor();
      expect(await card.getByText('Failed', { exact: true }).count()).toBe(1);
      // $189.99 and #101's 8.25% tax on it: the total the customer was shown.
      expect(await card.getByText('$205.66', { exact: true }).count()).toBe(1);
      await card.getByText(/^Due \w{3} \d{1,2}, \d{4}$/).waitFor();
      await page.getByText(/^\d+ open findings?: \$205\.66 quoted on (all|1)(, \d+ not priced)?(, \d+ overdue)?\.$/).waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

      mkdirSync('screenshots', { recursive: true });
      await page.screenshot({ path: 'screenshots/declined-work-390.png', fullPage: true });
      for (const width of [1024, 1440]) {
        await page.setViewportSize({ width, height: 900 });
        await page.screenshot({ path: `screenshots/declined-work-${width}.png` });
      }
      await page.setViewportSize({ width: 390, height: 844 });

      // No signal: the app reopens from the device and reads the list and the vehicle's page from its replica.
      await link.cut();
      await context.setOffline(true);
      await page.close();
      const again = await context.newPage();
      await again.goto(`${appUrl}/declined-work`);
      const offlineCard = again.getByRole('list', { name: 'Declined work' }).getByRole('listitem').filter({ hasText: 'Front pads at 2 mm' });
      await offlineCard.getByText('Front pads at 2 mm').waitFor({ timeout: 20_000 });
      await offlineCard.getByRole('link').click();
      await again.waitForURL(`${appUrl}/customers/${customerId}/vehicles/${vehicleId}`);
      const section = again.getByRole('region', { name: 'Declined work' });
      await section.getByText('Front pads at 2 mm').waitFor({ timeout: 20_000 });
      expect(await section.getByText('$205.66', { exact: true }).count()).toBe(1);
      await section.getByText(/^Declined \w{3} \d{1,2}, \d{4}$/).waitFor();
      await section.screenshot({ path: 'screenshots/declined-work-vehicle-390.png' });
    } catch (error) {
      for (const p of context.pages()) await p.screenshot({ path: `/tmp/dw-fail-${context.pages().indexOf(p)}.png`, fullPage: true });
      throw error;
    } finally {
      await link.restore();
      await context.close();
    }
  });
});

describe('who may open declined work', () => {
  it('sends a technician who opens /declined-work to No access', async () => {
    const { context, page } = await signInAgain(env.browser, appUrl, 'tech@demo.test');
    try {
      await shellReady(page, 'Theo Technician');
      await page.goto(`${appUrl}/declined-work`);
      await page.waitForURL(`${appUrl}/forbidden`);
      await page.getByRole('heading', { name: 'No access' }).waitFor();
    } finally {
      await context.close();
    }
  });
});
