import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiPaths } from '../src/contract/routes.ts';
import { newHashId } from '../src/domain/app/hash-id.ts';
import { instantToWallClock, wallClockIsoToInstant } from '../src/domain/calendar/time-zone.ts';
import { apiCall } from '../tests/support/api.ts';
import { mintAccessToken } from '../tests/support/tokens.ts';
import { launchProfile } from './support/browser.ts';
import { firstSyncDone, readStore } from './support/idb.ts';
import { testPhoto } from './support/png.ts';
import { box, drag, entry, halfHour } from './support/scheduler-grid.ts';
import { relayedEnvironment } from './support/server.ts';
import { textsInSink } from './support/sms-sink.ts';
import { fillSignIn, readyForOffline, shellReady, signIn } from './support/session.ts';

// The store's internet link is a relay the test cuts and restores: a lost or doubled change cannot hide behind
// a worker that skipped Chromium's offline emulation.
const { env, link, appUrl } = await relayedEnvironment();
const db = () => env.server.database.db;
/** Store #101's zone: Springfield, IL keeps Central time. */
const storeZone = 'America/Chicago';
const fill = (template: string, params: Record<string, string>) => template.replace(/:(\w+)/g, (_, name: string) => params[name]!);

interface Device {
  profile: string;
  email: string;
  name: string;
  userId: string;
  viewport: { width: number; height: number };
}

/**
 * The device's browser, opened on its own profile as it was left. Its clock is held at the test's instant, so the
 * store's "today" cannot turn into tomorrow between booking the day's jobs and working them, whatever the hour.
 */
async function open(device: Device, now: Date, offline: boolean): Promise<{ context: BrowserContext; page: Page }> {
  const context = await launchProfile(device.profile, { viewport: device.viewport });
  if (offline) await context.setOffline(true);
  await context.clock.setFixedTime(now);
  return { context, page: context.pages()[0] ?? (await context.newPage()) };
}

/** Signed in online on a profile of its own, synced, ready for offline use, and the browser closed. */
async function signedInAndClosed(device: Device, store: number, now: Date): Promise<void> {
  const { context, page } = await open(device, now, false);
  try {
    await page.goto(appUrl);
    await fillSignIn(page, device.email);
    await shellReady(page, device.name);
    await firstSyncDone(page, device.userId, store);
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await readyForOffline(page);
  } finally {
    await context.close();
  }
}

const syncStatus = (page: Page) => page.getByRole('button', { name: /^Sync status:/ });
const outbox = (page: Page, device: Device, store: number) => readStore(page, `alltrac-${device.userId}-store-${store}`, 'outbox');

