import fs from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';

export interface PageBytes {
  page: string;
  files: number;
  /** Bytes of JavaScript as they crossed the wire (compressed where the server compressed them). */
  sent: number;
  /** Whether any of it is the staff app's (its start, the sync worker, the router, Dexie). */
  staffCode: string[];
}

/** What marks a file as the staff app's: words only its code holds, in the built files. */
const staffMarks: [string, RegExp][] = [
  ["the staff app's start", /AllTrac Staff/],
  ['Dexie', /Dexie/],
  ['TanStack Router', /createRouter|RouterProvider/],
  ['the sync worker', /sync\.worker/],
];

/**
 * Issue 52: the JS a phone downloads to open each customers' page, cold (a fresh context, no cache, no service
 * worker), counted as sent: the encoded bytes of every script response of the page.
 */
export async function publicPageBytes(browser: Browser, url: string, pages: { name: string; path: string }[]): Promise<PageBytes[]> {
  const results: PageBytes[] = [];
  for (const { name, path: pagePath } of pages) {
    const context = await browser.newContext({ serviceWorkers: 'block', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    try {
      const page = await context.newPage();
      const scripts: { pathname: string; sent: Promise<number> }[] = [];
      page.on('requestfinished', (request) => {
        if (request.resourceType() !== 'script') return;
        scripts.push({ pathname: new URL(request.url()).pathname, sent: request.sizes().then((s) => s.responseBodySize) });
      });
      await page.goto(`${url}${pagePath}`, { waitUntil: 'networkidle' });
      const sizes = await Promise.all(scripts.map((s) => s.sent));
      const staffCode = staffMarks
        .filter(([, mark]) => scripts.some((s) => mark.test(fs.readFileSync(path.join('dist', s.pathname), 'utf8'))))
        .map(([what]) => what);
      results.push({ page: name, files: scripts.length, sent: sizes.reduce((a, b) => a + b, 0), staffCode });
    } finally {
      await context.close();
    }
  }
  return results;
}
