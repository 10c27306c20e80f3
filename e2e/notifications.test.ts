import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { e2eEnvironment } from './support/server.ts';
import { shellReady, signIn } from './support/session.ts';

const env = e2eEnvironment();

const hours = (n: number) => new Date(Date.now() + n * 3_600_000).toISOString();
async function addSystemNotification(severityLevel: 'Low' | 'Medium' | 'High', content: string, application = 'AllTrac') {
  const systemNotificationId = randomUUID();
  await env.server.database.db
    .insertInto('systemNotifications')
    .values({ systemNotificationId, severityLevel, content, application, dateStarted: hours(-1), dateEnded: hours(2) })
    .execute();
  return systemNotificationId;
}

describe('system notifications', () => {
  it('show Low as a dismissible notice and Medium with Refresh; markup in them never runs, nor covers the screen', async () => {
    // Stored before the server cleaned notices: a fixed overlay that once covered every screen, and its End button.
    await addSystemNotification(
      'Low',
      'Heads up <img src="x" onerror="window.xssRan = 1"><script>window.xssRan = 2</script><div style="position:fixed;inset:0;z-index:99999;background:#fff" id="cover">Back soon</div>',
    );
    await addSystemNotification('Medium', 'Texting is slow right now.');
    const { context, page } = await signIn(env.browser, env.server.url, 'user@demo.test');
    try {
      await shellReady(page, 'Uma User');
      const low = page.getByRole('status').filter({ hasText: 'Heads up' });
      await low.waitFor();
      const medium = page.getByRole('alert').filter({ hasText: 'Texting is slow right now.' });
      await medium.getByRole('button', { name: 'Refresh' }).waitFor();
      expect(await page.evaluate(() => (window as unknown as { xssRan?: number }).xssRan)).toBeUndefined();
      expect(await low.locator('script, [onerror]').count()).toBe(0);
      // Its words are shown in the notice, as words: no element of it keeps its id or its fixed position.
      expect(await low.locator('#cover').count()).toBe(0);
      expect(await low.getByText('Back soon').evaluate((element) => getComputedStyle(element).position)).not.toBe('fixed');
      await low.getByRole('button', { name: 'Dismiss' }).click();
      await expect.poll(() => low.count()).toBe(0);
      // The demo's High notice of another product never takes this one down.
      expect(page.url()).not.toContain('/system-maintenance');
    } finally {
      await context.close();
    }
  });

  it('send everyone to the maintenance page on a High one, and back once it has ended', async () => {
    const id = await addSystemNotification('High', 'Down for the database upgrade.');
    const { context, page } = await signIn(env.browser, env.server.url, 'admin@demo.test');
    try {
      await page.waitForURL(`${env.server.url}/system-maintenance`, { timeout: 20_000 });
      await page.getByText('Down for the database upgrade.').waitFor();
      await page.getByRole('button', { name: 'Try again' }).click();
      await page.getByText('Still under maintenance').waitFor();
      await env.server.database.db
        .updateTable('systemNotifications')
        .set({ dateEnded: hours(-0.5) })
        .where('systemNotificationId', '=', id)
        .execute();
      await page.getByRole('button', { name: 'Try again' }).click();
      await page.waitForURL(`${env.server.url}/`);
      await shellReady(page, 'Alex Admin');
    } finally {
      await context.close();
    }
  });
});

describe('the notifications popup', () => {
  it('marks a notification read when clicked, on the server too, and opens its link with a full load', async () => {
    const { context, page } = await signIn(env.browser, env.server.url, 'user@demo.test');
    try {
      await shellReady(page, 'Uma User');
      const bell = page.getByRole('button', { name: /^Notifications: \d+ unread$/ });
      await bell.waitFor({ timeout: 15_000 });
      const before = Number((await bell.getAttribute('aria-label'))!.match(/(\d+) unread/)![1]);
      await bell.click();
      await page.getByText('Recent').waitFor();
      const user = await env.server.database.db.selectFrom('users').select('userId').where('email', '=', 'user@demo.test').executeTakeFirstOrThrow();
      const newestUnread = await env.server.database.db
        .selectFrom('userNotifications')
        .select(['userNotificationId', 'link'])
        .where('identityId', '=', user.userId)
        .where('dateMarkedRead', 'is', null)
        .orderBy('dateAdded', 'desc')
        .executeTakeFirstOrThrow();
      let loads = 0;
      page.on('load', () => loads++);
      await page
        .getByRole('button', { name: /^Notification: / })
        .first()
        .click();
      await page.waitForURL(`${env.server.url}${newestUnread.link}`);
      expect(loads).toBeGreaterThan(0);
      await expect
        .poll(
          async () =>
            (
              await env.server.database.db
                .selectFrom('userNotifications')
                .select('dateMarkedRead')
                .where('userNotificationId', '=', newestUnread.userNotificationId)
                .executeTakeFirstOrThrow()
            ).dateMarkedRead,
          { timeout: 15_000 },
        )
        .not.toBeNull();
      await shellReady(page, 'Uma User');
      await page.getByRole('button', { name: before - 1 > 0 ? `Notifications: ${before - 1} unread` : 'Notifications' }).waitFor({ timeout: 15_000 });
    } finally {
      await context.close();
    }
  });
});

describe('the error banner', () => {
  it.each([
    [503, true],
    [429, true],
    [404, false],
    [422, false],
  ])('opens when the server answers %i: %s', async (status, opens) => {
    const { context, page } = await signIn(env.browser, env.server.url, 'user@demo.test');
    try {
      await shellReady(page, 'Uma User');
      await context.route('**/api/alltrac/sync/changes**', (route) =>
        route.fulfill({ status, contentType: 'application/problem+json', body: JSON.stringify({ type: 'about:blank', title: 'Injected', status }) }),
      );
      await page.evaluate(() => (window as unknown as { alltrac: { sync: { syncNow(): Promise<void> } } }).alltrac.sync.syncNow());
      const banner = page.getByRole('alert').filter({ hasText: 'Something went wrong. Please check your internet connection and try again.' });
      if (opens) {
        await banner.waitFor({ timeout: 10_000 });
        await banner.getByRole('button', { name: 'Refresh' }).waitFor();
      } else {
        // The failure is reported in the sync status, not the banner.
        await page.getByRole('button', { name: 'Sync status: Saved' }).click();
        await page.getByText('The sync failed: Injected.').waitFor({ timeout: 10_000 });
        expect(await banner.count()).toBe(0);
      }
    } finally {
      await context.close();
    }
  });
});
