import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { e2eEnvironment } from './support/server.ts';
import { shellReady, signIn } from './support/session.ts';

const env = e2eEnvironment();
const ratingSwitch = (page: Page) => page.getByRole('switch', { name: 'New rating: show in app' });
const serverInApp = async (userId: string) =>
  (
    await env.server.database.db
      .selectFrom('notificationPreferences')
      .select('inApp')
      .where('identityId', '=', userId)
      .where('kind', '=', 'rating')
      .executeTakeFirst()
  )?.inApp ?? true;

describe('two devices changing the same setting, one of them offline', () => {
  it('end with the same value, and the device whose change was replaced says who replaced it and when', async () => {
    const userId = (await env.server.database.db.selectFrom('users').select('userId').where('email', '=', 'user@demo.test').executeTakeFirstOrThrow()).userId;
    const x = await signIn(env.browser, env.server.url, 'user@demo.test');
    const y = await signIn(env.browser, env.server.url, 'user@demo.test');
    try {
      for (const { page } of [x, y]) {
        await shellReady(page, 'Uma User');
        await page.goto(`${env.server.url}/notification/settings`);
        await ratingSwitch(page).waitFor();
        expect(await ratingSwitch(page).isChecked()).toBe(true);
      }
      // X turns it off with no network.
      await x.context.setOffline(true);
      await ratingSwitch(x.page).click({ force: true });
      await expect.poll(() => ratingSwitch(x.page).isChecked()).toBe(false);
      // Y, online, turns it off and on again.
      await ratingSwitch(y.page).click({ force: true });
      await expect.poll(() => serverInApp(userId), { timeout: 10_000 }).toBe(false);
      await ratingSwitch(y.page).click({ force: true });
      await expect.poll(() => serverInApp(userId), { timeout: 10_000 }).toBe(true);
      // X comes back: its change arrives last and wins; Y hears of it live.
      await x.context.setOffline(false);
      await expect.poll(() => serverInApp(userId), { timeout: 20_000 }).toBe(false);
      await expect.poll(() => ratingSwitch(y.page).isChecked(), { timeout: 10_000 }).toBe(false);
      expect(await ratingSwitch(x.page).isChecked()).toBe(false);

      const notice = y.page.getByRole('status').filter({ hasText: 'Your change was replaced' });
      await notice.waitFor({ timeout: 10_000 });
      expect(await notice.innerText()).toContain(
        '"Show in app" for New rating is now Off: changed by you on another device, just now. You had set it to On here.',
      );
      expect(await x.page.getByText('Your change was replaced').count()).toBe(0);
      await notice.getByRole('button', { name: 'Dismiss' }).click();
      await expect.poll(() => y.page.getByText('Your change was replaced').count()).toBe(0);
      await y.page.reload();
      await ratingSwitch(y.page).waitFor();
      expect(await y.page.getByText('Your change was replaced').count()).toBe(0);
    } finally {
      await x.context.close();
      await y.context.close();
    }
  });
});
