import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { apiPaths } from '../../../src/contract/routes.ts';
import { sendEmailSchema, sendSmsSchema, type SendEmail, type SendSms } from '../../../src/contract/writes.ts';
import { messageName } from '../../../src/domain/people/display-name.ts';
import { destinationOf, outgoingProblems, outgoingStoreMessage, type Channel } from '../../../src/domain/messages/outgoing-messages.ts';
import { renderedTemplate, templateTexts, templateValues } from '../../../src/domain/messages/message-templates.ts';
import { e164 } from '../../../src/domain/people/phone.ts';
import { frontCounter } from '../../../src/domain/people/roles.ts';
import { markRepliedChanges } from '../../../src/domain/messages/store-message-rules.ts';
import { parseOrProblem, ProblemError } from '../../http/problem.ts';
import { storeScope, type StoreScope } from '../../sync/scope.ts';
import type { Writer } from '../../sync/write-path.ts';
import { queueMessage, type Envelope } from '../../messaging/queue-message.ts';
import type { ModuleContext } from '../context.ts';
import { storeTemplates } from '../message-templates/tables.ts';
import { storeMessages } from './tables.ts';

/** The store's texting number (the texting rule, the sender) and what its templates' placeholders read. */
async function storeOf(db: ModuleContext['db'], scope: StoreScope) {
  return db
    .selectFrom('storeLocations')
    .select(['name', 'twilioPhoneNumber', 'phoneNumber', 'timeZone', 'googleReviewUrl', 'yelpReviewUrl'])
    .where('id', '=', scope.storeId)
    .executeTakeFirstOrThrow();
}
type Store = Awaited<ReturnType<typeof storeOf>>;

/**
 * An email's subject: its template's, filled in for the customer and visit it names (as the device fills in
 * the words), else the store's name.
 */
async function subjectOf(db: ModuleContext['db'], scope: StoreScope, model: Outgoing['model'], store: Store): Promise<string> {
  const own = await storeTemplates(db, scope.companyId, scope.storeId);
  if (!templateTexts(model.templateType, own)) return `A message from ${store.name}`;
  const customer = model.customerId
    ? await db
        .selectFrom('customers')
        .select(['firstName', 'lastName'])
        .where('companyId', '=', scope.companyId)
        .where('customerId', '=', model.customerId)
        .executeTakeFirst()
    : undefined;
  const visit = model.visitId
    ? await db
        .selectFrom('scheduledVisits')
        .select(['scheduledCustomerCheckIn', 'vehicleId'])
        .where('companyId', '=', scope.companyId)
        .where('storeId', '=', scope.storeId)
        .where('scheduledVisitId', '=', model.visitId)
        .executeTakeFirst()
    : undefined;
  const vehicle = visit?.vehicleId
    ? await db
        .selectFrom('customerVehicles')
        .select(['year', 'make', 'model'])
        .where('companyId', '=', scope.companyId)
        .where('vehicleId', '=', visit.vehicleId)
        .executeTakeFirst()
    : undefined;
  const values = templateValues({
    store,
    customer: customer ?? null,
    name: model.name,
    appointmentAt: visit?.scheduledCustomerCheckIn ?? null,
    vehicle: vehicle ?? null,
  });
  return renderedTemplate(model.templateType, own, values)!.emailSubject;
}

/**
 * Whether the message's number texted STOP to the store: read in the write's transaction after its lock, so a
 * STOP that commits first is always seen.
 */
async function stoppedCheck(
  db: ModuleContext['db'] | Writer['trx'],
  scope: StoreScope,
  { channel, model }: Outgoing,
): Promise<(phoneNumber: string) => boolean> {
  const to = channel === 'sms' ? e164(model.destinationPhoneNumber) : null;
  if (!to) return () => false;
  const stop = await db
    .selectFrom('textStops')
    .select('phoneNumber')
    .where('companyId', '=', scope.companyId)
    .where('storeId', '=', scope.storeId)
    .where('phoneNumber', '=', to)
    .where('deleted', '=', false)
    .executeTakeFirst();
  return () => stop !== undefined;
}

/** A refused message: the first problem as the detail (the spec's words where it has them), all by field. */
function refuse(problems: Record<string, string[]>): void {
  const first = Object.values(problems)[0]?.[0];
  if (first) throw new ProblemError('validation', `${first}.`, { errors: problems });
}

interface Outgoing {
  channel: Channel;
  model: (SendSms & { destinationEmailAddress?: undefined }) | (SendEmail & { destinationPhoneNumber?: undefined });
}

