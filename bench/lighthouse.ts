import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { chromiumPath } from '../e2e/support/browser.ts';
import { fillSignIn, shellReady } from '../e2e/support/session.ts';
import { freePort } from '../tests/support/ports.ts';

/** Lighthouse's three scores of a page, 0 to 100. */
export interface LighthouseScores {
  page: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  /** The accessibility and best-practice audits that did not pass, by id: what to look at first. */
  failing: string[];
}

/**
 * Lighthouse (its default: a mid-range phone on a slow 4G link, simulated) over pages of the running app, in
 * Debian's Chromium signed in as user@demo.test: Lighthouse opens each page in a tab of that same browser, keeping
 * its storage (the device's replica and session), so home is measured as a signed-in phone opens it.
 */
export async function lighthouseScores(serverUrl: string, pages: { name: string; path: string }[]): Promise<LighthouseScores[]> {
  const port = await freePort();
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'alltrac-lighthouse-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      `--remote-debugging-port=${port}`,
    ],
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto(serverUrl);
    await fillSignIn(page, 'user@demo.test');
    await shellReady(page, 'Uma User');
    const scores: LighthouseScores[] = [];
    for (const { name, path: pathname } of pages) {
      const result = await lighthouse(`${serverUrl}${pathname}`, {
        port,
        output: 'json',
        logLevel: 'error',
        disableStorageReset: true,
        onlyCategories: ['performance', 'accessibility', 'best-practices'],
      });
      const categories = result?.lhr.categories;
      const score = (id: string) => Math.round((categories?.[id]?.score ?? 0) * 100);
      const failing = ['accessibility', 'best-practices'].flatMap((id) =>
        (categories?.[id]?.auditRefs ?? []).filter((ref) => ref.weight > 0 && (result?.lhr.audits[ref.id]?.score ?? 1) < 1).map((ref) => ref.id),
      );
      scores.push({ page: name, performance: score('performance'), accessibility: score('accessibility'), bestPractices: score('best-practices'), failing });
    }
    return scores;
  } finally {
    await context.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }
}
