import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { takeVersions } from '../server/db/versions.ts';
import { e2eEnvironment } from './support/server.ts';
import { shellReady, signIn } from './support/session.ts';

const env = e2eEnvironment();

const everyItem = ['Home', 'Dashboard', 'Scheduler', 'Lead Technician', 'Technician', 'Messages', 'Ratings', 'Customers', 'Settings', 'Admin Dashboard', 'Retail Management', 'Help & Support'];
const guarded: [string, string][] = [
  ['/dashboard', 'Dashboard'], ['/scheduler-dayview', 'Scheduler'], ['/technicians', 'Lead Technician'],
  ['/technician-appointments', 'Technician'], ['/messages', 'Messages'], ['/ratings', 'Ratings'],
  ['/customer-search', 'Customers'], ['/settings', 'Settings'], ['/retail-management', 'Retail Management'],
  ['/administrator-dashboard', 'Admin Dashboard'],
];

const matrix = [
  { email: 'platform@demo.test', name: 'Pat Platform', items: everyItem },
  { email: 'admin@demo.test', name: 'Alex Admin', items: ['Home', 'Dashboard', 'Scheduler', 'Messages', 'Ratings', 'Customers', 'Settings', 'Retail Management', 'Help & Support'] },
  { email: 'user@demo.test', name: 'Uma User', items: ['Home', 'Dashboard', 'Scheduler', 'Messages', 'Ratings', 'Customers', 'Help & Support'] },
  { email: 'tech@demo.test', name: 'Theo Technician', items: ['Home', 'Technician', 'Help & Support'] },
  { email: 'lead@demo.test', name: 'Lee Lead', items: ['Home', 'Lead Technician', 'Help & Support'] },
];

