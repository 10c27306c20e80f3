import type { Browser, BrowserContext, Page } from 'playwright-core';
import { pollUntil } from './poll.ts';

export interface SignedIn {
  context: BrowserContext;
  page: Page;
  /** Authorization headers of "my user" calls, from the page and its workers. */
  meCalls: (string | undefined)[];
  /** What the Content-Security-Policy blocked on the page (the app must need nothing it forbids). */
  blockedByPolicy: string[];
}

/** Opens the app in a fresh browser profile; the guard sends it to the login page, where it signs in. */
export async function signIn(
  browser: Browser,
  url: string,
  email: string,
  password = 'demo1234',
  options: { viewport?: { width: number; height: number }; timezoneId?: string; fakeTimers?: boolean; touch?: boolean } = {},
): Promise<SignedIn> {
  const context = await browser.newContext({
    ...(options.viewport ? { viewport: options.viewport } : {}),
    ...(options.timezoneId ? { timezoneId: options.timezoneId } : {}),
    ...(options.touch ? { isMobile: true, hasTouch: true } : {}),
  });
  // Timers the test moves on (clock.fastForward) rather than waits for: time still flows as usual otherwise.
  if (options.fakeTimers) await context.clock.install();
  const meCalls: (string | undefined)[] = [];
  context.on('request', (request) => {
    if (request.url().includes('/api/alltrac/users/me?')) meCalls.push(request.headers().authorization);
  });
  const page = await context.newPage();
  const blockedByPolicy: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to (load|execute|connect|apply|frame)/i.test(message.text())) blockedByPolicy.push(message.text());
  });
  await page.goto(url);
  await fillSignIn(page, email, password);
  return { context, page, meCalls, blockedByPolicy };
}

/** On a page headed for the login page: signs in there. */
export async function fillSignIn(page: Page, email: string, password = 'demo1234'): Promise<void> {
  await page.waitForURL(/\/identity\/interaction\//);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Waits for the shell: the account button of the signed-in user. */
export async function shellReady(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name: `Account: ${name}` }).waitFor({ timeout: 20_000 });
}

/** The sync status panel, opened and closed again, says the device is ready to work with no network. */
export async function readyForOffline(page: Page): Promise<void> {
  await pollUntil(
    'the sync status panel without "Not ready for offline use yet"',
    async () => {
      await page.getByRole('button', { name: /^Sync status:/ }).click();
      const panel = page.getByRole('region', { name: 'Sync status' });
      await panel.waitFor();
      const notReady = await panel.getByText(/Not ready for offline use yet/).count();
      await page.keyboard.press('Escape');
      await panel.waitFor({ state: 'hidden' });
      return notReady;
    },
    0,
    { timeout: 30_000 },
  );
}

/** Records the sync leader's broadcast status in the page, to read its live connection state (liveConnection). */
export async function watchStatus(page: Page): Promise<void> {
  await page.evaluate(() => {
    const channel = new BroadcastChannel('alltrac-sync');
    channel.onmessage = (event: MessageEvent<{ type: string; status?: unknown }>) => {
      if (event.data.type === 'status') Object.assign(window, { lastSyncStatus: event.data.status });
    };
    channel.postMessage({ type: 'status-request' });
  });
}

/** The live connection's state as the page last heard it (after watchStatus). */
export const liveConnection = (page: Page) =>
  page.evaluate(() => (window as unknown as { lastSyncStatus?: { connection: string } }).lastSyncStatus?.connection ?? 'unknown');