/** What would go out: to whom, from whom, and the text, exactly as the provider would get it. */
async function rendered(db: ModuleContext['db'], scope: StoreScope, { channel, model }: Outgoing, store: Store): Promise<Envelope> {
  const to = destinationOf(channel, model);
  return channel === 'sms'
    ? { channel, to, from: store.twilioPhoneNumber, subject: null, body: model.content }
    : { channel, to, from: null, subject: await subjectOf(db, scope, model, store), body: model.content };
}

/**
 * Sending texts and emails to customers (spec section 7): the message is stored as an outbound store message
 * and queued in the same write; the provider is called after commit by the dispatcher, once. Replaying the
 * call with its Idempotency-Key answers the same message and queues nothing more.
 */
export async function sendMessageRoutes(app: FastifyInstance, { db, auth, writes, outbound }: ModuleContext): Promise<void> {
  const read = (request: FastifyRequest, channel: Channel): Outgoing =>
    channel === 'sms'
      ? { channel, model: parseOrProblem(sendSmsSchema, request.body, 'The text') }
      : { channel, model: parseOrProblem(sendEmailSchema, request.body, 'The email') };

  for (const [channel, send, preview] of [
    ['sms', apiPaths.smsMessages, apiPaths.smsPreview],
    ['email', apiPaths.emailMessages, apiPaths.emailPreview],
  ] as const) {
    app.post(preview, async (request) => {
      const scope = await storeScope(db, auth, request, frontCounter, 'messages to customers');
      const outgoing = read(request, channel);
      const store = await storeOf(db, scope);
      refuse(outgoingProblems(channel, outgoing.model, store, await stoppedCheck(db, scope, outgoing)));
      refuse(await referenceProblems(db, scope, outgoing.model));
      return rendered(db, scope, outgoing, store);
    });

    app.post(send, async (request, reply) => {
      const scope = await storeScope(db, auth, request, frontCounter, 'messages to customers');
      const outgoing = read(request, channel);
      const store = await storeOf(db, scope);
      const envelope = await rendered(db, scope, outgoing, store);
      const result = await writes.run(request, scope, async (w) => {
        // A STOP and a send at the store at once: the send sees the stop, or the stop comes after the send.
        await w.lockOn('messages-of-store', scope.storeId);
        refuse(outgoingProblems(channel, outgoing.model, store, await stoppedCheck(w.trx, scope, outgoing)));
        refuse(await referenceProblems(w.trx, scope, outgoing.model));
        return queue(w, scope, outgoing, envelope);
      });
      outbound.kick();
      return reply.code(result.status).send(result.body);
    });
  }
}

/** What a message names that the caller may not: a customer of another company, a visit of another store. */
async function referenceProblems(db: ModuleContext['db'] | Writer['trx'], scope: StoreScope, model: Outgoing['model']): Promise<Record<string, string[]>> {
  const customer = model.customerId
    ? await db
        .selectFrom('customers')
        .select('customerId')
        .where('companyId', '=', scope.companyId)
        .where('customerId', '=', model.customerId)
        .where('deleted', '=', false)
        .executeTakeFirst()
    : null;
  const visit = model.visitId
    ? await db
        .selectFrom('scheduledVisits')
        .select('scheduledVisitId')
        .where('companyId', '=', scope.companyId)
        .where('storeId', '=', scope.storeId)
        .where('scheduledVisitId', '=', model.visitId)
        .where('deleted', '=', false)
        .executeTakeFirst()
    : null;
  return {
    ...(customer === undefined ? { customerId: ['This company has no such customer'] } : {}),
    ...(visit === undefined ? { visitId: ['This store has no such visit'] } : {}),
  };
}

async function queue(w: Writer, scope: StoreScope, { channel, model }: Outgoing, message: Envelope) {
  const storeMessageId = model.storeMessageId ?? randomUUID();
  // A customer's message carries their name by the one rule, whatever name the device had for them.
  const customer = model.customerId
    ? await w.trx
        .selectFrom('customers')
        .select(['companyName', 'firstName', 'lastName'])
        .where('companyId', '=', scope.companyId)
        .where('customerId', '=', model.customerId)
        .executeTakeFirst()
    : undefined;
  const name = customer ? messageName(customer) : model.name;
  const row = await queueMessage(w, outgoingStoreMessage(channel, { ...model, name, storeMessageId }, w.now.toISOString()), message);
  if (model.replyToStoreMessageId) {
    const answered = await w.change(storeMessages, { storeMessageId: model.replyToStoreMessageId }, (current) => markRepliedChanges(current, scope.user));
    if (answered.changed) w.event(storeMessages, answered.row, 'ReplicaChanged', ['storeMessages', model.replyToStoreMessageId]);
    // The thread it answers has a new message: devices showing that thread take it (spec section 4, live events).
    w.event(storeMessages, row, 'SendNewMessageToThread', [model.replyToStoreMessageId, storeMessageId]);
  }
  return { status: 201, body: row };
}
