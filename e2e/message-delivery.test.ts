import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../tests/support/ports.ts';
import { localConfig, seededFolder, startLocalServer } from '../tests/support/running-server.ts';
import { startServerProcess, type ServerProcess } from '../tests/support/server-process.ts';
import { assertBuilt, launchBrowser } from './support/browser.ts';
import { e2eSettings } from './support/server.ts';
import { firstSyncDone, readStore } from './support/idb.ts';
import { shellReady, signIn } from './support/session.ts';
import { textsInSink } from './support/sms-sink.ts';

let browser: Browser;
let dataDir: string;
const processes: ServerProcess[] = [];
beforeAll(async () => {
  assertBuilt();
  browser = await launchBrowser();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'alltrac-delivery-'));
  fs.cpSync(await seededFolder(e2eSettings.DEMO_CATALOGUE), dataDir, { recursive: true });
});
afterAll(async () => {
  await Promise.all(processes.map((p) => p.stop()));
  await browser?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('a reply whose server dies after storing it', () => {
  it('is texted exactly once by the server that starts next, and the thread says it was sent', async () => {
    // What the test needs to know of the data, read before the server process holds the folder.
    const reader = await startLocalServer(await localConfig(dataDir, e2eSettings));
    const db = reader.database.db;
    const store = await db.selectFrom('storeLocations').select('id').where('storeNumber', '=', 101).executeTakeFirstOrThrow();
    const incoming = await db
      .selectFrom('storeMessages')
      .select(['storeMessageId', 'customerId', 'phoneNumber'])
      .where('storeId', '=', store.id)
      .where('messageDirection', '=', 'Inbound')
      .where('preferredContactMethod', '=', 'Sms')
      .where('messageDeliveryMethod', '=', 'Sms')
      .where('repliedToByUserId', 'is', null)
      .where('isArchived', '=', false)
      .where('phoneNumber', 'is not', null)
      .executeTakeFirstOrThrow();
    const { userId } = await db.selectFrom('users').select('userId').where('email', '=', 'user@demo.test').executeTakeFirstOrThrow();
    await reader.close();

    const port = await freePort();
    const env = { NODE_ENV: 'test', DATA_DIR: dataDir, PUBLIC_URL: `http://127.0.0.1:${port}` };
    // The first server cannot reach its provider: its text stays queued after the reply is stored.
    fs.writeFileSync(path.join(dataDir, 'sms'), 'not a folder');
    const first = await startServerProcess(env, port);
    processes.push(first);
    const { context, page } = await signIn(browser, first.url, 'user@demo.test');
    try {
      await shellReady(page, 'Uma User');
      await firstSyncDone(page, userId, store.id);
      await page.goto(`${first.url}/messages/cus/${incoming.storeMessageId}/${incoming.customerId ?? ''}`.replace(/\/$/, ''));
      await page.getByRole('log', { name: 'Conversation' }).waitFor();
      const words = `Your tires are mounted, ${randomUUID().slice(0, 8)}.`;
      await page.getByRole('button', { name: 'Quick Reply' }).click();
      await page.getByRole('textbox', { name: 'Reply' }).fill(words);
      await page.keyboard.press('Enter');
      // Stored on the server: the device's outbox has handed it over.
      await expect.poll(async () => (await readStore(page, `alltrac-${userId}-store-${store.id}`, 'outbox')).length, { timeout: 15_000 }).toBe(0);
      // It dies once its try has failed and the text is queued again: a death while handing the text to the
      // provider leaves it unsent for good (the provider may have taken it), which is another test's case.
      await expect.poll(() => first.output().includes('could not be sent'), { timeout: 20_000 }).toBe(true);
      await first.kill();
      processes.splice(processes.indexOf(first), 1);
      expect(textsInSink(dataDir)).toEqual([]);

      fs.rmSync(path.join(dataDir, 'sms'));
      processes.push(await startServerProcess(env, port));
      // The next try is 15 s after the first failure (30 s after a second one, on a slow machine: dispatcher.ts).
      await expect.poll(() => textsInSink(dataDir).filter((t) => t.body === words).length, { timeout: 60_000, interval: 500 }).toBe(1);
      await page.getByRole('log', { name: 'Conversation' }).getByText('Sent', { exact: true }).waitFor({ timeout: 20_000 });
      // 'Sent' follows the send queue's record that it went, which no server takes again: it went once, to the customer.
      expect(
        textsInSink(dataDir)
          .filter((t) => t.body === words)
          .map((t) => t.to),
      ).toEqual([`+1${incoming.phoneNumber!.replace(/\D/g, '').slice(-10)}`]);
    } finally {
      await context.close();
    }
  }, 180_000);
});
