import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../server/clock.ts';
import type { Sms, SmsSender } from '../../server/messaging/sms.ts';
import type { ContactForm, ContactFormSubmission } from '../../src/contract/contact-form.ts';
import { apiPaths, withApiVersion } from '../../src/contract/routes.ts';
import { demoStoreIds } from '../support/demo.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const texts: Sms[] = [];
const sms: SmsSender = {
  async send(text) {
    texts.push(text);
    return { providerId: `SM-${texts.length}`, via: 'sink' };
  },
};
const clock = new ManualClock(new Date('2030-06-03T15:00:00.000Z'));

let t: TestApp;
let stores: Record<number, number>;
let formIds: Record<number, string>;
let caller = 0;
beforeAll(async () => {
  t = await createTestApp({ clock, sms });
  stores = await demoStoreIds(t.db);
  const rows = await t.db.selectFrom('storeLocations').select(['storeNumber', 'contactFormId']).execute();
  formIds = Object.fromEntries(rows.map((r) => [r.storeNumber, r.contactFormId]));
});
afterAll(async () => {
  await t.close();
});

/** Each test is its own customer at their own address: the per-address limit is tested on its own. */
const nextAddress = () => `203.0.113.${++caller}`;
const path = (contactFormId: string) => apiPaths.contactForm.replace(':contactFormId', contactFormId);
const open = (contactFormId: string, remoteAddress = nextAddress()) => t.app.inject({ method: 'GET', url: withApiVersion(path(contactFormId)), remoteAddress });
const send = (contactFormId: string, body: unknown, remoteAddress: string) =>
  t.app.inject({ method: 'POST', url: withApiVersion(path(contactFormId)), remoteAddress, payload: body as object });

/** Opens the form, lets a person's time pass, and sends it. */
async function fill(storeNumber: number, fields: Partial<ContactFormSubmission>, remoteAddress = nextAddress()) {
  const form = (await open(formIds[storeNumber]!, remoteAddress)).json<ContactForm>();
  clock.advance(20_000);
  const body: ContactFormSubmission = {
    name: 'Dana Whitfield',
    phoneNumber: '(555) 010-7788',
    email: null,
    preferredContactMethod: 'Sms',
    customerInquiryType: 'AvailableAppointmentTime',
    storeServiceId: null,
    content: 'Do you have time for a tire rotation on Saturday morning?',
    formToken: form.formToken,
    ...fields,
  };
  return { form, body, answer: await send(formIds[storeNumber]!, body, remoteAddress) };
}
const formMessages = (content: string) =>
  t.db.selectFrom('storeMessages').selectAll().where('content', '=', content).where('messageDeliveryMethod', '=', 'Form').execute();

