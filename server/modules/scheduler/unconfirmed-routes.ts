import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import { scheduledVisitSchema, unconfirmedVisitSchema, type StoreMessage, type UnconfirmedVisit } from '../../../src/contract/entities.ts';
import { apiPaths } from '../../../src/contract/routes.ts';
import { declineRequestSchema } from '../../../src/contract/writes.ts';
import { declineChanges, declinedRequestWords, requestCustomerMatch, requesterContact } from '../../../src/domain/scheduler/appointment-requests.ts';
import { messageName } from '../../../src/domain/people/display-name.ts';
import { endAfter, snapDuration } from '../../../src/domain/calendar/durations.ts';
import { renderedTemplate, templateValues } from '../../../src/domain/messages/message-templates.ts';
import { frontCounter } from '../../../src/domain/people/roles.ts';
import { automaticChannel } from '../../../src/domain/messages/visit-messages.ts';
import { e164, phoneDigits } from '../../../src/domain/people/phone.ts';
import { nameBasedUuid } from '../../db/name-based-uuid.ts';
import { parseODataQuery, runODataList, withDefaultOrder, type ODataResource } from '../../http/odata.ts';
import { parseOrProblem, ProblemError } from '../../http/problem.ts';
import { queueMessage } from '../../messaging/queue-message.ts';
import { storeTemplates } from '../message-templates/routes.ts';
import { readScope, storeScope } from '../../sync/scope.ts';
import type { RowSpec, Writer } from '../../sync/write-path.ts';
import type { ModuleContext } from '../context.ts';
import { customers } from '../customers/routes.ts';
import { scheduledServices, scheduledVisits } from './visit-routes.ts';

export const unconfirmedVisits: RowSpec<typeof unconfirmedVisitSchema> = {
  table: 'unconfirmedVisits',
  schema: unconfirmedVisitSchema,
  scope: 'store',
  notFound: 'This store has no such appointment request.',
};
const columns = Object.keys(unconfirmedVisitSchema.shape) as (keyof typeof unconfirmedVisitSchema.shape)[];
const list: ODataResource = { fields: Object.fromEntries(columns.map((c) => [c, c])), schema: unconfirmedVisitSchema };
const params = z.object({ unconfirmedVisitId: z.uuid() });
/** A request names no duration when it names no service: an hour, as staff book an unknown job. */
const unknownJobMinutes = 60;

/** How many of the company's customers with a request's email or phone a confirmation weighs: the oldest. */
const candidatesRead = 20;

/**
 * The company's customer the request came from, by the one rule the Requests list shows staff
 * (requestCustomerMatch: its email or phone and its name); else a new one made from the request.
 */
async function customerFor(w: Writer, request: UnconfirmedVisit): Promise<string> {
  const email = request.email?.trim().toLowerCase() || null;
  const digits = phoneDigits(request.phoneNumber).slice(-10);
  const candidates =
    email || digits.length === 10
      ? await w.trx
          .selectFrom('customers')
          .select(['customerId', 'firstName', 'lastName', 'email', 'phoneNumber'])
          .where('companyId', '=', w.scope.companyId)
          .where('deleted', '=', false)
          .where((eb) =>
            eb.or([
              ...(email ? [eb(sql`lower(email)`, '=', email)] : []),
              ...(digits.length === 10 ? [eb(sql`right(regexp_replace(coalesce(phone_number, ''), '[^0-9]', '', 'g'), 10)`, '=', digits)] : []),
            ]),
          )
          .orderBy('createdOn')
          .orderBy('customerId')
          .limit(candidatesRead)
          .execute()
      : [];
  const match = requestCustomerMatch(request, candidates);
  if (match && 'joins' in match) return match.joins.customerId;
  const row = await w.create(
    customers,
    {
      customerId: randomUUID(),
      firstName: request.firstName,
      lastName: request.lastName,
      companyName: null,
      email: request.email,
      phoneNumber: request.phoneNumber,
      alternatePhoneNumber: null,
      preferredContactMethod: request.preferredContactMethod === 'Sms' ? 'Text' : request.preferredContactMethod,
      addressLine1: null,
      addressLine2: null,
      city: null,
      state: null,
      postalCode: null,
      notes: null,
      textConsentMethod: null,
      textConsentGivenOn: null,
      textConsentRecordedBy: null,
      legacyCustomerId: null,
      createdOn: w.now.toISOString(),
      mergedIntoCustomerId: null,
    },
    { storeId: null },
  );
  w.event(customers, row, 'CustomerChanged', [row.customerId]);
  return row.customerId;
}