describe('what each role sees and may open', () => {
  it.each(matrix.map((m) => [m.email, m]))('%s sees exactly the drawer items and routes the spec allows, with nothing blocked by the security policy', async (_, account) => {
    const { context, page, blockedByPolicy } = await signIn(env.browser, env.server.url, account.email);
    try {
      await shellReady(page, account.name);
      const drawer = page.getByRole('navigation', { name: 'Main menu' });
      const links = await drawer.getByRole('link').evaluateAll((els) => els.map((e) => (e.querySelector('.mantine-NavLink-label')?.textContent ?? '').trim()));
      expect(links).toEqual(account.items);
      for (const [path, title] of guarded) {
        await page.goto(`${env.server.url}${path}`);
        const allowed = account.items.includes(title);
        await page.waitForURL(allowed ? `${env.server.url}${path}` : `${env.server.url}/forbidden`);
        if (!allowed) await page.getByRole('heading', { name: 'No access' }).waitFor();
      }
      expect(blockedByPolicy).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('shows the deepest screen under a parent screen: a customer\'s edit view, vehicle and history; a settings page', async () => {
    const { context, page } = await signIn(env.browser, env.server.url, 'admin@demo.test');
    try {
      await shellReady(page, 'Alex Admin');
      const customer = await env.server.database.db.selectFrom('customers').select(['customerId', 'firstName', 'lastName']).where('companyName', 'is', null).executeTakeFirstOrThrow();
      for (const [path, heading] of [
        [`/customers/${customer.customerId}`, `${customer.firstName} ${customer.lastName}`],
        [`/customers/${customer.customerId}/vehicles/create`, 'Add a vehicle'],
        ['/settings', 'Settings'],
        ['/settings/hours', 'Hours'],
      ]) {
        await page.goto(`${env.server.url}${path}`);
        await page.getByRole('heading', { name: heading, exact: true }).waitFor({ timeout: 20_000 });
      }
      await page.goto(`${env.server.url}/customers/${customer.customerId}/appointments`);
      await page.getByRole('tab', { name: 'Appointment history', selected: true }).waitFor({ timeout: 20_000 });
    } finally {
      await context.close();
    }
  });

  it('sends a technician landing on Home to the technician queue', async () => {
    const { context, page } = await signIn(env.browser, env.server.url, 'tech@demo.test');
    try {
      await page.waitForURL(`${env.server.url}/technician-appointments`);
      await page.getByRole('heading', { name: 'My jobs today' }).waitFor();
    } finally {
      await context.close();
    }
  });
});

describe('the drawer', () => {
  it('opens each item with its Ctrl+Alt shortcut', async () => {
    const { context, page } = await signIn(env.browser, env.server.url, 'platform@demo.test');
    try {
      await shellReady(page, 'Pat Platform');
      for (const [key, path] of [['d', '/dashboard'], ['n', '/scheduler-dayview'], ['l', '/technicians'], ['m', '/messages'], ['r', '/ratings'], ['t', '/customer-search'], ['s', '/settings'], ['a', '/administrator-dashboard'], ['o', '/alltracContactUs'], ['h', '/']] as const) {
        await page.keyboard.press(`Control+Alt+${key.toUpperCase()}`);
        await page.waitForURL(`${env.server.url}${path}`);
      }
    } finally {
      await context.close();
    }
  });

  it('is shown and hidden by the menu icon', async () => {
    const { context, page } = await signIn(env.browser, env.server.url, 'user@demo.test');
    try {
      await shellReady(page, 'Uma User');
      // A collapsed drawer slides off the left edge of the screen.
      const drawer = page.getByRole('navigation', { name: 'Main menu' });
      const onScreen = async () => { const box = await drawer.boundingBox(); return !!box && box.x + box.width > 0; };
      await expect.poll(onScreen).toBe(true);
      await page.getByRole('button', { name: 'Close menu' }).click();
      await expect.poll(onScreen).toBe(false);
      await page.getByRole('button', { name: 'Open menu' }).click();
      await expect.poll(onScreen).toBe(true);
    } finally {
      await context.close();
    }
  });

  it('opens over the page on a phone, offers the stores there, and closes after choosing an item', async () => {
    const { context, page } = await signIn(env.browser, env.server.url, 'admin@demo.test', 'demo1234', { viewport: { width: 390, height: 844 } });
    try {
      await shellReady(page, 'Alex Admin');
      const drawer = page.getByRole('navigation', { name: 'Main menu' });
      const onScreen = async () => { const box = await drawer.boundingBox(); return !!box && box.x + box.width > 0; };
      expect(await onScreen()).toBe(false);
      await page.getByRole('button', { name: 'Open menu' }).click();
      await expect.poll(onScreen).toBe(true);
      await drawer.getByRole('button', { name: /Store: Demo Tire & Auto Springfield #101/ }).waitFor();
      await drawer.getByRole('link', { name: /Ratings/ }).click();
      await page.waitForURL(`${env.server.url}/ratings`);
      await expect.poll(onScreen).toBe(false);
    } finally {
      await context.close();
    }
  });

  it('counts unread ratings and messages from the store\'s replica', async () => {
    const { context, page } = await signIn(env.browser, env.server.url, 'user@demo.test');
    try {
      await shellReady(page, 'Uma User');
      const store = await env.server.database.db.selectFrom('storeLocations').select('id').where('storeNumber', '=', 101).executeTakeFirstOrThrow();
      const unread = await env.server.database.db.selectFrom('ratings').select((eb) => eb.fn.countAll<number>().as('n')).where('storeId', '=', store.id).where('isRead', '=', false).executeTakeFirstOrThrow();
      const ratings = page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: /Ratings/ });
      await expect.poll(() => ratings.textContent(), { timeout: 15_000 }).toContain(String(unread.n));
    } finally {
      await context.close();
    }
  });
});

describe('support', () => {
  it('opens a help-desk popup titled Support from any screen, with the support phone', async () => {
    const { context, page } = await signIn(env.browser, env.server.url, 'tech@demo.test');
    try {
      await shellReady(page, 'Theo Technician');
      await page.getByRole('button', { name: 'Support' }).click();
      const dialog = page.getByRole('dialog', { name: 'Support' });
      await dialog.waitFor();
      await dialog.getByRole('link', { name: '(800) 555-0199' }).waitFor();
    } finally {
      await context.close();
    }
  });
});

/** What the drawer badges of a store should say: inbound messages still needing an answer, unread ratings. */
async function badgeCounts(storeNumber: number): Promise<{ messages: number; ratings: number }> {
  const db = env.server.database.db;
  const { id } = await db.selectFrom('storeLocations').select('id').where('storeNumber', '=', storeNumber).executeTakeFirstOrThrow();
  const count = async (query: Promise<{ n: number | string }>) => Number((await query).n);
  return {
    messages: await count(db.selectFrom('storeMessages').select((eb) => eb.fn.countAll<number>().as('n')).where('storeId', '=', id)
      .where('messageDirection', '=', 'Inbound').where('isArchived', '=', false).where('repliedToByUserId', 'is', null).executeTakeFirstOrThrow()),
    ratings: await count(db.selectFrom('ratings').select((eb) => eb.fn.countAll<number>().as('n')).where('storeId', '=', id).where('isRead', '=', false).executeTakeFirstOrThrow()),
  };
}

/**
 * The two stores' badges differ, so following the store can be seen: the demo data (and the tests before
 * this one) may leave them equal, and then one rating of the second store is read.
 */
async function differentBadges(first: number, second: number): Promise<void> {
  if (JSON.stringify(await badgeCounts(first)) !== JSON.stringify(await badgeCounts(second))) return;
  const db = env.server.database.db;
  const { id } = await db.selectFrom('storeLocations').select('id').where('storeNumber', '=', second).executeTakeFirstOrThrow();
  const rating = await db.selectFrom('ratings').select(['ratingId', 'companyId']).where('storeId', '=', id).where('isRead', '=', false).executeTakeFirstOrThrow();
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('ratings').set({ isRead: true, version: await takeVersions(trx, rating.companyId) }).where('ratingId', '=', rating.ratingId).execute();
  });
}

/** The drawer badge of an item: its count, or 0 when it shows none. */
async function badgeOf(page: Page, item: string): Promise<number> {
  const badge = page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: new RegExp(item) }).locator('[aria-label$=" unread"]');
  return (await badge.count()) === 0 ? 0 : Number(await badge.textContent());
}

