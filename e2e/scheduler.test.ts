import { randomUUID } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '../src/contract/routes.ts';
import { instantToWallClock, wallClockIsoToInstant } from '../src/domain/calendar/time-zone.ts';
import { apiCall } from '../tests/support/api.ts';
import { mintAccessToken } from '../tests/support/tokens.ts';
import { firstSyncDone, readStore } from './support/idb.ts';
import { box, drag, entry, halfHour } from './support/scheduler-grid.ts';
import { relayedEnvironment } from './support/server.ts';
import { shellReady, signIn, signInAgain } from './support/session.ts';
import { newHashId } from '../src/domain/app/hash-id.ts';

// The store's internet link is a relay the offline tests cut.
const { env, link, appUrl } = await relayedEnvironment();
const db = () => env.server.database.db;
/** Store #101's zone: Springfield, IL keeps Central time. */
const storeZone = 'America/Chicago';
let store: number;
let columns: { schedulerResourceId: string; name: string }[];
let admin: string;

beforeAll(async () => {
  store = (await db().selectFrom('storeLocations').select('id').where('storeNumber', '=', 101).executeTakeFirstOrThrow()).id;
  columns = await db()
    .selectFrom('schedulerResources')
    .select(['schedulerResourceId', 'name'])
    .where('storeId', '=', store)
    .where('deleted', '=', false)
    .where('isActive', '=', true)
    .orderBy('sortOrder')
    .execute();
  admin = await mintAccessToken(db(), 'admin@demo.test', env.server.publicUrl);
});

const call = async (method: 'POST' | 'PATCH', path: string, body: unknown) => {
  const answer = await apiCall(env.server.app, { method, path, token: admin, store, body });
  expect(answer.statusCode, answer.body).toBeLessThan(300);
  return answer.json();
};
const fill = (template: string, params: Record<string, string>) => template.replace(/:(\w+)/g, (_, name: string) => params[name]!);

/** A customer of the company, made through the API (first and last name make their calendar name). */
async function customerNamed(firstName: string, lastName: string): Promise<string> {
  const customerId = randomUUID();
  await call('POST', apiPaths.customers, {
    customerId,
    firstName,
    lastName,
    companyName: null,
    email: null,
    phoneNumber: `555${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`,
    preferredContactMethod: 'Phone',
    addressLine1: null,
    city: null,
    state: null,
    postalCode: null,
    notes: null,
  });
  return customerId;
}

/** An appointment booked through the API at a wall-clock time of the store (Central). */
async function book(customerId: string, wallStart: string, minutes: number, resourceId: string) {
  const scheduledVisitId = randomUUID();
  const scheduledServiceId = randomUUID();
  const startDate = wallClockIsoToInstant(wallStart, storeZone);
  await call('POST', apiPaths.scheduledVisits, {
    scheduledVisitId,
    scheduledVisitHashId: newHashId(),
    customerId,
    vehicleId: null,
    customerVehicleStatus: 1,
    description: null,
    staffNotes: null,
    customerComments: null,
    keyTag: null,
    visitAppointmentCount: 1,
    scheduledCustomerCheckIn: startDate,
    pickUpTime: null,
  });
  await call('POST', fill(apiPaths.scheduledServices, { scheduledVisitId }), {
    scheduledServiceId,
    storeServiceId: null,
    resourceId,
    startDate,
    endDate: startDate,
    durationInMinutes: minutes,
    serviceNotes: null,
    selectedTechnician: null,
  });
  return { scheduledVisitId, scheduledServiceId };
}

async function schedulerAt(page: Page, email: string, name: string, search: string) {
  await shellReady(page, name);
  const userId = (await db().selectFrom('users').select('userId').where('email', '=', email).executeTakeFirstOrThrow()).userId;
  await firstSyncDone(page, userId, store);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.goto(`${appUrl}/scheduler-dayview?${search}`);
  await page.getByRole('heading', { name: 'Scheduler' }).waitFor();
}

