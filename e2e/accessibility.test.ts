import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { e2eEnvironment } from './support/server.ts';
import { signIn, shellReady } from './support/session.ts';

const env = e2eEnvironment();
const db = () => env.server.database.db;

/**
 * The serious and critical violations axe-core finds on the page as it stands, each as "rule: what it says (where)".
 * The scheduler's calendar grid (.ec) is @event-calendar/core's own markup, left out: its table roles hold buttons
 * and a nav, and its entries are drawn in the spec's status colours (docs/decisions.md, "Accessibility").
 */
async function seriousViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).exclude('.ec').analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((n) => `${v.id}: ${v.help} (${n.target.join(' ')}): ${n.failureSummary ?? ''}`));
}

/** Opens a screen of the signed-in app and waits until it has drawn its title and nothing says it is loading. */
async function openScreen(page: Page, path: string, user: string): Promise<void> {
  await page.goto(`${env.server.url}${path}`);
  await shellReady(page, user);
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await page.waitForFunction(() => !document.querySelector('[aria-busy="true"], .mantine-Loader-root'), null, { timeout: 20_000 });
}

const screens: [email: string, name: string, paths: string[], width: number][] = [
  ['admin@demo.test', 'Alex Admin', ['/', '/scheduler-dayview', '/scheduler-dayview?view=list', '/dashboard', '/messages', '/customer-search', '/customer-create',
    '/ratings', '/possible-duplicates', '/traction-orders', '/alltracContactUs', '/notification/settings', '/notifications'], 1024],
  ['admin@demo.test', 'Alex Admin', ['/settings/general', '/settings/hours', '/settings/appointments', '/settings/services', '/settings/resources', '/settings/users',
    '/settings/pickupanddelivery', '/settings/message-templates', '/settings/message-sink', '/settings/inspection-reports', '/retail-management'], 1024],
  ['tech@demo.test', 'Theo Technician', ['/technician-appointments'], 1024],
  ['lead@demo.test', 'Lee Lead', ['/technicians', '/'], 1024],
  // A phone lays the shell out otherwise (the menu behind a button, the header's icons only).
  ['user@demo.test', 'Uma User', ['/', '/messages', '/customer-search', '/scheduler-dayview?view=list'], 390],
];

describe('accessibility (axe-core)', () => {
  it.each(screens)('finds no serious or critical violation on the screens %s opens (%s: %j, %s px wide)', async (email, name, paths, width) => {
    const { context, page } = await signIn(env.browser, env.server.url, email, 'demo1234', { viewport: { width, height: 800 } });
    try {
      await shellReady(page, name);
      const found: Record<string, string[]> = {};
      for (const path of paths) {
        await openScreen(page, path, name);
        const violations = await seriousViolations(page);
        if (violations.length > 0) found[path] = violations;
      }
      expect(found).toEqual({});
    } finally {
      await context.close();
    }
  }, 300_000);

  it('finds no serious or critical violation on the pages customers open', async () => {
    const store = await db().selectFrom('storeLocations').select('contactFormId').where('storeNumber', '=', 101).executeTakeFirstOrThrow();
    const visit = await db().selectFrom('scheduledVisits').select('scheduledVisitHashId').where('checkOutDate', 'is not', null).executeTakeFirstOrThrow();
    const report = await db().selectFrom('inspectionReports').select('inspectionReportHashId').where('sentAt', 'is not', null).executeTakeFirstOrThrow();
    const pages = [`/contact-us/${store.contactFormId}`, `/book/${store.contactFormId}`, `/rating?visit=${visit.scheduledVisitHashId}`, `/inspection-reports/${report.inspectionReportHashId}`,
      `/work-order/${visit.scheduledVisitHashId}`];
    const context = await env.browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    try {
      const page = await context.newPage();
      const found: Record<string, string[]> = {};
      for (const path of pages) {
        await page.goto(`${env.server.url}${path}`);
        await page.getByRole('heading', { level: 1 }).first().waitFor();
        await page.waitForFunction(() => !document.querySelector('[aria-busy="true"], .mantine-Loader-root'), null, { timeout: 20_000 });
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
