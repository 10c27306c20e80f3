/**
 * Makes the web app manifest's images in public/icons (checked in; run again when public/favicon.svg changes):
 *
 *   node scripts/make-icons.mjs                              icons only
 *   node scripts/make-icons.mjs --screenshots http://localhost:8080   icons, and the two screenshots
 *
 * Icons: public/favicon.svg drawn at 192 and 512 pixels (purpose "any"), and a maskable 512 made from the same
 * mark on a full square of the primary colour, the mark inside the middle 60% so any mask shape (circle,
 * squircle) leaves it whole (the safe zone is the middle 80%).
 * Screenshots: the home page of a running app (`npm start`), signed in as the demo's user@demo.test, on a
 * phone (390×844, "narrow") and a laptop (1280×800, "wide"). The browser's install dialog shows them.
 *
 * Drawn by Debian's Chromium through playwright-core, as the end-to-end tests are (never `playwright install`).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = path.join(root, 'public', 'icons');
const primary = '#004C98';
const svg = fs.readFileSync(path.join(root, 'public', 'favicon.svg'), 'utf8');

/** The favicon's mark (its circles) without its rounded square, for the maskable icon's full-bleed background. */
const mark = svg
  .replace(/<rect[^>]*\/>/, '')
  .replace(/<svg[^>]*>/, '')
  .replace('</svg>', '');
const maskable =
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="${primary}"/>` +
  `<g transform="translate(32 32) scale(0.8) translate(-32 -32)">${mark}</g></svg>`;

const icons = [
  { file: 'icon-192.png', size: 192, image: svg },
  { file: 'icon-512.png', size: 512, image: svg },
  { file: 'icon-maskable-512.png', size: 512, image: maskable },
];

const screenshotsFrom = (() => {
  const at = process.argv.indexOf('--screenshots');
  return at === -1 ? null : (process.argv[at + 1] ?? 'http://localhost:8080');
})();

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});
try {
  fs.mkdirSync(out, { recursive: true });
  for (const icon of icons) {
    const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size }, deviceScaleFactor: 1 });
    const image = `data:image/svg+xml;base64,${Buffer.from(icon.image).toString('base64')}`;
    await page.setContent(
      `<html><body style="margin:0;background:transparent"><img src="${image}" width="${icon.size}" height="${icon.size}" style="display:block"></body></html>`,
    );
    await page.locator('img').evaluate((img) => img.decode());
    await page.screenshot({ path: path.join(out, icon.file), omitBackground: true });
    await page.close();
    console.log(`public/icons/${icon.file}`);
  }
  if (screenshotsFrom) {
    const shots = [
      { file: 'screenshot-narrow.png', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
      { file: 'screenshot-wide.png', viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false },
    ];
    for (const shot of shots) {
      const context = await browser.newContext({ viewport: shot.viewport, deviceScaleFactor: 1, isMobile: shot.isMobile, hasTouch: shot.hasTouch });
      const page = await context.newPage();
      await page.goto(screenshotsFrom);
      await page.waitForURL(/\/identity\/interaction\//);
      await page.getByLabel('Email').fill('user@demo.test');
      await page.getByLabel('Password').fill('demo1234');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('button', { name: /^Account: / }).waitFor({ timeout: 30_000 });
      // Home's figures of today, once the first sync has brought them all; the demo's system notice dismissed.
      await page.getByRole('region', { name: /^Today:/ }).waitFor({ timeout: 60_000 });
      await page.getByText("Still getting this store's data").waitFor({ state: 'detached', timeout: 180_000 });
      for (const dismiss of await page.getByRole('button', { name: 'Dismiss' }).all()) await dismiss.click();
      await page.waitForLoadState('networkidle');
      await page.screenshot({ path: path.join(out, shot.file) });
      await context.close();
      console.log(`public/icons/${shot.file}`);
    }
  }
} finally {
  await browser.close();
}
