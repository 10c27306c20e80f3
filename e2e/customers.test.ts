import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiPaths } from '../src/contract/routes.ts';
import { takeVersions } from '../server/db/versions.ts';
import { apiCall } from '../tests/support/api.ts';
import { mintAccessToken } from '../tests/support/tokens.ts';
import { firstSyncDone, readStore } from './support/idb.ts';
import { relayedEnvironment } from './support/server.ts';
import { shellReady, signIn } from './support/session.ts';

// The store's internet link is a relay the offline tests cut.
const { env, link, appUrl } = await relayedEnvironment();
const db = () => env.server.database.db;
const search = (page: Page) => page.getByRole('combobox', { name: 'Search customers' });
const results = (page: Page) => page.getByRole('listbox', { name: 'Customers found' });

async function readyAt(page: Page, path: string, name = 'Uma User') {
  await shellReady(page, name);
  const userId = (await db().selectFrom('users').select('userId').where('email', '=', 'user@demo.test').executeTakeFirstOrThrow()).userId;
  const store = (await db().selectFrom('storeLocations').select('id').where('storeNumber', '=', 101).executeTakeFirstOrThrow()).id;
  await firstSyncDone(page, userId, store);
  // The app works offline once its service worker has stored every screen's code (tests go offline next).
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.goto(`${appUrl}${path}`);
}

describe('the customer search', () => {
  it('finds a customer by name, phone in any format, email, plate typed without its space and the end of a VIN, offline too', async () => {
    const candidates = await db()
      .selectFrom('customers')
      .innerJoin('customerVehicles', 'customerVehicles.customerId', 'customers.customerId')
      .select(['customers.customerId', 'customers.companyId', 'vehicleId', 'firstName', 'lastName', 'email', 'phoneNumber', 'vin'])
      .where('customers.deleted', '=', false)
      .where('email', 'is not', null)
      .where('companyName', 'is', null)
      .orderBy('customers.customerId')
      .execute();
    // The results are a virtual list (only the rows in view are drawn): a last name whose first four letters start
    // few other names or addresses keeps the customer in view for that search.
    const everyone = await db().selectFrom('customers').select(['firstName', 'lastName', 'email']).where('deleted', '=', false).execute();
    const startingWith = (prefix: string) => everyone.filter((c) => [c.firstName, c.lastName, c.email].some((w) => w?.toLowerCase().startsWith(prefix))).length;
    const customer = candidates.find((c) => c.vin && c.phoneNumber && startingWith(c.lastName!.slice(0, 4).toLowerCase()) <= 3)!;
    // A plate written on the record with a space, as plates often are.
    await db()
      .transaction()
      .execute(async (trx) => {
        const version = await takeVersions(trx, customer.companyId);
        await trx.updateTable('customerVehicles').set({ vehicleLicensePlateNumber: 'KX 4821', version }).where('vehicleId', '=', customer.vehicleId).execute();
      });
    const digits = customer.phoneNumber!.replace(/\D/g, '');
    const { context, page } = await signIn(env.browser, appUrl, 'user@demo.test');
    try {
      await readyAt(page, '/customer-search');
      await context.setOffline(true);
      const name = `${customer.firstName} ${customer.lastName}`;
      for (const query of [
        name,
        customer.lastName!.slice(0, 4),
        `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`,
        `${digits.slice(0, 3)}.${digits.slice(3, 6)}.${digits.slice(6)}`,
        `+1${digits}`,
        customer.email!,
        'kx4821',
        customer.vin!.slice(-7),
      ]) {
        await search(page).fill(query);
        await expect
          .poll(
            () =>
              results(page)
                .getByRole('option', { name: new RegExp(name) })
                .count(),
            { timeout: 5000, message: query },
          )
          .toBeGreaterThan(0);
      }
      // Exact phone first, and the keyboard opens it.
      await search(page).fill(`(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`);
      await results(page).getByRole('option').first().filter({ hasText: name }).waitFor();
      await search(page).press('Enter');
      await page.waitForURL(`${appUrl}/customers/${customer.customerId}`);
      await page.getByRole('heading', { name }).waitFor();
    } finally {
      await context.close();
    }
  });
});

