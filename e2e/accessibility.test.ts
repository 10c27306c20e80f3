import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { Temporal } from 'temporal-polyfill';
import { describe, expect, it } from 'vitest';
import { storeTimeZone } from '../src/domain/calendar/time-zone.ts';
import { e2eEnvironment } from './support/server.ts';
import { screenSessions, openedScreens, screenSettled, staffScreens } from './support/screens.ts';

const env = e2eEnvironment();
// One browser session per account for every sweep of the file (support/screens.ts).
const sessions = screenSessions(env);
const db = () => env.server.database.db;

/**
 * The serious and critical violations axe-core finds on the page as it stands (or in `within` of it), each as
 * "rule: what it says (where)". The scheduler's calendar grid is checked with the rest (issue 46 item 19).
 */
async function seriousViolations(page: Page, within?: string): Promise<string[]> {
  const axe = new AxeBuilder({ page });
  const { violations } = await (within ? axe.include(within) : axe).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((n) => `${v.id}: ${v.help} (${n.target.join(' ')}): ${n.failureSummary ?? ''}`));
}

describe('accessibility (axe-core)', () => {
  it.each(staffScreens)(
    'finds no serious or critical violation on the screens %s opens (%s: %j, %s px wide)',
    async (...screens) => {
      expect(await sessions.checkScreens(screens, seriousViolations)).toEqual({});
    },
    300_000,
  );

  it("finds no serious or critical violation in the scheduler's calendar grid: the day by bay and by technician, the week and the list, with the day's entries", async () => {
    const calendar = (page: Page) => seriousViolations(page, '.ec');
    // The next day with entries at the store (today may be a Sunday the store is closed): the check reads them.
    const store = await db().selectFrom('storeLocations').select(['id', 'timeZone']).where('storeNumber', '=', 101).executeTakeFirstOrThrow();
    const next = await db()
      .selectFrom('scheduledServices')
      .select('startDate')
      .where('storeId', '=', store.id)
      .where('deleted', '=', false)
      .where('startDate', '>=', new Date().toISOString())
      .orderBy('startDate')
      .executeTakeFirstOrThrow();
    const day = Temporal.Instant.from(next.startDate).toZonedDateTimeISO(storeTimeZone(store.timeZone)).toPlainDate().toString();
    const views = ['', '&view=technicians', '&view=week', '&view=list'].map((view) => `/scheduler-dayview?date=${day}${view}`);
    expect(
      await sessions.checkScreens(['admin@demo.test', 'Alex Admin', views, 1440], async (page) => {
        // The day's entries are drawn: the check reads them, not an empty grid.
        await page.locator('.ec-event').first().waitFor({ timeout: 20_000 });
        return calendar(page);
      }),
    ).toEqual({});
  }, 300_000);

  it('finds no serious or critical violation on the screens opened from a list: a customer, a thread, an appointment, a visit in the bay', async () => {
    const found = {};
    for (const screens of await openedScreens(env)) Object.assign(found, await sessions.checkScreens(screens, seriousViolations));
    expect(found).toEqual({});
  }, 300_000);

  it('finds no serious or critical violation on the pages customers open', async () => {
    const store = await db().selectFrom('storeLocations').select('contactFormId').where('storeNumber', '=', 101).executeTakeFirstOrThrow();
    const visit = await db().selectFrom('scheduledVisits').select('scheduledVisitHashId').where('checkOutDate', 'is not', null).executeTakeFirstOrThrow();
    const report = await db().selectFrom('inspectionReports').select('inspectionReportHashId').where('sentAt', 'is not', null).executeTakeFirstOrThrow();
    const pages = [
      `/contact-us/${store.contactFormId}`,
      `/book/${store.contactFormId}`,
      `/rating?visit=${visit.scheduledVisitHashId}`,
      `/inspection-reports/${report.inspectionReportHashId}`,
      `/work-order/${visit.scheduledVisitHashId}`,
    ];
    const context = await env.browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    try {
      const page = await context.newPage();
      const found: Record<string, string[]> = {};
      for (const path of pages) {
        await page.goto(`${env.server.url}${path}`);
        await screenSettled(page);
        const violations = await seriousViolations(page);
        if (violations.length > 0) found[path] = violations;
      }
      // A form sent empty shows a problem under every field: each must read as plainly as the field.
      await page.goto(`${env.server.url}/book/${store.contactFormId}`);
      await page.getByRole('button', { name: 'Request this time' }).click();
      await page.locator('#booking-firstName[aria-invalid="true"]').waitFor();
      const sentEmpty = await seriousViolations(page);
      if (sentEmpty.length > 0) found['/book/ sent empty'] = sentEmpty;
      expect(found).toEqual({});
    } finally {
      await context.close();
    }
  });
});
