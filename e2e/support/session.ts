import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { pollUntil } from './poll.ts';

export interface SignedIn {
  context: BrowserContext;
  page: Page;
  /** Authorization headers of "my user" calls, from the page and its workers. */
  meCalls: (string | undefined)[];
  /** What the Content-Security-Policy blocked on the page (the app must need nothing it forbids). */
  blockedByPolicy: string[];
}

export interface SignInOptions {
  viewport?: { width: number; height: number };
  timezoneId?: string;
  fakeTimers?: boolean;
  touch?: boolean;
}

/** A browser profile of one test, with what signIn records on it, opened at `url`. */
async function openProfile(browser: Browser, url: string, options: SignInOptions, storageState?: BrowserContextOptions['storageState']) {
  const context = await browser.newContext({
    ...(options.viewport ? { viewport: options.viewport } : {}),
    ...(options.timezoneId ? { timezoneId: options.timezoneId } : {}),
    ...(options.touch ? { isMobile: true, hasTouch: true } : {}),
    ...(storageState ? { storageState } : {}),
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
  return { context, page, meCalls, blockedByPolicy };
}

/** Opens the app in a fresh browser profile; the guard sends it to the login page, where it signs in. */
export async function signIn(browser: Browser, url: string, email: string, password = 'demo1234', options: SignInOptions = {}): Promise<SignedIn> {
  const signedIn = await openProfile(browser, url, options);
  await fillSignIn(signedIn.page, email, password);
  return signedIn;
}

type Snapshot = Awaited<ReturnType<BrowserContext['storageState']>>;
/** Per browser (one per test file), per app address and account: the profile its first sign-in and first sync left. */
const snapshots = new WeakMap<Browser, Map<string, Promise<Snapshot>>>();

/**
 * The profile a sign-in and a first sync leave (cookies, localStorage with the session, and the IndexedDB replica
 * with its sync cursors), made once per account in a browser: the first call signs in for real and waits until the
 * device is ready for offline use. A failed sign-in is not kept, so the next test tries again.
 */
function signedInSnapshot(browser: Browser, url: string, email: string, password: string): Promise<Snapshot> {
  const ofBrowser = snapshots.get(browser) ?? new Map<string, Promise<Snapshot>>();
  snapshots.set(browser, ofBrowser);
  const origin = new URL(url).origin;
  const key = `${origin} ${email}`;
  const kept = ofBrowser.get(key);
  if (kept) return kept;
  const made = (async () => {
    const { context, page } = await signIn(browser, origin, email, password);
    try {
      await page.getByRole('button', { name: /^Sync status:/ }).waitFor({ timeout: 60_000 });
      await readyForOffline(page);
      return await context.storageState({ indexedDB: true });
    } finally {
      await context.close();
    }
  })();
  ofBrowser.set(key, made);
  made.catch(() => ofBrowser.delete(key));
  return made;
}

/**
 * Opens the app signed in as `email` on a device that has synced before: a fresh browser profile holding a copy of
 * what this account's first sign-in and first sync in this browser left (signedInSnapshot), so the app starts as
 * a device opened again does, from its replica, and syncs what changed since. For the tests about anything but
 * signing in, the first sync, shared devices or an offline start: those sign in for real with signIn.
 */
export async function signInAgain(browser: Browser, url: string, email: string, password = 'demo1234', options: SignInOptions = {}): Promise<SignedIn> {
  return openProfile(browser, url, options, await signedInSnapshot(browser, url, email, password));
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
