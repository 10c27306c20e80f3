import { randomUUID } from 'node:crypto';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '../../src/contract/routes.ts';
import { apiCall } from '../support/api.ts';
import { demoStoreIds } from '../support/demo.ts';
import { accessTokenFor } from '../support/sign-in.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/** A real SMTP server on 127.0.0.1 that keeps what it is given (no TLS: it is local). */
const received: { from: string; to: string[]; data: string }[] = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => {
      received.push({
        from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
        to: session.envelope.rcptTo.map((r) => r.address),
        data: Buffer.concat(chunks).toString('utf8'),
      });
      callback();
    });
  },
});

let t: TestApp;
beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as { port: number };
  t = await createTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'Main Street Tire <store@example.com>' } });
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

describe('an email to a customer, with SMTP_URL set', () => {
  it('is delivered to the SMTP server, to the customer, with its subject and words, and marked sent', async () => {
    const store = (await demoStoreIds(t.db))[101]!;
    const token = await accessTokenFor(t.app, 'user@demo.test');
    const storeMessageId = randomUUID();
    const words = `Your tires are in, ${storeMessageId.slice(0, 8)}.`;
    const answer = await apiCall(t.app, {
      method: 'POST',
      path: apiPaths.emailMessages,
      token,
      store,
      body: {
        storeMessageId,
        customerId: null,
        templateType: 'FreeForm',
        content: words,
        visitId: null,
        name: 'Dana',
        destinationEmailAddress: 'dana@example.com',
      },
    });
    expect(answer.statusCode).toBe(201);
    await expect.poll(() => received.find((m) => m.data.includes(words)), { timeout: 10_000 }).toBeTruthy();
    const mail = received.find((m) => m.data.includes(words))!;
    expect(mail.to).toEqual(['dana@example.com']);
    expect(mail.from).toBe('store@example.com');
    expect(mail.data).toMatch(/^Subject: A message from .+$/m);
    await expect
      .poll(
        async () =>
          (await t.db.selectFrom('storeMessages').select('deliveryStatus').where('storeMessageId', '=', storeMessageId).executeTakeFirstOrThrow())
            .deliveryStatus,
      )
      .toBe('Sent');
  });
});
