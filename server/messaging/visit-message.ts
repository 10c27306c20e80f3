import { randomUUID } from 'node:crypto';
import type { StoreMessage } from '../../src/contract/entities.ts';
import type { MessageTemplateType } from '../../src/contract/enums.ts';
import type { StoreLocation } from '../../src/contract/store-location.ts';
import { renderedTemplate, templateValues, type TemplateStore } from '../../src/domain/messages/message-templates.ts';
import { ratingLinkFor } from '../../src/domain/figures/ratings.ts';
import { automaticChannel } from '../../src/domain/messages/visit-messages.ts';
import { messageName } from '../../src/domain/people/display-name.ts';
import type { Database } from '../db/schema.ts';
import { storeTemplates } from '../modules/message-templates/tables.ts';
import type { Writer } from '../sync/write-path.ts';
import { messageLimitOf, queueMessage } from './queue-message.ts';

/** The automatic messages a visit gets, each at most once: reminder, thank-you, and follow-ups to its rating. */
export type VisitMessageKind = Database['visitMessages']['kind'];

type VisitMessageStore = TemplateStore & Pick<StoreLocation, 'twilioPhoneNumber' | 'ratingsEnabled'> & { id: number; companyId: number };

/**
 * Claims a visit's automatic message of one kind and queues it to the visit's customer the way they may be
 * reached (automaticChannel: their preference, texting consent and STOP), or records why it does not go.
 * The claim is a row keyed by visit and kind, written in the transaction that queues the message: however
 * many server processes try at once, it goes once. Answers null when it was claimed before, else whether it
 * was queued or why not.
 */
export async function queueVisitMessage(
  w: Writer,
  store: VisitMessageStore,
  message: {
    scheduledVisitId: string;
    templateType: MessageTemplateType;
    withRatingLink: boolean;
    publicUrl: string;
    /** The automatic message it is, sent once per visit; null for one staff send when they choose (a report, sent again if asked). */
    kind: VisitMessageKind | null;
    inspectionReportLink?: string;
    /** Why it is not sent, when the store does not send it: the claim is kept with the reason. */
    skip?: string | null;
  },
): Promise<{ queued: true; storeMessageId: string } | { queued: false; skipped: string } | null> {
  const { scheduledVisitId, kind, templateType } = message;
  if (kind) {
    const claimed = await w.trx
      .insertInto('visitMessages')
      .values({
        scheduledVisitId,
        kind,
        companyId: store.companyId,
        storeId: store.id,
        storeMessageId: null,
        skippedBecause: null,
        createdAt: w.now.toISOString(),
      })
      .onConflict((oc) => oc.columns(['scheduledVisitId', 'kind']).doNothing())
      .returning('scheduledVisitId')
      .executeTakeFirst();
    if (!claimed) return null;
  }
  const visit = await w.trx
    .selectFrom('scheduledVisits')
    .select(['customerId', 'vehicleId', 'scheduledCustomerCheckIn', 'scheduledVisitHashId'])
    .where('scheduledVisitId', '=', scheduledVisitId)
    .executeTakeFirstOrThrow();
  const { customer, isStopped } = await customerReach(w, store.id, visit.customerId);
  // An automatic message over the store's volume is not sent later (a reminder after the visit helps nobody): it is
  // skipped with the reason. A person's send of one (a report) is refused with the limit's words.
  const overLimit = kind ? await messageLimitOf(w) : null;
  const route = message.skip
    ? { skipped: message.skip }
    : overLimit
      ? { skipped: overLimit.words }
      : customer
        ? automaticChannel(customer, store, isStopped)
        : { skipped: 'The visit has no customer' };
  const record = async (fields: { storeMessageId: string } | { skippedBecause: string }) => {
    if (kind) await w.trx.updateTable('visitMessages').set(fields).where('scheduledVisitId', '=', scheduledVisitId).where('kind', '=', kind).execute();
  };
  if ('skipped' in route) {
    await record({ skippedBecause: route.skipped });
    return { queued: false, skipped: route.skipped };
  }
  const vehicle = visit.vehicleId
    ? await w.trx.selectFrom('customerVehicles').select(['year', 'make', 'model']).where('vehicleId', '=', visit.vehicleId).executeTakeFirst()
    : undefined;
  const values = templateValues({
    store,
    customer: customer ?? null,
    appointmentAt: visit.scheduledCustomerCheckIn,
    vehicle: vehicle ?? null,
    ratingLink: message.withRatingLink ? ratingLinkFor(message.publicUrl, store, visit) : null,
    inspectionReportLink: message.inspectionReportLink ?? null,
  });
  const words = renderedTemplate(templateType, await storeTemplates(w.trx, store.companyId, store.id), values)!;
  const row = await queueToCustomer(w, store, { customer: customer!, scheduledVisitId, route, templateType, words });
  await record({ storeMessageId: row.storeMessageId });
  return { queued: true, storeMessageId: row.storeMessageId };
}

/**
 * A visit's customer as a message reaches them (undefined when the visit has none or they were deleted), and
 * whether a number has texted STOP to the store: what automaticChannel decides the way from.
 */
export async function customerReach(w: Writer, storeId: number, customerId: string | null) {
  const customer = customerId
    ? await w.trx
        .selectFrom('customers')
        .select(['customerId', 'companyName', 'firstName', 'lastName', 'preferredContactMethod', 'phoneNumber', 'email', 'textConsentMethod'])
        .where('customerId', '=', customerId)
        .where('deleted', '=', false)
        .executeTakeFirst()
    : undefined;
  const stops = new Set(
    (await w.trx.selectFrom('textStops').select('phoneNumber').where('storeId', '=', storeId).where('deleted', '=', false).execute()).map((s) => s.phoneNumber),
  );
  return { customer, isStopped: (phoneNumber: string) => stops.has(phoneNumber) };
}

/**
 * Queues a message about a visit to its customer by the way already chosen (automaticChannel), spending the
 * sender's message budget (queueMessage refuses with 429 past it): the store message the customer's thread shows,
 * and its envelope.
 */
export async function queueToCustomer(
  w: Writer,
  store: Pick<StoreLocation, 'twilioPhoneNumber'>,
  message: {
    customer: { customerId: string; companyName: string | null; firstName: string | null; lastName: string | null };
    scheduledVisitId: string;
    route: { channel: 'sms' | 'email'; to: string };
    templateType: MessageTemplateType;
    words: { smsText: string; emailSubject: string; emailText: string };
  },
): Promise<StoreMessage> {
  const { customer, route, words } = message;
  const sms = route.channel === 'sms';
  const row: StoreMessage = {
    storeMessageId: randomUUID(),
    customerId: customer.customerId,
    visitId: message.scheduledVisitId,
    name: messageName(customer),
    email: sms ? null : route.to,
    phoneNumber: sms ? route.to : null,
    preferredContactMethod: sms ? 'Sms' : 'Email',
    messageDeliveryMethod: sms ? 'Sms' : 'Email',
    messageDirection: 'Outbound',
    templateType: message.templateType,
    content: sms ? words.smsText : words.emailText,
    sentOn: w.now.toISOString(),
    customerInquiryType: null,
    storeServiceId: null,
    isArchived: false,
    repliedToByUserId: null,
    repliedToByUserName: null,
    deliveryStatus: 'Queued',
    deliveryProblem: null,
  };
  await queueMessage(
    w,
    row,
    sms
      ? { channel: 'sms', to: route.to, from: store.twilioPhoneNumber, subject: null, body: row.content }
      : { channel: 'email', to: route.to, from: null, subject: words.emailSubject, body: row.content },
  );
  return row;
}
