import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiPaths } from '../src/contract/routes.ts';
import { newHashId } from '../src/domain/app/hash-id.ts';
import { wallClockIsoToInstant } from '../src/domain/calendar/time-zone.ts';
import { apiCall } from '../tests/support/api.ts';
import { mintAccessToken } from '../tests/support/tokens.ts';
import { firstSyncDone } from './support/idb.ts';
import { e2eEnvironment } from './support/server.ts';
import { shellReady, signIn, signInAgain } from './support/session.ts';

const env = e2eEnvironment();
const db = () => env.server.database.db;

async function syncedAt(page: Page, email: string, name: string, path: string) {
  await shellReady(page, name);
  const userId = (await db().selectFrom('users').select('userId').where('email', '=', email).executeTakeFirstOrThrow()).userId;
  const store = (await db().selectFrom('storeLocations').select('id').where('storeNumber', '=', 101).executeTakeFirstOrThrow()).id;
  await firstSyncDone(page, userId, store);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.goto(`${env.server.url}${path}`);
  return store;
}

describe('the service catalogue in settings', () => {
  it('an admin changes a duration offline: 20 minutes is refused with the steps to use, 60 reaches the server once back online', async () => {
    const { context, page } = await signInAgain(env.browser, env.server.url, 'admin@demo.test');
    try {
      const store = await syncedAt(page, 'admin@demo.test', 'Alex Admin', '/settings/services');
      const service = await db()
        .selectFrom('storeServices')
        .select(['storeServiceId', 'name', 'durationInMinutes'])
        .where('storeId', '=', store)
        .where('deleted', '=', false)
        .where('durationInMinutes', '!=', 60)
        .orderBy('name')
        .executeTakeFirstOrThrow();
      await page.getByRole('heading', { name: 'Services' }).waitFor();
      await context.setOffline(true);

      await page.getByRole('button', { name: `Edit ${service.name}` }).click();
      const dialog = page.getByRole('dialog', { name: `Edit ${service.name}` });
      const duration = dialog.getByRole('textbox', { name: 'Duration (minutes)' });
      await duration.fill('20');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await dialog.getByText('Use steps of 15 minutes: 15 or 30').waitFor();
      expect(await duration.evaluate((el) => el === document.activeElement)).toBe(true);

      await duration.fill('60');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await dialog.waitFor({ state: 'detached' });
      const row = page.getByRole('row').filter({ has: page.getByRole('button', { name: `Edit ${service.name}` }) });
      await row.getByText('1 h', { exact: true }).waitFor();
      await row.getByText('Waiting to send').waitFor();
      expect(
        (await db().selectFrom('storeServices').select('durationInMinutes').where('storeServiceId', '=', service.storeServiceId).executeTakeFirstOrThrow())
          .durationInMinutes,
      ).toBe(service.durationInMinutes);

      await context.setOffline(false);
      await expect
        .poll(
          async () =>
            (await db().selectFrom('storeServices').select('durationInMinutes').where('storeServiceId', '=', service.storeServiceId).executeTakeFirstOrThrow())
              .durationInMinutes,
          { timeout: 30_000 },
        )
        .toBe(60);
      await row.getByText('Waiting to send').waitFor({ state: 'detached', timeout: 30_000 });
    } finally {
      await context.close();
    }
  });

  it('a new service added by an admin appears on another signed-in device of the store without a reload', async () => {
    const admin = await signInAgain(env.browser, env.server.url, 'admin@demo.test');
    const counter = await signInAgain(env.browser, env.server.url, 'platform@demo.test');
    try {
      await syncedAt(admin.page, 'admin@demo.test', 'Alex Admin', '/settings/services');
      await syncedAt(counter.page, 'platform@demo.test', 'Pat Platform', '/settings/services');
      await counter.page.getByRole('heading', { name: 'Services' }).waitFor();

      await admin.page.getByRole('button', { name: 'Add service' }).click();
      const dialog = admin.page.getByRole('dialog', { name: 'Add service' });
      await dialog.getByRole('textbox', { name: 'Name' }).fill('Winter tire swap');
      await dialog.getByRole('textbox', { name: 'Duration (minutes)' }).fill('45');
      await dialog.getByRole('textbox', { name: 'Price' }).fill('59.99');
      await dialog.getByRole('button', { name: 'Add service' }).click();
      await dialog.waitFor({ state: 'detached' });

      await counter.page.getByRole('button', { name: 'Edit Winter tire swap' }).waitFor({ timeout: 30_000 });
      const stored = await db().selectFrom('storeServices').select(['durationInMinutes', 'priceInCents']).where('name', '=', 'Winter tire swap').execute();
      expect(stored).toEqual([{ durationInMinutes: 45, priceInCents: 5999 }]);
    } finally {
      await admin.context.close();
      await counter.context.close();
    }
  });
});

