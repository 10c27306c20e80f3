import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import type { StoreMessage, UnconfirmedVisit } from '../../../src/contract/entities.ts';
import { checkOutMethods } from '../../../src/contract/enums.ts';
import {
  bookingRequestSchema,
  freeTimesQuerySchema,
  type BookingReceipt,
  type FreeTime,
  type FreeTimes,
  type OnlineBooking,
} from '../../../src/contract/online-booking.ts';
import { apiPaths } from '../../../src/contract/routes.ts';
import { appointmentsEnabledFields, isOpenFields, weekdayHoursFields } from '../../../src/contract/store-week.ts';
import { requesterContact } from '../../../src/domain/scheduler/appointment-requests.ts';
import { bookingRequestProblems } from '../../../src/domain/scheduler/booking-request.ts';
import { freeSlotAt, freeSlots, nearestFreeSlots, type SlotAsk, type SlotStore } from '../../../src/domain/scheduler/free-slots.ts';
import { renderedTemplate, templateValues, type TemplateStore } from '../../../src/domain/messages/message-templates.ts';
import { e164, formatPhone } from '../../../src/domain/people/phone.ts';
import { frontCounter } from '../../../src/domain/people/roles.ts';
import { oneLineAddress } from '../../../src/domain/store/store-address.ts';
import { hasTimeLeft, slotRefusal, slotRefusalWords } from '../../../src/domain/scheduler/slot-refusal.ts';
import { storeDayAt } from '../../../src/domain/store/store-day.ts';
import { textingEnabled } from '../../../src/domain/messages/texting.ts';
import { instantToWallClock, storeTimeZone, wallClockIsoToInstant } from '../../../src/domain/calendar/time-zone.ts';
import { automaticChannel } from '../../../src/domain/messages/visit-messages.ts';
import type { AuthUser } from '../../auth/auth.ts';
import type { Db } from '../../db/connect.ts';
import { nameBasedUuid } from '../../db/name-based-uuid.ts';
import { escapeHtml } from '../../http/escape-html.ts';
import { parseOrProblem, ProblemError, refuseProblems } from '../../http/problem.ts';
import { queueMessage, queueStaffEmail } from '../../messaging/queue-message.ts';
import type { Writer } from '../../sync/write-path.ts';
import { formTokenProblem, issueFormToken } from '../contact-form/form-token.ts';
import type { ModuleContext } from '../context.ts';
import { storeTemplates } from '../message-templates/routes.ts';
import { notifyStoreStaff } from '../notifications/notify-staff.ts';
import { unconfirmedVisits } from '../scheduler/unconfirmed-routes.ts';
import { scheduledServices, scheduledVisits } from '../scheduler/visit-routes.ts';
import { readSlotRows } from './slot-rows.ts';
import { addDays } from '../../../src/domain/calendar/calendar-date.ts';

const params = z.object({ contactFormId: z.string().regex(/^[0-9a-f]{32}$/) });
const notFound = "There is no booking page at this address. Check the link on the store's website, or call the store.";
const sender = { userId: null, name: 'Online booking' } as unknown as AuthUser;
/** Open requests from one phone number in a day before the page says to call instead: a person rarely needs more. */
const requestsPerPhoneADay = 3;
/** How many times to offer instead of one that was taken meanwhile. */
const offeredInstead = 6;
const dayMs = 86_400_000;

const bookingStoreFields = [
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
  'calendarInterval',
  'onlineAppointmentsEnabled',
  'onlineBookingLeadMinutes',
  'onlineBookingHorizonDays',
  'onlineBookingDailyCapMinutes',
  'onlineBookingOpenRequestsPerDay',
  'onlineBookingOpenRequests',
  ...appointmentsEnabledFields,
  ...isOpenFields,
  ...weekdayHoursFields.flatMap((d) => [d.open, d.close]),
] as const;
type BookingStore = SlotStore &
  TemplateStore & {
    id: number;
    companyId: number;
    twilioPhoneNumber: string | null;
    addressLine1: string | null;
    city: string | null;
    state: string | null;
    postalCode: string | null;
    onlineBookingLeadMinutes: number;
    onlineBookingHorizonDays: number;
    onlineBookingDailyCapMinutes: number | null;
    onlineBookingOpenRequestsPerDay: number | null;
    onlineBookingOpenRequests: number | null;
  };

