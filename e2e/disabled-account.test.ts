import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { peopleMessages } from '../src/contract/platform-people.ts';
import { apiPaths, withApiVersion } from '../src/contract/routes.ts';
import { mintAccessToken } from '../tests/support/tokens.ts';
import { firstSyncDone, readStore } from './support/idb.ts';
import { relayedEnvironment } from './support/server.ts';
import { fillSignIn, readyForOffline, shellReady, signIn } from './support/session.ts';

// Access tokens live the shortest time the server allows (30 s): the offline device's token runs out in the test.
const { env, link, appUrl } = await relayedEnvironment({ ACCESS_TOKEN_TTL_SECONDS: '30' });
const db = () => env.server.database.db;
const userIdOf = async (email: string) => (await db().selectFrom('users').select('userId').where('email', '=', email).executeTakeFirstOrThrow()).userId;
const store101 = async () => (await db().selectFrom('storeLocations').select('id').where('storeNumber', '=', 101).executeTakeFirstOrThrow()).id;

async function setDisabled(userId: string, disabled: boolean): Promise<void> {
  const token = await mintAccessToken(db(), 'platform@demo.test', env.server.publicUrl);
  const response = await fetch(`${env.server.url}${withApiVersion(apiPaths.platformPerson.replace(':userId', userId))}`, {
    method: 'PATCH',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ disabled }),
  });
  expect(response.status).toBe(200);
}

const storedToken = (page: Page) =>
  page.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => k.startsWith('oidc.user:'));
    return key ? (JSON.parse(localStorage.getItem(key)!) as { access_token: string }).access_token : null;
  });
const expiresAt = (token: string) => (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { exp: number }).exp * 1000;

describe('a person disabled while signed in on a device', () => {
  it('is signed out of it within seconds: the screen says why, their customers leave the device, and the next person signs in from there', async () => {
    const [uma, store] = [await userIdOf('user@demo.test'), await store101()];
    const { context, page } = await signIn(env.browser, appUrl, 'user@demo.test');
    try {
      await shellReady(page, 'Uma User');
      await firstSyncDone(page, uma, store);
      const replica = `alltrac-${uma}-store-${store}`;
      expect((await readStore(page, replica, 'customers')).length).toBeGreaterThan(0);

      await setDisabled(uma, true);
      // Told by the server over the live connection, not at the device's next sync minutes later.
      await page.getByRole('heading', { name: 'Signed out of this device' }).waitFor({ timeout: 10_000 });
      await page.getByRole('alert').filter({ hasText: 'Uma User was signed out' }).filter({ hasText: peopleMessages.disabled }).waitFor();
      expect(await page.getByRole('button', { name: 'Account: Uma User' }).count()).toBe(0);
      expect(await readStore(page, replica, 'customers')).toEqual([]);
      expect(await readStore(page, replica, 'scheduledVisits')).toEqual([]);
      expect((await readStore<{ userId: string }>(page, 'alltrac-global', 'sessions')).map((s) => s.userId)).not.toContain(uma);

      // A reload (or the next person picking the device up) still reads why, and signs in from there.
      await page.reload();
      await page.getByRole('alert').filter({ hasText: 'Uma User was signed out' }).filter({ hasText: peopleMessages.disabled }).waitFor();
      await page.getByRole('button', { name: 'Sign in' }).click();
      await fillSignIn(page, 'admin@demo.test');
      await shellReady(page, 'Alex Admin');
      await page.reload();
      await shellReady(page, 'Alex Admin');
      expect(await page.getByRole('heading', { name: 'Signed out of this device' }).count()).toBe(0);
    } finally {
      await setDisabled(uma, false);
      await context.close();
    }
  });
});

describe("a device offline past its access token's life", () => {
  it('still opens with everything on it, and renews the sign-in once the server is back, signing nobody out', async () => {
    const [uma, store] = [await userIdOf('user@demo.test'), await store101()];
    const { context, page } = await signIn(env.browser, appUrl, 'user@demo.test');
    try {
      await shellReady(page, 'Uma User');
      await firstSyncDone(page, uma, store);
      await readyForOffline(page);
      const token = (await storedToken(page))!;
      await link.cut();
      await context.setOffline(true);
      // The renewal due meanwhile finds no server: the device waits, it does not sign her out.
      await expect.poll(() => Date.now() > expiresAt(token), { timeout: 45_000, interval: 1000 }).toBe(true);
      await page.reload();
      await shellReady(page, 'Uma User');
      await page.goto(`${appUrl}/customer-search`);
      await page.getByRole('heading', { name: 'Customers' }).first().waitFor();
      expect((await readStore(page, `alltrac-${uma}-store-${store}`, 'customers')).length).toBeGreaterThan(0);

      await link.restore();
      await context.setOffline(false);
      await expect.poll(async () => expiresAt((await storedToken(page))!) > Date.now(), { timeout: 30_000, interval: 500 }).toBe(true);
      await shellReady(page, 'Uma User');
      expect(await page.getByRole('heading', { name: 'Signed out of this device' }).count()).toBe(0);
    } finally {
      await link.restore();
      await context.close();
    }
  });
});
