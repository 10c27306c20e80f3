import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { fillPath } from '../src/contract/fill-path.ts';
import { apiPaths } from '../src/contract/routes.ts';
import type { VisitPromise } from '../src/contract/visit-promise.ts';
import { newHashId } from '../src/domain/app/hash-id.ts';
import { dateFormats } from '../src/domain/calendar/date-format.ts';
import { instantToWallClock } from '../src/domain/calendar/time-zone.ts';
import { apiCall } from '../tests/support/api.ts';
import { mintAccessToken } from '../tests/support/tokens.ts';
import { firstSyncDone } from './support/idb.ts';
import { e2eEnvironment } from './support/server.ts';
import { textsInSink } from './support/sms-sink.ts';
import { shellReady, signIn } from './support/session.ts';

const env = e2eEnvironment();
const db = () => env.server.database.db;
/** Store #101's zone (Central Standard Time). */
const storeZone = 'America/Chicago';
let store: number;
let techId: string;
let counterId: string;
let counter: string;

beforeAll(async () => {
  store = (await db().selectFrom('storeLocations').select('id').where('storeNumber', '=', 101).executeTakeFirstOrThrow()).id;
  techId = (await db().selectFrom('users').select('userId').where('email', '=', 'tech@demo.test').executeTakeFirstOrThrow()).userId;
  counterId = (await db().selectFrom('users').select('userId').where('email', '=', 'user@demo.test').executeTakeFirstOrThrow()).userId;
  counter = await mintAccessToken(db(), 'user@demo.test', env.server.publicUrl);
});

const call = async (method: 'GET' | 'POST', path: string, body?: unknown) => {
  const answer = await apiCall(env.server.app, { method, path, token: counter, store, body });
  expect(answer.statusCode, answer.body).toBeLessThan(300);
  return answer.json();
};

/**
 * A job of `minutes` for Theo Technician, booked by the counter from the current quarter hour for a new customer
 * named `lastName`; its visit's id.
 */
async function jobFor(lastName: string, minutes: number): Promise<string> {
  const customerId = randomUUID();
  await call('POST', apiPaths.customers, {
    customerId,
    firstName: 'Pat',
    lastName,
    companyName: null,
    email: null,
    phoneNumber: `555${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`,
    preferredContactMethod: 'Text',
    addressLine1: null,
    city: null,
    state: null,
    postalCode: null,
    notes: null,
  });
  const scheduledVisitId = randomUUID();
  const startDate = new Date(Math.floor(Date.now() / 900_000) * 900_000).toISOString();
  await call('POST', apiPaths.scheduledVisits, {
    scheduledVisitId,
    scheduledVisitHashId: newHashId(),
    customerId,
    vehicleId: null,
    customerVehicleStatus: 2,
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
    durationInMinutes: minutes,
    serviceNotes: null,
    selectedTechnician: techId,
  });
  return scheduledVisitId;
}

/** Letters only, so a name is unique to the run and still a name. */
const uniqueName = (prefix: string) =>
  `${prefix}${randomUUID()
    .replace(/[^a-f]/g, '')
    .slice(0, 5)}`;

const shot = (page: Page, name: string) => page.screenshot({ path: `screenshots/${name}.png`, fullPage: true });