describe('the public contact form of a store', () => {
  it('shows the store, its active services and the inquiry choices without sign-in, and a wrong address is a friendly 404', async () => {
    const answer = await open(formIds[101]!);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-store');
    const form = answer.json<ContactForm>();
    const store = await t.db.selectFrom('storeLocations').select(['name']).where('id', '=', stores[101]!).executeTakeFirstOrThrow();
    expect(form.store.name).toBe(store.name);
    expect(form.store.texts).toBe(true);
    expect(form.services.length).toBeGreaterThan(3);
    expect(form.formToken).toMatch(/\./);
    expect(JSON.stringify(form)).not.toMatch(/demo\.test|serviceKey|twilio/i);
    expect((await open(formIds[103]!)).json<ContactForm>().store.texts).toBe(false);

    for (const wrong of ['0123456789abcdef0123456789abcdef', 'not-a-form', String(stores[101])]) {
      const missing = await open(wrong);
      expect(missing.statusCode).toBe(404);
      expect(missing.json<{ detail: string }>().detail).toContain('no contact form at this address');
    }
  });

  it("stores a Form message in the store's inbox, texts the customer the store's confirmation and tells the store's people", async () => {
    const content = 'Do you have time for a tire rotation on Saturday at 9?';
    const { answer } = await fill(101, { content });
    expect(answer.statusCode).toBe(201);
    expect(answer.json()).toEqual({ received: true, replyBy: 'Sms' });

    const [message] = await formMessages(content);
    expect(message).toMatchObject({
      storeId: stores[101],
      messageDirection: 'Inbound',
      templateType: 'RetailContactUsFormSubmission',
      name: 'Dana Whitfield',
      phoneNumber: '+15550107788',
      preferredContactMethod: 'Sms',
      customerInquiryType: 'AvailableAppointmentTime',
      isArchived: false,
    });
    const queued = await t.db.selectFrom('outboundMessages').selectAll().where('storeId', '=', stores[101]!).where('createdAt', '=', message!.sentOn).execute();
    const confirmation = queued.find((q) => q.channel === 'sms');
    expect(confirmation).toMatchObject({ toAddress: '+15550107788' });
    expect(confirmation!.body).toContain('thank you for contacting');
    const contacts = await t.db.selectFrom('storeContacts').select('email').where('storeId', '=', stores[101]!).where('deleted', '=', false).execute();
    const notices = queued.filter((q) => q.channel === 'email');
    expect(notices.map((n) => n.toAddress).sort()).toEqual(contacts.map((c) => c.email).sort());
    expect(notices[0]!.body).toContain(content);
    expect(notices[0]!.body).toContain(`/messages/cus/${message!.storeMessageId}`);

    const staff = await t.db
      .selectFrom('userRoles')
      .select('userId')
      .where('storeId', '=', stores[101]!)
      .where('role', 'in', ['AllTracAdmin', 'AllTracUser'])
      .execute();
    const bells = await t.db
      .selectFrom('userNotifications')
      .select(['identityId', 'content', 'link'])
      .where('link', '=', `/messages/cus/${message!.storeMessageId}`)
      .execute();
    expect(bells.map((b) => b.identityId).sort()).toEqual([...new Set(staff.map((s) => s.userId))].sort());
    expect(bells[0]!.content).toContain('Dana Whitfield');
  });

  it('stores a form sent again (a retry on a bad connection) once', async () => {
    const content = 'Are winter tires in stock for a 2019 Civic?';
    const first = await fill(101, { content, customerInquiryType: 'ProductQuestion', preferredContactMethod: 'Email', email: 'dana@example.com' });
    expect(first.answer.statusCode).toBe(201);
    const again = await send(formIds[101]!, first.body, nextAddress());
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ received: true, replyBy: 'Email' });
    expect(await formMessages(content)).toHaveLength(1);
    const confirmations = await t.db
      .selectFrom('storeMessages')
      .select('email')
      .where('templateType', '=', 'CustomerContactUsConfirmation')
      .where('email', '=', 'dana@example.com')
      .execute();
    expect(confirmations).toHaveLength(1);
  });

  it('links the message to a customer with the phone number it gives', async () => {
    const { companyId } = await t.db.selectFrom('storeLocations').select('companyId').where('id', '=', stores[101]!).executeTakeFirstOrThrow();
    const customer = await t.db
      .selectFrom('customers')
      .select(['customerId', 'phoneNumber'])
      .where('companyId', '=', companyId)
      .where('phoneNumber', 'is not', null)
      .where('deleted', '=', false)
      .orderBy('createdOn')
      .executeTakeFirstOrThrow();
    const content = 'Is my Outback ready yet? (contact form test)';
    await fill(101, { content, phoneNumber: customer.phoneNumber, preferredContactMethod: 'Phone', customerInquiryType: 'Other' });
    const [message] = await formMessages(content);
    const linked = await t.db.selectFrom('customers').select('phoneNumber').where('customerId', '=', message!.customerId!).executeTakeFirstOrThrow();
    expect(linked.phoneNumber!.replace(/\D/g, '').slice(-10)).toBe(customer.phoneNumber!.replace(/\D/g, '').slice(-10));
  });

  it('confirms to a number once a day at most, and never with words the sender typed', async () => {
    await fill(101, {
      content: 'First of two (contact form test)',
      name: 'Visit evil.example now',
      phoneNumber: '(555) 010-3131',
      preferredContactMethod: 'Sms',
    });
    await fill(101, {
      content: 'Second of two (contact form test)',
      name: 'Visit evil.example now',
      phoneNumber: '(555) 010-3131',
      preferredContactMethod: 'Sms',
    });
    const confirmations = await t.db
      .selectFrom('storeMessages')
      .select('content')
      .where('templateType', '=', 'CustomerContactUsConfirmation')
      .where('phoneNumber', '=', '+15550103131')
      .execute();
    expect(confirmations).toHaveLength(1);
    expect(confirmations[0]!.content).not.toContain('evil');
    expect(await formMessages('Second of two (contact form test)')).toHaveLength(1);
  });

  it('confirms to an address once a day at most, however its letters are cased', async () => {
    await fill(101, { content: 'First by email (contact form test)', preferredContactMethod: 'Email', email: 'Robin.Case@Example.com' });
    await fill(101, { content: 'Second by email (contact form test)', preferredContactMethod: 'Email', email: 'ROBIN.CASE@example.COM' });
    const confirmations = await t.db
      .selectFrom('storeMessages')
      .select('email')
      .where('templateType', '=', 'CustomerContactUsConfirmation')
      .where(sql`lower(email)`, '=', 'robin.case@example.com')
      .execute();
    expect(confirmations).toHaveLength(1);
  });

  it('sends no confirmation to a customer who asked for a call', async () => {
    const content = 'Please call me about brakes (contact form test).';
    await fill(101, { content, preferredContactMethod: 'Phone', email: 'caller@example.com' });
    const [message] = await formMessages(content);
    const confirmations = await t.db
      .selectFrom('storeMessages')
      .select('storeMessageId')
      .where('templateType', '=', 'CustomerContactUsConfirmation')
      .where('sentOn', '=', message!.sentOn)
      .execute();
    expect(confirmations).toEqual([]);
  });

  it('refuses, storing nothing, what is missing or wrong with words a customer can act on', async () => {
    const cases: [Partial<ContactFormSubmission>, string, string][] = [
      [{ name: '  ' }, 'name', 'Enter your name'],
      [{ content: '' }, 'content', 'Write your message'],
      [{ preferredContactMethod: 'Email', email: null }, 'email', 'Enter your email address so we can write back'],
      [{ preferredContactMethod: 'Phone', phoneNumber: null }, 'phoneNumber', 'Enter your phone number so we can call you'],
      [{ phoneNumber: '555-12' }, 'phoneNumber', 'Enter a 10-digit phone number, like (555) 123-4567'],
      [
        { storeServiceId: '5b7c9e0a-1111-4222-8333-944455556666' },
        'storeServiceId',
        'This store does not offer that service any more: choose another, or none',
      ],
    ];
    for (const [fields, field, words] of cases) {
      const content = `Refused ${field} ${words}`;
      const { answer } = await fill(101, { content, ...fields });
      expect(answer.statusCode, field).toBe(400);
      expect(answer.json<{ errors: Record<string, string[]> }>().errors[field]).toContain(words);
      expect(await formMessages(content)).toEqual([]);
    }
    const { answer } = await fill(103, { content: 'Text me please' });
    expect(answer.json<{ errors: Record<string, string[]> }>().errors.preferredContactMethod).toEqual(['This store cannot text: choose a call or an email']);
  });

  it("keeps bots out without a third party: a form sent back within seconds is refused, a forged or another store's token is refused, and the hidden field drops the message", async () => {
    const remote = nextAddress();
    const form = (await open(formIds[101]!, remote)).json<ContactForm>();
    const base = { name: 'Bot', phoneNumber: '5550100000', email: null, preferredContactMethod: 'Phone', customerInquiryType: 'Other', storeServiceId: null };
    clock.advance(1000);
    const quick = await send(formIds[101]!, { ...base, content: 'Too quick', formToken: form.formToken }, remote);
    expect(quick.statusCode).toBe(422);
    expect(quick.json<{ detail: string }>().detail).toContain('quicker than we expected');
    clock.advance(10_000);
    const forged = await send(formIds[101]!, { ...base, content: 'Forged', formToken: `${form.formToken.split('.')[0]}.AAAA` }, remote);
    expect(forged.statusCode).toBe(422);
    const elsewhere = await send(formIds[102]!, { ...base, content: 'Elsewhere', formToken: form.formToken }, nextAddress());
    expect(elsewhere.json<{ detail: string }>().detail).toContain('another store');
    const trap = await send(formIds[101]!, { ...base, content: 'Buy cheap watches', formToken: form.formToken, website: 'http://spam.example' }, nextAddress());
    expect(trap.statusCode).toBe(201);
    for (const content of ['Too quick', 'Forged', 'Elsewhere', 'Buy cheap watches']) expect(await formMessages(content)).toEqual([]);

    const stale = (await open(formIds[101]!)).json<ContactForm>();
    clock.advance(25 * 3600_000);
    const late = await send(formIds[101]!, { ...base, content: 'Late', formToken: stale.formToken }, nextAddress());
    expect(late.json<{ detail: string }>().detail).toContain('more than a day');
  });

  it('answers 429 with Retry-After to an address that sends more than five forms in ten minutes', async () => {
    const remote = nextAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await fill(102, { content: `Flood ${i}`, preferredContactMethod: 'Phone' }, remote)).answer.statusCode);
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
    const limited = await send(formIds[102]!, {}, remote);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });

  it("keeps markup a customer types as text in the store's notification", async () => {
    const content = 'Hello <img src=x onerror=alert(1)>';
    await fill(101, { content, name: '<script>alert(1)</script>' });
    const [message] = await formMessages(content);
    const [bell] = await t.db.selectFrom('userNotifications').select('content').where('link', '=', `/messages/cus/${message!.storeMessageId}`).execute();
    expect(bell!.content).not.toContain('<script>');
    expect(bell!.content).toContain('&#60;script&#62;');
  });
});
