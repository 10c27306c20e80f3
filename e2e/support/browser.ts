import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';

export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

function assertChromium(): void {
  if (!fs.existsSync(chromiumPath)) {
    throw new Error(
      `Chromium is not installed at ${chromiumPath}. Run "apt-get install -y chromium" (npm test does it when run as root), or set CHROMIUM_PATH.`,
    );
  }
}

/** Debian's Chromium, headless, with the flags this machine needs (no network beyond localhost). */
export async function launchBrowser(): Promise<Browser> {
  assertChromium();
  return chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
}

/** Chromium on a profile kept in `userDataDir`, as a device's browser is: closed and opened again, it keeps its data. */
export async function launchProfile(
  userDataDir: string,
  options: { offline?: boolean; viewport?: { width: number; height: number } } = {},
): Promise<BrowserContext> {
  assertChromium();
  return chromium.launchPersistentContext(userDataDir, {
    executablePath: chromiumPath,
    args: chromiumArgs,
    offline: options.offline ?? false,
    ...(options.viewport ? { viewport: options.viewport } : {}),
  });
}

/** The end-to-end tests run against the production build, as users get it. */
export function assertBuilt(): void {
  if (!fs.existsSync(path.resolve('dist/index.html'))) {
    throw new Error('The PWA is not built: run "npm run build" first (npm test builds it).');
  }
}
