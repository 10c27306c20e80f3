import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { e2eEnvironment } from './support/server.ts';
import { screenSessions, openedScreens, staffScreens } from './support/screens.ts';

const env = e2eEnvironment();
// One browser session per account for every sweep of the file (support/screens.ts).
const sessions = screenSessions(env);

/**
 * Marks what a mouse user could click on the page as it stands: each outermost visible, enabled element drawn with
 * a pointer cursor (the cursor is inherited, so its children are the same target). With a modal dialog open, only
 * what is inside it: the rest is out of reach for the mouse too. Then records every element focus lands on.
 */
function markTargets(): number {
  const visible = (e: Element) => {
    const box = e.getBoundingClientRect();
    return box.width > 0 && box.height > 0 && getComputedStyle(e).visibility !== 'hidden' && !e.closest('[inert], [aria-hidden="true"]');
  };
  const dialogs = document.querySelectorAll('[aria-modal="true"]');
  const root = dialogs.length > 0 ? dialogs[dialogs.length - 1]! : document.body;
  const targets = [...root.querySelectorAll('*')].filter(
    (e) =>
      visible(e) &&
      getComputedStyle(e).cursor === 'pointer' &&
      (!e.parentElement || getComputedStyle(e.parentElement).cursor !== 'pointer') &&
      !e.matches(':disabled, [aria-disabled="true"]'),
  );
  targets.forEach((e) => e.setAttribute('data-walk-target', ''));
  let order = 0;
  document.addEventListener(
    'focusin',
    (event) => {
      const target = event.target as Element;
      if (!target.hasAttribute('data-walk-focused')) target.setAttribute('data-walk-focused', String(order++));
      else if (target.getAttribute('data-walk-focused') === '0') document.body.setAttribute('data-walk-round', '');
    },
    true,
  );
  (document.activeElement as HTMLElement | null)?.blur();
  return targets.length;
}

/**
 * The marked targets focus never reached, described as a person would name them. A target counts as reached when
 * focus landed on it, inside it or on what holds it; when it is the label of a control focus reached; and when it is
 * one of a group the arrow keys move through (radios of one name, tabs of one list, options of a list box) whose
 * focus stop was reached.
 */
function unreachedTargets(): string[] {
  const focused = (e: Element | null | undefined) => Boolean(e?.matches('[data-walk-focused]'));
  const reached = (e: Element) => {
    if (focused(e) || e.querySelector('[data-walk-focused]') || e.closest('[data-walk-focused]')) return true;
    const control = e instanceof HTMLLabelElement ? e.control : null;
    if (focused(control)) return true;
    if (control instanceof HTMLInputElement && control.type === 'radio' && control.name) {
      return document.querySelector(`input[type="radio"][name="${CSS.escape(control.name)}"][data-walk-focused]`) !== null;
    }
    if (e.getAttribute('role') === 'tab') return Boolean(e.closest('[role="tablist"]')?.querySelector('[data-walk-focused]'));
    const listbox = e.closest('[role="listbox"]');
    return Boolean(listbox?.id && document.querySelector(`[aria-controls="${CSS.escape(listbox.id)}"][data-walk-focused]`));
  };
  return [...document.querySelectorAll('[data-walk-target]')]
    .filter((e) => !reached(e))
    .map((e) => `${e.tagName.toLowerCase()} "${(e.getAttribute('aria-label') ?? e.textContent ?? '').trim().slice(0, 60)}"`);
}

/** Presses Tab until focus comes back to where it first landed (the page's whole round), then names what it missed. */
async function tabRound(page: Page): Promise<string[]> {
  expect(await page.evaluate(markTargets)).toBeGreaterThan(0);
  for (let presses = 0; !(await page.evaluate(() => document.body.hasAttribute('data-walk-round'))); presses += 10) {
    if (presses >= 800) throw new Error(`Tab never came back round on ${page.url()}: focus is trapped`);
    for (let i = 0; i < 10; i++) await page.keyboard.press('Tab');
  }
  return page.evaluate(unreachedTargets);
}

describe('the keyboard', () => {
  it.each(staffScreens)(
    'reaches with Tab everything a mouse can click on the screens %s opens (%s: %j, %s px wide)',
    async (...screens) => {
      expect(await sessions.checkScreens(screens, tabRound)).toEqual({});
    },
    300_000,
  );

  it('reaches with Tab everything a mouse can click on the screens opened from a list: a customer, a thread, an appointment, a visit in the bay', async () => {
    const missed = {};
    for (const screens of await openedScreens(env)) Object.assign(missed, await sessions.checkScreens(screens, tabRound));
    expect(missed).toEqual({});
  }, 300_000);
});
