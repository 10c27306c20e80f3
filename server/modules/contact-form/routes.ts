import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { contactFormSubmissionSchema, type ContactForm, type ContactFormReceipt } from '../../../src/contract/contact-form.ts';
import type { StoreMessage } from '../../../src/contract/entities.ts';
import { inquiryTypes } from '../../../src/contract/enums.ts';
import { apiPaths } from '../../../src/contract/routes.ts';
import { confirmationChannel, contactFormProblems } from '../../../src/domain/messages/contact-form.ts';
import { renderedTemplate, templateValues, type TemplateStore } from '../../../src/domain/messages/message-templates.ts';
import { e164, formatPhone } from '../../../src/domain/people/phone.ts';
import { oneLineAddress } from '../../../src/domain/store/store-address.ts';
import { frontCounter } from '../../../src/domain/people/roles.ts';
import { textingEnabled } from '../../../src/domain/messages/texting.ts';
import type { AuthUser } from '../../auth/auth.ts';
import { nameBasedUuid } from '../../db/name-based-uuid.ts';
import { escapeHtml } from '../../http/escape-html.ts';
import { parseOrProblem, ProblemError, refuseProblems } from '../../http/problem.ts';
import { queueMessage, queueStaffEmail } from '../../messaging/queue-message.ts';
import type { Writer } from '../../sync/write-path.ts';
import type { ModuleContext } from '../context.ts';
import { customerByEmail, customerByPhone } from '../customers/customer-by-contact.ts';
import { storeTemplates } from '../message-templates/tables.ts';
import { notifyStoreStaff } from '../notifications/notify-staff.ts';
import { storeMessages } from '../store-messages/tables.ts';
import { formTokenProblem, issueFormToken } from './form-token.ts';

const params = z.object({ contactFormId: z.string().regex(/^[0-9a-f]{32}$/) });
const notFound = "There is no contact form at this address. Check the link on the store's website, or call the store.";
const sender = { userId: null, name: 'Contact form' } as unknown as AuthUser;

type FormStore = TemplateStore & {
  id: number;
  companyId: number;
  onlineAppointmentsEnabled: boolean;
  twilioPhoneNumber: string | null;
  addressLine1: string | null;
  city: string | null;
  state: string | null;
  postalCode: string | null;
};

/**
 * The retail contact form (issue: messaging): a customer writes to a store from its public page, without
 * signing in. Bots are kept out with no third party: a signed token handed out with the form (refused when the
 * form comes back faster than a person fills it), a field only bots fill, and a limit per address. The message
 * lands in the store's inbox as a Form message, the customer gets the store's confirmation, and the store's
 * people are told in the app and, for its contacts with an email address, by email.
 */
export async function contactFormRoutes(app: FastifyInstance, { db, clock, writes, outbound, config, secret }: ModuleContext): Promise<void> {
  async function formStore(contactFormId: string): Promise<FormStore> {
    const store = await db
      .selectFrom('storeLocations')
      .select([
        'id',
        'companyId',
        'name',
        'phoneNumber',
        'timeZone',
        'googleReviewUrl',
        'yelpReviewUrl',
        'twilioPhoneNumber',
        'addressLine1',
        'city',
        'state',
        'postalCode',
        'onlineAppointmentsEnabled',
      ])
      .where('contactFormId', '=', contactFormId)
      .where('deleted', '=', false)
      .executeTakeFirst();
    if (!store) throw new ProblemError('notFound', notFound);
    return store;
  }
  const idOf = (request: { params: unknown }) => {
    const parsed = params.safeParse(request.params);
    if (!parsed.success) throw new ProblemError('notFound', notFound);
    return parsed.data.contactFormId;
  };

  app.get(apiPaths.contactForm, { config: { rateLimit: { max: 60, timeWindow: '1 minute' } } }, async (request, reply): Promise<ContactForm> => {
    const contactFormId = idOf(request);
    const store = await formStore(contactFormId);
    const services = await db
      .selectFrom('storeServices')
      .select(['storeServiceId', 'name'])
      .where('companyId', '=', store.companyId)
      .where('storeId', '=', store.id)
      .where('deleted', '=', false)
      .where('isActive', '=', true)
      .orderBy('name')
      .execute();
    // Each opening of the form is its own token: never kept by a cache.
    void reply.header('cache-control', 'no-store');
    return {
      store: {
        name: store.name,
        phoneNumber: store.phoneNumber ? formatPhone(store.phoneNumber) : null,
        address: oneLineAddress(store),
        texts: textingEnabled(store),
        books: store.onlineAppointmentsEnabled,
      },
      services,
      formToken: issueFormToken(secret, contactFormId, clock.now()),
    };
  });

  app.post(apiPaths.contactForm, { config: { rateLimit: { max: 5, timeWindow: '10 minutes' } } }, async (request, reply) => {
    const contactFormId = idOf(request);
    const store = await formStore(contactFormId);
    const form = parseOrProblem(contactFormSubmissionSchema, request.body, 'The form');
    const tokenProblem = formTokenProblem(secret, form.formToken, contactFormId, clock.now());
    if (tokenProblem) throw new ProblemError('unprocessable', tokenProblem, { errors: { formToken: [tokenProblem] } });
    const receipt: ContactFormReceipt = { received: true, replyBy: form.preferredContactMethod };
    // A bot filled the field people never see: it is told what a person is told, and nothing is kept.
    if (form.website) return reply.code(201).send(receipt);
    refuseProblems(contactFormProblems(form, textingEnabled(store)), 'The form');
    const service = form.storeServiceId
      ? await db
          .selectFrom('storeServices')
          .select('name')
          .where('storeServiceId', '=', form.storeServiceId)
          .where('storeId', '=', store.id)
          .where('deleted', '=', false)
          .where('isActive', '=', true)
          .executeTakeFirst()
      : undefined;
    if (form.storeServiceId && !service)
      refuseProblems({ storeServiceId: ['This store does not offer that service any more: choose another, or none'] }, 'The form');
    const stored = await writes.background({ user: sender, companyId: store.companyId, storeId: store.id }, (w) =>
      receive(w, store, { ...form, serviceName: service?.name ?? null }, config.publicUrl),
    );
    if (stored) outbound.kick();
    return reply.code(stored ? 201 : 200).send(receipt);
  });
}