/** The first active column that does the service for staff bookings, else the first active column. */
async function resourceFor(w: Writer, storeServiceId: string | null): Promise<string | null> {
  const base = w.trx
    .selectFrom('schedulerResources')
    .select('schedulerResources.schedulerResourceId')
    .where('schedulerResources.companyId', '=', w.scope.companyId)
    .where('schedulerResources.storeId', '=', w.scope.storeId)
    .where('schedulerResources.deleted', '=', false)
    .where('schedulerResources.isActive', '=', true)
    .orderBy('schedulerResources.sortOrder')
    .orderBy('schedulerResources.schedulerResourceId');
  const able = storeServiceId
    ? await base
        .innerJoin('appointmentResources', (j) =>
          j
            .onRef('appointmentResources.appointmentResourceId', '=', 'schedulerResources.schedulerResourceId')
            .on('appointmentResources.storeServiceId', '=', storeServiceId)
            .on('appointmentResources.deleted', '=', false),
        )
        .executeTakeFirst()
    : undefined;
  return (able ?? (await base.executeTakeFirst()))?.schedulerResourceId ?? null;
}

/**
 * Tells the requester what became of their request: the store's AppointmentConfirmation when it was confirmed; when
 * declined, that the request could not be accepted, with the reason staff gave (declinedRequestWords); the way they
 * may be reached. The store's answer to a request, not a person's sending: it spends the store's message budget
 * alone. Answers whether it was queued, or why not (staff then call).
 */
async function tellRequester(
  w: Writer,
  request: UnconfirmedVisit,
  answer: { confirmed: true } | { declined: string },
): Promise<{ queued: true } | { queued: false; skipped: string }> {
  const store = await w.trx
    .selectFrom('storeLocations')
    .select(['name', 'phoneNumber', 'timeZone', 'googleReviewUrl', 'yelpReviewUrl', 'twilioPhoneNumber'])
    .where('id', '=', w.scope.storeId)
    .executeTakeFirstOrThrow();
  const phoneNumber = e164(request.phoneNumber);
  const stops = phoneNumber
    ? await w.trx
        .selectFrom('textStops')
        .select('phoneNumber')
        .where('storeId', '=', w.scope.storeId)
        .where('phoneNumber', '=', phoneNumber)
        .where('deleted', '=', false)
        .execute()
    : [];
  const route = automaticChannel(requesterContact(request), store, () => stops.length > 0);
  if ('skipped' in route) return { queued: false, skipped: route.skipped };
  const name = messageName(request);
  const words =
    'declined' in answer
      ? declinedRequestWords(store, request, answer.declined)
      : renderedTemplate(
          'AppointmentConfirmation',
          await storeTemplates(w.trx, w.scope.companyId, w.scope.storeId!),
          templateValues({ store, name, appointmentAt: request.requestedStartDate }),
        )!;
  const sms = route.channel === 'sms';
  const content = sms ? words.smsText : words.emailText;
  const template = 'declined' in answer ? 'FreeForm' : 'AppointmentConfirmation';
  const message: StoreMessage = {
    storeMessageId: nameBasedUuid(`${'declined' in answer ? 'declined' : 'confirmed'}-request:${request.unconfirmedVisitId}`),
    customerId: null,
    visitId: request.scheduledVisitId,
    name,
    email: sms ? null : route.to,
    phoneNumber: sms ? route.to : null,
    preferredContactMethod: sms ? 'Sms' : 'Email',
    messageDeliveryMethod: sms ? 'Sms' : 'Email',
    messageDirection: 'Outbound',
    templateType: template,
    content,
    sentOn: w.now.toISOString(),
    customerInquiryType: null,
    storeServiceId: request.storeServiceId,
    isArchived: false,
    repliedToByUserId: null,
    repliedToByUserName: null,
    deliveryStatus: 'Queued',
    deliveryProblem: null,
  };
  await queueMessage(
    w,
    message,
    sms
      ? { channel: 'sms', to: route.to, from: store.twilioPhoneNumber, subject: null, body: content }
      : { channel: 'email', to: route.to, from: null, subject: words.emailSubject, body: content },
    'store',
  );
  return { queued: true };
}

