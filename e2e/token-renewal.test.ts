import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { e2eEnvironment } from './support/server.ts';
import { shellReady, signIn } from './support/session.ts';

// Access tokens live the shortest time the server allows (30 s) here: three renewals take about 70 seconds.
const env = e2eEnvironment({ ACCESS_TOKEN_TTL_SECONDS: '30' });

const storedToken = (page: Page) =>
  page.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => k.startsWith('oidc.user:'));
    return key ? (JSON.parse(localStorage.getItem(key)!) as { access_token: string }).access_token : null;
  });

describe("two tabs past the access token's lifetime", () => {
  it('stay signed in through three renewals (one per profile, never two at once), and a change in the second tab is sent', async () => {
    const { context, page: first } = await signIn(env.browser, env.server.url, 'user@demo.test');
    try {
      await shellReady(first, 'Uma User');
      const second = await context.newPage();
      await second.goto(env.server.url);
      await shellReady(second, 'Uma User');
      let refreshGrants = 0;
      context.on('request', (request) => {
        if (request.url().endsWith('/identity/token') && request.postData()?.includes('grant_type=refresh_token')) refreshGrants++;
      });
      const tokens = new Set([await storedToken(first)]);
      // Renewed at three quarters of the token's life: about 22 s, 45 s, 67 s.
      await expect
        .poll(
          async () => {
            tokens.add(await storedToken(first));
            return tokens.size;
          },
          { timeout: 100_000, interval: 1000 },
        )
        .toBeGreaterThanOrEqual(4);
      expect(refreshGrants).toBe(tokens.size - 1);

      for (const page of [first, second]) {
        await page.reload();
        await shellReady(page, 'Uma User');
        expect(page.url()).not.toContain('/identity/');
      }
      const rating = await env.server.database.db
        .selectFrom('ratings')
        .innerJoin('storeLocations', 'storeLocations.id', 'ratings.storeId')
        .select('ratingId')
        .where('storeNumber', '=', 101)
        .where('isRead', '=', false)
        .executeTakeFirstOrThrow();
      await second.evaluate(
        (id) => (window as unknown as { alltrac: { sync: { markRatingRead(id: string): Promise<boolean> } } }).alltrac.sync.markRatingRead(id),
        rating.ratingId,
      );
      await expect
        .poll(
          async () =>
            (await env.server.database.db.selectFrom('ratings').select('isRead').where('ratingId', '=', rating.ratingId).executeTakeFirstOrThrow()).isRead,
          { timeout: 10_000 },
        )
        .toBe(true);
    } finally {
      await context.close();
    }
  }, 240_000);
});
