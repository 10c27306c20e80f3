import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../server/clock.ts';
import type { Mail, Mailer } from '../../server/mail/mailer.ts';
import { apiPaths } from '../../src/contract/routes.ts';
import { apiCall } from '../support/api.ts';
import { demoStoreIds } from '../support/demo.ts';
import { accessTokenFor } from '../support/sign-in.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const mails: Mail[] = [];
const mailer: Mailer = {
  async send(mail) {
    mails.push(mail);
    return 'sink';
  },
};
let t: TestApp;
let stores: Record<number, number>;
let admin: string;
let user: string;
beforeAll(async () => {
  t = await createTestApp({ clock: fixedClock('2030-06-03T15:00:00.000Z'), mailer });
  stores = await demoStoreIds(t.db);
  admin = await accessTokenFor(t.app, 'admin@demo.test');
  user = await accessTokenFor(t.app, 'user@demo.test');
});
afterAll(async () => {
  await t.close();
});

const templatePath = (type: string) => apiPaths.messageTemplate.replace(':templateType', type);
const call = (method: 'GET' | 'PUT' | 'DELETE', path: string, token: string, body?: unknown) =>
  apiCall(t.app, { method, path, token, store: stores[101]!, ...(body === undefined ? {} : { body }) });
const words = {
  smsText: 'Hi {customerName}, {storeName} expects you {appointmentDate} at {appointmentTime}.',
  emailSubject: 'See you {appointmentDate}, {customerName}',
  emailText: 'See you soon.',
};

describe("a store's message templates", () => {
  it('are every template type of the spec in default words until an admin changes one', async () => {
    const list = await call('GET', apiPaths.messageTemplates, user);
    expect(list.statusCode).toBe(200);
    const types = list.json().map((t: { templateType: string }) => t.templateType);
    expect(types).toContain('AppointmentReminder');
    expect(types).not.toContain('FreeForm');
    expect(list.json().every((t: { isDefault: boolean }) => t.isDefault)).toBe(true);
  });

  it("take an admin's words, which every device of the store then reads", async () => {
    const saved = await call('PUT', templatePath('AppointmentConfirmation'), admin, words);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ templateType: 'AppointmentConfirmation', ...words, isDefault: false });
    const list = await call('GET', apiPaths.messageTemplates, user);
    expect(list.json().find((t: { templateType: string }) => t.templateType === 'AppointmentConfirmation')).toMatchObject({ ...words, isDefault: false });
  });

  it('refuse words with an unknown placeholder, naming the field, and keep what was stored', async () => {
    const refused = await call('PUT', templatePath('AppointmentConfirmation'), admin, { ...words, smsText: 'Hi {firstName}' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors.smsText[0]).toMatch(/^\{firstName\} is not a placeholder/);
    const list = await call('GET', apiPaths.messageTemplates, user);
    expect(list.json().find((t: { templateType: string }) => t.templateType === 'AppointmentConfirmation').smsText).toBe(words.smsText);
  });

  it("may be changed by the store's admins only, and FreeForm is no template", async () => {
    expect((await call('PUT', templatePath('ServiceThankYou'), user, words)).statusCode).toBe(403);
    expect((await call('PUT', templatePath('FreeForm'), admin, words)).statusCode).toBe(400);
  });

  it('go back to the default words, and can be changed again after', async () => {
    const restored = await call('DELETE', templatePath('AppointmentConfirmation'), admin);
    expect(restored.statusCode).toBe(200);
    expect(restored.json()).toMatchObject({ isDefault: true, smsText: expect.stringContaining('is confirmed') });
    const again = await call('PUT', templatePath('AppointmentConfirmation'), admin, { ...words, emailText: 'Again.' });
    expect(again.json()).toMatchObject({ emailText: 'Again.', isDefault: false });
  });

  it('give an email its subject, filled in for the customer and visit it names', async () => {
    await call('PUT', templatePath('AppointmentReminder'), admin, words);
    const visit = await t.db
      .selectFrom('scheduledVisits')
      .innerJoin('customers', 'customers.customerId', 'scheduledVisits.customerId')
      .select(['scheduledVisitId', 'scheduledVisits.customerId', 'customers.firstName', 'customers.email', 'scheduledCustomerCheckIn'])
      .where('scheduledVisits.storeId', '=', stores[101]!)
      .where('customers.email', 'is not', null)
      .where('customers.firstName', 'is not', null)
      .where('scheduledCustomerCheckIn', 'is not', null)
      .executeTakeFirstOrThrow();
    const sent = await apiCall(t.app, {
      method: 'POST',
      path: apiPaths.emailMessages,
      token: user,
      store: stores[101]!,
      body: {
        storeMessageId: randomUUID(),
        customerId: visit.customerId,
        templateType: 'AppointmentReminder',
        content: 'See you soon.',
        visitId: visit.scheduledVisitId,
        name: null,
        destinationEmailAddress: visit.email,
      },
    });
    expect(sent.statusCode).toBe(201);
    await expect
      .poll(() => mails.find((m) => m.to === visit.email && m.text === 'See you soon.')?.subject, { timeout: 5000 })
      .toMatch(new RegExp(`^See you (Mon|Tue|Wed|Thu|Fri|Sat|Sun), [A-Z][a-z]{2} \\d{1,2}, \\d{4}, ${visit.firstName}$`));
  });
});
