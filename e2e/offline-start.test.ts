import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { launchProfile } from './support/browser.ts';
import { firstSyncDone } from './support/idb.ts';
import { e2eEnvironment } from './support/server.ts';
import { pollUntil } from './support/poll.ts';
import { fillSignIn, readyForOffline, shellReady, signIn } from './support/session.ts';

const env = e2eEnvironment();

async function userAndStore(email: string): Promise<{ userId: string; storeId: number }> {
  const db = env.server.database.db;
  const { userId } = await db.selectFrom('users').select('userId').where('email', '=', email).executeTakeFirstOrThrow();
  const { id } = await db.selectFrom('storeLocations').select('id').where('storeNumber', '=', 101).executeTakeFirstOrThrow();
  return { userId, storeId: id };
}

describe('a device after its first sign-in', () => {
  it('says it is not ready for offline use until it is, then opens on a reload made the moment the network drops', async () => {
    const { context, page } = await signIn(env.browser, env.server.url, 'user@demo.test');
    try {
      await shellReady(page, 'Uma User');
      const { userId, storeId } = await userAndStore('user@demo.test');
      await firstSyncDone(page, userId, storeId);
      await readyForOffline(page);

      await context.setOffline(true);
      await page.reload();
      await shellReady(page, 'Uma User');
      await page.getByRole('button', { name: /Sync status: Offline/ }).click();
      const panel = page.getByRole('region', { name: 'Sync status' });
      await panel.getByText(/^Last synced (just now|\d+ (second|minute)s? ago)\.$/).waitFor();
      expect(await panel.getByText('not yet on this device', { exact: false }).count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it('keeps the screens a day can open offline without (the dashboard, help) after it is ready, and opens them with no network', async () => {
    const { context, page } = await signIn(env.browser, env.server.url, 'user@demo.test');
    try {
      await shellReady(page, 'Uma User');
      const { userId, storeId } = await userAndStore('user@demo.test');
      await firstSyncDone(page, userId, storeId);
      await readyForOffline(page);
      await pollUntil(
        'the sync status no longer saying screens are still being saved',
        async () => {
          await page.getByRole('button', { name: /^Sync status:/ }).click();
          const panel = page.getByRole('region', { name: 'Sync status' });
          await panel.waitFor();
          const saving = await panel.getByText(/are still being saved on this device|could not all be saved/).count();
          await page.keyboard.press('Escape');
          await panel.waitFor({ state: 'hidden' });
          return saving;
        },
        0,
        { timeout: 30_000 },
      );

      await context.setOffline(true);
      await page.goto(`${env.server.url}/dashboard`);
      await page.getByRole('heading', { name: 'Dashboard' }).first().waitFor();
      await page.goto(`${env.server.url}/alltracContactUs`);
      await page.getByRole('heading', { name: 'Help & Support' }).first().waitFor();
    } finally {
      await context.close();
    }
  });

  it('opens from a browser closed and opened again with no network, every time', async () => {
    const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'alltrac-profile-'));
    try {
      const online = await launchProfile(profile);
      const page = online.pages()[0] ?? (await online.newPage());
      await page.goto(env.server.url);
      await fillSignIn(page, 'user@demo.test');
      await shellReady(page, 'Uma User');
      const { userId, storeId } = await userAndStore('user@demo.test');
      await firstSyncDone(page, userId, storeId);
      await readyForOffline(page);
      await online.close();

      for (let start = 0; start < 3; start++) {
        const offline = await launchProfile(profile, { offline: true });
        try {
          const again = offline.pages()[0] ?? (await offline.newPage());
          await again.goto(`${env.server.url}/ratings`);
          await shellReady(again, 'Uma User');
          await again.getByRole('heading', { name: 'Ratings' }).waitFor();
        } finally {
          await offline.close();
        }
      }
    } finally {
      fs.rmSync(profile, { recursive: true, force: true });
    }
  });
});