describe("the store's own settings", () => {
  it("an admin changes Saturday's hours offline; once online the server holds them and another device shows them without a reload", async () => {
    const admin = await signInAgain(env.browser, env.server.url, 'admin@demo.test');
    const other = await signInAgain(env.browser, env.server.url, 'platform@demo.test');
    try {
      const store = await syncedAt(admin.page, 'admin@demo.test', 'Alex Admin', '/settings/hours');
      await syncedAt(other.page, 'platform@demo.test', 'Pat Platform', '/settings');
      await other.page.getByText('Open Mon–Fri 8 AM–6 PM, Sat 8 AM–4 PM').waitFor();
      await admin.page.getByRole('heading', { name: 'Hours', exact: true }).waitFor();
      await admin.context.setOffline(true);

      await admin.page.getByLabel('Saturday opens').fill('09:00');
      await admin.page.getByLabel('Saturday closes').fill('08:00');
      await admin.page.getByRole('button', { name: 'Save', exact: true }).click();
      await admin.page.getByText('Close after the store opens').waitFor();
      await admin.page.getByLabel('Saturday closes').fill('15:00');
      await admin.page.getByRole('button', { name: 'Save', exact: true }).click();
      await admin.page.getByText('Waiting to send').waitFor();
      expect((await db().selectFrom('storeLocations').select('saturdayOpenTime').where('id', '=', store).executeTakeFirstOrThrow()).saturdayOpenTime).toBe(
        '08:00',
      );

      await admin.context.setOffline(false);
      await expect
        .poll(
          async () => db().selectFrom('storeLocations').select(['saturdayOpenTime', 'saturdayCloseTime']).where('id', '=', store).executeTakeFirstOrThrow(),
          { timeout: 30_000 },
        )
        .toEqual({ saturdayOpenTime: '09:00', saturdayCloseTime: '15:00' });
      await other.page.getByText('Open Mon–Fri 8 AM–6 PM, Sat 9 AM–3 PM').waitFor({ timeout: 30_000 });
    } finally {
      await admin.context.close();
      await other.context.close();
    }
  });

  it('an admin shortening a special day sees, before saving, the appointment it leaves after closing time', async () => {
    const store = (await db().selectFrom('storeLocations').select('id').where('storeNumber', '=', 101).executeTakeFirstOrThrow()).id;
    const token = await mintAccessToken(db(), 'admin@demo.test', env.server.publicUrl);
    const call = async (path: string, body: unknown) => {
      const answer = await apiCall(env.server.app, { method: 'POST', path, token, store, body });
      expect(answer.statusCode, answer.body).toBe(201);
    };
    const customerId = randomUUID();
    await call(apiPaths.customers, {
      customerId,
      firstName: 'Wanda',
      lastName: 'Afternoon',
      companyName: null,
      email: null,
      phoneNumber: '5555550177',
      preferredContactMethod: 'Phone',
      addressLine1: null,
      city: null,
      state: null,
      postalCode: null,
      notes: null,
    });
    const scheduledVisitId = randomUUID();
    const startDate = wallClockIsoToInstant('2031-03-19T15:00:00', 'America/Chicago');
    await call(apiPaths.scheduledVisits, {
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
    await call(apiPaths.scheduledServices.replace(':scheduledVisitId', scheduledVisitId), {
      scheduledServiceId: randomUUID(),
      storeServiceId: null,
      resourceId: null,
      startDate,
      endDate: startDate,
      durationInMinutes: 60,
      serviceNotes: null,
      selectedTechnician: null,
    });
    await call(apiPaths.specialStoreHours.replace(':id', String(store)), {
      specialStoreHoursId: randomUUID(),
      date: '2031-03-19',
      isClosed: false,
      openTime: '08:00',
      closeTime: '17:00',
      description: 'Inventory day',
    });
    const { context, page } = await signInAgain(env.browser, env.server.url, 'admin@demo.test');
    try {
      await syncedAt(page, 'admin@demo.test', 'Alex Admin', '/settings/hours');
      await page.getByRole('button', { name: 'Edit special hours on Wed, Mar 19, 2031' }).click();
      const dialog = page.getByRole('dialog', { name: 'Special hours on Wed, Mar 19, 2031' });
      await dialog.getByRole('textbox', { name: 'Closes' }).fill('12:00');
      const warning = dialog.getByRole('status');
      await warning.getByText('1 booked appointment falls outside these hours').waitFor();
      await warning.getByText('Wed, Mar 19, 2031, 3:00 PM · Wanda Afternoon').waitFor();
      await dialog.getByRole('textbox', { name: 'Closes' }).fill('16:00');
      await warning.waitFor({ state: 'detached' });
    } finally {
      await context.close();
    }
  });

  it("the platform's admin removing the texting number turns texting off on every device of the store; the store's admin only reads it", async () => {
    const platform = await signInAgain(env.browser, env.server.url, 'platform@demo.test');
    const admin = await signInAgain(env.browser, env.server.url, 'admin@demo.test');
    try {
      const store = await syncedAt(platform.page, 'platform@demo.test', 'Pat Platform', '/settings/general');
      await syncedAt(admin.page, 'admin@demo.test', 'Alex Admin', '/settings/general');
      await admin.page.getByText(/Texting number: \(555\)/).waitFor();
      await admin.page.getByText("The platform's administrators assign texting numbers: ask them to set or change it.").waitFor();
      expect(await admin.page.getByRole('textbox', { name: 'Texting number' }).count()).toBe(0);

      const texting = platform.page.getByRole('textbox', { name: 'Texting number' });
      await texting.fill('555 01');
      await platform.page.getByRole('button', { name: 'Save', exact: true }).click();
      await platform.page.getByText('Enter a 10-digit number, e.g. (555) 010-2000 (or +44… abroad), or leave it empty to turn texting off').waitFor();
      await texting.fill('');
      await platform.page.getByRole('button', { name: 'Save', exact: true }).click();
      await platform.page.getByText('Saved', { exact: true }).waitFor({ timeout: 30_000 });

      expect(
        (await db().selectFrom('storeLocations').select('twilioPhoneNumber').where('id', '=', store).executeTakeFirstOrThrow()).twilioPhoneNumber,
      ).toBeNull();
      await admin.page.getByText('Texting number: none, so the store cannot text').waitFor({ timeout: 30_000 });
    } finally {
      await platform.context.close();
      await admin.context.close();
    }
  });
});

describe('scheduler resources in settings', () => {
  it('the assign action says how many coming appointments move and moves exactly those; the grid links a service to a resource', async () => {
    const store = (await db().selectFrom('storeLocations').select('id').where('storeNumber', '=', 101).executeTakeFirstOrThrow()).id;
    const bay = await db()
      .selectFrom('schedulerResources')
      .select(['schedulerResourceId', 'assignedTechnicianId', 'name'])
      .where('storeId', '=', store)
      .where('assignedTechnicianId', 'is not', null)
      .orderBy('sortOrder')
      .executeTakeFirstOrThrow();
    // Whatever the hour: appointments of the next hour already have the technician (neither side counts
    // them, however long the test takes to click), and those after it have none (both count them).
    const later = new Date(Date.now() + 3_600_000).toISOString();
    await db()
      .updateTable('scheduledServices')
      .set({ selectedTechnician: bay.assignedTechnicianId })
      .where('resourceId', '=', bay.schedulerResourceId)
      .where('startDate', '<', later)
      .execute();
    await db()
      .updateTable('scheduledServices')
      .set({ selectedTechnician: null })
      .where('resourceId', '=', bay.schedulerResourceId)
      .where('startDate', '>=', later)
      .execute();
    const coming = await db()
      .selectFrom('scheduledServices as s')
      .innerJoin('scheduledVisits as v', 'v.scheduledVisitId', 's.scheduledVisitId')
      .select('s.scheduledServiceId')
      .where('s.resourceId', '=', bay.schedulerResourceId)
      .where('s.startDate', '>=', later)
      .where('s.deleted', '=', false)
      .where('v.cancelDate', 'is', null)
      .where('v.workStartDate', 'is', null)
      .where('v.workCompleteDate', 'is', null)
      .where('v.readyForPickupDate', 'is', null)
      .where('v.checkOutDate', 'is', null)
      .execute();
    expect(coming.length).toBeGreaterThan(0);

    const { context, page } = await signIn(env.browser, env.server.url, 'admin@demo.test');
    try {
      await syncedAt(page, 'admin@demo.test', 'Alex Admin', '/settings/resources');
      const row = page.getByRole('row').filter({ has: page.getByRole('button', { name: `Edit ${bay.name}` }) });
      await row.getByRole('button', { name: 'Assign coming appointments' }).click();
      const dialog = page.getByRole('dialog', { name: 'Assign coming appointments' });
      await dialog.getByText(new RegExp(`^Give ${coming.length} coming appointments? on ${bay.name} to `)).waitFor();
      await dialog.getByRole('button', { name: `Move ${coming.length}` }).click();
      await expect
        .poll(
          async () =>
            (
              await db()
                .selectFrom('scheduledServices')
                .select('scheduledServiceId')
                .where('resourceId', '=', bay.schedulerResourceId)
                .where('selectedTechnician', '=', bay.assignedTechnicianId!)
                .where('startDate', '>=', later)
                .execute()
            ).length,
          { timeout: 30_000 },
        )
        .toBe(coming.length);

      const service = await db()
        .selectFrom('storeServices')
        .select(['storeServiceId', 'name'])
        .where('storeId', '=', store)
        .where('name', '=', 'Tire Rotation')
        .executeTakeFirstOrThrow();
      const online = page.getByRole('checkbox', { name: `Customers can book ${service.name} on Bay 3 online` });
      // The box follows the device's copy, which the change updates a moment later.
      await online.click();
      await expect.poll(() => online.isChecked(), { timeout: 10_000 }).toBe(true);
      const bay3 = await db()
        .selectFrom('schedulerResources')
        .select('schedulerResourceId')
        .where('storeId', '=', store)
        .where('name', '=', 'Bay 3')
        .executeTakeFirstOrThrow();
      await expect
        .poll(
          async () =>
            db()
              .selectFrom('schedulerResourceServices')
              .select('deleted')
              .where('schedulerResourceId', '=', bay3.schedulerResourceId)
              .where('storeServiceId', '=', service.storeServiceId)
              .execute(),
          { timeout: 30_000 },
        )
        .toEqual([{ deleted: false }]);
    } finally {
      await context.close();
    }
  });
});

describe('people of the store', () => {
  it('an admin invites someone as a Technician; they set a password through the link and sign in with that role', async () => {
    const admin = await signInAgain(env.browser, env.server.url, 'admin@demo.test');
    try {
      await syncedAt(admin.page, 'admin@demo.test', 'Alex Admin', '/settings/users');
      await admin.page.getByRole('heading', { name: 'Users', exact: true }).waitFor();
      await admin.page.getByRole('button', { name: 'Invite someone' }).click();
      const dialog = admin.page.getByRole('dialog', { name: 'Invite someone' });
      const roleOptions = async () => {
        await dialog
          .getByRole('textbox', { name: 'Role' })
          .or(dialog.getByRole('combobox', { name: 'Role' }))
          .click();
        return admin.page.getByRole('option').allTextContents();
      };
      expect(await roleOptions()).toEqual(['Admin', 'User', 'Technician', 'Lead Technician']);
      await admin.page.getByRole('option', { name: 'Technician', exact: true }).click();
      await dialog.getByRole('textbox', { name: 'Email' }).fill('tia.tech@demo.test');
      await dialog.getByRole('textbox', { name: 'Name' }).fill('Tia Tech');
      await dialog.getByRole('button', { name: 'Invite' }).click();
      const link = await dialog.getByRole('textbox', { name: 'Link to pass on' }).inputValue();
      expect(link).toContain('/identity/set-password?token=');
      await dialog.getByRole('button', { name: 'Done' }).click();

      const invitee = await env.browser.newContext();
      try {
        const page = await invitee.newPage();
        await page.goto(link);
        await page.getByText('tia.tech@demo.test').waitFor();
        await page.getByLabel('New password').fill('bay-three-torque');
        await page.getByLabel('The same password again').fill('bay-three-torque');
        await page.getByRole('button', { name: 'Set password' }).click();
        await page.getByText('Your password is set.').waitFor();
      } finally {
        await invitee.close();
      }
      const tia = await signIn(env.browser, env.server.url, 'tia.tech@demo.test', 'bay-three-torque');
      try {
        await shellReady(tia.page, 'Tia Tech');
        await tia.page.goto(`${env.server.url}/settings`);
        await tia.page.getByRole('heading', { name: 'No access' }).waitFor();
      } finally {
        await tia.context.close();
      }
      const row = admin.page.getByRole('row').filter({ hasText: 'tia.tech@demo.test' });
      await row.getByText('Tia Tech', { exact: true }).waitFor({ timeout: 30_000 });
      expect(
        await row
          .getByRole('textbox', { name: 'Role of Tia Tech' })
          .or(row.getByRole('combobox', { name: 'Role of Tia Tech' }))
          .inputValue(),
      ).toBe('Technician');
    } finally {
      await admin.context.close();
    }
  });
});

describe('store contacts in settings', () => {
  it('an admin adds a contact offline; it waits on the device and reaches the server once online', async () => {
    const { context, page } = await signInAgain(env.browser, env.server.url, 'admin@demo.test');
    try {
      const store = await syncedAt(page, 'admin@demo.test', 'Alex Admin', '/settings/general');
      await page.getByRole('button', { name: 'Add contact' }).waitFor();
      await context.setOffline(true);
      await page.getByRole('button', { name: 'Add contact' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add contact' });
      await dialog.getByRole('textbox', { name: 'Name' }).fill('Rosa Parts');
      await dialog.getByRole('textbox', { name: 'Email' }).fill('rosa@');
      await dialog.getByRole('button', { name: 'Add contact' }).click();
      await dialog.getByText('Enter an email address like name@example.com, or leave it empty').waitFor();
      await dialog.getByRole('textbox', { name: 'Email' }).fill('rosa@demo.test');
      await dialog.getByRole('button', { name: 'Add contact' }).click();
      await dialog.waitFor({ state: 'detached' });
      await page.getByRole('button', { name: 'Edit contact Rosa Parts' }).waitFor();
      await page.getByText('Waiting to send').waitFor();

      await context.setOffline(false);
      await expect
        .poll(async () => db().selectFrom('storeContacts').select(['name', 'email']).where('storeId', '=', store).where('name', '=', 'Rosa Parts').execute(), {
          timeout: 30_000,
        })
        .toEqual([{ name: 'Rosa Parts', email: 'rosa@demo.test' }]);
    } finally {
      await context.close();
    }
  });
});

describe('the inspection template in settings', () => {
  it('an admin adds an item with a measurement offline; an empty name is refused first; online the server holds it', async () => {
    const { context, page } = await signInAgain(env.browser, env.server.url, 'admin@demo.test');
    try {
      const store = await syncedAt(page, 'admin@demo.test', 'Alex Admin', '/settings/inspection-reports');
      await page.getByRole('heading', { name: 'Inspection template' }).waitFor();
      await context.setOffline(true);
      await page.getByRole('button', { name: 'Add item to Brakes' }).click();
      await page.getByRole('button', { name: 'Save template' }).click();
      await page.getByText('Every item of Brakes needs a name').waitFor();
      await page.getByRole('textbox', { name: 'Item 4 of Brakes' }).fill('Parking brake cable');
      await page
        .getByRole('textbox', { name: 'Measurement of Parking brake cable' })
        .or(page.getByRole('combobox', { name: 'Measurement of Parking brake cable' }))
        .click();
      await page.getByRole('option', { name: 'Brake pad (mm)' }).click();
      await page.getByRole('button', { name: 'Save template' }).click();
      await page.getByText('Waiting to send').waitFor();

      await context.setOffline(false);
      await expect
        .poll(
          async () => {
            const row = await db().selectFrom('inspectionTemplates').select('groups').where('storeId', '=', store).executeTakeFirstOrThrow();
            return (row.groups as { name: string; items: { name: string; measurement: string }[] }[]).find((g) => g.name === 'Brakes')!.items.at(-1);
          },
          { timeout: 30_000 },
        )
        .toMatchObject({ name: 'Parking brake cable', measurement: 'brakePadMm' });
    } finally {
      await context.close();
    }
  });
});
