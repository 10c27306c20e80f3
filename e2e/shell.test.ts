import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { takeVersions } from '../server/db/versions.ts';
import { e2eEnvironment } from './support/server.ts';
import { firstSyncDone } from './support/idb.ts';
import { shellReady, signIn } from './support/session.ts';

const env = e2eEnvironment();

const everyItem = [
  'Home',
  'Dashboard',
  'Scheduler',
  'Lead Technician',
  'Technician',
  'Messages',
  'Ratings',
  'Customers',
  'Tires',
  'Settings',
  'Admin Dashboard',
  'Retail Management',
  'Help & Support',
];
const guarded: [string, string][] = [
  ['/dashboard', 'Dashboard'],
  ['/scheduler-dayview', 'Scheduler'],
  ['/technicians', 'Lead Technician'],
  ['/technician-appointments', 'Technician'],
  ['/messages', 'Messages'],
  ['/ratings', 'Ratings'],
  ['/customer-search', 'Customers'],
  ['/tires', 'Tires'],
  ['/settings', 'Settings'],
  ['/retail-management', 'Retail Management'],
  ['/administrator-dashboard', 'Admin Dashboard'],
];

const matrix = [
  { email: 'platform@demo.test', name: 'Pat Platform', items: everyItem },
  {
    email: 'admin@demo.test',
    name: 'Alex Admin',
    items: ['Home', 'Dashboard', 'Scheduler', 'Messages', 'Ratings', 'Customers', 'Tires', 'Settings', 'Retail Management', 'Help & Support'],
  },
  { email: 'user@demo.test', name: 'Uma User', items: ['Home', 'Dashboard', 'Scheduler', 'Messages', 'Ratings', 'Customers', 'Tires', 'Help & Support'] },
  { email: 'tech@demo.test', name: 'Theo Technician', items: ['Home', 'Technician', 'Help & Support'] },
  { email: 'lead@demo.test', name: 'Lee Lead', items: ['Home', 'Lead Technician', 'Help & Support'] },
];

