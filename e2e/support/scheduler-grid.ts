import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/** An entry on the scheduler's calendar by a text it shows. */
export const entry = (page: Page, text: string) => page.locator('article.ec-event', { hasText: text });

/** Where an element is once it is laid out (an entry is drawn anew after a drop). */
export async function box(locator: Locator): Promise<{ x: number; y: number; width: number; height: number }> {
  let found: Awaited<ReturnType<Locator['boundingBox']>> = null;
  await expect
    .poll(
      async () => {
        found = await locator.boundingBox();
        return found !== null;
      },
      { timeout: 10_000 },
    )
    .toBe(true);
  return found!;
}

/** The height of half an hour on the grid (a labelled row). */
export async function halfHour(page: Page): Promise<number> {
  const slots = page.locator('.ec-body .ec-sidebar .ec-slot:not(.ec-hidden)');
  return (await box(slots.nth(2))).y - (await box(slots.nth(1))).y;
}

/** Drags from a point to a point with the mouse, in small steps as a hand would. */
export async function drag(page: Page, from: { x: number; y: number }, to: { x: number; y: number }): Promise<void> {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(from.x + (to.x - from.x) / 2, from.y + (to.y - from.y) / 2, { steps: 8 });
  await page.mouse.move(to.x, to.y, { steps: 8 });
  await page.mouse.up();
}