/** A Select of Mantine's by its label (a textbox, or a combobox when searchable). */
const field = (within: Locator, name: string) => within.getByRole('textbox', { name, exact: true }).or(within.getByRole('combobox', { name, exact: true }));
/** The top of the grid row that a time label ("9:00 AM") starts. */
async function rowTop(page: Page, label: string): Promise<number> {
  return (await box(page.locator('.ec-body .ec-sidebar .ec-slot', { hasText: new RegExp(`^${label}$`) }))).y;
}

describe('the scheduler', () => {
  it('shows an appointment at 9:00 store time at 9:00 in a browser set to another zone, also on the day clocks change', async () => {
    const customerId = await customerNamed('Zelda', 'Zonewise');
    await book(customerId, '2026-03-08T09:00:00', 60, columns[0]!.schedulerResourceId);
    await book(customerId, '2026-03-04T09:00:00', 60, columns[0]!.schedulerResourceId);
    const { context, page } = await signInAgain(env.browser, appUrl, 'user@demo.test', undefined, {
      timezoneId: 'Europe/Berlin',
      viewport: { width: 1440, height: 1000 },
    });
    try {
      for (const date of ['2026-03-08', '2026-03-04']) {
        await schedulerAt(page, 'user@demo.test', 'Uma User', `date=${date}&view=day`);
        const appointment = entry(page, 'Zelda Zonewise');
        await appointment.getByText('9:00a–10:00a').waitFor({ timeout: 15_000 });
        const height = await halfHour(page);
        expect(Math.abs((await box(appointment)).y - (await rowTop(page, '9:00 AM')))).toBeLessThan(height / 2);
      }
    } finally {
      await context.close();
    }
  });

  it('books an appointment offline, drags it to another technician and resizes it; after a reload and back online the server holds the final state and another device shows it without a reload', async () => {
    await customerNamed('Olive', 'Offline');
    const counter = await signIn(env.browser, appUrl, 'user@demo.test', undefined, { viewport: { width: 1440, height: 1000 } });
    const { context, page } = await signIn(env.browser, appUrl, 'admin@demo.test', undefined, { viewport: { width: 1440, height: 1000 } });
    try {
      await schedulerAt(counter.page, 'user@demo.test', 'Uma User', 'date=2031-03-03&view=day');
      await schedulerAt(page, 'admin@demo.test', 'Alex Admin', 'date=2031-03-03&view=day');
      // The store's link drops for both devices; the counter's screen catches up by itself once it is back.
      await link.cut();
      await context.setOffline(true);

      await page.getByRole('button', { name: 'New', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'New on the calendar' });
      await dialog.getByRole('textbox', { name: 'Customer' }).fill('Olive Offline');
      await dialog.getByRole('option', { name: /Olive Offline/ }).click();
      await dialog.getByRole('textbox', { name: 'Starts' }).fill('09:00');
      await dialog.getByRole('textbox', { name: 'Minutes' }).fill('60');
      await dialog.getByRole('button', { name: 'Book' }).click();
      await dialog.waitFor({ state: 'detached' });

      const appointment = entry(page, 'Olive Offline');
      await appointment.getByText('9:00a–10:00a').waitFor();
      const height = await halfHour(page);
      const second = await box(page.getByRole('columnheader', { name: columns[1]!.name }));
      const start = await box(appointment);
      // One hour later in the second column.
      await drag(page, { x: start.x + start.width / 2, y: start.y + 8 }, { x: second.x + second.width / 2, y: start.y + 8 + 2 * height });
      await appointment.getByText('10:00a–11:00a').waitFor();
      const moved = await box(appointment);
      expect(moved.x).toBeGreaterThanOrEqual(second.x - 1);
      expect(moved.x + moved.width).toBeLessThanOrEqual(second.x + second.width + 1);

      // Half an hour longer: 90 minutes.
      await appointment.hover();
      const handle = await box(appointment.locator('.ec-resizer'));
      await drag(
        page,
        { x: handle.x + handle.width / 2, y: handle.y + handle.height / 2 },
        { x: handle.x + handle.width / 2, y: handle.y + handle.height / 2 + height },
      );
      await appointment.getByText('10:00a–11:30a').waitFor();

      await page.reload();
      await entry(page, 'Olive Offline').getByText('10:00a–11:30a').waitFor({ timeout: 15_000 });
      const customer = await db()
        .selectFrom('customers')
        .select('customerId')
        .where('firstName', '=', 'Olive')
        .where('lastName', '=', 'Offline')
        .executeTakeFirstOrThrow();
      expect(await db().selectFrom('scheduledVisits').select('scheduledVisitId').where('customerId', '=', customer.customerId).execute()).toEqual([]);

      await link.restore();
      await context.setOffline(false);
      const services = () =>
        db()
          .selectFrom('scheduledServices')
          .innerJoin('scheduledVisits', 'scheduledVisits.scheduledVisitId', 'scheduledServices.scheduledVisitId')
          .select(['scheduledServices.resourceId', 'scheduledServices.startDate', 'scheduledServices.endDate', 'scheduledServices.durationInMinutes'])
          .where('scheduledVisits.customerId', '=', customer.customerId)
          .where('scheduledServices.deleted', '=', false)
          .execute();
      const final = {
        resourceId: columns[1]!.schedulerResourceId,
        startDate: wallClockIsoToInstant('2031-03-03T10:00:00', storeZone),
        endDate: wallClockIsoToInstant('2031-03-03T11:30:00', storeZone),
        durationInMinutes: 90,
      };
      await expect
        .poll(
          async () => (await services()).map((s) => ({ ...s, startDate: new Date(s.startDate).toISOString(), endDate: new Date(s.endDate).toISOString() })),
          { timeout: 30_000 },
        )
        .toEqual([{ ...final, startDate: new Date(final.startDate).toISOString(), endDate: new Date(final.endDate).toISOString() }]);
      await entry(counter.page, 'Olive Offline').getByText('10:00a–11:30a').waitFor({ timeout: 15_000 });
    } finally {
      await link.restore();
      await context.close();
      await counter.context.close();
    }
  });

  it('offers the free times of the day for the chosen service in the booking dialog, and a tap on one sets the time and the bay it is free on', async () => {
    const rack = columns.find((c) => c.name === 'Alignment Rack')!;
    await book(await customerNamed('Rita', 'Racked'), '2031-03-05T09:00:00', 60, rack.schedulerResourceId);
    await customerNamed('Fiona', 'Freetime');
    const { context, page } = await signInAgain(env.browser, appUrl, 'user@demo.test', undefined, { viewport: { width: 1440, height: 1000 } });
    try {
      await schedulerAt(page, 'user@demo.test', 'Uma User', 'date=2031-03-05&view=day');
      await entry(page, 'Rita Racked').waitFor();
      await page.getByRole('button', { name: 'New', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'New on the calendar' });
      await dialog.getByRole('textbox', { name: 'Customer' }).fill('Fiona Freetime');
      await dialog.getByRole('option', { name: /Fiona Freetime/ }).click();
      await dialog.getByRole('textbox', { name: 'Starts' }).fill('09:00');
      await field(dialog, 'Services').click();
      await page.getByRole('option', { name: /^Wheel Alignment/ }).click();
      await page.keyboard.press('Escape');

      // Only the rack does alignments, and Rita has it from 9:00 to 10:00.
      const free = dialog.getByRole('group', { name: 'Free for these services' });
      await free.getByRole('button', { name: '10:00 AM · Alignment Rack' }).waitFor();
      const offered = await free.getByRole('button').allTextContents();
      expect(offered.every((text) => text.endsWith('· Alignment Rack'))).toBe(true);
      expect(offered.filter((text) => /^(8:[1-5]\d|9:\d\d) AM/.test(text))).toEqual([]);

      await free.getByRole('button', { name: '10:00 AM · Alignment Rack' }).click();
      await expect.poll(() => dialog.getByRole('textbox', { name: 'Starts' }).inputValue()).toBe('10:00');
      await expect.poll(() => field(dialog, 'Bay').inputValue()).toBe('Alignment Rack');
      await dialog.getByRole('button', { name: 'Book' }).click();
      await dialog.waitFor({ state: 'detached' });
      await entry(page, 'Fiona Freetime').getByText('10:00a–11:00a').waitFor();
    } finally {
      await context.close();
    }
  });

  it('says who does each job: booked for a technician it shows their name, and by technician a drag to another technician gives them the job in the same bay', async () => {
    await customerNamed('Tara', 'Tasked');
    const technicians = await db()
      .selectFrom('users')
      .innerJoin('userRoles', 'userRoles.userId', 'users.userId')
      .select(['users.userId', 'users.name'])
      .where('userRoles.storeId', '=', store)
      .where('userRoles.role', 'in', ['AllTracTechnician', 'AllTracLeadTechnician'])
      .orderBy('users.name')
      .execute();
    const [giver, taker] = technicians as [{ userId: string; name: string }, { userId: string; name: string }];
    const { context, page } = await signInAgain(env.browser, appUrl, 'user@demo.test', undefined, { viewport: { width: 1440, height: 1000 } });
    try {
      await schedulerAt(page, 'user@demo.test', 'Uma User', 'date=2031-03-18&view=day');
      await page.getByRole('button', { name: 'New', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'New on the calendar' });
      await dialog.getByRole('textbox', { name: 'Customer' }).fill('Tara Tasked');
      await dialog.getByRole('option', { name: /Tara Tasked/ }).click();
      await field(dialog, 'Bay').click();
      await page.getByRole('option', { name: columns[2]!.name }).click();
      await field(dialog, 'Technician').click();
      await page.getByRole('option', { name: giver.name }).click();
      await dialog.getByRole('textbox', { name: 'Starts' }).fill('10:00');
      await dialog.getByRole('textbox', { name: 'Minutes' }).fill('60');
      await dialog.getByRole('button', { name: 'Book' }).click();
      await dialog.waitFor({ state: 'detached' });
      await entry(page, 'Tara Tasked').getByText(giver.name).waitFor();

      await page.locator('label', { hasText: /^Technicians$/ }).click();
      const appointment = entry(page, 'Tara Tasked');
      // By technician, the entry names its bay, in the giver's column.
      await appointment.getByText(columns[2]!.name).waitFor();
      const from = await box(page.getByRole('columnheader', { name: giver.name }));
      const to = await box(page.getByRole('columnheader', { name: taker.name }));
      const start = await box(appointment);
      expect(start.x).toBeGreaterThanOrEqual(from.x - 1);
      expect(start.x + start.width).toBeLessThanOrEqual(from.x + from.width + 1);
      await drag(page, { x: start.x + start.width / 2, y: start.y + 8 }, { x: to.x + to.width / 2, y: start.y + 8 });
      await expect.poll(async () => (await box(appointment)).x, { timeout: 10_000 }).toBeGreaterThanOrEqual(to.x - 1);

      const customer = await db()
        .selectFrom('customers')
        .select('customerId')
        .where('firstName', '=', 'Tara')
        .where('lastName', '=', 'Tasked')
        .executeTakeFirstOrThrow();
      const stored = () =>
        db()
          .selectFrom('scheduledServices')
          .innerJoin('scheduledVisits', 'scheduledVisits.scheduledVisitId', 'scheduledServices.scheduledVisitId')
          .select(['scheduledServices.selectedTechnician', 'scheduledServices.resourceId', 'scheduledServices.startDate'])
          .where('scheduledVisits.customerId', '=', customer.customerId)
          .where('scheduledServices.deleted', '=', false)
          .execute();
      await expect
        .poll(async () => (await stored()).map((r) => [r.selectedTechnician, r.resourceId, new Date(r.startDate).toISOString()]), { timeout: 30_000 })
        .toEqual([[taker.userId, columns[2]!.schedulerResourceId, new Date(wallClockIsoToInstant('2031-03-18T10:00:00', storeZone)).toISOString()]]);
    } finally {
      await context.close();
    }
  });

  it('asks before a drop over another appointment of the same column, and "Leave it where it was" puts the entry back and sends nothing', async () => {
    const rita = await book(await customerNamed('Rita', 'Revert'), '2031-03-12T09:00:00', 60, columns[0]!.schedulerResourceId);
    await book(await customerNamed('Otto', 'Overlap'), '2031-03-12T11:00:00', 60, columns[0]!.schedulerResourceId);
    const { context, page } = await signInAgain(env.browser, appUrl, 'user@demo.test', undefined, { viewport: { width: 1440, height: 1000 } });
    try {
      await schedulerAt(page, 'user@demo.test', 'Uma User', 'date=2031-03-12&view=day');
      const appointment = entry(page, 'Rita Revert');
      await appointment.getByText('9:00a–10:00a').waitFor({ timeout: 15_000 });
      const start = await box(appointment);
      const height = await halfHour(page);
      await drag(page, { x: start.x + start.width / 2, y: start.y + 8 }, { x: start.x + start.width / 2, y: start.y + 8 + 4 * height });
      const asking = page.getByRole('dialog', { name: 'Move it anyway?' });
      await asking.getByText("It overlaps Otto Overlap's appointment").waitFor();
      await asking.getByRole('button', { name: 'Leave it where it was' }).click();
      await appointment.getByText('9:00a–10:00a').waitFor();
      expect(Math.round((await box(appointment)).y)).toBe(Math.round(start.y));
      // Nothing waits to be sent: the server keeps the appointment where it was.
      const { userId } = await db().selectFrom('users').select('userId').where('email', '=', 'user@demo.test').executeTakeFirstOrThrow();
      expect(await readStore(page, `alltrac-${userId}-store-${store}`, 'outbox')).toEqual([]);
      const stored = await db()
        .selectFrom('scheduledServices')
        .select(['startDate'])
        .where('scheduledServiceId', '=', rita.scheduledServiceId)
        .executeTakeFirstOrThrow();
      expect(new Date(stored.startDate).toISOString()).toBe(new Date(wallClockIsoToInstant('2031-03-12T09:00:00', storeZone)).toISOString());
    } finally {
      await context.close();
    }
  });

  it('shows the next day as it is now when Next is pressed, never as it was when the device first read it beside the shown day', async () => {
    const nina = await book(await customerNamed('Nina', 'Next'), '2031-03-14T09:00:00', 60, columns[0]!.schedulerResourceId);
    const { context, page } = await signInAgain(env.browser, appUrl, 'user@demo.test', undefined, { viewport: { width: 1440, height: 1000 } });
    try {
      await schedulerAt(page, 'user@demo.test', 'Uma User', 'date=2031-03-13&view=day');
      const userId = (await db().selectFrom('users').select('userId').where('email', '=', 'user@demo.test').executeTakeFirstOrThrow()).userId;
      const moved = wallClockIsoToInstant('2031-03-14T11:00:00', storeZone);
      await call('PATCH', fill(apiPaths.scheduledService, nina), [{ op: 'replace', path: '/startDate', value: moved }]);
      await expect
        .poll(
          async () => {
            const rows = await readStore<{ scheduledServiceId: string; startDate: string }>(page, `alltrac-${userId}-store-${store}`, 'scheduledServices');
            return Date.parse(rows.find((r) => r.scheduledServiceId === nina.scheduledServiceId)?.startDate ?? '');
          },
          { timeout: 15_000 },
        )
        .toBe(Date.parse(moved));
      await page.evaluate(() => {
        const faces: string[] = [];
        Object.assign(window, { ninaFaces: faces });
        new MutationObserver(() => {
          for (const el of document.querySelectorAll('article.ec-event'))
            if (el.textContent?.includes('Nina Next')) faces.push(el.querySelector('.sched-time')?.textContent ?? '');
        }).observe(document.body, { subtree: true, childList: true, characterData: true });
      });
      await page.getByRole('button', { name: 'Next day' }).click();
      await entry(page, 'Nina Next').getByText('11:00a–12:00p').waitFor();
      const faces = await page.evaluate(() => (window as unknown as { ninaFaces: string[] }).ninaFaces);
      expect(faces.length).toBeGreaterThan(0);
      expect(faces).not.toContain('9:00a–10:00a');
    } finally {
      await context.close();
    }
  });

  it("keeps the technicians' columns on screen while a day picked by date is read, then shows its appointments", async () => {
    await book(await customerNamed('Pia', 'Picked'), '2031-03-20T09:00:00', 60, columns[1]!.schedulerResourceId);
    const { context, page } = await signInAgain(env.browser, appUrl, 'user@demo.test', undefined, { viewport: { width: 1440, height: 1000 } });
    try {
      await schedulerAt(page, 'user@demo.test', 'Uma User', 'date=2031-03-13&view=day');
      await page.locator('.ec-col-head', { hasText: columns[0]!.name }).waitFor();
      await page.evaluate(() => {
        const counts: number[] = [];
        Object.assign(window, { columnCounts: counts });
        new MutationObserver(() => {
          counts.push(document.querySelectorAll('.ec-col-head').length);
        }).observe(document.body, { subtree: true, childList: true });
      });
      await page.getByRole('button', { name: 'Date' }).click();
      await page.getByRole('dialog').getByRole('button', { name: '20 March 2031' }).click();
      await entry(page, 'Pia Picked').waitFor();
      expect(page.url()).toContain('date=2031-03-20');
      const counts = await page.evaluate(() => (window as unknown as { columnCounts: number[] }).columnCounts);
      expect(counts.length).toBeGreaterThan(0);
      expect(Math.min(...counts)).toBe(columns.length);
    } finally {
      await context.close();
    }
  });

  it("offers no check-in before the appointment's day; on the day colours it blue once checked in, and then offers no delete", async () => {
    const later = await book(await customerNamed('Tomas', 'Tomorrow'), '2031-03-10T09:00:00', 60, columns[0]!.schedulerResourceId);
    // Today at the store, whatever the hour the test runs at: a check-in is on the appointment's day (or after it).
    const now = Date.now();
    const wallNow = instantToWallClock(new Date(Math.floor(now / 900_000) * 900_000).toISOString(), storeZone);
    const customerId = await customerNamed('Chuck', 'Checkin');
    const { scheduledVisitId } = await book(customerId, wallNow, 15, columns[0]!.schedulerResourceId);
    const { context, page } = await signInAgain(env.browser, appUrl, 'user@demo.test', undefined, { viewport: { width: 1440, height: 1000 } });
    try {
      await schedulerAt(page, 'user@demo.test', 'Uma User', 'date=2031-03-10&view=day');
      await entry(page, 'Tomas Tomorrow').click();
      const panel = page.getByRole('complementary', { name: 'Appointment' });
      await panel.getByText('This appointment is on Mon, Mar 10, 2031: check the customer in on that day').waitFor();
      expect(await panel.getByRole('button', { name: 'Check in' }).count()).toBe(0);
      expect(
        await db().selectFrom('scheduledVisits').select('checkInDate').where('scheduledVisitId', '=', later.scheduledVisitId).executeTakeFirstOrThrow(),
      ).toEqual({ checkInDate: null });

      await page.goto(`${appUrl}/scheduler-dayview?date=${wallNow.slice(0, 10)}&view=day`);
      const appointment = entry(page, 'Chuck Checkin');
      await appointment.waitFor({ timeout: 15_000 });
      expect(await appointment.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(0, 0, 0)');
      await appointment.click();
      await panel.getByRole('button', { name: 'Delete…' }).waitFor();
      await panel.getByRole('button', { name: 'Check in' }).click();
      await expect.poll(() => appointment.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(100, 143, 255)');
      await panel.getByText('Checked in: it stays on the record and cannot be deleted').waitFor();
      expect(await panel.getByRole('button', { name: 'Delete…' }).count()).toBe(0);
      await expect
        .poll(
          async () =>
            (await db().selectFrom('scheduledVisits').select('checkInDate').where('scheduledVisitId', '=', scheduledVisitId).executeTakeFirstOrThrow())
              .checkInDate,
          { timeout: 30_000 },
        )
        .not.toBeNull();
    } finally {
      await context.close();
    }
  });

  it("changes a visit's service and adds another from the appointment panel offline; back online the server holds both, the new one after the first", async () => {
    const customerId = await customerNamed('Sam', 'Services');
    const { scheduledVisitId } = await book(customerId, '2031-03-11T10:00:00', 30, columns[0]!.schedulerResourceId);
    const [changed, added] = await db()
      .selectFrom('storeServices')
      .select(['storeServiceId', 'name', 'durationInMinutes'])
      .where('storeId', '=', store)
      .where('isActive', '=', true)
      .where('deleted', '=', false)
      .where('durationInMinutes', 'in', [45, 60, 90])
      .orderBy('name')
      .limit(2)
      .execute();
    const { context, page } = await signInAgain(env.browser, appUrl, 'user@demo.test', undefined, { viewport: { width: 1440, height: 1000 } });
    try {
      await schedulerAt(page, 'user@demo.test', 'Uma User', 'date=2031-03-11&view=day');
      await entry(page, 'Sam Services').click();
      const panel = page.getByRole('complementary', { name: 'Appointment' });
      await context.setOffline(true);

      await panel.getByRole('button', { name: 'Change a service…' }).click();
      const change = panel.getByRole('group', { name: 'Change a service' });
      await field(change, 'Service').click();
      await page.getByRole('option', { name: `${changed!.name} (${changed!.durationInMinutes} min)` }).click();
      expect(await change.getByRole('textbox', { name: 'Minutes' }).inputValue()).toBe(String(changed!.durationInMinutes));
      await change.getByRole('textbox', { name: 'Service notes' }).fill('Customer asked to check the left front');
      await change.getByRole('button', { name: 'Save service' }).click();
      await panel.getByRole('cell', { name: new RegExp(changed!.name) }).waitFor();

      await panel.getByRole('button', { name: 'Add a service…' }).click();
      const add = panel.getByRole('group', { name: 'Add a service' });
      const firstEnd = new Date(Date.parse(wallClockIsoToInstant('2031-03-11T10:00:00', storeZone)) + changed!.durationInMinutes * 60_000);
      expect(await add.getByRole('textbox', { name: 'Starts' }).inputValue()).toBe(
        `${10 + Math.floor(changed!.durationInMinutes / 60)}:${String(changed!.durationInMinutes % 60).padStart(2, '0')}`,
      );
      await add.getByRole('button', { name: 'Add service' }).click();
      await add.getByText('Choose the service to add.').waitFor();
      await field(add, 'Service').click();
      await page.getByRole('option', { name: `${added!.name} (${added!.durationInMinutes} min)` }).click();
      await add.getByRole('button', { name: 'Add service' }).click();
      await panel.getByRole('cell', { name: new RegExp(added!.name) }).waitFor();
      await expect.poll(() => entry(page, 'Sam Services').count()).toBe(2);

      await context.setOffline(false);
      const rows = () =>
        db()
          .selectFrom('scheduledServices')
          .select(['storeServiceId', 'startDate', 'durationInMinutes', 'serviceNotes'])
          .where('scheduledVisitId', '=', scheduledVisitId)
          .where('deleted', '=', false)
          .orderBy('startDate')
          .execute();
      await expect
        .poll(async () => (await rows()).map((r) => ({ ...r, startDate: new Date(r.startDate).toISOString() })), { timeout: 30_000 })
        .toEqual([
          {
            storeServiceId: changed!.storeServiceId,
            startDate: new Date(wallClockIsoToInstant('2031-03-11T10:00:00', storeZone)).toISOString(),
            durationInMinutes: changed!.durationInMinutes,
            serviceNotes: 'Customer asked to check the left front',
          },
          { storeServiceId: added!.storeServiceId, startDate: firstEnd.toISOString(), durationInMinutes: added!.durationInMinutes, serviceNotes: null },
        ]);
    } finally {
      await context.close();
    }
  });

  it('repeats a weekly block every week until its final date, and will not let it be dragged', async () => {
    const recurringBlockedTimeId = randomUUID();
    await call('POST', apiPaths.recurringBlockedTimes, {
      recurringBlockedTimeId,
      resourceId: null,
      startDate: '2031-03-10',
      timeOfDay: '12:00',
      durationInMinutes: 30,
      description: 'Team huddle',
      recurrenceEndDate: '2031-03-24',
    });
    const { context, page } = await signInAgain(env.browser, appUrl, 'user@demo.test', undefined, { viewport: { width: 1440, height: 1000 } });
    try {
      await schedulerAt(page, 'user@demo.test', 'Uma User', 'date=2031-03-10&view=week');
      for (const [date, count] of [
        ['2031-03-10', 1],
        ['2031-03-17', 1],
        ['2031-03-24', 1],
        ['2031-03-31', 0],
      ] as const) {
        await page.goto(`${appUrl}/scheduler-dayview?date=${date}&view=week`);
        await page.getByRole('heading', { name: 'Scheduler' }).waitFor();
        await expect.poll(() => entry(page, 'Team huddle').count(), { timeout: 15_000 }).toBe(count);
      }
      await page.goto(`${appUrl}/scheduler-dayview?date=2031-03-17&view=day`);
      const block = entry(page, 'Team huddle').first();
      await block.waitFor({ timeout: 15_000 });
      const before = await box(block);
      await drag(page, { x: before.x + before.width / 2, y: before.y + 6 }, { x: before.x + before.width / 2, y: before.y + 6 + 4 * (await halfHour(page)) });
      expect((await box(block)).y).toBe(before.y);
      await page
        .getByRole('dialog', { name: 'Weekly blocked time' })
        .waitFor({ state: 'detached' })
        .catch(() => undefined);
      expect(
        await db()
          .selectFrom('recurringBlockedTimes')
          .select(['startDate', 'timeOfDay'])
          .where('recurringBlockedTimeId', '=', recurringBlockedTimeId)
          .executeTakeFirstOrThrow(),
      ).toEqual({ startDate: '2031-03-10', timeOfDay: '12:00' });
    } finally {
      await context.close();
    }
  });

  it('follows new store hours set on another device, without a reload', async () => {
    const { context, page } = await signInAgain(env.browser, appUrl, 'user@demo.test', undefined, { viewport: { width: 1440, height: 1000 } });
    try {
      await schedulerAt(page, 'user@demo.test', 'Uma User', 'date=2031-03-03&view=day');
      await page.getByText(/^Open 8 AM–/).waitFor();
      await call('PATCH', fill(apiPaths.storeLocation, { id: String(store) }), { mondayOpenTime: '09:00', mondayCloseTime: '17:00' });
      await page.getByText('Open 9 AM–5 PM').waitFor({ timeout: 15_000 });
      await expect.poll(() => page.locator('.ec-body .ec-sidebar .ec-slot').first().textContent()).toBe('9:00 AM');
    } finally {
      await context.close();
    }
  });
});