/** The asking limits of the store's settings, at `now`. */
const askOf = (store: BookingStore, services: SlotAsk['services'], checkOutMethod: SlotAsk['checkOutMethod'], now: Date): Omit<SlotAsk, 'dates'> => ({
  services,
  checkOutMethod,
  now,
  leadMinutes: store.onlineBookingLeadMinutes,
  horizonDays: store.onlineBookingHorizonDays,
  dailyCapMinutes: store.onlineBookingDailyCapMinutes,
});

/** The instants a run of store dates spans, [first day's start, the day after the last's start). */
function span(store: BookingStore, from: string, days: number): { from: string; to: string } {
  const zone = storeTimeZone(store.timeZone, () => undefined);
  const after = addDays(from, days);
  return { from: wallClockIsoToInstant(`${from}T00:00:00`, zone), to: wallClockIsoToInstant(`${after}T00:00:00`, zone) };
}

/** The services customers may book online at the store: active, open to online booking, and linked to an active bay. */
function bookableServices(db: Db, store: BookingStore) {
  return db
    .selectFrom('storeServices')
    .select(['storeServiceId', 'name', 'durationInMinutes'])
    .where('companyId', '=', store.companyId)
    .where('storeId', '=', store.id)
    .where('deleted', '=', false)
    .where('isActive', '=', true)
    .where('onlineBookingEnabled', '=', true)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('schedulerResourceServices')
          .innerJoin('schedulerResources', 'schedulerResources.schedulerResourceId', 'schedulerResourceServices.schedulerResourceId')
          .select('schedulerResourceServices.storeServiceId')
          .whereRef('schedulerResourceServices.storeServiceId', '=', 'storeServices.storeServiceId')
          .where('schedulerResourceServices.deleted', '=', false)
          .where('schedulerResources.deleted', '=', false)
          .where('schedulerResources.isActive', '=', true),
      ),
    )
    .orderBy('name')
    .execute();
}

/**
 * The store's requests waiting for staff (neither confirmed nor declined) for a time still to come, in all and by the
 * store day asked for: what its caps on open requests count (issue 46 item 21: 22 requests from 5 addresses took a
 * whole day). One for a time gone by holds nothing any more, so a forgotten one does not close the page for good.
 */
async function openRequests(db: Db, store: BookingStore, now: Date): Promise<{ total: number; byDay: Map<string, number> }> {
  const rows = await db
    .selectFrom('unconfirmedVisits')
    .select('requestedStartDate')
    .where('companyId', '=', store.companyId)
    .where('storeId', '=', store.id)
    .where('deleted', '=', false)
    .where('confirmedVisitId', 'is', null)
    .where('declinedOn', 'is', null)
    .where('requestedStartDate', '>=', now.toISOString())
    .execute();
  const zone = storeTimeZone(store.timeZone, () => undefined);
  const byDay = new Map<string, number>();
  for (const { requestedStartDate } of rows) {
    const date = storeDayAt(new Date(requestedStartDate), zone).date;
    byDay.set(date, (byDay.get(date) ?? 0) + 1);
  }
  return { total: rows.length, byDay };
}

/** Whether a store day has as many requests waiting as the store takes for a day. */
const dayFull = (store: BookingStore, open: { byDay: Map<string, number> }, date: string) =>
  store.onlineBookingOpenRequestsPerDay !== null && (open.byDay.get(date) ?? 0) >= store.onlineBookingOpenRequestsPerDay;

const asTimes = (slots: readonly { startDate: string; time: string }[], zone: string): FreeTime[] =>
  slots.map(({ startDate, time }) => ({ startDate, date: instantToWallClock(startDate, zone).slice(0, 10), time }));

