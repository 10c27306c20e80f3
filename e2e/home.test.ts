import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '../src/contract/routes.ts';
import { newHashId } from '../src/domain/app/hash-id.ts';
import { visitStatuses } from '../src/domain/store/store-day.ts';
import { apiCall } from '../tests/support/api.ts';
import { mintAccessToken } from '../tests/support/tokens.ts';
import { firstSyncDone } from './support/idb.ts';
import { e2eEnvironment } from './support/server.ts';
import { shellReady, signIn } from './support/session.ts';

const env = e2eEnvironment();
const db = () => env.server.database.db;
let store: number;
let admin: string;

beforeAll(async () => {
  store = (await db().selectFrom('storeLocations').select('id').where('storeNumber', '=', 101).executeTakeFirstOrThrow()).id;
  admin = await mintAccessToken(db(), 'admin@demo.test', env.server.publicUrl);
});

const call = async (method: 'POST' | 'PATCH', path: string, body: unknown) => {
  const answer = await apiCall(env.server.app, { method, path, token: admin, store, body });
  expect(answer.statusCode, answer.body).toBeLessThan(300);
  return answer.json();
};
const fill = (template: string, params: Record<string, string>) => template.replace(/:(\w+)/g, (_, name: string) => params[name]!);

/** A customer whose car came in half an hour ago and is ready now: checked in, worked on and marked ready through the API. */
async function carReadyNow(firstName: string, phoneNumber: string): Promise<string> {
  const customerId = randomUUID();
  await call('POST', apiPaths.customers, {
    customerId,
    firstName,
    lastName: 'Homeview',
    companyName: null,
    email: null,
    phoneNumber,
    preferredContactMethod: 'Text',
    addressLine1: null,
    city: null,
    state: null,
    postalCode: null,
    notes: null,
  });
  const resourceId = (
    await db()
      .selectFrom('schedulerResources')
      .select('schedulerResourceId')
      .where('storeId', '=', store)
      .where('isActive', '=', true)
      .executeTakeFirstOrThrow()
  ).schedulerResourceId;
  const scheduledVisitId = randomUUID();
  const quarter = 15 * 60_000;
  const startDate = new Date(Math.floor(Date.now() / quarter) * quarter - 2 * quarter).toISOString();
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
    scheduledServiceId: randomUUID(),
    storeServiceId: null,
    resourceId,
    startDate,
    endDate: startDate,
    durationInMinutes: 15,
    serviceNotes: null,
    selectedTechnician: null,
  });
  await call('POST', fill(apiPaths.checkIn, { scheduledVisitId }), {});
  for (const milestone of ['work-start', 'work-complete', 'ready-for-pickup'])
    await call('POST', fill(apiPaths.visitMilestone, { scheduledVisitId, milestone }), {});
  return scheduledVisitId;
}

/** The texts the server handed to the SMS sink, to one number. */
function textsTo(phone: string): { to: string; body: string }[] {
  const dir = path.join(env.config.dataDir, 'sms');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .map((name) => JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8')) as { to: string; body: string })
    .filter((text) => text.to.replace(/\D/g, '').endsWith(phone));
}

/** Home's tiles of today, status by status, as their labels read them ("3 Checked In", as the tile shows it). */
async function homeCounts(page: Page): Promise<Record<string, number>> {
  const today = page.getByRole('region', { name: /^Today:/ });
  await today.waitFor();
  const counts: Record<string, number> = {};
  for (const status of visitStatuses) {
    const label = await today.getByRole('link', { name: new RegExp(`^\\d+ ${status}$`) }).getAttribute('aria-label');
    counts[status] = Number(label!.split(' ')[0]);
  }
  return counts;
}

describe('home', () => {
  it("shows today's day as the scheduler lists it, texts a ready customer once, and still shows the day offline after a reload", async () => {
    const phone = `555${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
    await carReadyNow('Rita', phone);
    const { context, page } = await signIn(env.browser, env.server.url, 'user@demo.test', 'demo1234', { viewport: { width: 1024, height: 900 } });
    try {
      await shellReady(page, 'Uma User');
      const userId = (await db().selectFrom('users').select('userId').where('email', '=', 'user@demo.test').executeTakeFirstOrThrow()).userId;
      await firstSyncDone(page, userId, store);
      await page.evaluate(async () => {
        await navigator.serviceWorker.ready;
      });
      await page.goto(`${env.server.url}/`);
      const counts = await homeCounts(page);

      // The scheduler's list of today shows each visit's status: the same counts, status by status.
      await page.getByRole('link', { name: "Open today's list" }).click();
      await page.getByRole('heading', { name: 'Scheduler' }).waitFor();
      await page.locator('.sched-status').first().waitFor();
      const listed = await page.locator('.sched-status').allTextContents();
      const fromList = Object.fromEntries(visitStatuses.map((status) => [status, listed.filter((s) => s.trim() === status).length]));
      expect(counts).toEqual(fromList);

      await page.goBack();
      const ready = page.getByRole('region', { name: 'Ready for pickup' });
      await ready.getByRole('button', { name: 'Text Rita Homeview that their car is ready' }).click();
      await ready.getByText(/^Texted /).waitFor();
      await expect.poll(() => textsTo(phone).length, { timeout: 20_000 }).toBe(1);
      expect(textsTo(phone)[0]!.body).toContain('is ready for pickup');

      // Cut off and reloaded, the device still opens on the day it has, and the text is not offered twice.
      await context.setOffline(true);
      await page.reload();
      expect(await homeCounts(page)).toEqual(counts);
      await ready.getByText(/^Texted /).waitFor();
      expect(await ready.getByRole('button', { name: 'Text Rita Homeview that their car is ready' }).count()).toBe(0);
      await context.setOffline(false);
      expect(textsTo(phone)).toHaveLength(1);
    } finally {
      await context.close();
    }
  });

  it("shows a lead technician the bay: jobs nobody has, late jobs and each technician's load", async () => {
    const { context, page } = await signIn(env.browser, env.server.url, 'lead@demo.test', 'demo1234', { viewport: { width: 390, height: 844 } });
    try {
      await shellReady(page, 'Lee Lead');
      await page.goto(`${env.server.url}/`);
      await page.getByRole('region', { name: 'The bay' }).waitFor();
      for (const tile of ['Jobs nobody has', 'Late jobs', "Each technician's load"]) await page.getByRole('region', { name: tile }).waitFor();
      await page.getByRole('region', { name: "Each technician's load" }).getByText('Theo Technician').waitFor();
      expect(await page.getByRole('region', { name: /^Today:/ }).count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});
