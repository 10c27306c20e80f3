import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { firstSyncDone } from './support/idb.ts';
import { e2eEnvironment } from './support/server.ts';
import { shellReady, signIn } from './support/session.ts';

const env = e2eEnvironment();
const db = () => env.server.database.db;

/** The visits booked in the period, as the "Cars checked in" figure at the top of the page says them. */
async function bookedShown(page: Page): Promise<number> {
  const label = await page.getByRole('group', { name: /^Cars checked in:/ }).getAttribute('aria-label');
  return Number(/of (\d+) visits? booked/.exec(label ?? '')?.[1] ?? Number.NaN);
}

describe('the dashboard', () => {
  it("compares an admin's two stores from the server, and offline says so and shows this store's figures from the device", async () => {
    const { context, page } = await signIn(env.browser, env.server.url, 'admin@demo.test', 'demo1234', { viewport: { width: 1440, height: 900 } });
    try {
      await shellReady(page, 'Alex Admin');
      await page
        .getByRole('navigation', { name: 'Main menu' })
        .getByRole('link', { name: /Dashboard/ })
        .click();
      await page.getByRole('radiogroup', { name: 'Stores' }).getByText('Compare stores').click();
      const table = page.getByRole('table', { name: 'Stores compared' });
      for (const storeNumber of [101, 102]) {
        const row = table.getByRole('row', { name: new RegExp(`#${storeNumber} `) });
        await row.waitFor({ timeout: 20_000 });
        // Booked: each demo store has a fortnight of visits around today, so every week has some.
        expect(Number(await row.getByRole('cell').nth(1).textContent())).toBeGreaterThan(0);
      }
      expect(await table.getByRole('row', { name: /#103 / }).count()).toBe(0);
      expect(new URL(page.url()).searchParams.get('view')).toBe('compare');
      await context.setOffline(true);
      await page.getByRole('button', { name: 'Next week' }).click();
      await page
        .getByRole('alert')
        .filter({ hasText: "Comparing stores needs a connection. This store's figures below are from this device." })
        .waitFor({ timeout: 20_000 });
      await page.getByRole('group', { name: /^Cars checked in:/ }).waitFor();
    } finally {
      await context.close();
    }
  });

  it('shows a User their store only, and the period picked changes the figures and stays through a reload', async () => {
    const { context, page } = await signIn(env.browser, env.server.url, 'user@demo.test', 'demo1234', { viewport: { width: 390, height: 844 } });
    try {
      await shellReady(page, 'Uma User');
      const { userId } = await db().selectFrom('users').select('userId').where('email', '=', 'user@demo.test').executeTakeFirstOrThrow();
      const { id } = await db().selectFrom('storeLocations').select('id').where('storeNumber', '=', 101).executeTakeFirstOrThrow();
      await firstSyncDone(page, userId, id);
      await page.goto(`${env.server.url}/dashboard?period=today`);
      await page.getByText('Demo Tire & Auto Springfield #101').waitFor();
      await page.getByRole('group', { name: /^Cars checked in:/ }).waitFor();
      expect(await page.getByRole('radiogroup', { name: 'Stores' }).count()).toBe(0);

      const today = await bookedShown(page);
      // The week holds today and other open days of the demo's fortnight: more visits, whatever day it is.
      await page.getByRole('radiogroup', { name: 'Period' }).getByText('Week', { exact: true }).click();
      await expect.poll(() => bookedShown(page), { timeout: 10_000 }).toBeGreaterThan(today);
      expect(new URL(page.url()).searchParams.get('period')).toBe('week');
      const week = await bookedShown(page);

      await page.reload();
      await expect.poll(() => bookedShown(page), { timeout: 20_000 }).toBe(week);
      expect(await page.getByRole('radio', { name: 'Week' }).isChecked()).toBe(true);
    } finally {
      await context.close();
    }
  });
});
