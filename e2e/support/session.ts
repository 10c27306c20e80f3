import type { Browser, BrowserContext, Page } from 'playwright-core';

export interface SignedIn {
  context: BrowserContext;
  page: Page;
  /** Authorization headers of "my user" calls, from the page and its workers. */
  meCalls: (string | undefined)[];
}

/** Opens the app in a fresh browser profile; the guard sends it to the login page, where it signs in. */
export async function signIn(browser: Browser, url: string, email: string, password = 'demo1234', options: { viewport?: { width: number; height: number } } = {}): Promise<SignedIn> {
  const context = await browser.newContext(options.viewport ? { viewport: options.viewport } : {});
  const meCalls: (string | undefined)[] = [];
  context.on('request', (request) => {
    if (request.url().includes('/api/alltrac/users/me?')) meCalls.push(request.headers().authorization);
  });
  const page = await context.newPage();
  await page.goto(url);
  await page.waitForURL(/\/identity\/interaction\//);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  return { context, page, meCalls };
}

/** Waits for the shell: the account button of the signed-in user. */
export async function shellReady(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name: `Account: ${name}` }).waitFor({ timeout: 20_000 });
}