describe('switching stores', () => {
  it('saves the choice, which survives a reload, lands a non-technician on Home, and the badges and bell follow', async () => {
    await differentBadges(101, 102);
    const { context, page } = await signIn(env.browser, env.server.url, 'admin@demo.test');
    try {
      await shellReady(page, 'Alex Admin');
      const [at101, at102] = [await badgeCounts(101), await badgeCounts(102)];
      expect(at101).not.toEqual(at102);
      await expect.poll(async () => ({ messages: await badgeOf(page, 'Messages'), ratings: await badgeOf(page, 'Ratings') }), { timeout: 20_000 }).toEqual(at101);
      await page.goto(`${env.server.url}/ratings`);
      await page.getByRole('button', { name: /Store: Demo Tire & Auto Springfield #101/ }).click();
      await page.getByRole('menuitem', { name: /Riverside/ }).click();
      await page.waitForURL(`${env.server.url}/`);
      await page.getByRole('button', { name: /Store: Demo Tire & Auto Riverside #102/ }).waitFor();
      // The badges and the bell read the new store's replica once it has synced.
      await expect.poll(async () => ({ messages: await badgeOf(page, 'Messages'), ratings: await badgeOf(page, 'Ratings') }), { timeout: 30_000 }).toEqual(at102);
      const unreadNotifications = await env.server.database.db.selectFrom('userNotifications').innerJoin('users', 'users.userId', 'userNotifications.identityId')
        .select((eb) => eb.fn.countAll<number>().as('n')).where('users.email', '=', 'admin@demo.test').where('dateMarkedRead', 'is', null).executeTakeFirstOrThrow();
      await page.getByRole('button', { name: `Notifications: ${unreadNotifications.n} unread` }).click();
      await page.getByRole('button', { name: /^Notification: / }).first().waitFor();
      await page.keyboard.press('Escape');
      await page.reload();
      await page.getByRole('button', { name: /Store: Demo Tire & Auto Riverside #102/ }).waitFor({ timeout: 15_000 });
      const user = await env.server.database.db.selectFrom('users').select('userId').where('email', '=', 'admin@demo.test').executeTakeFirstOrThrow();
      const store = await env.server.database.db.selectFrom('storeLocations').select('id').where('storeNumber', '=', 102).executeTakeFirstOrThrow();
      await expect.poll(async () => (await env.server.database.db.selectFrom('userSettings').select('allTracCurrentStoreLocation').where('userId', '=', user.userId).executeTakeFirst())?.allTracCurrentStoreLocation, { timeout: 15_000 }).toBe(store.id);
    } finally {
      await context.close();
    }
  });
});

describe('switching stores with changes waiting', () => {
  it('sends what was queued at the store left behind, without going back to it', async () => {
    const { context, page } = await signIn(env.browser, env.server.url, 'platform@demo.test');
    const db = env.server.database.db;
    try {
      await shellReady(page, 'Pat Platform');
      await page.goto(`${env.server.url}/alltracContactUs`);
      await page.getByRole('button', { name: /Store: Demo Tire & Auto Springfield #101/ }).waitFor({ timeout: 15_000 });
      await context.setOffline(true);
      await page.getByRole('textbox', { name: 'Subject', exact: true }).fill('Queued at Springfield');
      await page.getByRole('textbox', { name: 'Message', exact: true }).fill('Written offline before switching stores.');
      await page.getByRole('button', { name: 'Send to support' }).click();
      await page.getByText('Waiting to send').waitFor();

      await page.getByRole('button', { name: /Store: Demo Tire & Auto Springfield #101/ }).click();
      await page.getByRole('menuitem', { name: /Riverside/ }).click();
      await page.getByRole('button', { name: /Store: Demo Tire & Auto Riverside #102/ }).waitFor();
      await context.setOffline(false);

      await expect.poll(async () => (await db.selectFrom('supportRequests').innerJoin('storeLocations', 'storeLocations.id', 'supportRequests.storeId')
        .select('storeLocations.storeNumber').where('subject', '=', 'Queued at Springfield').execute()), { timeout: 30_000 }).toEqual([{ storeNumber: 101 }]);
      await page.getByRole('button', { name: /Store: Demo Tire & Auto Riverside #102/ }).waitFor();
    } finally {
      await context.close();
    }
  });
  it('shows a change refused at the store left behind, naming that store, until it is discarded', async () => {
    const { context, page } = await signIn(env.browser, env.server.url, 'platform@demo.test');
    try {
      await shellReady(page, 'Pat Platform');
      const storeButton = page.getByRole('button', { name: /^Store: / });
      const before = await storeButton.getAttribute('aria-label');
      await page.getByRole('button', { name: 'Sync status: Saved' }).waitFor({ timeout: 20_000 });
      await context.setOffline(true);
      // A call back number the server refuses: the change fails for good once it is sent.
      await page.evaluate(() => (window as unknown as { alltrac: { sync: { sendSupportRequest(m: object): Promise<boolean> } } }).alltrac.sync.sendSupportRequest({
        supportRequestId: crypto.randomUUID(), subject: 'Refused at the first store', message: 'Bad number.', callbackPhone: 'call me maybe',
      }));
      await storeButton.click();
      await page.getByRole('menuitem').first().click();
      await expect.poll(() => storeButton.getAttribute('aria-label')).not.toBe(before);
      await context.setOffline(false);

      const status = page.getByRole('button', { name: 'Sync status: 1 not saved' });
      await status.waitFor({ timeout: 30_000 });
      await status.click();
      const refused = page.getByRole('group', { name: 'Not saved: Message to support: Refused at the first store' });
      await refused.getByText(`At ${before!.replace(/^Store: /, '').replace(/\. Change store$/, '')}`).waitFor();
      await refused.getByText(/Use digits, spaces and \+ \( \) - \. only/).waitFor();
      await refused.getByRole('button', { name: 'Discard' }).click();
      await page.getByRole('button', { name: 'Sync status: Saved' }).waitFor({ timeout: 10_000 });
    } finally {
      await context.close();
    }
  });
});

describe('offline', () => {
  it('opens the shell and navigates with the network cut, after one online sign-in', async () => {
    const { context, page } = await signIn(env.browser, env.server.url, 'user@demo.test');
    try {
      await shellReady(page, 'Uma User');
      // Let the service worker take control and precache the app.
      await page.evaluate(async () => { await navigator.serviceWorker.ready; });
      await page.reload();
      await shellReady(page, 'Uma User');
      await context.setOffline(true);
      await page.reload();
      await shellReady(page, 'Uma User');
      await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: /Ratings/ }).click();
      await page.getByRole('heading', { name: 'Ratings' }).waitFor();
      await page.getByRole('button', { name: /Sync status: Offline/ }).waitFor();
    } finally {
      await context.close();
    }
  });
});