describe('creating a customer', () => {
  it('shows a customer with the same phone before saving, and offers to use them', async () => {
    // The demo plants duplicates that share a phone: take a customer whose phone is theirs alone.
    const customers = await db()
      .selectFrom('customers')
      .select(['customerId', 'firstName', 'lastName', 'phoneNumber', 'companyName'])
      .where('deleted', '=', false)
      .execute();
    const digitsOf = (phone: string | null) => (phone ?? '').replace(/\D/g, '');
    const existing = customers.find(
      (c) => c.companyName === null && customers.filter((o) => digitsOf(o.phoneNumber) === digitsOf(c.phoneNumber)).length === 1,
    )!;
    const digits = digitsOf(existing.phoneNumber);
    const { context, page } = await signIn(env.browser, appUrl, 'user@demo.test');
    try {
      await readyAt(page, '/customer-create');
      await page.getByRole('textbox', { name: 'First name', exact: true }).fill('Somebody');
      await page.getByRole('textbox', { name: 'Last name', exact: true }).fill('Else');
      await page.getByRole('textbox', { name: 'Phone', exact: true }).fill(`${digits.slice(0, 3)}-${digits.slice(3, 6)}-${digits.slice(6)}`);
      const matches = page.getByRole('region', { name: 'Possible matches' });
      await matches.getByText(`${existing.firstName} ${existing.lastName}`).waitFor({ timeout: 5000 });
      await matches.getByText('Same phone').first().waitFor();
      await matches.getByRole('link', { name: 'Use this customer' }).first().click();
      // The form has changes: the app asks before leaving it.
      await page.getByRole('dialog', { name: 'Leave without saving?' }).getByRole('button', { name: 'Leave without saving' }).click();
      await page.waitForURL(`${appUrl}/customers/${existing.customerId}`);
    } finally {
      await context.close();
    }
  });

  it('says what to fix, and stores nothing, for an over-long name and an email that is not one', async () => {
    const { context, page } = await signIn(env.browser, appUrl, 'user@demo.test');
    try {
      await readyAt(page, '/customer-create');
      await page.getByRole('textbox', { name: 'First name', exact: true }).fill('x'.repeat(100));
      await page.getByRole('textbox', { name: 'First name', exact: true }).press('End');
      await page.keyboard.type('y');
      await page.getByRole('textbox', { name: 'Last name', exact: true }).fill('Long');
      await page.getByRole('textbox', { name: 'Email', exact: true }).fill('not-an-email');
      await page.getByRole('textbox', { name: 'Phone', exact: true }).fill('5550009999');
      await page.getByRole('button', { name: 'Save customer' }).click();
      await page.getByText('Enter an email address like name@example.com').waitFor();
      expect(await page.getByRole('textbox', { name: 'First name', exact: true }).inputValue()).toHaveLength(100);
      expect(page.url()).toContain('/customer-create');
      expect(await db().selectFrom('customers').select('customerId').where('lastName', '=', 'Long').execute()).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('made offline, through two reloads, reaches the server exactly once when back online', async () => {
    const { context, page } = await signIn(env.browser, appUrl, 'user@demo.test');
    try {
      await readyAt(page, '/customer-create');
      await link.cut();
      await context.setOffline(true);
      await page.getByRole('textbox', { name: 'First name', exact: true }).fill('Offline');
      await page.getByRole('textbox', { name: 'Last name', exact: true }).fill('Customer');
      await page.getByRole('textbox', { name: 'Phone', exact: true }).fill('(555) 777-0101');
      await page.getByRole('button', { name: 'Save customer' }).click();
      await page.waitForURL(/\/customers\/[0-9a-f-]{36}$/);
      await page.getByRole('heading', { name: 'Offline Customer' }).waitFor();
      await page.getByText('Changes waiting to be sent').waitFor();
      for (let i = 0; i < 2; i++) {
        await page.reload();
        await page.getByRole('heading', { name: 'Offline Customer' }).waitFor({ timeout: 20_000 });
      }
      expect(await db().selectFrom('customers').select('customerId').where('lastName', '=', 'Customer').where('firstName', '=', 'Offline').execute()).toEqual(
        [],
      );
      await link.restore();
      await context.setOffline(false);
      await expect
        .poll(
          async () =>
            await db().selectFrom('customers').select(['phoneNumber']).where('lastName', '=', 'Customer').where('firstName', '=', 'Offline').execute(),
          { timeout: 20_000 },
        )
        .toEqual([{ phoneNumber: '(555) 777-0101' }]);
      await expect.poll(() => page.getByText('Changes waiting to be sent').count(), { timeout: 10_000 }).toBe(0);
    } finally {
      await link.restore();
      await context.close();
    }
  });
});

describe('editing a customer', () => {
  it('saves only what the person changed: a field changed on another device meanwhile keeps its new value', async () => {
    const customer = await db()
      .selectFrom('customers')
      .select(['customerId', 'firstName', 'lastName', 'city'])
      .where('deleted', '=', false)
      .where('companyName', 'is', null)
      .where('city', 'is not', null)
      .orderBy('customerId', 'desc')
      .executeTakeFirstOrThrow();
    const userId = (await db().selectFrom('users').select('userId').where('email', '=', 'user@demo.test').executeTakeFirstOrThrow()).userId;
    const store = (await db().selectFrom('storeLocations').select('id').where('storeNumber', '=', 101).executeTakeFirstOrThrow()).id;
    const { context, page } = await signIn(env.browser, appUrl, 'user@demo.test');
    try {
      await readyAt(page, `/customers/${customer.customerId}`);
      await page.getByRole('textbox', { name: 'Notes', exact: true }).fill('Prefers Saturday mornings');
      // Another counter changes the city while this one is typing.
      const admin = await mintAccessToken(db(), 'admin@demo.test', env.server.publicUrl);
      const elsewhere = await apiCall(env.server.app, {
        method: 'PATCH',
        path: apiPaths.customer.replace(':customerId', customer.customerId),
        token: admin,
        store,
        body: [{ op: 'replace', path: '/city', value: 'Shelbyville' }],
      });
      expect(elsewhere.statusCode).toBe(200);
      await expect
        .poll(
          async () =>
            (await readStore<{ customerId: string; city: string }>(page, `alltrac-${userId}-store-${store}`, 'customers')).find(
              (c) => c.customerId === customer.customerId,
            )?.city,
          { timeout: 15_000 },
        )
        .toBe('Shelbyville');
      // Saved while the store's link is down: every word the page says of the save is kept, to show it never
      // says "Saved." before the server has the change.
      await page.evaluate(() => {
        const said: string[] = [];
        Object.assign(window, { saveSaid: said });
        new MutationObserver(() => {
          const text = document.querySelector('form [role="status"]')?.textContent ?? '';
          if (text && text !== said.at(-1)) said.push(text);
        }).observe(document.body, { subtree: true, childList: true, characterData: true });
      });
      await link.cut();
      await context.setOffline(true);
      await page.getByRole('button', { name: 'Save changes' }).click();
      await page.getByRole('status').filter({ hasText: 'Saved on this device; sent when the app is back online.' }).waitFor({ timeout: 15_000 });
      await link.restore();
      await context.setOffline(false);
      await page
        .getByRole('status')
        .filter({ hasText: /^Saved\.$/ })
        .waitFor({ timeout: 20_000 });
      expect(await db().selectFrom('customers').select(['notes', 'city']).where('customerId', '=', customer.customerId).executeTakeFirstOrThrow()).toEqual({
        notes: 'Prefers Saturday mornings',
        city: 'Shelbyville',
      });
      // The keyboard is where it was: on Save, now off, not on the page's body.
      expect(await page.evaluate(() => [document.activeElement?.textContent, document.activeElement?.getAttribute('aria-disabled')])).toEqual([
        'Save changes',
        'true',
      ]);
      const said = await page.evaluate(() => (window as unknown as { saveSaid: string[] }).saveSaid);
      expect(said[0]).toBe('Saved on this device; sent when the app is back online.');
      expect(said.indexOf('Saved.')).toBe(said.length - 1);
    } finally {
      await link.restore();
      await context.close();
    }
  });
});

describe("a customer's visits", () => {
  it('are listed newest first, each a real link to its detail (a new tab, the keyboard)', async () => {
    const store = await db().selectFrom('storeLocations').select('id').where('storeNumber', '=', 101).executeTakeFirstOrThrow();
    const visit = await db()
      .selectFrom('scheduledVisits')
      .innerJoin('scheduledServices', 'scheduledServices.scheduledVisitId', 'scheduledVisits.scheduledVisitId')
      .select(['scheduledVisits.customerId', 'scheduledVisits.scheduledVisitId', 'scheduledServices.startDate'])
      .where('scheduledVisits.storeId', '=', store.id)
      .where('scheduledVisits.deleted', '=', false)
      .where('scheduledVisits.customerId', 'is not', null)
      .orderBy('scheduledServices.startDate', 'desc')
      .executeTakeFirstOrThrow();
    // A visit starts with its first service: the page lists visits by that, newest first.
    const newest = await db()
      .selectFrom('scheduledVisits')
      .innerJoin('scheduledServices', 'scheduledServices.scheduledVisitId', 'scheduledVisits.scheduledVisitId')
      .select(['scheduledVisits.scheduledVisitId', (eb) => eb.fn.min('scheduledServices.startDate').as('start')])
      .where('scheduledVisits.storeId', '=', store.id)
      .where('scheduledVisits.deleted', '=', false)
      .where('scheduledServices.deleted', '=', false)
      .where('scheduledVisits.customerId', '=', visit.customerId)
      .groupBy('scheduledVisits.scheduledVisitId')
      .orderBy('start', 'desc')
      .executeTakeFirstOrThrow();
    const { context, page } = await signIn(env.browser, appUrl, 'user@demo.test');
    try {
      await readyAt(page, `/customers/${visit.customerId}/appointments`);
      const first = page.getByRole('table').getByRole('link').first();
      expect(await first.getAttribute('href')).toBe(`/customers/${visit.customerId}/appointments/${newest.scheduledVisitId}`);
      await first.focus();
      await page.keyboard.press('Enter');
      await page.waitForURL(new RegExp(`/customers/${visit.customerId}/appointments/${newest.scheduledVisitId}`));
      await page.getByText('This visit is not on this device.').waitFor({ state: 'detached' });
    } finally {
      await context.close();
    }
  });
});

describe('a vehicle', () => {
  it('with a VIN that does not add up is refused with a message and not stored; a good VIN fills in the year', async () => {
    const customer = await db().selectFrom('customers').select('customerId').where('deleted', '=', false).executeTakeFirstOrThrow();
    const before = (await db().selectFrom('customerVehicles').select('vehicleId').where('customerId', '=', customer.customerId).execute()).length;
    const { context, page } = await signIn(env.browser, appUrl, 'user@demo.test');
    try {
      await readyAt(page, `/customers/${customer.customerId}/vehicles/create`);
      const vin = page.getByRole('textbox', { name: 'VIN', exact: true });
      await vin.fill('1HGCM82643A004352');
      await page.getByRole('button', { name: 'Add vehicle' }).click();
      await page.getByText('This VIN does not add up (its check digit, the 9th character, is wrong): check it against the vehicle.').waitFor();
      await vin.fill('1HGCM82633A004352');
      await expect.poll(() => page.getByRole('textbox', { name: 'Year', exact: true }).inputValue()).toBe('2003');
      await page.getByRole('textbox', { name: 'Make', exact: true }).fill('Honda');
      await page.getByRole('textbox', { name: 'Model', exact: true }).fill('Accord');
      await page.getByRole('button', { name: 'Add vehicle' }).click();
      await page.waitForURL(`${appUrl}/customers/${customer.customerId}`);
      await page.getByRole('region', { name: 'Vehicles' }).getByText('2003 Honda Accord').waitFor();
      await expect
        .poll(async () => (await db().selectFrom('customerVehicles').select('vehicleId').where('customerId', '=', customer.customerId).execute()).length, {
          timeout: 10_000,
        })
        .toBe(before + 1);
    } finally {
      await context.close();
    }
  });
});

describe('possible duplicates', () => {
  it('merged on one device: everything moves to the customer kept, and the merged one leaves every device', async () => {
    const [{ context, page }, other] = [await signIn(env.browser, appUrl, 'user@demo.test'), await signIn(env.browser, appUrl, 'admin@demo.test')];
    try {
      await readyAt(page, '/possible-duplicates');
      await shellReady(other.page, 'Alex Admin');
      const group = page.getByRole('group', { name: /^Possible duplicates:/ }).first();
      await group.waitFor({ timeout: 15_000 });
      const keep = group.getByRole('radio').first();
      await keep.check();
      await group.getByRole('button', { name: /^Merge into / }).click();
      await page.getByRole('dialog', { name: 'Merge these customers?' }).getByRole('button', { name: 'Merge' }).click();
      await expect
        .poll(
          async () =>
            (
              await db()
                .selectFrom('customers')
                .select('mergedIntoCustomerId')
                .where('deleted', '=', true)
                .where('mergedIntoCustomerId', 'is not', null)
                .execute()
            ).length,
          { timeout: 15_000 },
        )
        .toBe(1);
      const merged = await db()
        .selectFrom('customers')
        .select(['customerId', 'mergedIntoCustomerId'])
        .where('mergedIntoCustomerId', 'is not', null)
        .executeTakeFirstOrThrow();
      expect(
        await db().selectFrom('customerVehicles').select('vehicleId').where('customerId', '=', merged.customerId).where('deleted', '=', false).execute(),
      ).toEqual([]);
      // The other device hears of it and loses the merged customer.
      const adminId = (await db().selectFrom('users').select('userId').where('email', '=', 'admin@demo.test').executeTakeFirstOrThrow()).userId;
      const store = (await db().selectFrom('storeLocations').select('id').where('storeNumber', '=', 101).executeTakeFirstOrThrow()).id;
      await expect
        .poll(
          async () =>
            (await readStore<{ customerId: string }>(other.page, `alltrac-${adminId}-store-${store}`, 'customers')).some(
              (c) => c.customerId === merged.customerId,
            ),
          { timeout: 15_000 },
        )
        .toBe(false);
    } finally {
      await context.close();
      await other.context.close();
    }
  });

  it('"not the same person" hides the group for good, also after the device syncs everything again', async () => {
    const { context, page } = await signIn(env.browser, appUrl, 'user@demo.test');
    try {
      await readyAt(page, '/possible-duplicates');
      const groups = page.getByRole('group', { name: /^Possible duplicates:/ });
      await groups.first().waitFor({ timeout: 15_000 });
      const before = await groups.count();
      const name = (await groups.first().getAttribute('aria-label'))!;
      await groups.first().getByRole('button', { name: 'Not the same person' }).click();
      await expect.poll(() => groups.count()).toBe(before - 1);
      await expect
        .poll(async () => (await db().selectFrom('customerDuplicateDismissals').select('customerId').where('deleted', '=', false).execute()).length, {
          timeout: 15_000,
        })
        .toBeGreaterThan(0);
      // A device that starts over (its replica wiped) still does not offer the pair.
      // Each deletion is waited for: the app's connections close on the version change (Dexie's default).
      await page.evaluate(async () => {
        for (const d of await indexedDB.databases()) {
          if (!d.name?.includes('-store-')) continue;
          const deletion = indexedDB.deleteDatabase(d.name);
          await new Promise((resolve, reject) => {
            deletion.onsuccess = resolve;
            deletion.onerror = () => reject(deletion.error);
          });
        }
      });
      await page.reload();
      await readyAt(page, '/possible-duplicates');
      await groups.first().waitFor({ timeout: 15_000 });
      expect(await page.getByRole('group', { name }).count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});
