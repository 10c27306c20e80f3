import { randomUUID } from 'node:crypto';
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PublicInspectionReport } from '../src/contract/inspection-report.ts';
import { apiPaths, withApiVersion } from '../src/contract/routes.ts';
import { apiCall } from '../tests/support/api.ts';
import { mintAccessToken } from '../tests/support/tokens.ts';
import { jobForTheTechnician as bookJob } from './support/bay-job.ts';
import { firstSyncDone, readStore } from './support/idb.ts';
import { testPhoto } from './support/png.ts';
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
const fill = (template: string, params: Record<string, string>) => template.replace(/:(\w+)/g, (_, name: string) => params[name]!);

/**
 * The instant a test runs at. The browsers' clocks are held there, so the store's "today" that the bay
 * screens show cannot turn into tomorrow between booking the job and looking for it, at 23:59 or any hour.
 */
async function heldAt(context: BrowserContext, now: Date): Promise<void> {
  await context.clock.setFixedTime(now);
}

const jobForTheTechnician = (plate: string, now: Date) => bookJob(env, plate, now);

const pending = async (page: Page) => (await readStore<{ upload?: unknown }>(page, `alltrac-${techId}-store-${store}`, 'outbox')).length;

describe('a technician in a bay with no signal', () => {
  it('starts work and fills an inspection with three photos offline, closes and reopens the app, and everything reaches the server once, through a drop mid-upload', async () => {
    const plate = `TEC${randomUUID().slice(0, 4).toUpperCase()}`;
    const now = new Date();
    const scheduledVisitId = await jobForTheTechnician(plate, now);
    const { context, page } = await signIn(env.browser, appUrl, 'tech@demo.test', 'demo1234', { viewport: { width: 390, height: 844 } });
    await heldAt(context, now);
    try {
      await shellReady(page, 'Theo Technician');
      await firstSyncDone(page, techId, store);
      await page.evaluate(async () => {
        await navigator.serviceWorker.ready;
      });
      await page.goto(`${appUrl}/technician-appointments`);
      const card = page.getByRole('article', { name: new RegExp(plate) });
      await card.waitFor({ timeout: 15_000 });
      // Nothing starts on a car that has not arrived; the counter's check-in reaches the bay by itself.
      expect(await card.getByRole('button', { name: 'Not checked in yet' }).isDisabled()).toBe(true);
      const checkedIn = await apiCall(env.server.app, { method: 'POST', path: fill(apiPaths.checkIn, { scheduledVisitId }), token: counter, store });
      expect(checkedIn.statusCode, checkedIn.body).toBe(200);
      await card.getByRole('button', { name: 'Start work' }).waitFor({ timeout: 15_000 });

      await link.cut();
      await context.setOffline(true);
      await card.getByRole('button', { name: 'Start work' }).click();
      await card.getByText('Service Started').waitFor();
      await card.getByRole('link', { name: 'Open' }).click();
      await page.getByRole('button', { name: 'Start the inspection' }).click();
      const item = (name: string) => page.getByRole('group', { name, exact: true });
      const segment = async (name: string, label: string) => item(name).getByText(label, { exact: true }).click();
      await segment('Headlights', 'Pass');
      await segment('Wiper blades', 'Warn');
      await segment('Battery', 'Fail');
      // A failed item with nothing said about it keeps the inspection open, with the reason beside the button.
      await page.getByRole('button', { name: 'Complete the inspection' }).click();
      await page
        .getByRole('alert')
        .filter({ hasText: /Say what was found for .*Battery/ })
        .waitFor();
      await page.getByRole('button', { name: 'Complete the inspection' }).waitFor();
      await item('Battery').getByRole('textbox', { name: 'Battery: notes' }).fill('Fails the load test; terminals corroded');
      await item('Left front tread')
        .getByRole('textbox', { name: /Tread depth/ })
        .fill('3');
      await item('Left front tread')
        .getByRole('textbox', { name: /Tread depth/ })
        .blur();
      await item('Left front tread').getByText('Warning', { exact: true }).waitFor();
      const photos = [
        { name: 'battery.png', mimeType: 'image/png', buffer: testPhoto(2400, 1800, true) },
        { name: 'wipers.png', mimeType: 'image/png', buffer: testPhoto(800, 600, false) },
        { name: 'tread.png', mimeType: 'image/png', buffer: testPhoto(800, 600, false) },
      ];
      for (const [name, photo] of [
        ['Battery', photos[0]!],
        ['Wiper blades', photos[1]!],
        ['Left front tread', photos[2]!],
      ] as const) {
        await item(name).locator('input[type=file]').setInputFiles(photo);
        await item(name).getByText('waiting').waitFor();
      }
      await page.getByText('3 photos pending upload').waitFor();
      // Kept on the device before the app closes: each photo's bytes and its upload, waiting.
      expect((await readStore(page, `alltrac-${techId}-store-${store}`, 'photoBlobs')).length).toBeGreaterThanOrEqual(3);

      // The app is closed and opened again, still without a signal: nothing was lost.
      await page.close();
      const again = await context.newPage();
      await again.goto(`${appUrl}/technician-appointments/${scheduledVisitId}`);
      await again.getByText('3 photos pending upload').waitFor({ timeout: 15_000 });
      await again.getByRole('group', { name: 'Battery', exact: true }).getByText('Failed', { exact: true }).waitFor();
      expect(await again.getByRole('textbox', { name: 'Battery: notes' }).inputValue()).toBe('Fails the load test; terminals corroded');

      // Back online; the connection drops again while the big photo is on its way, then comes back.
      let pieces = 0;
      const dropped = new Promise<void>((resolve) => {
        context.on('request', (request) => {
          if (request.method() === 'PUT' && request.url().includes('/content') && ++pieces === 2) {
            // The link cut too: the reopened page's worker may not hear of the emulation.
            void Promise.all([link.cut(), context.setOffline(true)]).then(() =>
              setTimeout(() => {
                void Promise.all([link.restore(), context.setOffline(false)]).then(() => resolve());
              }, 1500),
            );
          }
        });
      });
      await link.restore();
      await context.setOffline(false);
      await dropped;
      await expect.poll(() => pending(again), { timeout: 60_000, interval: 500 }).toBe(0);

      const report = await db().selectFrom('inspectionReports').selectAll().where('scheduledVisitId', '=', scheduledVisitId).executeTakeFirstOrThrow();
      const items = await db()
        .selectFrom('inspectionItems')
        .select(['itemId', 'status', 'notes', 'measurement'])
        .where('inspectionReportId', '=', report.inspectionReportId)
        .execute();
      expect(items.map((i) => i.status).sort()).toEqual(['Failed', 'Passed', 'Warning', 'Warning']);
      expect(items.find((i) => i.status === 'Failed')!.notes).toBe('Fails the load test; terminals corroded');
      const stored = await db()
        .selectFrom('inspectionPhotos')
        .innerJoin('inspectionPhotoContents', 'inspectionPhotoContents.inspectionPhotoId', 'inspectionPhotos.inspectionPhotoId')
        .select(['inspectionPhotos.byteSize', 'inspectionPhotos.uploadedAt', 'inspectionPhotoContents.received', 'inspectionPhotoContents.bytes'])
        .where('inspectionPhotos.inspectionReportId', '=', report.inspectionReportId)
        .execute();
      expect(stored).toHaveLength(3);
      for (const photo of stored) {
        expect(photo.uploadedAt).not.toBeNull();
        expect([photo.received, photo.bytes.length]).toEqual([photo.byteSize, photo.byteSize]);
        expect([...photo.bytes.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
      }
      expect(Math.max(...stored.map((p) => p.byteSize))).toBeGreaterThan(256 * 1024);
      const visit = await db()
        .selectFrom('scheduledVisits')
        .select(['workStartDate', 'checkInDate'])
        .where('scheduledVisitId', '=', scheduledVisitId)
        .executeTakeFirstOrThrow();
      expect(visit.workStartDate).not.toBeNull();

      // The lead's board shows the progress.
      const lead = await signIn(env.browser, appUrl, 'lead@demo.test', 'demo1234', { viewport: { width: 1440, height: 900 } });
      await heldAt(lead.context, now);
      try {
        await shellReady(lead.page, 'Lee Lead');
        await lead.page.goto(`${appUrl}/technicians`);
        const onBoard = lead.page.getByRole('region', { name: "Theo Technician's jobs" }).getByRole('article', { name: new RegExp(plate) });
        await onBoard.getByText(/^4\/\d+ checked$/).waitFor({ timeout: 20_000 });
        await onBoard.getByText('Service Started').waitFor();
      } finally {
        await lead.context.close();
      }
    } finally {
      await link.restore();
      await context.close();
    }
  });
});

describe('the tires a visit fits, in the bay', () => {
  it('shows each tire with no price and takes its DOT code offline: a misread letter or a week not come yet is named, the first code copies to the rest, and all reach the server', async () => {
    const now = new Date();
    const scheduledVisitId = await jobForTheTechnician(`DOT${randomUUID().slice(0, 4).toUpperCase()}`, now);
    const tires = [0, 1].map((position) => ({ visitTireId: randomUUID(), tireId: null, description: 'Nokian WR G4 225/65R17 102H', position }));
    const added = await apiCall(env.server.app, {
      method: 'POST',
      path: fill(apiPaths.visitTires, { scheduledVisitId }),
      token: counter,
      store,
      body: { tires },
    });
    expect(added.statusCode, added.body).toBe(201);
    const { context, page } = await signIn(env.browser, appUrl, 'tech@demo.test', 'demo1234', { viewport: { width: 390, height: 844 } });
    await heldAt(context, now);
    try {
      await shellReady(page, 'Theo Technician');
      await firstSyncDone(page, techId, store);
      await page.evaluate(async () => {
        await navigator.serviceWorker.ready;
      });
      await page.goto(`${appUrl}/technician-appointments/${scheduledVisitId}`);
      const card = page.getByRole('group', { name: 'Tires to fit' });
      await card.getByText('0 of 2 DOT codes').waitFor({ timeout: 20_000 });
      expect(await card.getByText('$').count()).toBe(0);

      await context.setOffline(true);
      const first = card.getByRole('textbox', { name: 'DOT code of tire 1' });
      await first.fill('dot u2lo lmlr 5023');
      await card.getByText('A DOT code never uses the letter O: is it 0?').waitFor();
      await first.fill('dot 4b3 n5 9k7r 0199');
      await card.getByText('The date 0199 names week 1 of 2099, which has not come yet: check the code').waitFor();
      expect(await card.getByRole('button', { name: 'Save' }).first().isDisabled()).toBe(true);
      await first.fill('dot u2ll lmlr 5023');
      await card.getByText('Made in week 50 of 2023').waitFor();
      await first.press('Enter');
      await card.getByText('1 of 2 DOT codes').waitFor();
      // Saved, the code shows in its groups as the sidewall prints them.
      await expect.poll(() => card.getByRole('textbox', { name: 'DOT code of tire 1' }).inputValue()).toBe('DOT U2 LL LMLR 5023');
      await card.getByRole('button', { name: 'Same DOT code on the tires still without one' }).click();
      await card.getByText('2 of 2 DOT codes').waitFor();
      await context.setOffline(false);
      const stored = async () =>
        (await db().selectFrom('visitTires').select('dotCode').where('scheduledVisitId', '=', scheduledVisitId).execute()).map((t) => t.dotCode);
      await expect.poll(stored, { timeout: 30_000 }).toEqual(['DOT U2LLLMLR5023', 'DOT U2LLLMLR5023']);
    } finally {
      await context.close();
    }
  });
});

describe("the customer's inspection report", () => {
  it("shows Failed before Warning before Passed, prints without buttons, says a wrong link is not valid, and an approval shows on the staff's screen without a reload", async () => {
    const plate = `RPT${randomUUID().slice(0, 4).toUpperCase()}`;
    const now = new Date();
    const scheduledVisitId = await jobForTheTechnician(plate, now);
    const tech = await mintAccessToken(db(), 'tech@demo.test', env.server.publicUrl);
    const template = await apiCall(env.server.app, { method: 'GET', path: apiPaths.inspectionTemplate, token: tech, store });
    const groups = template.json<{ groups: { items: { itemId: string; name: string }[] }[] }>().groups;
    const inspectionReportId = scheduledVisitId;
    const as = (method: 'POST' | 'PUT' | 'PATCH', path: string, body: unknown) => apiCall(env.server.app, { method, path, token: tech, store, body });
    const started = await as('POST', apiPaths.inspectionReports, {
      inspectionReportId,
      scheduledVisitId,
      vehicleId: null,
      technicianId: techId,
      groups,
      startedAt: now.toISOString(),
    });
    expect(started.statusCode).toBe(201);
    // The customer gets the report's public id in the store's message; the technician never holds it.
    expect(started.json<{ inspectionReportHashId: string | null }>().inspectionReportHashId).toBeNull();
    const { inspectionReportHashId } = await db()
      .selectFrom('inspectionReports')
      .select('inspectionReportHashId')
      .where('inspectionReportId', '=', inspectionReportId)
      .executeTakeFirstOrThrow();
    const items = groups.flatMap((g) => g.items);
    const byName = (name: string) => items.find((i) => i.name === name)!.itemId;
    await as('PUT', fill(apiPaths.inspectionItem, { inspectionReportId, itemId: byName('Headlights') }), { status: 'Passed', notes: null, measurement: null });
    await as('PUT', fill(apiPaths.inspectionItem, { inspectionReportId, itemId: byName('Battery') }), {
      status: 'Failed',
      notes: 'Replace',
      measurement: null,
    });
    await as('PUT', fill(apiPaths.inspectionItem, { inspectionReportId, itemId: byName('Wiper blades') }), {
      status: 'Warning',
      notes: 'Streaking',
      measurement: null,
    });
    await as('PATCH', fill(apiPaths.inspectionReport, { inspectionReportId }), [{ op: 'replace', path: '/completedAt', value: now.toISOString() }]);

    const staff = await signIn(env.browser, appUrl, 'tech@demo.test', 'demo1234', { viewport: { width: 1024, height: 900 } });
    await heldAt(staff.context, now);
    const customer = await env.browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await heldAt(customer, now);
    try {
      await shellReady(staff.page, 'Theo Technician');
      await staff.page.goto(`${appUrl}/technician-appointments/${scheduledVisitId}`);
      await staff.page.getByRole('heading', { name: 'Inspection' }).waitFor({ timeout: 20_000 });

      const phone = await customer.newPage();
      await phone.goto(`${appUrl}/inspection-reports/${inspectionReportHashId}`);
      const results = phone.getByRole('list', { name: 'Inspection results' }).getByRole('listitem');
      await results.first().waitFor();
      expect(await results.evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')))).toEqual([
        'Battery: Needs repair',
        'Wiper blades: Needs attention soon',
        'Headlights: Good',
      ]);
      await phone.getByRole('radiogroup', { name: 'Battery: your answer' }).getByText('Approve').click();
      await phone.getByRole('radiogroup', { name: 'Wiper blades: your answer' }).getByText('Decline').click();
      await phone.getByRole('textbox', { name: 'Your name, as your signature' }).fill('Dana Whitfield');
      await phone.getByRole('button', { name: 'Send my answers' }).click();
      await phone.getByText('the store has your answers').waitFor();
      // Live, without a reload (how fast is the bench's to measure, not a test's).
      await staff.page.getByText('Customer approved', { exact: false }).waitFor({ timeout: 15_000 });

      await phone.goto(`${appUrl}/inspection-reports/${inspectionReportHashId}?print=true`);
      await phone.getByRole('list', { name: 'Inspection results' }).waitFor();
      expect(await phone.getByRole('button').count()).toBe(0);
      expect(await phone.getByText(/^Approved by Dana Whitfield on /).count()).toBe(1);
      expect(await phone.getByText(/^Declined by Dana Whitfield on /).count()).toBe(1);

      await phone.goto(`${appUrl}/inspection-reports/NoSuchReportNoSuchReport`);
      await phone.getByRole('heading', { name: 'This report is not available' }).waitFor();
      const publicAnswer = await fetch(`${appUrl}${withApiVersion(fill(apiPaths.publicInspectionReport, { inspectionReportHashId }))}`);
      expect(JSON.stringify((await publicAnswer.json()) as PublicInspectionReport)).not.toMatch(/demo\.test|Theo/);
    } finally {
      await customer.close();
      await staff.context.close();
    }
  });

  it("shows each finding's price, set at the counter with no signal, and the total of what the customer approves, which the counter sees live", async () => {
    const now = new Date();
    const scheduledVisitId = await jobForTheTechnician(`FIX${randomUUID().slice(0, 4).toUpperCase()}`, now);
    const tech = await mintAccessToken(db(), 'tech@demo.test', env.server.publicUrl);
    const groups = (await apiCall(env.server.app, { method: 'GET', path: apiPaths.inspectionTemplate, token: tech, store })).json<{
      groups: { items: { itemId: string; name: string }[] }[];
    }>().groups;
    const inspectionReportId = scheduledVisitId;
    const as = (method: 'POST' | 'PUT' | 'PATCH', path: string, body: unknown) => apiCall(env.server.app, { method, path, token: tech, store, body });
    expect(
      (
        await as('POST', apiPaths.inspectionReports, {
          inspectionReportId,
          scheduledVisitId,
          vehicleId: null,
          technicianId: techId,
          groups,
          startedAt: now.toISOString(),
        })
      ).statusCode,
    ).toBe(201);
    const battery = groups.flatMap((g) => g.items).find((i) => i.name === 'Battery')!.itemId;
    await as('PUT', fill(apiPaths.inspectionItem, { inspectionReportId, itemId: battery }), {
      status: 'Failed',
      notes: 'Fails the load test',
      measurement: null,
    });
    await as('PATCH', fill(apiPaths.inspectionReport, { inspectionReportId }), [{ op: 'replace', path: '/completedAt', value: now.toISOString() }]);
    const { inspectionReportHashId } = await db()
      .selectFrom('inspectionReports')
      .select('inspectionReportHashId')
      .where('inspectionReportId', '=', inspectionReportId)
      .executeTakeFirstOrThrow();

    const staff = await signIn(env.browser, appUrl, 'user@demo.test', 'demo1234', { viewport: { width: 1440, height: 900 } });
    await heldAt(staff.context, now);
    const customer = await env.browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await heldAt(customer, now);
    try {
      const page = staff.page;
      await shellReady(page, 'Uma User');
      const userId = (await db().selectFrom('users').select('userId').where('email', '=', 'user@demo.test').executeTakeFirstOrThrow()).userId;
      await firstSyncDone(page, userId, store);
      await page.evaluate(async () => {
        await navigator.serviceWorker.ready;
      });
      await page.goto(`${appUrl}/scheduler-dayview/appointments/${scheduledVisitId}`);
      const findings = page.getByRole('group', { name: 'Findings and their prices' });
      await findings.getByText('No price').waitFor({ timeout: 20_000 });

      // At the counter with no signal: the price is worked out and kept on the device.
      await staff.context.setOffline(true);
      await findings.getByRole('button', { name: 'Price Battery' }).click();
      const dialog = page.getByRole('dialog', { name: 'What fixes Battery' });
      await dialog.getByRole('button', { name: 'Type a service or part' }).click();
      await dialog.getByRole('textbox', { name: 'Service or part' }).fill('Battery, 650 CCA, fitted');
      await dialog.getByRole('textbox', { name: 'Price' }).fill('189.99');
      // #101 taxes 8.25%: $15.67 on $189.99.
      await dialog.getByRole('table', { name: 'Price of the fix' }).getByText('$205.66').waitFor();
      await dialog.getByRole('button', { name: 'Save price' }).click();
      await findings.getByText('$205.66').waitFor();
      await staff.context.setOffline(false);
      await expect
        .poll(
          async () =>
            (
              await db()
                .selectFrom('inspectionItems')
                .select('fix')
                .where('inspectionReportId', '=', inspectionReportId)
                .where('itemId', '=', battery)
                .executeTakeFirstOrThrow()
            ).fix?.priced.totalInCents,
          { timeout: 30_000 },
        )
        .toBe(20_566);

      const phone = await customer.newPage();
      await phone.goto(`${appUrl}/inspection-reports/${inspectionReportHashId}`);
      const price = phone.getByRole('group', { name: 'Price of fixing Battery' });
      await price.getByText('Battery, 650 CCA, fitted').waitFor();
      expect(await price.getByText('$205.66').count()).toBe(1);
      await phone.getByRole('radiogroup', { name: 'Battery: your answer' }).getByText('Approve').click();
      await phone.getByRole('status').getByText('You are approving 1 item: $205.66').waitFor();
      await phone.getByRole('textbox', { name: 'Your name, as your signature' }).fill('Dana Whitfield');
      await phone.getByRole('button', { name: 'Send my answers' }).click();
      await phone.getByText('Work you approved: $205.66').waitFor();
      // The counter sees it without a reload.
      await findings.getByText('Approved by the customer: $205.66').waitFor({ timeout: 15_000 });
    } finally {
      await customer.close();
      await staff.context.close();
    }
  });
});

describe("the bay's report to a customer who prefers calls (issue 46 item 3, issue 53 item 5)", () => {
  it('asks before completing with items left, reads a refused send as refused with what to do, shows the counter to call, and sends again in place of the refusal', async () => {
    const now = new Date();
    const scheduledVisitId = await jobForTheTechnician(`CAL${randomUUID().slice(0, 4).toUpperCase()}`, now);
    expect((await apiCall(env.server.app, { method: 'POST', path: fill(apiPaths.checkIn, { scheduledVisitId }), token: counter, store })).statusCode).toBe(200);
    const { customerId } = await db()
      .selectFrom('scheduledVisits')
      .select('customerId')
      .where('scheduledVisitId', '=', scheduledVisitId)
      .executeTakeFirstOrThrow();
    const before = await db()
      .selectFrom('customers')
      .select(['preferredContactMethod', 'email'])
      .where('customerId', '=', customerId!)
      .executeTakeFirstOrThrow();
    const contact = async (ops: { path: string; value: unknown }[]) => {
      const answer = await apiCall(env.server.app, {
        method: 'PATCH',
        path: fill(apiPaths.customer, { customerId: customerId! }),
        token: counter,
        store,
        body: ops.map((op) => ({ op: 'replace', ...op })),
      });
      expect(answer.statusCode, answer.body).toBe(200);
    };
    await contact([{ path: '/preferredContactMethod', value: 'Phone' }]);

    const { context, page } = await signIn(env.browser, appUrl, 'tech@demo.test', 'demo1234', { viewport: { width: 390, height: 844 } });
    await heldAt(context, now);
    try {
      await shellReady(page, 'Theo Technician');
      await firstSyncDone(page, techId, store);
      await page.goto(`${appUrl}/technician-appointments/${scheduledVisitId}`);
      await page.getByRole('button', { name: 'Start work' }).click({ timeout: 20_000 });
      await page.getByRole('button', { name: 'Start the inspection' }).click();
      await page.getByRole('group', { name: 'Headlights', exact: true }).getByText('Pass', { exact: true }).click();

      // Completing the work while the inspection is open asks first, saying what is left; "Not yet" changes nothing.
      await page.getByRole('button', { name: 'Complete work' }).click();
      const work = page.getByRole('dialog', { name: 'Complete the work?' });
      await work.getByText(/^The inspection is still in progress\. \d+ of \d+ items are not inspected: /).waitFor();
      await work.getByRole('button', { name: 'Not yet' }).click();
      await work.waitFor({ state: 'detached' });
      await page.getByRole('button', { name: 'Complete work' }).waitFor();

      // So does completing an inspection with items left; "Keep inspecting" keeps it open, "Complete anyway" completes it.
      await page.getByRole('button', { name: 'Complete the inspection' }).click();
      const inspection = page.getByRole('dialog', { name: 'Complete the inspection?' });
      await inspection.getByText(/items are not inspected: .*The customer's report shows them as not inspected\./).waitFor();
      await inspection.getByRole('button', { name: 'Keep inspecting' }).click();
      await page.getByText('In progress', { exact: true }).waitFor();
      await page.getByRole('button', { name: 'Complete the inspection' }).click();
      await inspection.getByRole('button', { name: 'Complete anyway' }).click();
      await page.getByText('Complete', { exact: true }).waitFor();

      // The customer prefers calls: the server refuses the send, and the bay reads that, not "sent".
      await page.getByRole('button', { name: 'Send to the customer' }).click();
      const refused = page.getByRole('alert').filter({ hasText: 'The report was not sent' });
      await refused.getByText(/The customer asked for calls.*Ask the front counter to call the customer\./).waitFor({ timeout: 30_000 });
      expect(await page.getByText(/^Report sent to the customer/).count()).toBe(0);

      // The counter sees on the visit that the customer is to be called.
      const desk = await signIn(env.browser, appUrl, 'user@demo.test', 'demo1234', { viewport: { width: 1440, height: 900 } });
      await heldAt(desk.context, now);
      try {
        await shellReady(desk.page, 'Uma User');
        await desk.page.goto(`${appUrl}/scheduler-dayview/appointments/${scheduledVisitId}`);
        const note = desk.page
          .getByRole('complementary', { name: 'Appointment' })
          .getByRole('status')
          .filter({ hasText: 'Call the customer: they prefer calls' });
        await note.waitFor({ timeout: 30_000 });

        // The counter reaches the customer, who asks for the report by email: the bay sends again, in place of the refusal.
        await contact([
          { path: '/email', value: 'report.reader@example.com' },
          { path: '/preferredContactMethod', value: 'Email' },
        ]);
        await refused.getByRole('button', { name: 'Send again' }).click();
        await page.getByText(/^Report sent to the customer /).waitFor({ timeout: 30_000 });
        expect(await page.getByRole('alert').filter({ hasText: 'The report was not sent' }).count()).toBe(0);
        await expect.poll(() => pending(page), { timeout: 30_000 }).toBe(0);
        const sent = await db()
          .selectFrom('storeMessages')
          .select('email')
          .where('visitId', '=', scheduledVisitId)
          .where('templateType', '=', 'InspectionReport')
          .execute();
        expect(sent).toEqual([{ email: 'report.reader@example.com' }]);
        // Sent: the counter's note goes by itself.
        await note.waitFor({ state: 'detached', timeout: 30_000 });
      } finally {
        await desk.context.close();
      }
    } finally {
      await context.close();
      await contact([
        { path: '/email', value: before.email },
        { path: '/preferredContactMethod', value: before.preferredContactMethod },
      ]);
    }
  });
});