describe('what each role sees and may open', () => {
  it.each(matrix.map((m) => [m.email, m]))(
    '%s sees exactly the drawer items and routes the spec allows, with nothing blocked by the security policy',
    async (_, account) => {
      const { context, page, blockedByPolicy } = await signIn(env.browser, env.server.url, account.email);
      try {
        await shellReady(page, account.name);
        const drawer = page.getByRole('navigation', { name: 'Main menu' });
        const links = await drawer
          .getByRole('link')
          .evaluateAll((els) => els.map((e) => (e.querySelector('.mantine-NavLink-label')?.textContent ?? '').trim()));
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
    },
  );

  it("shows the deepest screen under a parent screen: a customer's edit view, vehicle and history; a settings page", async () => {
    const { context, page } = await signIn(env.browser, env.server.url, 'admin@demo.test');
    try {
      await shellReady(page, 'Alex Admin');
      const customer = await env.server.database.db
        .selectFrom('customers')
        .select(['customerId', 'firstName', 'lastName'])
        .where('companyName', 'is', null)
        .executeTakeFirstOrThrow();
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
      for (const [key, path] of [
        ['d', '/dashboard'],
        ['n', '/scheduler-dayview'],
        ['l', '/technicians'],
        ['m', '/messages'],
        ['r', '/ratings'],
        ['t', '/customer-search'],
        ['i', '/tires'],
        ['s', '/settings'],
        ['a', '/administrator-dashboard'],
        ['o', '/alltracContactUs'],
        ['h', '/'],
      ] as const) {
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
      const onScreen = async () => {
        const box = await drawer.boundingBox();
        return !!box && box.x + box.width > 0;
      };
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
      const onScreen = async () => {
        const box = await drawer.boundingBox();
        return !!box && box.x + box.width > 0;
      };
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

  it("counts unread ratings and messages from the store's replica", async () => {
    const { context, page } = await signIn(env.browser, env.server.url, 'user@demo.test');
    try {
      await shellReady(page, 'Uma User');
      const store = await env.server.database.db.selectFrom('storeLocations').select('id').where('storeNumber', '=', 101).executeTakeFirstOrThrow();
      const unread = await env.server.database.db
        .selectFrom('ratings')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('storeId', '=', store.id)
        .where('isRead', '=', false)
        .executeTakeFirstOrThrow();
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
    messages: await count(
      db
        .selectFrom('storeMessages')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('storeId', '=', id)
        .where('messageDirection', '=', 'Inbound')
        .where('isArchived', '=', false)
        .where('repliedToByUserId', 'is', null)
        .executeTakeFirstOrThrow(),
    ),
    ratings: await count(
      db
        .selectFrom('ratings')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('storeId', '=', id)
        .where('isRead', '=', false)
        .executeTakeFirstOrThrow(),
    ),
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
  const rating = await db
    .selectFrom('ratings')
    .select(['ratingId', 'companyId'])
    .where('storeId', '=', id)
    .where('isRead', '=', false)
    .executeTakeFirstOrThrow();
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('ratings')
      .set({ isRead: true, version: await takeVersions(trx, rating.companyId) })
      .where('ratingId', '=', rating.ratingId)
      .execute();
  });
}

/** The drawer badge of an item: its count, or 0 when it shows none. */
async function badgeOf(page: Page, item: string): Promise<number> {
  const badge = page
    .getByRole('navigation', { name: 'Main menu' })
    .getByRole('link', { name: new RegExp(item) })
    .locator('[aria-label$=" unread"]');
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
      await expect
        .poll(async () => ({ messages: await badgeOf(page, 'Messages'), ratings: await badgeOf(page, 'Ratings') }), { timeout: 20_000 })
        .toEqual(at101);
      await page.goto(`${env.server.url}/ratings`);
      await page.getByRole('button', { name: /Store: Demo Tire & Auto Springfield #101/ }).click();
      await page.getByRole('menuitem', { name: /Riverside/ }).click();
      await page.waitForURL(`${env.server.url}/`);
      await page.getByRole('button', { name: /Store: Demo Tire & Auto Riverside #102/ }).waitFor();
      // The badges and the bell read the new store's replica once it has synced.
      await expect
        .poll(async () => ({ messages: await badgeOf(page, 'Messages'), ratings: await badgeOf(page, 'Ratings') }), { timeout: 30_000 })
        .toEqual(at102);
      const unreadNotifications = await env.server.database.db
        .selectFrom('userNotifications')
        .innerJoin('users', 'users.userId', 'userNotifications.identityId')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('users.email', '=', 'admin@demo.test')
        .where('dateMarkedRead', 'is', null)
        .executeTakeFirstOrThrow();
      await page.getByRole('button', { name: `Notifications: ${unreadNotifications.n} unread` }).click();
      await page
        .getByRole('button', { name: /^Notification: / })
        .first()
        .waitFor();
      await page.keyboard.press('Escape');
      await page.reload();
      await page.getByRole('button', { name: /Store: Demo Tire & Auto Riverside #102/ }).waitFor({ timeout: 15_000 });
      const user = await env.server.database.db.selectFrom('users').select('userId').where('email', '=', 'admin@demo.test').executeTakeFirstOrThrow();
      const store = await env.server.database.db.selectFrom('storeLocations').select('id').where('storeNumber', '=', 102).executeTakeFirstOrThrow();
      await expect
        .poll(
          async () =>
            (await env.server.database.db.selectFrom('userSettings').select('allTracCurrentStoreLocation').where('userId', '=', user.userId).executeTakeFirst())
              ?.allTracCurrentStoreLocation,
          { timeout: 15_000 },
        )
        .toBe(store.id);
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

      await expect
        .poll(
          async () =>
            await db
              .selectFrom('supportRequests')
              .innerJoin('storeLocations', 'storeLocations.id', 'supportRequests.storeId')
              .select('storeLocations.storeNumber')
              .where('subject', '=', 'Queued at Springfield')
              .execute(),
          { timeout: 30_000 },
        )
        .toEqual([{ storeNumber: 101 }]);
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
      await page.evaluate(() =>
        (window as unknown as { alltrac: { sync: { sendSupportRequest(m: object): Promise<boolean> } } }).alltrac.sync.sendSupportRequest({
          supportRequestId: crypto.randomUUID(),
          subject: 'Refused at the first store',
          message: 'Bad number.',
          callbackPhone: 'call me maybe',
        }),
      );
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
      await page.evaluate(async () => {
        await navigator.serviceWorker.ready;
      });
      await page.reload();
      await shellReady(page, 'Uma User');
      await context.setOffline(true);
      await page.reload();
      await shellReady(page, 'Uma User');
      await page
        .getByRole('navigation', { name: 'Main menu' })
        .getByRole('link', { name: /Ratings/ })
        .click();
      await page.getByRole('heading', { name: 'Ratings' }).waitFor();
      await page.getByRole('button', { name: /Sync status: Offline/ }).waitFor();
    } finally {
      await context.close();
    }
  });
});

/**
 * The buttons, fields and links in the page's visible band (below the top bar, above the footer) that the
 * Support button covers, at each scroll position of the page, or of the drawer open over it.
 */
async function coveredBySupport(page: Page): Promise<string[]> {
  const covered: string[] = [];
  for (let y = 0; ; y += 500) {
    const { found, end } = await page.evaluate((scrollTop) => {
      const scroller = document.querySelector('.mantine-Drawer-content') ?? document.scrollingElement!;
      scroller.scrollTop = scrollTop;
      const support = [...document.querySelectorAll('button')].find((b) => b.textContent?.trim() === 'Support');
      if (!support) return { found: ['(no Support button)'], end: true };
      const s = support.getBoundingClientRect();
      const top = document.querySelector('.mantine-AppShell-header')!.getBoundingClientRect().bottom;
      const bottom = document.querySelector('.mantine-AppShell-footer')!.getBoundingClientRect().top;
      const found: string[] = [];
      for (const el of document.querySelectorAll<HTMLElement>('button, input:not([type=hidden]), textarea, a[href]')) {
        if (support.contains(el)) continue;
        const r = el.getBoundingClientRect();
        if (!r.width || !r.height || r.top < top || r.bottom > bottom) continue;
        const x0 = Math.max(r.left, s.left),
          x1 = Math.min(r.right, s.right),
          y0 = Math.max(r.top, s.top),
          y1 = Math.min(r.bottom, s.bottom);
        if (x0 >= x1 || y0 >= y1) continue;
        const hit = document.elementFromPoint((x0 + x1) / 2, (y0 + y1) / 2);
        const name = el.getAttribute('aria-label') ?? (el as HTMLInputElement).labels?.[0]?.textContent ?? el.getAttribute('placeholder') ?? el.textContent;
        if (hit && support.contains(hit)) found.push(`${el.tagName.toLowerCase()} "${name?.trim() ?? ''}"`);
      }
      return { found, end: scroller.scrollTop + scroller.clientHeight >= scroller.scrollHeight - 1 };
    }, y);
    covered.push(...found);
    if (end) return [...new Set(covered)];
  }
}

/** Whether nothing covers the element's centre and it lies inside the screen, whole. */
const fullyShown = (locator: Locator) =>
  locator.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return !!hit && el.contains(hit) && r.left >= 0 && r.top >= 0 && r.right <= window.innerWidth && r.bottom <= window.innerHeight;
  });

/** Whether `text` inside the element is drawn within the box of the element that holds it (not cut off by an ellipsis). */
const textShown = (locator: Locator, text: string) =>
  locator.evaluate((el, wanted) => {
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const at = node.textContent!.indexOf(wanted);
      if (at < 0) continue;
      const range = document.createRange();
      range.setStart(node, at);
      range.setEnd(node, at + wanted.length);
      const r = range.getBoundingClientRect();
      const box = node.parentElement!.getBoundingClientRect();
      return r.left >= box.left - 0.5 && r.right <= box.right + 0.5;
    }
    return false;
  }, text);

const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

describe('the layout on a phone', () => {
  const phone = { viewport: { width: 390, height: 844 } };

  it('keeps the Support button off every button and field, the settings save bar above the footer, the plate of a search result, the chart legend and Sync now whole', async () => {
    const db = env.server.database.db;
    const admin = await db.selectFrom('users').select('userId').where('email', '=', 'admin@demo.test').executeTakeFirstOrThrow();
    const vehicle = await db
      .selectFrom('customerVehicles')
      .innerJoin('customers', 'customers.customerId', 'customerVehicles.customerId')
      .select('customerVehicles.vehicleLicensePlateNumber as plate')
      .where('customerVehicles.deleted', '=', false)
      .where('customers.deleted', '=', false)
      .where('customerVehicles.vehicleLicensePlateNumber', 'is not', null)
      .orderBy('customerVehicles.vehicleId')
      .executeTakeFirstOrThrow();
    const { context, page } = await signIn(env.browser, env.server.url, 'admin@demo.test', 'demo1234', phone);
    try {
      await shellReady(page, 'Alex Admin');
      // The store the admin works at here (an earlier test may have switched it), as the drawer's store selector names it.
      const selector = page.getByRole('navigation', { name: 'Main menu' }).getByRole('button', { name: /^Store: / });
      const storeNumber = Number(/#(\d+)/.exec((await selector.getAttribute('aria-label')) ?? (await selector.textContent()) ?? '')?.[1]);
      const store = (await db.selectFrom('storeLocations').select('id').where('storeNumber', '=', storeNumber).executeTakeFirstOrThrow()).id;
      await firstSyncDone(page, admin.userId, store);
      const visit = await db
        .selectFrom('scheduledVisits')
        .select('scheduledVisitId')
        .where('storeId', '=', store)
        .where('deleted', '=', false)
        .where('cancelDate', 'is', null)
        .orderBy('scheduledVisitId')
        .executeTakeFirstOrThrow();
      // The appointment's drawer opened with the page, as a link or a reload opens it.
      for (const [path, ready] of [
        ['/settings/general', page.getByRole('textbox', { name: /^Name\b/ })],
        ['/alltracContactUs', page.getByRole('button', { name: 'Send to support' })],
        [`/scheduler-dayview/appointments/${visit.scheduledVisitId}`, page.getByRole('button', { name: 'Save times' })],
        [`/customer-search?q=${vehicle.plate}`, page.getByRole('option').first()],
      ] as const) {
        await page.goto(`${env.server.url}${path}`);
        await ready.waitFor({ timeout: 20_000 });
        expect(await coveredBySupport(page), path).toEqual([]);
        expect(await noSidewaysScroll(page), path).toBe(true);
      }
      // The search was by plate: the plate shows whole in the result, whatever else the row holds.
      expect(await textShown(page.getByRole('option').first(), vehicle.plate!)).toBe(true);

      await page.goto(`${env.server.url}/ratings`);
      const chart = page.locator('[aria-label^="Weekly average score"]');
      const legend = chart.getByText('Average score');
      await legend.waitFor();
      // The chart's legend lies inside its card's padding, not on or past its edge (the card clips what overflows).
      expect(
        await chart.evaluate((card) => {
          const inside = card.getBoundingClientRect().bottom - parseFloat(getComputedStyle(card).paddingBottom);
          return [...card.querySelectorAll('*')]
            .filter((el) => el.children.length === 0 && /^(Average score|Ratings)$/.test(el.textContent ?? ''))
            .map((el) => el.getBoundingClientRect().bottom <= inside);
        }),
      ).toEqual([true, true]);

      // A changed setting: its save bar is on the screen above the footer, at the top of the page too.
      await page.goto(`${env.server.url}/settings/general`);
      await page.getByRole('textbox', { name: /^Name\b/ }).fill('Demo Tire & Auto Springfield Downtown');
      const save = page.getByRole('button', { name: 'Save', exact: true });
      await expect.poll(() => save.isEnabled()).toBe(true);
      await page.evaluate(() => window.scrollTo(0, 0));
      expect(await fullyShown(save)).toBe(true);
      expect((await save.boundingBox())!.y + (await save.boundingBox())!.height).toBeLessThanOrEqual(
        (await page.locator('.mantine-AppShell-footer').boundingBox())!.y,
      );
      await page.getByRole('button', { name: 'Undo changes' }).click();

      // Offline, the sync status says so at length; Sync now beside it keeps its whole label, on the screen.
      await context.setOffline(true);
      await page.getByRole('button', { name: /^Sync status: Offline/ }).click();
      const status = page.getByRole('region', { name: 'Sync status' });
      await status.getByText('Offline: changes are kept on this device').waitFor();
      const syncNow = status.getByRole('button', { name: 'Sync now' });
      expect(await syncNow.evaluate((el) => [el, ...el.querySelectorAll('*')].every((part) => part.scrollWidth <= part.clientWidth))).toBe(true);
      expect(await fullyShown(syncNow)).toBe(true);
    } finally {
      await context.close();
    }
  });

  it("puts every column of the lead's board on the page, none past a sideways scroll, on a phone and a tablet", async () => {
    const { context, page } = await signIn(env.browser, env.server.url, 'lead@demo.test', 'demo1234', phone);
    try {
      await shellReady(page, 'Lee Lead');
      await page.goto(`${env.server.url}/technicians`);
      const columns = page.getByRole('region', { name: /'s jobs$/ });
      await page.getByRole('region', { name: "Nobody yet's jobs" }).waitFor({ timeout: 20_000 });
      await expect.poll(() => columns.count(), { timeout: 10_000 }).toBeGreaterThan(2);
      for (const width of [390, 1024]) {
        await page.setViewportSize({ width, height: 844 });
        const boxes = await columns.evaluateAll((els) =>
          els.map((el) => {
            const r = el.getBoundingClientRect();
            return { left: r.left, right: r.right };
          }),
        );
        for (const box of boxes) {
          expect(box.left, `at ${width} px`).toBeGreaterThanOrEqual(0);
          expect(box.right, `at ${width} px`).toBeLessThanOrEqual(width);
        }
        expect(await noSidewaysScroll(page), `at ${width} px`).toBe(true);
      }
    } finally {
      await context.close();
    }
  });
});

describe("the top bar's popups", () => {
  it('take the keyboard in as they open and give it back to their button on Escape; a quick reply gets the cursor, Cancel backs out, and a cleared message leaves the focus in the popup', async () => {
    const { context, page } = await signIn(env.browser, env.server.url, 'user@demo.test');
    try {
      await shellReady(page, 'Uma User');
      const messages = page.getByRole('button', { name: /^Incoming messages: \d+ new$/ });
      await messages.waitFor({ timeout: 20_000 });
      for (const button of [messages, page.getByRole('button', { name: /^Notifications/ }), page.getByRole('button', { name: /^Sync status/ })]) {
        await button.click();
        const popup = await button.getAttribute('aria-controls');
        await expect.poll(() => page.evaluate((id) => document.activeElement?.closest(`[id="${id}"]`) !== null, popup)).toBe(true);
        await page.keyboard.press('Escape');
        await expect.poll(() => button.getAttribute('aria-expanded')).toBe('false');
        expect(await button.evaluate((b) => b === document.activeElement)).toBe(true);
      }

      await messages.click();
      await page.getByRole('button', { name: 'Quick Reply' }).first().click();
      const reply = page.getByRole('textbox', { name: 'Quick reply' });
      await expect.poll(() => reply.evaluate((box) => box === document.activeElement)).toBe(true);
      await page.keyboard.type('On my way');
      await page.getByRole('button', { name: 'Cancel' }).click();
      expect(await reply.count()).toBe(0);
      await page.keyboard.press('Escape');
      await expect.poll(() => messages.getAttribute('aria-expanded')).toBe('false');

      // A message cleared from the list takes the focus with it: it goes to the popup's title, where Escape still works.
      await messages.click();
      const rows = page.getByRole('article');
      // The popup reads its list as it opens: counted once the list is drawn (it comes whole).
      await rows.first().waitFor();
      const before = await rows.count();
      await rows.first().getByRole('button', { name: 'Clear Message' }).click();
      await expect.poll(() => rows.count()).toBe(before - 1);
      await page.keyboard.press('Escape');
      await expect.poll(() => messages.getAttribute('aria-expanded')).toBe('false');
    } finally {
      await context.close();
    }
  });

  it('close on a phone at a tap outside, which reaches nothing under them', async () => {
    const { context, page } = await signIn(env.browser, env.server.url, 'user@demo.test', 'demo1234', { viewport: { width: 390, height: 844 }, touch: true });
    try {
      await shellReady(page, 'Uma User');
      const messages = page.getByRole('button', { name: /^Incoming messages/ });
      await messages.tap();
      await expect.poll(() => messages.getAttribute('aria-expanded')).toBe('true');
      const menu = page.getByRole('button', { name: 'Open menu' });
      const box = (await menu.boundingBox())!;
      await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
      await expect.poll(() => messages.getAttribute('aria-expanded')).toBe('false');
      expect(await menu.getAttribute('aria-expanded')).toBe('false');
    } finally {
      await context.close();
    }
  });
});
