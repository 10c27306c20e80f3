import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiPaths, withApiVersion } from '../src/contract/routes.ts';
import { firstSyncDone } from './support/idb.ts';
import { e2eEnvironment } from './support/server.ts';
import { shellReady, signIn } from './support/session.ts';

const triesPerMinute = 25;
const env = e2eEnvironment({ RATING_TRIES_PER_MINUTE: String(triesPerMinute) });
const db = () => env.server.database.db;

/** A visit of store #101 checked out in the last day, by its public id, that nobody has rated yet. */
async function unratedVisit(skip = 0) {
  const store = await db().selectFrom('storeLocations').select('id').where('storeNumber', '=', 101).executeTakeFirstOrThrow();
  const visits = await db()
    .selectFrom('scheduledVisits')
    .select(['scheduledVisitId', 'scheduledVisitHashId'])
    .where('storeId', '=', store.id)
    .where('checkOutDate', 'is not', null)
    .where('cancelDate', 'is', null)
    .where('deleted', '=', false)
    .where('checkOutDate', '<=', new Date().toISOString())
    .where('checkOutDate', '>=', new Date(Date.now() - 7 * 86_400_000).toISOString())
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('ratings').select('ratingId').whereRef('ratings.visitId', '=', 'scheduledVisits.scheduledVisitId'))),
    )
    .orderBy('checkOutDate', 'desc')
    .execute();
  return { store: store.id, visit: visits[skip]! };
}

/** Taps the nth star, as a finger does (the radio under it is hidden). */
async function tapStar(page: Page, n: number) {
  const id = await page.getByRole('radio', { name: String(n), exact: true }).getAttribute('id');
  await page.locator(`label[for="${id}"]`).click();
}

const ratingsBadge = (page: Page) => page.getByRole('link', { name: /^Ratings/ }).getByLabel(/unread$/);
const badgeCount = async (page: Page) => ((await ratingsBadge(page).count()) === 0 ? 0 : Number((await ratingsBadge(page).textContent()) ?? '0'));

describe('the public rating page on a phone', () => {
  it('takes a rating and a changed one as one rating, offering the review links at two stars and at five', async () => {
    const { visit } = await unratedVisit();
    const context = await env.browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    try {
      const page = await context.newPage();
      await page.goto(`${env.server.url}/rating?visit=${visit.scheduledVisitHashId}`);
      await page.getByRole('heading', { name: 'How was your visit?' }).waitFor();
      await page.getByRole('button', { name: 'Send my rating' }).click();
      await page.getByText('Tap the stars to choose one to five').waitFor();
      await tapStar(page, 2);
      await page.getByRole('textbox', { name: /Anything you would like to tell us/ }).fill('The wait was long.');
      await page.getByRole('button', { name: 'Send my rating' }).click();
      await page.getByText('has your rating: 2 of 5 stars').waitFor();
      expect(await page.getByRole('link', { name: 'Review us on Google' }).count()).toBe(1);

      await page.getByRole('button', { name: 'Change my rating' }).click();
      await tapStar(page, 5);
      await page.getByRole('textbox', { name: /Anything you would like to tell us/ }).fill('They called and made it right.');
      await page.getByRole('button', { name: 'Send my rating' }).click();
      await page.getByText('has your rating: 5 of 5 stars').waitFor();
      expect(await page.getByRole('link', { name: 'Review us on Google' }).count()).toBe(1);

      const stored = await db()
        .selectFrom('ratings')
        .select(['score', 'comment'])
        .where('visitId', '=', visit.scheduledVisitId)
        .where('deleted', '=', false)
        .execute();
      expect(stored).toEqual([{ score: 5, comment: 'They called and made it right.' }]);

      // The store sees what the customer said first too.
      const staff = await signIn(env.browser, env.server.url, 'user@demo.test');
      try {
        await shellReady(staff.page, 'Uma User');
        await staff.page.goto(`${env.server.url}/appointment-rating/${visit.scheduledVisitId}`);
        await staff.page.getByText('5 of 5', { exact: true }).waitFor({ timeout: 30_000 });
        await staff.page
          .getByRole('group', { name: 'Earlier ratings of this visit' })
          .getByText(/Changed from 2 of 5 given .*: “The wait was long\.”/)
          .waitFor();
      } finally {
        await staff.context.close();
      }
    } finally {
      await context.close();
    }
  });

  it('shows a guessed link as not valid and stores nothing', async () => {
    const before = await db()
      .selectFrom('ratings')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const context = await env.browser.newContext({ viewport: { width: 390, height: 844 } });
    try {
      const page = await context.newPage();
      await page.goto(`${env.server.url}/rating?visit=GuessedGuessedGuessed1`);
      await page.getByRole('heading', { name: 'This link is not valid' }).waitFor();
      expect(await page.getByRole('button', { name: 'Send my rating' }).count()).toBe(0);
    } finally {
      await context.close();
    }
    const after = await db()
      .selectFrom('ratings')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });
});