describe('the counter promises a ready-by time, and the floor warns when it slips', () => {
  it('proposes the time at check-in, warns about an earlier one, keeps the reason, and shows the visit at risk on the scheduler and home when the bay starts it late', async () => {
    const lastName = uniqueName('Keeper');
    const visitId = await jobFor(lastName, 60);
    const { context, page } = await signIn(env.browser, env.server.publicUrl, 'user@demo.test', 'demo1234', { viewport: { width: 1440, height: 900 } });
    try {
      await shellReady(page, 'Uma User');
      await firstSyncDone(page, counterId, store);
      await page.goto(`${env.server.publicUrl}/scheduler-dayview/appointments/${visitId}`);
      const panel = page.getByRole('complementary', { name: 'Appointment' });
      await panel.getByRole('button', { name: 'Check in' }).click();
      const promise = panel.getByRole('group', { name: 'Promise' });
      await promise.getByText('No ready-by time promised yet').waitFor();
      await promise.getByText(/^The floor can have it ready by /).waitFor();

      // A time sooner than the floor can keep is warned about, in words, not refused.
      await promise.getByLabel('Pickup time').fill(instantToWallClock(new Date().toISOString(), storeZone).slice(11, 16));
      await promise.getByText(/at the earliest: promise that or later\.$/).waitFor();
      await promise.getByRole('button', { name: 'Use it' }).click();
      await promise.getByText(/at the earliest/).waitFor({ state: 'detached' });
      await promise.getByLabel(/^Why/).fill('Told the customer at check-in');
      await promise.getByRole('button', { name: 'Promise' }).click();
      await promise.getByText(/^Promised by /).waitFor();
      await shot(page, 'promise-panel-1440');

      const history = async () => ((await call('GET', fillPath(apiPaths.visitPromises, { scheduledVisitId: visitId }))) as { items: VisitPromise[] }).items;
      await expect.poll(async () => (await history()).length, { timeout: 20_000 }).toBe(1);
      expect((await history()).map((m) => [m.previousPickUpTime, m.reason, m.movedByName])).toEqual([[null, 'Told the customer at check-in', 'Uma User']]);
      expect(await promise.getByText('At risk', { exact: true }).count()).toBe(0);

      // The bay starts another car first: two hours of work now ahead of this one on Theo's lane.
      const ahead = await jobFor(uniqueName('Ahead'), 120);
      await call('POST', fillPath(apiPaths.checkIn, { scheduledVisitId: ahead }), {});
      await call('POST', fillPath(apiPaths.visitMilestone, { scheduledVisitId: ahead, milestone: 'work-start' }), {});

      const reason = /^work not started, 1 h of work left, \d+ jobs? ahead, /;
      await promise.getByText('At risk', { exact: true }).waitFor({ timeout: 20_000 });
      await promise.getByText(reason).waitFor();
      const entry = page.locator('.sched-at-risk', { hasText: lastName });
      await entry.getByText('At risk', { exact: true }).waitFor();
      await shot(page, 'promise-scheduler-1440');

      await page.goto(`${env.server.publicUrl}/`);
      const atRisk = page.getByRole('region', { name: 'At risk' });
      const row = atRisk.locator('div', { has: page.getByRole('link', { name: new RegExp(`Pat ${lastName}`) }) }).last();
      await row.getByText(reason).waitFor({ timeout: 20_000 });
      await shot(page, 'promise-home-1440');

      await page.setViewportSize({ width: 390, height: 844 });
      await atRisk.getByText(reason).first().waitFor();
      await shot(page, 'promise-home-390');
      await page.goto(`${env.server.publicUrl}/scheduler-dayview?view=list`);
      await page
        .locator('.sched-at-risk', { hasText: lastName })
        .getByText(/^Promise at risk: work not started/)
        .waitFor();
      await shot(page, 'promise-scheduler-390');
      await page.goto(`${env.server.publicUrl}/scheduler-dayview/appointments/${visitId}`);
      await page.getByRole('dialog', { name: 'Appointment' }).getByText(reason).waitFor();
      await shot(page, 'promise-panel-390');
    } finally {
      await context.close();
    }
  });

  it('prepares the update for a visit at risk, shows the counter the exact text and how it goes (or why it cannot), and sends it once with the new promise', async () => {
    const lastName = uniqueName('Told');
    const visitId = await jobFor(lastName, 60);
    const visit = await db()
      .selectFrom('scheduledVisits')
      .select(['customerId', 'scheduledVisitHashId'])
      .where('scheduledVisitId', '=', visitId)
      .executeTakeFirstOrThrow();
    // A customer who agreed to texts, at a number of their own; the car checked in and promised sooner than the floor can do.
    const number = `555${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
    await db()
      .updateTable('customers')
      .set({ phoneNumber: number, textConsentMethod: 'InPerson', textConsentGivenOn: new Date().toISOString(), textConsentRecordedBy: 'Uma User' })
      .where('customerId', '=', visit.customerId!)
      .execute();
    await call('POST', fillPath(apiPaths.checkIn, { scheduledVisitId: visitId }), {});
    const promised = new Date(Math.ceil((Date.now() + 15 * 60_000) / 900_000) * 900_000).toISOString();
    await call('POST', fillPath(apiPaths.visitPromises, { scheduledVisitId: visitId }), { pickUpTime: promised, reason: null });
    // Another customer's visit, who asked for calls: moving their promise offers no text, and says to call.
    const callsVisit = await jobFor(uniqueName('Caller'), 30);
    const caller = await db().selectFrom('scheduledVisits').select('customerId').where('scheduledVisitId', '=', callsVisit).executeTakeFirstOrThrow();
    await db()
      .updateTable('customers')
      .set({ preferredContactMethod: 'Phone', phoneNumber: '5550101234' })
      .where('customerId', '=', caller.customerId!)
      .execute();
    await call('POST', fillPath(apiPaths.visitPromises, { scheduledVisitId: callsVisit }), { pickUpTime: promised, reason: null });
    // A third, who agreed to texts when the tablet synced and withdrew it since, at the server only.
    const withdrawnVisit = await jobFor(uniqueName('Withdrawn'), 30);
    const withdrawn = await db().selectFrom('scheduledVisits').select('customerId').where('scheduledVisitId', '=', withdrawnVisit).executeTakeFirstOrThrow();
    await db()
      .updateTable('customers')
      .set({ phoneNumber: '5550104321', textConsentMethod: 'InPerson' })
      .where('customerId', '=', withdrawn.customerId!)
      .execute();
    await call('POST', fillPath(apiPaths.visitPromises, { scheduledVisitId: withdrawnVisit }), { pickUpTime: promised, reason: null });

    const { context, page } = await signIn(env.browser, env.server.publicUrl, 'user@demo.test', 'demo1234', { viewport: { width: 1440, height: 900 } });
    try {
      await shellReady(page, 'Uma User');
      await firstSyncDone(page, counterId, store);
      await page.goto(`${env.server.publicUrl}/scheduler-dayview/appointments/${callsVisit}`);
      const callsPanel = page.getByRole('complementary', { name: 'Appointment' }).getByRole('group', { name: 'Promise' });
      await callsPanel.getByText(/^Promised by /).waitFor();
      await callsPanel.getByLabel('Pickup time').fill('17:45');
      await callsPanel.getByText('The customer asked for calls: call them at (555) 010-1234.').waitFor();
      expect(await callsPanel.getByRole('button', { name: 'Promise and tell the customer' }).count()).toBe(0);

      // The server refuses what the tablet could not know: the refusal reads as one, and the promise goes back.
      await db().updateTable('customers').set({ textConsentMethod: null }).where('customerId', '=', withdrawn.customerId!).execute();
      await page.goto(`${env.server.publicUrl}/scheduler-dayview/appointments/${withdrawnVisit}`);
      const withdrawnPanel = page.getByRole('complementary', { name: 'Appointment' });
      await withdrawnPanel.getByRole('group', { name: 'Promise' }).getByLabel('Pickup time').fill('17:45');
      await withdrawnPanel.getByRole('button', { name: 'Promise and tell the customer' }).click();
      const refusal = withdrawnPanel.getByRole('alert').filter({ hasText: /Not sent: the promise did not move to (.+, )?5:45 PM/ });
      await refusal
        .getByText('The customer was not told and the promise stays as it was. The customer has not agreed to texts: call them at (555) 010-4321.')
        .waitFor({ timeout: 30_000 });
      await refusal.scrollIntoViewIfNeeded();
      await page.screenshot({ path: 'screenshots/promise-update-refused-1440.png' });
      await refusal.getByRole('button', { name: 'Keep the promise as it was' }).click();
      await refusal.waitFor({ state: 'detached' });
      await withdrawnPanel.getByText(`Promised by ${dateFormats(storeZone).time(promised)}`).waitFor();
      expect(textsInSink(env.config.dataDir).filter((t) => t.to === '+15550104321')).toEqual([]);

      await page.goto(`${env.server.publicUrl}/scheduler-dayview/appointments/${visitId}`);
      const promise = page.getByRole('complementary', { name: 'Appointment' }).getByRole('group', { name: 'Promise' });
      await promise.getByText('At risk', { exact: true }).waitFor({ timeout: 20_000 });
      // Prepared: the floor's time filled in, the text shown as it goes.
      await promise.getByText(/^The floor can have it ready by /).waitFor();
      const preview = promise.getByRole('group', { name: "The customer's update" });
      await preview.getByText(new RegExp(`^By text to \\(${number.slice(0, 3)}\\) ${number.slice(3, 6)}-${number.slice(6)}:$`)).waitFor();
      await promise.getByLabel(/^Why/).fill('The brake work you approved adds 45 minutes');
      const words = preview.getByText(/^Your vehicle will be ready .* instead of .*: the brake work you approved adds 45 minutes\. Follow it here: /);
      await words.waitFor();
      const shown = await words.textContent();
      expect(shown).toContain(`/work-order/${visit.scheduledVisitHashId}`);
      await promise.getByRole('button', { name: 'Promise and tell the customer' }).scrollIntoViewIfNeeded();
      await page.screenshot({ path: 'screenshots/promise-update-panel-1440.png' });
      // On a phone the panel is a drawer: a form of its own, filled in again.
      await page.setViewportSize({ width: 390, height: 844 });
      const drawer = page.getByRole('dialog', { name: 'Appointment' });
      await drawer.getByLabel(/^Why/).fill('The brake work you approved adds 45 minutes');
      await drawer.getByRole('group', { name: "The customer's update" }).getByText(shown!).waitFor();
      await drawer.getByRole('button', { name: 'Promise and tell the customer' }).scrollIntoViewIfNeeded();
      await page.screenshot({ path: 'screenshots/promise-update-panel-390.png' });

      await drawer.getByRole('button', { name: 'Promise and tell the customer' }).click();
      const textsTo = () => textsInSink(env.config.dataDir).filter((t) => t.to === `+1${number}`);
      await expect.poll(() => textsTo().length, { timeout: 30_000 }).toBe(1);
      const { pickUpTime } = await db().selectFrom('scheduledVisits').select('pickUpTime').where('scheduledVisitId', '=', visitId).executeTakeFirstOrThrow();
      expect(pickUpTime).not.toBe(promised);
      const [text] = textsTo();
      // The text is the one the counter read, with the new time and the status page's link.
      expect(text!.body).toBe(shown);
      // The floor's time may be on the next open day (a weekend, the evening): the text then names the days.
      const time = dateFormats(storeZone).time;
      expect(text!.body).toMatch(new RegExp(` ${time(pickUpTime!)} instead of (today at )?${time(promised)}: `));
      expect(text!.body).toContain(`${env.server.publicUrl}/work-order/${visit.scheduledVisitHashId}`);
      const moves = ((await call('GET', fillPath(apiPaths.visitPromises, { scheduledVisitId: visitId }))) as { items: VisitPromise[] }).items;
      expect(moves.map((m) => [m.previousPickUpTime, m.reason])).toEqual([
        [null, null],
        [promised, 'The brake work you approved adds 45 minutes'],
      ]);
      // Once: nothing more goes however long the page stays open.
      await page
        .getByRole('dialog', { name: 'Appointment' })
        .getByText(/^Promised by /)
        .waitFor();
      expect(textsTo()).toHaveLength(1);
    } finally {
      await context.close();
    }
  });
});
