import formbody from '@fastify/formbody';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import twilio from 'twilio';
import { z } from 'zod';
import type { StoreMessage } from '../../src/contract/entities.ts';
import { messageName } from '../../src/domain/people/display-name.ts';
import { deliveryStatusAfter } from '../../src/domain/messages/outgoing-messages.ts';
import { keywordReply, textKeywordOf } from '../../src/domain/messages/text-keywords.ts';
import type { AuthUser } from '../auth/auth.ts';
import { nameBasedUuid } from '../db/name-based-uuid.ts';
import { parseOrProblem, ProblemError } from '../http/problem.ts';
import type { ModuleContext } from '../modules/context.ts';
import { customerByPhone } from '../modules/customers/customer-by-contact.ts';
import { customers } from '../modules/customers/tables.ts';
import { storeTemplates } from '../modules/message-templates/tables.ts';
import { storeMessages } from '../modules/store-messages/tables.ts';
import { textStops } from '../modules/store-messages/text-stops.ts';
import type { Writer } from '../sync/write-path.ts';
import { queueMessage } from './queue-message.ts';
import { followUpLowRatingReply, type FollowUpStore } from './rating-follow-ups.ts';

/** Where Twilio posts (set on the store's number in Twilio's console; the status callback is set per text). */
export const twilioWebhookPaths = {
  incoming: '/webhooks/twilio/sms',
  status: '/webhooks/twilio/sms-status',
} as const;

const e164 = z.string().regex(/^\+[1-9]\d{6,14}$/, 'An E.164 number');
const incomingSchema = z.object({ MessageSid: z.string().min(1).max(64), From: e164, To: e164, Body: z.string().max(10_000) });
const statusSchema = z.object({
  MessageSid: z.string().min(1).max(64),
  MessageStatus: z.string().max(40),
  ErrorCode: z.string().max(20).optional(),
});

/** Twilio's message states, as the store message's delivery state; those not listed change nothing. */
const reportedStatus: Record<string, 'Sent' | 'Delivered' | 'Failed'> = { sent: 'Sent', delivered: 'Delivered', undelivered: 'Failed', failed: 'Failed' };

/** An empty TwiML answer: the store's replies go through the send queue, where they are recorded. */
const emptyTwiml = new twilio.twiml.MessagingResponse().toString();

/** One store message per Twilio message, however often Twilio retries its webhook: the id follows the sid. */
const messageIdOf = (messageSid: string) => nameBasedUuid(`twilio:${messageSid}`);

/**
 * Texts from customers and Twilio's delivery reports (issue: messaging). Both refuse a request that does not
 * carry Twilio's signature made with this server's auth token (403, nothing stored); without Twilio set up
 * there is no token, and every request is refused.
 */
export async function twilioWebhookRoutes(app: FastifyInstance, { db, config, writes, outbound }: ModuleContext): Promise<void> {
  await app.register(async (hooks) => {
    await hooks.register(formbody);
    const signed = <S extends z.ZodObject>(request: FastifyRequest, schema: S): z.infer<S> => {
      const authToken = config.sms.twilio?.authToken;
      if (!authToken) throw new ProblemError('forbidden', 'This server takes no texts: Twilio is not set up (TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN).');
      const signature = request.headers['x-twilio-signature'];
      const params = request.body;
      if (
        typeof signature !== 'string' ||
        typeof params !== 'object' ||
        params === null ||
        !twilio.validateRequest(authToken, signature, `${config.publicUrl}${request.url}`, params as Record<string, unknown>)
      ) {
        throw new ProblemError('forbidden', "This request does not carry a valid Twilio signature for this server's address.");
      }
      return parseOrProblem(schema, params, 'The Twilio request');
    };
    const limits = { config: { rateLimit: { max: 600, timeWindow: '1 minute' } } };

    hooks.post(twilioWebhookPaths.incoming, limits, async (request, reply) => {
      const text = signed(request, incomingSchema);
      const store = await storeByTextingNumber(db, text.To);
      if (!store) throw new ProblemError('notFound', `No store texts from ${text.To}: set it as a store's texting number (Settings, General).`);
      const customer = { userId: null, name: 'Text from a customer' } as unknown as AuthUser;
      await writes.background({ user: customer, companyId: store.companyId, storeId: store.id }, (w) => receive(w, store, text, config.publicUrl));
      outbound.kick();
      return reply.type('text/xml').send(emptyTwiml);
    });

    hooks.post(twilioWebhookPaths.status, limits, async (request, reply) => {
      const report = signed(request, statusSchema);
      const status = reportedStatus[report.MessageStatus];
      const queued = status
        ? await db
            .selectFrom('outboundMessages')
            .select(['storeMessageId', 'companyId', 'storeId', 'sentBy', 'sentByName'])
            .where('providerId', '=', report.MessageSid)
            .executeTakeFirst()
        : undefined;
      // A report on a message this server did not send, or a state we do not show, changes nothing.
      if (!status || !queued) return reply.code(204).send();
      const sender = { userId: queued.sentBy, name: queued.sentByName ?? 'Messages' } as AuthUser;
      await writes.background({ user: sender, companyId: queued.companyId, storeId: queued.storeId }, async (w) => {
        const problem = status === 'Failed' ? `The carrier did not deliver it (Twilio error ${report.ErrorCode ?? 'unknown'}).` : null;
        const { row, changed } = await w.change(storeMessages, { storeMessageId: queued.storeMessageId }, (current) => {
          const next = deliveryStatusAfter(current.deliveryStatus, status);
          return next === current.deliveryStatus ? null : { deliveryStatus: next, deliveryProblem: next === 'Failed' ? problem : current.deliveryProblem };
        });
        if (changed) w.event(storeMessages, row, 'NewOutGoingMessage', [queued.storeMessageId]);
      });
      return reply.code(204).send();
    });
  });
}