/**
 * Appointment requests customers sent online (spec section 7). Confirming one books it: the customer (found
 * by email or phone, else made from the request), a confirmed visit and its service on the calendar.
 * Declining one (ours: docs/decisions/scheduler.md) keeps it with the reason, sent to the requester.
 */
export async function unconfirmedVisitRoutes(app: FastifyInstance, { db, auth, writes, outbound }: ModuleContext): Promise<void> {
  app.get(apiPaths.unconfirmedVisits, async (request) => {
    const scope = await readScope(db, auth, request, 'unconfirmedVisits');
    const query = parseODataQuery(request.query as Record<string, unknown>, list);
    const base = db
      .selectFrom('unconfirmedVisits')
      .select(columns)
      .where('companyId', '=', scope.companyId)
      .where('storeId', '=', scope.storeId)
      .where('deleted', '=', false);
    return runODataList(base, withDefaultOrder(query, 'requestedStartDate', 'asc'), list, 'unconfirmedVisitId');
  });

  /** Answers the visit the request became (the same visit when it was confirmed before). */
  app.post(apiPaths.confirmUnconfirmedVisit, async (request, reply) => {
    const scope = await storeScope(db, auth, request, frontCounter, "the store's appointment requests");
    const key = parseOrProblem(params, request.params, 'The path');
    let confirmed = false;
    const result = await writes.run(request, scope, async (w) => {
      const asked = await w.find(unconfirmedVisits, key);
      if (asked.confirmedVisitId) {
        const visit = await w.read(scheduledVisits, { scheduledVisitId: asked.confirmedVisitId });
        if (visit) return { status: 200, body: visit };
      }
      if (asked.declinedOn) throw new ProblemError('conflict', 'This request was declined: the customer was told. Book them a new appointment instead.');
      if (asked.scheduledVisitId) {
        // A booking-page request holds its bays with an unconfirmed visit already: confirming confirms that visit.
        const held = await w.find(scheduledVisits, { scheduledVisitId: asked.scheduledVisitId });
        if (held.cancelDate)
          throw new ProblemError('conflict', "This request's appointment was canceled on the calendar. Book the customer a new appointment instead.");
        const visit = await w.update(scheduledVisits, { scheduledVisitId: held.scheduledVisitId }, held, {
          ...scheduledVisitSchema.parse(held),
          confirmationDate: w.actedAt(),
          customerId: held.customerId ?? (await customerFor(w, asked)),
          description: asked.vehicleDescription,
        });
        await w.update(unconfirmedVisits, key, asked, { ...unconfirmedVisitSchema.parse(asked), confirmedVisitId: visit.scheduledVisitId });
        w.event(scheduledVisits, visit, 'VisitChanged', [visit.scheduledVisitId]);
        w.event(unconfirmedVisits, asked, 'VisitChanged', [asked.unconfirmedVisitId]);
        confirmed = (await tellRequester(w, asked, { confirmed: true })).queued;
        return { status: 200, body: visit };
      }
      const service = asked.storeServiceId
        ? await w.trx
            .selectFrom('storeServices')
            .select(['storeServiceId', 'durationInMinutes'])
            .where('companyId', '=', scope.companyId)
            .where('storeId', '=', scope.storeId)
            .where('storeServiceId', '=', asked.storeServiceId)
            .where('deleted', '=', false)
            .executeTakeFirst()
        : undefined;
      const now = w.actedAt();
      const visit = await w.create(scheduledVisits, {
        scheduledVisitId: randomUUID(),
        scheduledVisitHashId: randomBytes(16).toString('base64url'),
        customerId: await customerFor(w, asked),
        vehicleId: null,
        customerVehicleStatus: null,
        description: asked.vehicleDescription,
        staffNotes: null,
        customerComments: asked.customerComments,
        keyTag: null,
        isExternal: true,
        scheduledBy: 'Online booking',
        tractionInvoiceNumber: null,
        visitAppointmentCount: 1,
        scheduledCustomerCheckIn: asked.requestedStartDate,
        pickUpTime: null,
        confirmationDate: now,
        cancelDate: null,
        checkInDate: null,
        workStartDate: null,
        workCompleteDate: null,
        readyForPickupDate: null,
        checkOutDate: null,
        vehicleStatusId: null,
        vehicleInspectionStatus: null,
        inspectionReportId: null,
        legacyVisitId: null,
        tireQuoteId: null,
      });
      const minutes = snapDuration(service?.durationInMinutes ?? unknownJobMinutes);
      const booked = await w.create(scheduledServices, {
        scheduledServiceId: randomUUID(),
        scheduledVisitId: visit.scheduledVisitId,
        storeServiceId: service?.storeServiceId ?? null,
        resourceId: await resourceFor(w, service?.storeServiceId ?? null),
        startDate: asked.requestedStartDate,
        endDate: endAfter(asked.requestedStartDate, minutes),
        durationInMinutes: minutes,
        serviceNotes: null,
        selectedTechnician: null,
      });
      await w.update(unconfirmedVisits, key, asked, { ...unconfirmedVisitSchema.parse(asked), confirmedVisitId: visit.scheduledVisitId });
      w.event(scheduledVisits, visit, 'VisitChanged', [visit.scheduledVisitId]);
      w.event(scheduledServices, booked, 'EventAddedMessage', [booked.scheduledServiceId]);
      confirmed = (await tellRequester(w, asked, { confirmed: true })).queued;
      return { status: 200, body: visit };
    });
    if (confirmed) outbound.kick();
    return reply.code(result.status).send(result.body);
  });

  /** Declines a request with a reason; the requester is told once. Answers the request as it is now. */
  app.post(apiPaths.declineUnconfirmedVisit, async (request, reply) => {
    const scope = await storeScope(db, auth, request, frontCounter, "the store's appointment requests");
    const key = parseOrProblem(params, request.params, 'The path');
    const { reason } = parseOrProblem(declineRequestSchema, request.body, 'The decline');
    let told = false;
    const result = await writes.run(request, scope, async (w) => {
      const { row, changed } = await w.change(unconfirmedVisits, key, (asked) => {
        const changes = declineChanges(asked, reason, w.actedAt());
        if (changes && 'refused' in changes) throw new ProblemError('conflict', changes.refused);
        return changes;
      });
      if (changed) {
        const held = row.scheduledVisitId ? await w.read(scheduledVisits, { scheduledVisitId: row.scheduledVisitId }) : undefined;
        if (held && !held.cancelDate) {
          // The bays the request held are free again.
          const canceled = await w.update(scheduledVisits, { scheduledVisitId: held.scheduledVisitId }, held, {
            ...scheduledVisitSchema.parse(held),
            cancelDate: w.actedAt(),
          });
          w.event(scheduledVisits, canceled, 'VisitChanged', [canceled.scheduledVisitId]);
        }
        told = (await tellRequester(w, row, { declined: reason })).queued;
        w.event(unconfirmedVisits, row, 'VisitChanged', [row.unconfirmedVisitId]);
      }
      return { status: 200, body: row };
    });
    if (told) outbound.kick();
    return reply.code(result.status).send(result.body);
  });
}