describe("the store's day with no network", () => {
  it("runs on a counter tablet and a technician's phone closed and reopened offline, and once back online the server holds every change once, both devices agree and a third browser sees the day done", async () => {
    const now = new Date();
    const store = (await db().selectFrom('storeLocations').select('id').where('storeNumber', '=', 101).executeTakeFirstOrThrow()).id;
    const userOf = async (email: string) => (await db().selectFrom('users').select('userId').where('email', '=', email).executeTakeFirstOrThrow()).userId;
    const counter: Device = {
      profile: fs.mkdtempSync(path.join(os.tmpdir(), 'alltrac-counter-')),
      email: 'user@demo.test',
      name: 'Uma User',
      userId: await userOf('user@demo.test'),
      viewport: { width: 1024, height: 1000 },
    };
    const technician: Device = {
      profile: fs.mkdtempSync(path.join(os.tmpdir(), 'alltrac-tech-')),
      email: 'tech@demo.test',
      name: 'Theo Technician',
      userId: await userOf('tech@demo.test'),
      viewport: { width: 390, height: 844 },
    };
    const token = await mintAccessToken(db(), 'user@demo.test', env.server.publicUrl);
    const call = async (method: 'POST', route: string, body?: unknown) => {
      const answer = await apiCall(env.server.app, { method, path: route, token, store, body });
      expect(answer.statusCode, answer.body).toBeLessThan(300);
    };

    // The morning, online: the day's first car is in the bay, checked in, and a second customer is due.
    const startDate = new Date(Math.floor(now.getTime() / 900_000) * 900_000).toISOString();
    const today = instantToWallClock(startDate, storeZone).slice(0, 10);
    // A day weeks ahead that the demo data leaves empty, so the drag lands on free bays.
    const later = '2031-03-04';
    const plate = `DAY${randomUUID().slice(0, 4).toUpperCase()}`;
    const bayCar = await db()
      .selectFrom('customerVehicles')
      .innerJoin('customers', 'customers.customerId', 'customerVehicles.customerId')
      .select(['vehicleId', 'customerVehicles.customerId'])
      .where('customerVehicles.deleted', '=', false)
      .where('customers.companyName', 'is', null)
      .orderBy('vehicleId')
      .executeTakeFirstOrThrow();
    await db().updateTable('customerVehicles').set({ vehicleLicensePlateNumber: plate }).where('vehicleId', '=', bayCar.vehicleId).execute();
    const book = async (customerId: string, vehicleId: string | null, selectedTechnician: string | null, resourceId: string | null) => {
      const scheduledVisitId = randomUUID();
      await call('POST', apiPaths.scheduledVisits, {
        scheduledVisitId,
        scheduledVisitHashId: newHashId(),
        customerId,
        vehicleId,
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
        scheduledServiceId: randomUUID(),
        storeServiceId: null,
        resourceId,
        startDate,
        endDate: startDate,
        durationInMinutes: 60,
        serviceNotes: null,
        selectedTechnician,
      });
      return scheduledVisitId;
    };
    const bayJob = await book(bayCar.customerId, bayCar.vehicleId, technician.userId, null);
    await call('POST', fill(apiPaths.checkIn, { scheduledVisitId: bayJob }));
    const columns = await db()
      .selectFrom('schedulerResources')
      .select(['schedulerResourceId', 'name'])
      .where('storeId', '=', store)
      .where('deleted', '=', false)
      .where('isActive', '=', true)
      .orderBy('sortOrder')
      .execute();
    const arrivingId = randomUUID();
    await call('POST', apiPaths.customers, {
      customerId: arrivingId,
      firstName: 'Cora',
      lastName: 'Counterday',
      companyName: null,
      email: null,
      phoneNumber: '(555) 404-7100',
      preferredContactMethod: 'Phone',
      addressLine1: null,
      city: null,
      state: null,
      postalCode: null,
      notes: null,
    });
    const arriving = await book(arrivingId, null, null, columns[0]!.schedulerResourceId);
    const incoming = await db()
      .selectFrom('storeMessages')
      .select(['storeMessageId', 'customerId'])
      .where('storeId', '=', store)
      .where('messageDirection', '=', 'Inbound')
      .where('preferredContactMethod', '=', 'Sms')
      .where('messageDeliveryMethod', '=', 'Sms')
      .where('repliedToByUserId', 'is', null)
      .where('isArchived', '=', false)
      .where('phoneNumber', 'is not', null)
      .executeTakeFirstOrThrow();
    const reply = `We have your car, ${randomUUID().slice(0, 8)}.`;

    let third: BrowserContext | undefined;
    const contexts: BrowserContext[] = [];
    try {
      await signedInAndClosed(counter, store, now);
      await signedInAndClosed(technician, store, now);

      // No network from here: both browsers open from the device alone.
      await link.cut();
      const front = await open(counter, now, true);
      const bay = await open(technician, now, true);
      contexts.push(front.context, bay.context);
      const { page } = front;

      // The counter finds a customer, then makes a new one with a car.
      await page.goto(`${appUrl}/customer-search`);
      await shellReady(page, counter.name);
      await page.getByRole('combobox', { name: 'Search customers' }).fill('Counterday');
      await page
        .getByRole('listbox', { name: 'Customers found' })
        .getByRole('option', { name: /Cora Counterday/ })
        .click();
      await page.getByRole('heading', { name: 'Cora Counterday' }).waitFor();

      await page.goto(`${appUrl}/customer-create`);
      await page.getByRole('textbox', { name: 'First name', exact: true }).fill('Nadia');
      await page.getByRole('textbox', { name: 'Last name', exact: true }).fill('Nosignal');
      await page.getByRole('textbox', { name: 'Phone', exact: true }).fill('(555) 777-0199');
      await page.getByRole('button', { name: 'Save customer' }).click();
      await page.waitForURL(/\/customers\/[0-9a-f-]{36}$/);
      await page.getByRole('heading', { name: 'Nadia Nosignal' }).waitFor();
      await page.getByRole('link', { name: 'Add vehicle' }).click();
      await page.getByRole('textbox', { name: 'Year', exact: true }).fill('2019');
      await page.getByRole('textbox', { name: 'Make', exact: true }).fill('Subaru');
      await page.getByRole('textbox', { name: 'Model', exact: true }).fill('Outback');
      await page.getByRole('button', { name: 'Add vehicle' }).click();
      await page.getByRole('region', { name: 'Vehicles' }).getByText('2019 Subaru Outback').waitFor();
      await page.reload();
      await page.getByRole('region', { name: 'Vehicles' }).getByText('2019 Subaru Outback').waitFor({ timeout: 20_000 });

      // Books her for a day weeks ahead, then moves the job an hour later to the next bay and makes it half an hour longer.
      await page.goto(`${appUrl}/scheduler-dayview?date=${later}&view=day`);
      await page.getByRole('heading', { name: 'Scheduler' }).waitFor();
      await page.getByRole('button', { name: 'New', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'New on the calendar' });
      await dialog.getByRole('textbox', { name: 'Customer' }).fill('Nadia Nosignal');
      await dialog.getByRole('option', { name: /Nadia Nosignal/ }).click();
      await dialog
        .getByRole('textbox', { name: 'Vehicle', exact: true })
        .or(dialog.getByRole('combobox', { name: 'Vehicle', exact: true }))
        .click();
      await page.getByRole('option', { name: /2019 Subaru Outback/ }).click();
      await dialog.getByRole('textbox', { name: 'Starts' }).fill('09:00');
      await dialog.getByRole('textbox', { name: 'Minutes' }).fill('60');
      await dialog.getByRole('button', { name: 'Book' }).click();
      await dialog.waitFor({ state: 'detached' });
      const booked = entry(page, 'Nadia Nosignal');
      await booked.getByText('9:00a–10:00a').waitFor();
      const height = await halfHour(page);
      const second = await box(page.getByRole('columnheader', { name: columns[1]!.name }));
      const start = await box(booked);
      await drag(page, { x: start.x + start.width / 2, y: start.y + 8 }, { x: second.x + second.width / 2, y: start.y + 8 + 2 * height });
      await booked.getByText('10:00a–11:00a').waitFor();
      await booked.hover();
      const handle = await box(booked.locator('.ec-resizer'));
      await drag(
        page,
        { x: handle.x + handle.width / 2, y: handle.y + handle.height / 2 },
        { x: handle.x + handle.width / 2, y: handle.y + handle.height / 2 + height },
      );
      await booked.getByText('10:00a–11:30a').waitFor();
      await page.reload();
      await entry(page, 'Nadia Nosignal').getByText('10:00a–11:30a').waitFor({ timeout: 20_000 });

      // Today's second customer arrives and is checked in.
      await page.goto(`${appUrl}/scheduler-dayview?date=${today}&view=day`);
      await entry(page, 'Cora Counterday').click();
      const panel = page.getByRole('complementary', { name: 'Appointment' });
      await panel.getByRole('button', { name: 'Check in' }).click();
      await panel.getByText('Checked in: it stays on the record and cannot be deleted').waitFor();

      // A customer's text is answered.
      await page.goto(`${appUrl}/messages/cus/${incoming.storeMessageId}${incoming.customerId ? `/${incoming.customerId}` : ''}`);
      await page.getByRole('button', { name: 'Quick Reply' }).click();
      await page.getByRole('textbox', { name: 'Reply' }).fill(reply);
      await page.keyboard.press('Enter');
      await page.getByText('Queued', { exact: true }).waitFor();
      await syncStatus(page)
        .and(page.getByRole('button', { name: /^Sync status: Offline, \d+ waiting$/ }))
        .waitFor();

      // In the bay: the technician starts the job, inspects it with two photos, finishes and marks it ready.
      const phone = bay.page;
      await phone.goto(`${appUrl}/technician-appointments`);
      await shellReady(phone, technician.name);
      const card = phone.getByRole('article', { name: new RegExp(plate) });
      await card.getByRole('button', { name: 'Start work' }).click({ timeout: 20_000 });
      await card.getByText('Service Started').waitFor();
      await card.getByRole('link', { name: 'Open' }).click();
      await phone.getByRole('button', { name: 'Start the inspection' }).click();
      const item = (name: string) => phone.getByRole('group', { name, exact: true });
      await item('Headlights').getByText('Pass', { exact: true }).click();
      await item('Wiper blades').getByText('Warn', { exact: true }).click();
      await item('Battery').getByText('Fail', { exact: true }).click();
      await item('Battery').getByRole('textbox', { name: 'Battery: notes' }).fill('Fails the load test');
      await item('Battery')
        .locator('input[type=file]')
        .setInputFiles({ name: 'battery.png', mimeType: 'image/png', buffer: testPhoto(1600, 1200, true) });
      await item('Wiper blades')
        .locator('input[type=file]')
        .setInputFiles({ name: 'wipers.png', mimeType: 'image/png', buffer: testPhoto(800, 600, false) });
      await phone.getByText('2 photos pending upload').waitFor();
      await phone.reload();
      await phone.getByText('2 photos pending upload').waitFor({ timeout: 20_000 });
      // Three of the items are inspected: the bay is asked before the rest go to the customer as not inspected.
      await phone.getByRole('button', { name: 'Complete the inspection' }).click();
      await phone.getByRole('dialog', { name: 'Complete the inspection?' }).getByRole('button', { name: 'Complete anyway' }).click();
      await phone.getByText('Complete', { exact: true }).waitFor();
      await phone.getByRole('button', { name: 'Complete work' }).click();
      await phone.getByRole('button', { name: 'Ready for pickup' }).click();
      await expect.poll(() => phone.getByRole('button', { name: 'Ready for pickup' }).isDisabled()).toBe(true);

      // Nothing has reached the server while both were offline.
      const newCustomer = () => db().selectFrom('customers').select('customerId').where('firstName', '=', 'Nadia').where('lastName', '=', 'Nosignal').execute();
      expect(await newCustomer()).toEqual([]);
      expect(textsInSink(env.config.dataDir).filter((t) => t.body === reply)).toEqual([]);

      // The network comes back.
      await link.restore();
      await front.context.setOffline(false);
      await bay.context.setOffline(false);
      await syncStatus(page)
        .and(page.getByRole('button', { name: 'Sync status: Saved' }))
        .waitFor({ timeout: 60_000 });
      await expect.poll(() => outbox(phone, technician, store).then((o) => o.length), { timeout: 60_000, interval: 500 }).toBe(0);
      expect(await outbox(page, counter, store)).toEqual([]);

      // The server holds every change once.
      const customers = await newCustomer();
      expect(customers).toHaveLength(1);
      const nadia = customers[0]!.customerId;
      expect(await db().selectFrom('customerVehicles').select(['year', 'make', 'model']).where('customerId', '=', nadia).execute()).toEqual([
        { year: 2019, make: 'Subaru', model: 'Outback' },
      ]);
      const visits = await db().selectFrom('scheduledVisits').select(['scheduledVisitId', 'vehicleId']).where('customerId', '=', nadia).execute();
      expect(visits).toHaveLength(1);
      const services = await db()
        .selectFrom('scheduledServices')
        .select(['resourceId', 'startDate', 'durationInMinutes'])
        .where('scheduledVisitId', '=', visits[0]!.scheduledVisitId)
        .where('deleted', '=', false)
        .execute();
      expect(services.map((s) => ({ ...s, startDate: new Date(s.startDate).toISOString() }))).toEqual([
        {
          resourceId: columns[1]!.schedulerResourceId,
          startDate: new Date(wallClockIsoToInstant(`${later}T10:00:00`, storeZone)).toISOString(),
          durationInMinutes: 90,
        },
      ]);
      expect(
        (await db().selectFrom('scheduledVisits').select('checkInDate').where('scheduledVisitId', '=', arriving).executeTakeFirstOrThrow()).checkInDate,
      ).not.toBeNull();
      // The server took the reply; the text itself leaves with its dispatcher, a moment later.
      await expect.poll(() => textsInSink(env.config.dataDir).filter((t) => t.body === reply).length, { timeout: 30_000 }).toBe(1);
      const job = await db()
        .selectFrom('scheduledVisits')
        .select(['workStartDate', 'workCompleteDate', 'readyForPickupDate'])
        .where('scheduledVisitId', '=', bayJob)
        .executeTakeFirstOrThrow();
      expect(Object.values(job).every((date) => date !== null)).toBe(true);
      const report = await db().selectFrom('inspectionReports').select(['inspectionReportId', 'completedAt']).where('scheduledVisitId', '=', bayJob).execute();
      expect(report).toHaveLength(1);
      expect(report[0]!.completedAt).not.toBeNull();
      const photos = await db().selectFrom('inspectionPhotos').select(['uploadedAt']).where('inspectionReportId', '=', report[0]!.inspectionReportId).execute();
      expect(photos.map((p) => p.uploadedAt !== null)).toEqual([true, true]);

      // Both devices agree: the counter holds the bay's finished job, the phone the counter's check-in.
      const visitOn = async (on: Page, device: Device, id: string) =>
        (
          await readStore<{ scheduledVisitId: string; checkInDate: string | null; readyForPickupDate: string | null }>(
            on,
            `alltrac-${device.userId}-store-${store}`,
            'scheduledVisits',
          )
        ).find((v) => v.scheduledVisitId === id);
      await expect.poll(async () => (await visitOn(page, counter, bayJob))?.readyForPickupDate ?? null, { timeout: 30_000 }).not.toBeNull();
      await expect.poll(async () => (await visitOn(phone, technician, arriving))?.checkInDate ?? null, { timeout: 30_000 }).not.toBeNull();

      // A third browser, signed in fresh, sees the day as it was done.
      const manager = await signIn(env.browser, appUrl, 'admin@demo.test', undefined, { viewport: { width: 1440, height: 1000 } });
      third = manager.context;
      await manager.context.clock.setFixedTime(now);
      await shellReady(manager.page, 'Alex Admin');
      await manager.page.goto(`${appUrl}/customers/${bayCar.customerId}/appointments/${bayJob}`);
      for (const milestone of ['Checked in', 'Work started', 'Work complete', 'Ready for pickup'])
        await manager.page.getByText(milestone, { exact: true }).waitFor({ timeout: 30_000 });
      await manager.page.goto(`${appUrl}/scheduler-dayview?date=${later}&view=day`);
      await entry(manager.page, 'Nadia Nosignal').getByText('10:00a–11:30a').waitFor({ timeout: 30_000 });
    } finally {
      await third?.close();
      for (const context of contexts) await context.close().catch(() => undefined);
      for (const device of [counter, technician]) fs.rmSync(device.profile, { recursive: true, force: true });
    }
  }, 300_000);
});