/**
 * The store's public booking page (issue 30): the times offered are worked out from the store's real capacity
 * (src/domain/scheduler/free-slots.ts), and a request is checked again under the store's lock before it holds the bays, so
 * two customers racing for the last time cannot both have it. Bots are kept out as on the contact form (a signed
 * token refused when sent faster than a person fills the form, a field only bots fill), with a limit per address
 * (shared by every server process through Redis) and per phone number (counted in the database).
 */
export async function onlineBookingRoutes(app: FastifyInstance, { db, clock, writes, outbound, config, secret }: ModuleContext): Promise<void> {
  async function bookingStore(request: { params: unknown }): Promise<{ contactFormId: string; store: BookingStore }> {
    const parsed = params.safeParse(request.params);
    if (!parsed.success) throw new ProblemError('notFound', notFound);
    const store = await db
      .selectFrom('storeLocations')
      .select(bookingStoreFields)
      .where('contactFormId', '=', parsed.data.contactFormId)
      .where('deleted', '=', false)
      .executeTakeFirst();
    if (!store) throw new ProblemError('notFound', notFound);
    return { contactFormId: parsed.data.contactFormId, store };
  }
  const tokenScope = (contactFormId: string) => `booking:${contactFormId}`;
  const callUs = (store: BookingStore) =>
    `${store.name} does not take bookings online${store.phoneNumber ? `: call ${formatPhone(store.phoneNumber)} to book` : ''}.`;

  app.get(apiPaths.onlineBooking, { config: { rateLimit: { max: 60, timeWindow: '1 minute' } } }, async (request, reply): Promise<OnlineBooking> => {
    const { contactFormId, store } = await bookingStore(request);
    const now = clock.now();
    const today = storeDayAt(
      now,
      storeTimeZone(store.timeZone, () => undefined),
    ).date;
    const rows = await readSlotRows(db, { companyId: store.companyId, storeId: store.id }, span(store, today, store.onlineBookingHorizonDays));
    // With no service asked, each day says only whether it is a working day for appointments.
    const days = freeSlots(store, { ...rows, scheduledServices: [], requests: [] }, { ...askOf(store, [], 'Waiting', now), dailyCapMinutes: null })
      // After the day's last time (less the notice), today is not offered: it would be chosen first, with nothing in it.
      .filter(({ date }) => hasTimeLeft(store, rows.specialStoreHours, date, now, store.onlineBookingLeadMinutes));
    void reply.header('cache-control', 'no-store');
    return {
      store: {
        name: store.name,
        phoneNumber: store.phoneNumber ? formatPhone(store.phoneNumber) : null,
        address: oneLineAddress(store),
        texts: textingEnabled(store),
      },
      open: store.onlineAppointmentsEnabled,
      services: store.onlineAppointmentsEnabled ? await bookableServices(db, store) : [],
      days: days.map(({ date, unavailable }) => ({ date, unavailable: unavailable === 'dailyCap' ? null : unavailable })),
      formToken: issueFormToken(secret, tokenScope(contactFormId), now),
    };
  });

  app.get(apiPaths.onlineBookingTimes, { config: { rateLimit: { max: 120, timeWindow: '1 minute' } } }, async (request, reply): Promise<FreeTimes> => {
    const { store } = await bookingStore(request);
    const query = parseOrProblem(freeTimesQuerySchema, request.query, 'The question');
    const services = await chosenServices(db, store, query.services);
    const rows = await readSlotRows(db, { companyId: store.companyId, storeId: store.id }, span(store, query.date, 1));
    const ask = {
      ...askOf(store, services, query.checkOutMethod, clock.now()),
      dates: { from: query.date, to: addDays(query.date, 1) },
    };
    const day = freeSlots(store, rows, ask)[0];
    // Before today or past the days the store offers online: said so, not passed off as a closed day.
    if (!day)
      throw new ProblemError('unprocessable', `Choose a day from today to ${store.onlineBookingHorizonDays} days ahead.`, {
        errors: { date: ['Outside the days offered online'] },
      });
    void reply.header('cache-control', 'no-store');
    if (day.unavailable === null && dayFull(store, await openRequests(db, store, clock.now()), query.date))
      return { date: query.date, unavailable: 'dailyCap', times: [] };
    return {
      date: query.date,
      unavailable: day.unavailable,
      times: asTimes(
        day.slots,
        storeTimeZone(store.timeZone, () => undefined),
      ),
    };
  });

  app.post(apiPaths.onlineBooking, { config: { rateLimit: { max: 5, timeWindow: '10 minutes' } } }, async (request, reply) => {
    const { contactFormId, store } = await bookingStore(request);
    const asked = parseOrProblem(bookingRequestSchema, request.body, 'The request');
    const now = clock.now();
    const tokenProblem = formTokenProblem(secret, asked.formToken, tokenScope(contactFormId), now);
    if (tokenProblem) throw new ProblemError('unprocessable', tokenProblem, { errors: { formToken: [tokenProblem] } });
    const zone = storeTimeZone(store.timeZone, () => undefined);
    const receipt = (startDate: string): BookingReceipt => {
      const wall = instantToWallClock(startDate, zone);
      return { received: true, startDate, date: wall.slice(0, 10), time: wall.slice(11, 16) };
    };
    // A bot filled the field people never see: it is told what a person is told, and nothing is kept.
    if (asked.website) return reply.code(201).send(receipt(asked.startDate));
    if (!store.onlineAppointmentsEnabled) throw new ProblemError('conflict', callUs(store));
    refuseProblems(bookingRequestProblems(asked, textingEnabled(store)), 'The request');
    const phoneNumber = e164(asked.phoneNumber)!;
    const services = await chosenServices(db, store, asked.storeServiceIds);
    const stored = await writes
      .background({ user: sender, companyId: store.companyId, storeId: store.id }, async (w) => {
        // One store's requests one at a time: the time is checked free and held in the same breath.
        await w.lockOn('online-booking', store.id);
        const unconfirmedVisitId = nameBasedUuid(`online-booking:${asked.formToken}`);
        const before = await w.read(unconfirmedVisits, { unconfirmedVisitId });
        if (before) return { created: false, startDate: before.requestedStartDate };
        const recent = await w.trx
          .selectFrom('unconfirmedVisits')
          .select(sql<number>`count(*)::int`.as('count'))
          .where('storeId', '=', store.id)
          .where('phoneNumber', '=', phoneNumber)
          .where('submittedOn', '>=', new Date(now.getTime() - dayMs).toISOString())
          .where('declinedOn', 'is', null)
          .where('deleted', '=', false)
          .executeTakeFirstOrThrow();
        if (recent.count >= requestsPerPhoneADay) {
          throw new ProblemError(
            'tooManyRequests',
            `This phone number asked for ${requestsPerPhoneADay} appointments today already; the store will be in touch.${store.phoneNumber ? ` To change one, call ${formatPhone(store.phoneNumber)}.` : ''}`,
          );
        }
        const open = await openRequests(w.trx, store, now);
        if (store.onlineBookingOpenRequests !== null && open.total >= store.onlineBookingOpenRequests) throw new ProblemError('conflict', requestsFull(store));
        const day = storeDayAt(new Date(asked.startDate), zone).date;
        const rows = await readSlotRows(w.trx, { companyId: store.companyId, storeId: store.id }, span(store, day, 1));
        const ask = askOf(store, services, asked.checkOutMethod, now);
        const slot = freeSlotAt(store, rows, ask, asked.startDate);
        if (!slot || dayFull(store, open, day)) {
          const words = slot
            ? dayFullWords
            : slotRefusalWords(slotRefusal(store, rows, ask, asked.startDate) ?? 'taken', {
                leadMinutes: store.onlineBookingLeadMinutes,
                horizonDays: store.onlineBookingHorizonDays,
              });
          // The nearest free times of the days offered: a past time or a closed day has none around it.
          const today = storeDayAt(now, zone).date;
          const horizon = await readSlotRows(w.trx, { companyId: store.companyId, storeId: store.id }, span(store, today, store.onlineBookingHorizonDays));
          const offered = freeSlots(store, horizon, ask).filter((d) => !dayFull(store, open, d.date));
          throw new TakenTime(words, asTimes(nearestFreeSlots(offered, asked.startDate, offeredInstead), zone));
        }
        await hold(w, store, asked, phoneNumber, unconfirmedVisitId, slot.jobs, config.publicUrl);
        return { created: true, startDate: slot.startDate };
      })
      .catch((error: unknown) => {
        if (error instanceof TakenTime) return error;
        throw error;
      });
    if (stored instanceof TakenTime) {
      return reply
        .code(409)
        .type('application/problem+json')
        .send({ ...new ProblemError('conflict', stored.message).problem, nearest: stored.nearest });
    }
    if (stored.created) outbound.kick();
    return reply.code(stored.created ? 201 : 200).send(receipt(stored.startDate));
  });
}