describe("a new rating on the store's devices", () => {
  it('shows in another signed-in browser with the unread badge up without a reload; marked read, the badge goes down on both', async () => {
    const { store, visit } = await unratedVisit(1);
    const counter = await signIn(env.browser, env.server.url, 'user@demo.test', 'demo1234', { viewport: { width: 1440, height: 900 } });
    const office = await signIn(env.browser, env.server.url, 'admin@demo.test', 'demo1234', { viewport: { width: 1440, height: 900 } });
    try {
      for (const [session, email, name] of [
        [counter, 'user@demo.test', 'Uma User'],
        [office, 'admin@demo.test', 'Alex Admin'],
      ] as const) {
        await shellReady(session.page, name);
        const { userId } = await db().selectFrom('users').select('userId').where('email', '=', email).executeTakeFirstOrThrow();
        await firstSyncDone(session.page, userId, store);
      }
      await counter.page.goto(`${env.server.url}/ratings`);
      await counter.page.getByRole('list', { name: 'Ratings' }).waitFor();
      // The badges count what the server counts, once each shell's count has answered (it shows none before).
      const before = Number(
        (
          await db()
            .selectFrom('ratings')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('storeId', '=', store)
            .where('isRead', '=', false)
            .where('deleted', '=', false)
            .executeTakeFirstOrThrow()
        ).n,
      );
      await expect.poll(() => badgeCount(counter.page), { timeout: 15_000 }).toBe(before);
      await expect.poll(() => badgeCount(office.page), { timeout: 15_000 }).toBe(before);

      const rated = await fetch(`${env.server.url}${withApiVersion(apiPaths.ratingRequest.replace(':visitId', visit.scheduledVisitHashId))}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ score: 1, comment: 'Nobody told me the price first.' }),
      });
      expect(rated.status).toBe(201);
      // Live on both browsers, without a reload (how fast is the bench's to measure).
      await counter.page.getByText('“Nobody told me the price first.”').waitFor({ timeout: 15_000 });
      await expect.poll(() => badgeCount(counter.page), { timeout: 15_000 }).toBe(before + 1);
      await expect.poll(() => badgeCount(office.page), { timeout: 15_000 }).toBe(before + 1);

      await counter.page
        .getByRole('listitem', { name: /^1 stars from .*, unread$/ })
        .filter({ hasText: 'Nobody told me the price first.' })
        .getByRole('button', { name: 'Mark read' })
        .click();
      await expect.poll(() => badgeCount(counter.page), { timeout: 15_000 }).toBe(before);
      await expect.poll(() => badgeCount(office.page), { timeout: 15_000 }).toBe(before);
    } finally {
      await counter.context.close();
      await office.context.close();
    }
  });
});

describe('the public rating calls', () => {
  it('answer 429 to an address past the configured number of tries a minute', async () => {
    const url = `${env.server.url}${withApiVersion(apiPaths.ratingRequest.replace(':visitId', 'GuessedGuessedGuessed2'))}`;
    const statuses: number[] = [];
    for (let i = 0; i <= triesPerMinute; i++) statuses.push((await fetch(url)).status);
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.filter((s) => s === 404).length).toBeGreaterThan(0);
  });
});
