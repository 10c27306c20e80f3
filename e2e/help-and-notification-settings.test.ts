import { describe, expect, it } from 'vitest';
import { e2eEnvironment } from './support/server.ts';
import { shellReady, signIn } from './support/session.ts';

const env = e2eEnvironment();

describe('writing to support', () => {
  it('says what is missing and goes to it, keeps a message written offline until it is sent, and shows it to PointSAdmin', async () => {
    const { context, page } = await signIn(env.browser, env.server.url, 'user@demo.test');
    const db = env.server.database.db;
    try {
      await shellReady(page, 'Uma User');
      await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Help & Support' }).click();
      await page.getByRole('button', { name: 'Send to support' }).click();
      await page.getByText('Enter a subject').waitFor();
      await page.getByText('Describe what you need').waitFor();
      expect(await page.getByRole('textbox', { name: 'Subject', exact: true }).evaluate((field) => field === document.activeElement)).toBe(true);

      // The draft survives a reload.
      await page.getByRole('textbox', { name: 'Subject', exact: true }).fill('Card reader at the counter');
      await page.getByRole('textbox', { name: 'Message', exact: true }).fill('It stopped pairing with the tablet this morning.');
      await page.reload();
      await expect
        .poll(() => page.getByRole('textbox', { name: 'Message', exact: true }).inputValue(), { timeout: 15_000 })
        .toBe('It stopped pairing with the tablet this morning.');

      await context.setOffline(true);
      await page.getByLabel('Phone for a call back').fill('(555) 201-3344');
      await page.getByRole('button', { name: 'Send to support' }).click();
      await page.getByText('Your message is saved on this device and goes to support as soon as the app is back online.').waitFor();
      expect(await page.getByRole('textbox', { name: 'Subject', exact: true }).inputValue()).toBe('');
      const mine = page.getByRole('heading', { name: 'Your messages to support' }).locator('..');
      await mine.getByText('Waiting to send').waitFor();
      expect(await db.selectFrom('supportRequests').selectAll().where('subject', '=', 'Card reader at the counter').execute()).toEqual([]);

      await context.setOffline(false);
      await mine.getByText('Sent', { exact: true }).waitFor({ timeout: 20_000 });
      const saved = await db.selectFrom('supportRequests').select(['message', 'callbackPhone']).where('subject', '=', 'Card reader at the counter').execute();
      expect(saved).toEqual([{ message: 'It stopped pairing with the tablet this morning.', callbackPhone: '(555) 201-3344' }]);
    } finally {
      await context.close();
    }

    const platform = await signIn(env.browser, env.server.url, 'platform@demo.test');
    try {
      await shellReady(platform.page, 'Pat Platform');
      await platform.page.goto(`${env.server.url}/alltracContactUs`);
      const message = platform.page.getByRole('article', { name: 'Card reader at the counter' });
      await message.waitFor({ timeout: 15_000 });
      await message.getByRole('link', { name: 'user@demo.test' }).waitFor();
      await message.getByText(/Demo Tire & Auto Springfield #101/).waitFor();
    } finally {
      await platform.context.close();
    }
  });
});

describe('notification settings', () => {
  it('leave a kind turned off out of the bell and its count, on the server too', async () => {
    const { context, page } = await signIn(env.browser, env.server.url, 'admin@demo.test');
    const db = env.server.database.db;
    try {
      await shellReady(page, 'Alex Admin');
      const unread = await db
        .selectFrom('userNotifications')
        .innerJoin('users', 'users.userId', 'userNotifications.identityId')
        .select(['kind'])
        .where('users.email', '=', 'admin@demo.test')
        .where('dateMarkedRead', 'is', null)
        .execute();
      const ratings = unread.filter((n) => n.kind === 'rating').length;
      expect(ratings).toBeGreaterThan(0);
      await page.getByRole('button', { name: `Notifications: ${unread.length} unread` }).waitFor({ timeout: 15_000 });

      await page.goto(`${env.server.url}/notification/settings`);
      const ratingSwitch = page.getByRole('switch', { name: 'New rating: show in app' });
      await ratingSwitch.waitFor({ timeout: 15_000 });
      expect(await ratingSwitch.isChecked()).toBe(true);
      await ratingSwitch.click();
      await expect.poll(() => ratingSwitch.isChecked()).toBe(false);

      const bell = page.getByRole('button', { name: `Notifications: ${unread.length - ratings} unread` });
      await bell.waitFor();
      await bell.click();
      await page
        .getByRole('button', { name: /^Notification: / })
        .first()
        .waitFor();
      expect(await page.getByRole('button', { name: /^Notification: A customer left a/ }).count()).toBe(0);
      await expect
        .poll(
          async () =>
            (
              await db
                .selectFrom('notificationPreferences')
                .innerJoin('users', 'users.userId', 'notificationPreferences.identityId')
                .select('inApp')
                .where('users.email', '=', 'admin@demo.test')
                .where('kind', '=', 'rating')
                .executeTakeFirst()
            )?.inApp,
          { timeout: 15_000 },
        )
        .toBe(false);

      await page.reload();
      await ratingSwitch.waitFor({ timeout: 15_000 });
      expect(await ratingSwitch.isChecked()).toBe(false);
    } finally {
      await context.close();
    }
  });
});
