import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';

export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Debian's Chromium, headless, with the flags this machine needs (no network beyond localhost). */
export async function launchBrowser(): Promise<Browser> {
  if (!fs.existsSync(chromiumPath)) {
    throw new Error(`Chromium is not installed at ${chromiumPath}. Run "apt-get install -y chromium" (npm test does it when run as root), or set CHROMIUM_PATH.`);
  }
  return chromium.launch({
    executablePath: chromiumPath,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

/** The end-to-end tests run against the production build, as users get it. */
export function assertBuilt(): void {
  if (!fs.existsSync(path.resolve('dist/index.html'))) {
    throw new Error('The PWA is not built: run "npm run build" first (npm test builds it).');
  }
}