/** The asked time is not free (taken since the page showed it, past, on a closed day…): rolled back, answered with why and the nearest free times. */
class TakenTime extends Error {
  constructor(
    words: string,
    readonly nearest: FreeTime[],
  ) {
    super(words);
  }
}

const dayFullWords = 'That day has as many online requests as the store can answer for now. Choose another day: these are the nearest free times.';
const requestsFull = (store: BookingStore) =>
  `${store.name} has as many online requests waiting as it can answer for now${store.phoneNumber ? `: call ${formatPhone(store.phoneNumber)} to book` : '. Try again tomorrow'}.`;

/** The services asked for, each one the store books online, in the order asked; refused with the reason otherwise. */
async function chosenServices(db: Db, store: BookingStore, ids: readonly string[]) {
  const bookable = new Map((await bookableServices(db, store)).map((s) => [s.storeServiceId, s]));
  const missing = ids.filter((id) => !bookable.has(id));
  if (missing.length > 0) {
    throw new ProblemError('unprocessable', 'The store no longer books that service online: choose another, or call the store.', {
      errors: { storeServiceIds: ['Choose from the services shown'] },
    });
  }
  return [...new Set(ids)].map((id) => bookable.get(id)!);
}

type Asked = z.infer<typeof bookingRequestSchema>;

