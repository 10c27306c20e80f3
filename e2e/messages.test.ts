import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiPaths } from '../src/contract/routes.ts';
import { apiCall } from '../tests/support/api.ts';
import { mintAccessToken } from '../tests/support/tokens.ts';
import twilio from 'twilio';
import { createSmsSender } from '../server/messaging/sms.ts';
import { twilioWebhookPaths } from '../server/messaging/twilio-webhooks.ts';
import { callBoxNumber, showsCallBox, showsReplyActions } from '../src/domain/messages/quick-reply.ts';
import { ShiftedClock } from '../server/clock.ts';
import { firstSyncDone, readStore } from './support/idb.ts';
import { relayedEnvironment } from './support/server.ts';
import { textsInSink } from './support/sms-sink.ts';
import { shellReady, signIn } from './support/session.ts';

const twilioAuthToken = 'e2e-auth-token-0123456789abcdef';
// Twilio is set up (its webhooks are taken, checked with this token), but texts go to the sink: nothing leaves the machine.
// The server's clock is the machine's, moved on by hand where a test would otherwise wait out a person's pace.
const clock = new ShiftedClock();
// The store's internet link is a relay the offline test cuts.
const { env, link, appUrl } = await relayedEnvironment(
  { TWILIO_ACCOUNT_SID: `AC${'e'.repeat(32)}`, TWILIO_AUTH_TOKEN: twilioAuthToken },
  { sms: (config) => createSmsSender({ twilio: null, sinkDir: config.sms.sinkDir }, ''), clock },
);
const db = () => env.server.database.db;
/** What waits in a user's outbox of a store, on the page's profile. */
async function outboxOf(page: Page, email: string, storeId: number): Promise<unknown[]> {
  const { userId } = await db().selectFrom('users').select('userId').where('email', '=', email).executeTakeFirstOrThrow();
  return readStore(page, `alltrac-${userId}-store-${storeId}`, 'outbox');
}

async function openThread(page: Page, email: string, name: string, messageId: string, customerId: string | null) {
  await shellReady(page, name);
  const userId = (await db().selectFrom('users').select('userId').where('email', '=', email).executeTakeFirstOrThrow()).userId;
  const store = (await db().selectFrom('storeLocations').select('id').where('storeNumber', '=', 101).executeTakeFirstOrThrow()).id;
  await firstSyncDone(page, userId, store);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.goto(`${appUrl}/messages/cus/${messageId}${customerId ? `/${customerId}` : ''}`);
  await page.getByRole('log', { name: 'Conversation' }).waitFor();
  return store;
}