type Store = FollowUpStore;

/**
 * The store whose texting number was texted: the one live store that owns it (a number belongs to one store
 * across every company, by a unique index), found exactly as Twilio sends it (E.164).
 */
function storeByTextingNumber(db: ModuleContext['db'], to: string): Promise<Store | undefined> {
  return db
    .selectFrom('storeLocations')
    .select([
      'id',
      'companyId',
      'name',
      'phoneNumber',
      'twilioPhoneNumber',
      'timeZone',
      'googleReviewUrl',
      'yelpReviewUrl',
      'ratingsEnabled',
      'lowRatingFollowUpEnabled',
      'highRatingFollowUpEnabled',
    ])
    .where('deleted', '=', false)
    .where('twilioPhoneNumber', '=', to)
    .executeTakeFirst();
}

/**
 * Stores a customer's text in their thread (or as a new contact's), raises NewIncomingMessage, and honours
 * STOP, START and HELP: the stop is recorded or lifted and the store answers with its confirmation.
 */
async function receive(w: Writer, store: Store, text: z.infer<typeof incomingSchema>, publicUrl: string): Promise<void> {
  const storeMessageId = messageIdOf(text.MessageSid);
  // A STOP and a send at the store at once: the send sees the stop, or the stop comes after the send.
  await w.lockOn('messages-of-store', store.id);
  if (await w.read(storeMessages, { storeMessageId })) return;
  const customer = await customerByPhone(w, text.From);
  const name = messageName(customer);
  const message: StoreMessage = {
    storeMessageId,
    customerId: customer?.customerId ?? null,
    visitId: null,
    name,
    email: null,
    phoneNumber: text.From,
    preferredContactMethod: 'Sms',
    messageDeliveryMethod: 'Sms',
    messageDirection: 'Inbound',
    templateType: 'Incoming',
    content: text.Body,
    sentOn: w.now.toISOString(),
    customerInquiryType: null,
    storeServiceId: null,
    isArchived: false,
    repliedToByUserId: null,
    repliedToByUserName: null,
    deliveryStatus: null,
    deliveryProblem: null,
  };
  const row = await w.create(storeMessages, message);
  w.event(storeMessages, row, 'NewIncomingMessage', [storeMessageId]);

  const keyword = textKeywordOf(text.Body);
  if (!keyword) {
    // An answer to the store's question about a low rating gets the store's second answer.
    if (customer) await followUpLowRatingReply(w, store, customer.customerId, publicUrl);
    return;
  }
  const stop = { storeId: store.id, phoneNumber: text.From };
  const changedStop = ['textStops', `${store.id}/${text.From}`];
  if (keyword === 'stop' && !(await w.read(textStops, stop))) {
    const stoppedOn = w.now.toISOString();
    const stopped = (await w.revive(textStops, stop))
      ? (await w.change(textStops, stop, () => ({ stoppedOn }))).row
      : await w.create(textStops, { phoneNumber: text.From, stoppedOn });
    w.event(textStops, stopped, 'ReplicaChanged', changedStop);
  }
  if (keyword === 'start') {
    const lifted = await w.remove(textStops, stop);
    if (lifted) w.event(textStops, lifted, 'ReplicaChanged', changedStop);
    // Texting START is the customer's own agreement to texts: recorded where staff record consent.
    if (customer) {
      const agreed = await w.change(customers, { customerId: customer.customerId }, (current) =>
        current.textConsentMethod
          ? null
          : { textConsentMethod: 'TextReply' as const, textConsentGivenOn: w.now.toISOString(), textConsentRecordedBy: 'Texted START' },
      );
      if (agreed.changed) w.event(customers, agreed.row, 'CustomerChanged', [customer.customerId]);
    }
  }
  if (!store.twilioPhoneNumber) return;
  const answer = keywordReply(keyword, store, await storeTemplates(w.trx, store.companyId, store.id));
  await queueMessage(
    w,
    {
      ...message,
      storeMessageId: messageIdOf(`${text.MessageSid}:reply`),
      messageDirection: 'Outbound',
      templateType: answer.templateType,
      content: answer.content,
      deliveryStatus: 'Queued',
    },
    { channel: 'sms', to: text.From, from: store.twilioPhoneNumber, subject: null, body: answer.content },
  );
}