/**
 * Holds the bays for the request: an unconfirmed visit with its services where the free-time rule placed them
 * (pink on every scheduler at once), and the request staff confirm or decline; the customer is told it arrived,
 * and the store's people in the app and by email.
 */
async function hold(
  w: Writer,
  store: BookingStore,
  asked: Asked,
  phoneNumber: string,
  unconfirmedVisitId: string,
  jobs: readonly { storeServiceId: string; resourceId: string; startDate: string; endDate: string; durationInMinutes: number }[],
  publicUrl: string,
): Promise<void> {
  const name = `${asked.firstName} ${asked.lastName}`;
  const visit = await w.create(scheduledVisits, {
    scheduledVisitId: nameBasedUuid(`online-booking:${asked.formToken}:visit`),
    scheduledVisitHashId: randomBytes(16).toString('base64url'),
    customerId: null,
    vehicleId: null,
    customerVehicleStatus: (checkOutMethods.values.indexOf(asked.checkOutMethod) + 1) as 1 | 2 | 3,
    description: `${name} · ${asked.vehicle} (online request)`,
    staffNotes: null,
    customerComments: asked.comments,
    keyTag: null,
    isExternal: true,
    scheduledBy: 'Online booking',
    tractionInvoiceNumber: null,
    visitAppointmentCount: 1,
    scheduledCustomerCheckIn: asked.startDate,
    pickUpTime: null,
    confirmationDate: null,
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
  w.event(scheduledVisits, visit, 'VisitChanged', [visit.scheduledVisitId]);
  for (const [i, job] of jobs.entries()) {
    const service = await w.create(scheduledServices, {
      scheduledServiceId: nameBasedUuid(`online-booking:${asked.formToken}:service:${i}`),
      scheduledVisitId: visit.scheduledVisitId,
      storeServiceId: job.storeServiceId,
      resourceId: job.resourceId,
      startDate: job.startDate,
      endDate: job.endDate,
      durationInMinutes: job.durationInMinutes,
      serviceNotes: null,
      selectedTechnician: null,
    });
    w.event(scheduledServices, service, 'EventAddedMessage', [service.scheduledServiceId]);
  }
  const request: UnconfirmedVisit = {
    unconfirmedVisitId,
    firstName: asked.firstName,
    lastName: asked.lastName,
    email: asked.email,
    phoneNumber,
    preferredContactMethod: asked.preferredContactMethod,
    vehicleDescription: asked.vehicle,
    storeServiceId: jobs[0]!.storeServiceId,
    requestedStartDate: asked.startDate,
    customerComments: asked.comments,
    submittedOn: w.now.toISOString(),
    confirmedVisitId: null,
    declinedOn: null,
    declineReason: null,
    textConsent: asked.textConsent,
    scheduledVisitId: visit.scheduledVisitId,
  };
  const row = await w.create(unconfirmedVisits, request);
  w.event(unconfirmedVisits, row, 'VisitChanged', [unconfirmedVisitId]);

  const templates = await storeTemplates(w.trx, store.companyId, store.id);
  const values = templateValues({ store, name, appointmentAt: asked.startDate });
  // Nobody has verified the requester's number or address yet: the store's message to it carries none of their own
  // words (issue 46 item 22: a "name" that read as a bank's warning was texted to a stranger), so it greets no name.
  const greeting = templateValues({ store, name: null, appointmentAt: asked.startDate });
  const stops = await w.trx
    .selectFrom('textStops')
    .select('phoneNumber')
    .where('storeId', '=', store.id)
    .where('phoneNumber', '=', phoneNumber)
    .where('deleted', '=', false)
    .execute();
  const route = automaticChannel(requesterContact(request), store, () => stops.length > 0);
  if (!('skipped' in route)) {
    const words = renderedTemplate('AppointmentAcknowledgement', templates, greeting)!;
    const sms = route.channel === 'sms';
    const content = sms ? words.smsText : words.emailText;
    const message: StoreMessage = {
      storeMessageId: nameBasedUuid(`online-booking:${asked.formToken}:acknowledgement`),
      customerId: null,
      visitId: visit.scheduledVisitId,
      name,
      email: sms ? null : route.to,
      phoneNumber: sms ? route.to : null,
      preferredContactMethod: sms ? 'Sms' : 'Email',
      messageDeliveryMethod: sms ? 'Sms' : 'Email',
      messageDirection: 'Outbound',
      templateType: 'AppointmentAcknowledgement',
      content,
      sentOn: w.now.toISOString(),
      customerInquiryType: null,
      storeServiceId: jobs[0]!.storeServiceId,
      isArchived: false,
      repliedToByUserId: null,
      repliedToByUserName: null,
      deliveryStatus: 'Queued',
      deliveryProblem: null,
    };
    // Outside the store's message budget: one per request, and the store's caps on waiting requests bound them.
    await queueMessage(
      w,
      message,
      { channel: route.channel, to: route.to, from: sms ? store.twilioPhoneNumber : null, subject: sms ? null : words.emailSubject, body: content },
      'none',
    );
  }

  const notice = renderedTemplate('MemberNewAppointment', templates, values)!;
  const link = `/scheduler-dayview/appointments/${visit.scheduledVisitId}`;
  await notifyStoreStaff(w, { roles: frontCounter.filter((r) => r !== 'PointSAdmin'), kind: 'appointment-request', content: escapeHtml(notice.smsText), link });
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
    `From: ${[name, formatPhone(phoneNumber), asked.email].filter(Boolean).join(', ')}`,
    `Vehicle: ${asked.vehicle}`,
    `The customer is: ${checkOutMethods.label(asked.checkOutMethod)}`,
    ...(asked.comments ? ['', asked.comments] : []),
    '',
    `Confirm or decline it in AllTrac: ${publicUrl}${link}`,
  ].join('\n');
  for (const { email } of contacts) {
    await queueStaffEmail(w, nameBasedUuid(`online-booking:${asked.formToken}:notify:${email}`), { to: email!, subject: notice.emailSubject, body: details });
  }
}