describe('messages to customers', () => {
  it('sends a quick reply written offline exactly once after two reloads, and marks the message replied', async () => {
    const store = (await db().selectFrom('storeLocations').select('id').where('storeNumber', '=', 101).executeTakeFirstOrThrow()).id;
    const incoming = await db()
      .selectFrom('storeMessages')
      .select(['storeMessageId', 'customerId', 'phoneNumber'])
      .where('storeId', '=', store)
      .where('messageDirection', '=', 'Inbound')
      .where('preferredContactMethod', '=', 'Sms')
      .where('messageDeliveryMethod', '=', 'Sms')
      .where('repliedToByUserId', 'is', null)
      .where('isArchived', '=', false)
      .where('phoneNumber', 'is not', null)
      .executeTakeFirstOrThrow();
    const words = `Your car is ready, ${randomUUID().slice(0, 8)}.`;
    const { context, page } = await signIn(env.browser, appUrl, 'user@demo.test');
    try {
      await openThread(page, 'user@demo.test', 'Uma User', incoming.storeMessageId, incoming.customerId);
      await link.cut();
      await context.setOffline(true);
      await page.getByRole('button', { name: 'Quick Reply' }).click();
      await page.getByRole('textbox', { name: 'Reply' }).fill(words);
      await page.keyboard.press('Enter');
      const bubble = page.getByRole('log', { name: 'Conversation' }).getByText(words);
      await bubble.waitFor();
      await page.getByText('Queued', { exact: true }).waitFor();
      expect(await page.getByRole('button', { name: 'Quick Reply' }).count()).toBe(0);

      for (let i = 0; i < 2; i++) {
        await page.reload();
        await page.getByRole('log', { name: 'Conversation' }).getByText(words).waitFor({ timeout: 15_000 });
      }
      expect(textsInSink(env.config.dataDir).filter((t) => t.body === words)).toEqual([]);

      await link.restore();
      await context.setOffline(false);
      await expect.poll(() => textsInSink(env.config.dataDir).filter((t) => t.body === words).length, { timeout: 30_000 }).toBe(1);
      await page.getByText('Sent', { exact: true }).waitFor({ timeout: 15_000 });
      const replied = await db()
        .selectFrom('storeMessages')
        .select('repliedToByUserName')
        .where('storeMessageId', '=', incoming.storeMessageId)
        .executeTakeFirstOrThrow();
      expect(replied.repliedToByUserName).toBe('Uma User');
      // Nothing more goes out later: 'Sent' means the send queue recorded it as sent, which no process takes again,
      // and the device holds no second copy to send.
      expect(await outboxOf(page, 'user@demo.test', store)).toEqual([]);
      expect(textsInSink(env.config.dataDir).filter((t) => t.body === words).length).toBe(1);
    } finally {
      // The link comes back even when the test failed offline: the file's other tests need it.
      await link.restore();
      await context.close();
    }
  });

  it('shows markup in a message as text and never runs it', async () => {
    const store = (await db().selectFrom('storeLocations').select('id').where('storeNumber', '=', 101).executeTakeFirstOrThrow()).id;
    const token = await mintAccessToken(db(), 'user@demo.test', env.server.publicUrl);
    const markup = '<img src=x onerror="window.__ran = true"><b>bold?</b>';
    const sent = await apiCall(env.server.app, {
      method: 'POST',
      path: apiPaths.smsMessages,
      token,
      store,
      body: {
        storeMessageId: randomUUID(),
        customerId: null,
        templateType: 'FreeForm',
        content: markup,
        visitId: null,
        name: 'Markup Test',
        destinationPhoneNumber: '5550109999',
      },
    });
    expect(sent.statusCode).toBe(201);
    const { context, page } = await signIn(env.browser, appUrl, 'user@demo.test');
    try {
      await openThread(page, 'user@demo.test', 'Uma User', sent.json().storeMessageId, null);
      await page.getByRole('log', { name: 'Conversation' }).getByText(markup, { exact: true }).waitFor({ timeout: 15_000 });
      expect(await page.evaluate(() => (window as unknown as { __ran?: boolean }).__ran)).toBeUndefined();
      expect(await page.getByRole('log', { name: 'Conversation' }).locator('img, b').count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it('turns a text message into a call on every open device as soon as the store stops texting, and back', async () => {
    const store = await db().selectFrom('storeLocations').select(['id', 'twilioPhoneNumber']).where('storeNumber', '=', 101).executeTakeFirstOrThrow();
    const incoming = await db()
      .selectFrom('storeMessages')
      .select(['storeMessageId', 'customerId'])
      .where('storeId', '=', store.id)
      .where('messageDirection', '=', 'Inbound')
      .where('preferredContactMethod', '=', 'Sms')
      .where('repliedToByUserId', 'is', null)
      .where('isArchived', '=', false)
      .where('phoneNumber', 'is not', null)
      .orderBy('sentOn')
      .executeTakeFirstOrThrow();
    // The platform's admins assign texting numbers.
    const platform = await mintAccessToken(db(), 'platform@demo.test', env.server.publicUrl);
    const texting = (value: string | null) =>
      apiCall(env.server.app, {
        method: 'PATCH',
        path: apiPaths.storeLocation.replace(':id', String(store.id)),
        token: platform,
        store: store.id,
        body: { twilioPhoneNumber: value },
      });
    const { context, page } = await signIn(env.browser, appUrl, 'user@demo.test');
    try {
      await openThread(page, 'user@demo.test', 'Uma User', incoming.storeMessageId, incoming.customerId);
      await page.getByRole('button', { name: 'Quick Reply' }).waitFor();
      expect((await texting(null)).statusCode).toBe(200);
      await page.getByText('Call the customer').waitFor({ timeout: 15_000 });
      expect(await page.getByRole('button', { name: 'Quick Reply' }).count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Archive Message' }).count()).toBe(0);
      expect((await texting(store.twilioPhoneNumber)).statusCode).toBe(200);
      await page.getByRole('button', { name: 'Quick Reply' }).waitFor({ timeout: 15_000 });
    } finally {
      await texting(store.twilioPhoneNumber);
      await context.close();
    }
  });

  it("shows a customer's text in an open popup without a reload; once they text STOP the thread says so and a reply is refused", async () => {
    const store = await db().selectFrom('storeLocations').select(['id', 'twilioPhoneNumber']).where('storeNumber', '=', 101).executeTakeFirstOrThrow();
    const from = '+15550108001';
    const textFromCustomer = async (body: string) => {
      const fields = { MessageSid: `SM${randomUUID().replace(/-/g, '')}`, From: from, To: store.twilioPhoneNumber!, Body: body };
      const signature = twilio.getExpectedTwilioSignature(twilioAuthToken, `${env.server.publicUrl}${twilioWebhookPaths.incoming}`, fields);
      const answer = await fetch(`${env.server.url}${twilioWebhookPaths.incoming}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': signature },
        body: new URLSearchParams(fields),
      });
      expect(answer.status).toBe(200);
    };
    const { context, page } = await signIn(env.browser, appUrl, 'user@demo.test');
    try {
      await shellReady(page, 'Uma User');
      const userId = (await db().selectFrom('users').select('userId').where('email', '=', 'user@demo.test').executeTakeFirstOrThrow()).userId;
      await firstSyncDone(page, userId, store.id);
      await page.getByRole('button', { name: /^Incoming messages/ }).click();
      const words = `Is my Civic ready? ${randomUUID().slice(0, 6)}`;
      await textFromCustomer(words);
      await page.getByRole('article', { name: 'Message from unknown sender' }).getByText(words).waitFor({ timeout: 15_000 });

      await textFromCustomer('STOP');
      const asked = await db().selectFrom('storeMessages').select('storeMessageId').where('content', '=', words).executeTakeFirstOrThrow();
      await page.goto(`${appUrl}/messages/cus/${asked.storeMessageId}`);
      await page.getByText(/^Texts are off since/).waitFor({ timeout: 15_000 });
      await page.getByRole('button', { name: 'Quick Reply' }).click();
      await page.getByRole('textbox', { name: 'Reply' }).fill('Yes, it is ready.');
      await page.keyboard.press('Enter');
      await page.getByRole('alert').filter({ hasText: 'Message failed to send: Texts to this number are off' }).waitFor();
      // Refused on the device: nothing was queued to go later, and the customer had only the STOP confirmation.
      expect(await outboxOf(page, 'user@demo.test', store.id)).toEqual([]);
      await expect
        .poll(() =>
          textsInSink(env.config.dataDir)
            .filter((t) => t.to === from)
            .map((t) => t.body),
        )
        .toEqual([expect.stringContaining('you will get no more texts from us')]);
    } finally {
      await context.close();
    }
  });

  it("takes a contact form from a customer's phone through a dropped connection, once, into an open popup without a reload", async () => {
    const store = await db().selectFrom('storeLocations').select(['id', 'contactFormId']).where('storeNumber', '=', 101).executeTakeFirstOrThrow();
    const staff = await signIn(env.browser, appUrl, 'user@demo.test');
    const customer = await env.browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    try {
      await shellReady(staff.page, 'Uma User');
      const userId = (await db().selectFrom('users').select('userId').where('email', '=', 'user@demo.test').executeTakeFirstOrThrow()).userId;
      await firstSyncDone(staff.page, userId, store.id);
      await staff.page.getByRole('button', { name: /^Incoming messages/ }).click();

      const phone = await customer.newPage();
      await phone.goto(`${appUrl}/contact-us/${store.contactFormId}`);
      await phone.getByRole('textbox', { name: 'Your name' }).fill('Dana Whitfield');
      await phone.getByText('Text me', { exact: true }).click();
      await phone.getByRole('textbox', { name: 'Phone' }).fill('(555) 010-7788');
      const words = `Do you have winter tires for a 2019 Civic? ${randomUUID().slice(0, 6)}`;
      await phone.getByRole('textbox', { name: 'Your message' }).fill(words);
      // A reload keeps what was typed.
      await phone.reload();
      expect(await phone.getByRole('textbox', { name: 'Your message' }).inputValue()).toBe(words);
      // A person takes longer than the form's minimum fill time: the server's clock moves on as much.
      clock.shift(3500);
      await customer.setOffline(true);
      await phone.getByRole('button', { name: 'Send message' }).click();
      await phone.getByText('Not sent yet: there is no connection').waitFor();
      // Back online, it goes by itself.
      await customer.setOffline(false);
      await phone.getByText('has your message and will text you soon').waitFor();
      await staff.page.getByRole('article', { name: 'Message from Dana Whitfield' }).getByText(words).waitFor({ timeout: 15_000 });
      const stored = await db().selectFrom('storeMessages').select(['messageDeliveryMethod', 'preferredContactMethod']).where('content', '=', words).execute();
      expect(stored).toEqual([{ messageDeliveryMethod: 'Form', preferredContactMethod: 'Sms' }]);
    } finally {
      await customer.close();
      await staff.context.close();
    }
  });

  it('shows Quick Reply, Archive and the call box on each seeded message of the popup exactly as the rules of sections 4 and 5 say', async () => {
    const store = await db().selectFrom('storeLocations').selectAll().where('storeNumber', '=', 101).executeTakeFirstOrThrow();
    const fresh = await db()
      .selectFrom('storeMessages')
      .selectAll()
      .where('storeId', '=', store.id)
      .where('messageDirection', '=', 'Inbound')
      .where('isArchived', '=', false)
      .where('repliedToByUserId', 'is', null)
      .where('deleted', '=', false)
      .orderBy('sentOn', 'desc')
      .execute();
    expect(new Set(fresh.map((m) => m.preferredContactMethod)).size).toBeGreaterThan(1);
    const { context, page } = await signIn(env.browser, appUrl, 'user@demo.test');
    try {
      await shellReady(page, 'Uma User');
      const userId = (await db().selectFrom('users').select('userId').where('email', '=', 'user@demo.test').executeTakeFirstOrThrow()).userId;
      await firstSyncDone(page, userId, store.id);
      await page.getByRole('button', { name: /^Incoming messages/ }).click();
      const rows = page.getByRole('article');
      await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(fresh.length);
      for (const [i, message] of fresh.entries()) {
        const row = rows.nth(i);
        expect(await row.getByText(message.content, { exact: true }).count(), message.content).toBe(1);
        expect(await row.getByRole('button', { name: 'Quick Reply' }).count(), `${message.preferredContactMethod} ${message.messageDeliveryMethod}`).toBe(
          showsReplyActions(message, store, false) ? 1 : 0,
        );
        expect(await row.getByRole('button', { name: 'Archive Message' }).count()).toBe(showsReplyActions(message, store, false) ? 1 : 0);
        expect(await row.getByText('Call the customer:').count()).toBe(showsCallBox(message, store) ? 1 : 0);
        if (showsCallBox(message, store)) expect(await row.getByText(callBoxNumber(message.phoneNumber!)).count()).toBe(1);
      }
    } finally {
      await context.close();
    }
  });
});