type Submission = z.infer<typeof contactFormSubmissionSchema> & { serviceName: string | null };

/** Stores the form as a Form message once per token, confirms to the customer and tells the store; false when it was stored before. */
async function receive(w: Writer, store: FormStore, form: Submission, publicUrl: string): Promise<boolean> {
  const storeMessageId = nameBasedUuid(`contact-form:${form.formToken}`);
  if (await w.read(storeMessages, { storeMessageId })) return false;
  const phoneNumber = e164(form.phoneNumber);
  const customer = (await customerByPhone(w, phoneNumber)) ?? (await customerByEmail(w, form.email));
  const message: StoreMessage = {
    storeMessageId,
    customerId: customer?.customerId ?? null,
    visitId: null,
    name: form.name,
    email: form.email,
    phoneNumber,
    preferredContactMethod: form.preferredContactMethod,
    messageDeliveryMethod: 'Form',
    messageDirection: 'Inbound',
    templateType: 'RetailContactUsFormSubmission',
    content: form.content,
    sentOn: w.now.toISOString(),
    customerInquiryType: form.customerInquiryType,
    storeServiceId: form.storeServiceId,
    isArchived: false,
    repliedToByUserId: null,
    repliedToByUserName: null,
    deliveryStatus: null,
    deliveryProblem: null,
  };
  const row = await w.create(storeMessages, message);
  w.event(storeMessages, row, 'NewIncomingMessage', [storeMessageId]);

  const templates = await storeTemplates(w.trx, store.companyId, store.id);
  const values = templateValues({ store, name: form.name });
  const stops = phoneNumber
    ? await w.trx
        .selectFrom('textStops')
        .select('phoneNumber')
        .where('storeId', '=', store.id)
        .where('phoneNumber', '=', phoneNumber)
        .where('deleted', '=', false)
        .execute()
    : [];
  const confirm = confirmationChannel(form, textingEnabled(store), () => stops.length > 0);
  // Nobody proves the number or address is theirs: the store confirms to it once a day at most, and in its own
  // words only (not the sender's name), so the form cannot be used to send texts to strangers.
  const confirmedToday = confirm
    ? await w.trx
        .selectFrom('storeMessages')
        .select('storeMessageId')
        .where('storeId', '=', store.id)
        .where('templateType', '=', 'CustomerContactUsConfirmation')
        .where('sentOn', '>=', new Date(w.now.getTime() - 86_400_000).toISOString())
        .where((eb) => eb.or([eb('phoneNumber', '=', confirm.to), eb(sql`lower(email)`, '=', confirm.to.toLowerCase())]))
        .executeTakeFirst()
    : undefined;
  if (confirm && !confirmedToday) {
    const words = renderedTemplate('CustomerContactUsConfirmation', templates, templateValues({ store }))!;
    const sms = confirm.channel === 'sms';
    const content = sms ? words.smsText : words.emailText;
    await queueMessage(
      w,
      {
        ...message,
        storeMessageId: nameBasedUuid(`contact-form:${form.formToken}:confirmation`),
        messageDirection: 'Outbound',
        messageDeliveryMethod: sms ? 'Sms' : 'Email',
        preferredContactMethod: sms ? 'Sms' : 'Email',
        email: sms ? null : confirm.to,
        phoneNumber: sms ? confirm.to : null,
        templateType: 'CustomerContactUsConfirmation',
        content,
        customerInquiryType: null,
        storeServiceId: null,
        deliveryStatus: 'Queued',
      },
      { channel: confirm.channel, to: confirm.to, from: sms ? store.twilioPhoneNumber : null, subject: sms ? null : words.emailSubject, body: content },
    );
  }

  const notice = renderedTemplate('MemberContactUsNotification', templates, values)!;
  const link = `/messages/cus/${storeMessageId}`;
  await notifyStoreStaff(w, { roles: frontCounter.filter((r) => r !== 'PointSAdmin'), kind: 'message', content: escapeHtml(notice.smsText), link });
  const contacts = await w.trx
    .selectFrom('storeContacts')
    .select('email')
    .where('companyId', '=', store.companyId)
    .where('storeId', '=', store.id)
    .where('deleted', '=', false)
    .where('email', 'is not', null)
    .execute();
  const details = [
    notice.emailText,
    '',
    `From: ${[form.name, formatPhone(phoneNumber), form.email].filter(Boolean).join(', ')}`,
    `Wants: ${{ Phone: 'a call', Sms: 'a text', Email: 'an email' }[form.preferredContactMethod]}`,
    `About: ${[inquiryTypes.label(form.customerInquiryType), form.serviceName].filter(Boolean).join(', ')}`,
    '',
    form.content,
    '',
    `Answer it in AllTrac: ${publicUrl}${link}`,
  ].join('\n');
  for (const { email } of contacts) {
    await queueStaffEmail(w, nameBasedUuid(`contact-form:${form.formToken}:notify:${email}`), { to: email!, subject: notice.emailSubject, body: details });
  }
  return true;
}
