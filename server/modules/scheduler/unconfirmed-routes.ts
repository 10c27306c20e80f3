import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import { unconfirmedVisitSchema, type UnconfirmedVisit } from '../../../src/contract/entities.ts';
import { apiPaths } from '../../../src/contract/routes.ts';
import { endAfter, snapDuration } from '../../../src/domain/durations.ts';
import { frontCounter } from '../../../src/domain/roles.ts';
import { parseODataQuery, runODataList, withDefaultOrder, type ODataResource } from '../../http/odata.ts';
import { parseOrProblem } from '../../http/problem.ts';
import { readScope, storeScope } from '../../sync/scope.ts';
import type { RowSpec, Writer } from '../../sync/write-path.ts';
import type { ModuleContext } from '../context.ts';
import { customers } from '../customers/routes.ts';
import { customerByPhone } from '../customers/customer-by-contact.ts';
import { scheduledServices, scheduledVisits } from './visit-routes.ts';

const unconfirmedVisits: RowSpec<typeof unconfirmedVisitSchema> = {
  table: 'unconfirmedVisits', schema: unconfirmedVisitSchema, scope: 'store', notFound: 'This store has no such appointment request.',
};
const columns = Object.keys(unconfirmedVisitSchema.shape) as (keyof typeof unconfirmedVisitSchema.shape)[];
const list: ODataResource = { fields: Object.fromEntries(columns.map((c) => [c, c])), schema: unconfirmedVisitSchema };
const params = z.object({ unconfirmedVisitId: z.uuid() });
/** A request names no duration when it names no service: an hour, as staff book an unknown job. */
const unknownJobMinutes = 60;

/**
 * The company's customer the request came from: the one with its email, else (no email match) the one with
 * its phone number, oldest first; else a new one made from the request.
 */
async function customerFor(w: Writer, request: UnconfirmedVisit): Promise<string> {
  const email = request.email?.toLowerCase() ?? null;
  const byEmail = email ? await w.trx.selectFrom('customers').select('customerId').where('companyId', '=', w.scope.companyId).where('deleted', '=', false)
    .where(sql`lower(email)`, '=', email).orderBy('createdOn').orderBy('customerId').executeTakeFirst() : undefined;
  const found = byEmail ?? await customerByPhone(w, request.phoneNumber);
  if (found) return found.customerId;
  const row = await w.create(customers, {
    customerId: randomUUID(), firstName: request.firstName, lastName: request.lastName, companyName: null, email: request.email,
    phoneNumber: request.phoneNumber, alternatePhoneNumber: null,
    preferredContactMethod: request.preferredContactMethod === 'Sms' ? 'Text' : request.preferredContactMethod,
    addressLine1: null, addressLine2: null, city: null, state: null, postalCode: null, notes: null,
    textConsentMethod: null, textConsentGivenOn: null, textConsentRecordedBy: null, legacyCustomerId: null, createdOn: w.now.toISOString(), mergedIntoCustomerId: null,
  }, { storeId: null });
  w.event(customers, row, 'CustomerChanged', [row.customerId]);
  return row.customerId;
}

/** The first active column that does the service for staff bookings, else the first active column. */
async function resourceFor(w: Writer, storeServiceId: string | null): Promise<string | null> {
  const base = w.trx.selectFrom('schedulerResources').select('schedulerResources.schedulerResourceId')
    .where('schedulerResources.companyId', '=', w.scope.companyId).where('schedulerResources.storeId', '=', w.scope.storeId)
    .where('schedulerResources.deleted', '=', false).where('schedulerResources.isActive', '=', true)
    .orderBy('schedulerResources.sortOrder').orderBy('schedulerResources.schedulerResourceId');
  const able = storeServiceId ? await base.innerJoin('appointmentResources', (j) => j.onRef('appointmentResources.appointmentResourceId', '=', 'schedulerResources.schedulerResourceId')
    .on('appointmentResources.storeServiceId', '=', storeServiceId).on('appointmentResources.deleted', '=', false)).executeTakeFirst() : undefined;
  return (able ?? await base.executeTakeFirst())?.schedulerResourceId ?? null;
}

/**
 * Appointment requests customers sent online (spec section 7). Confirming one books it: the customer (found
 * by email or phone, else made from the request), a confirmed visit and its service on the calendar.
 */
export async function unconfirmedVisitRoutes(app: FastifyInstance, { db, auth, writes }: ModuleContext): Promise<void> {
  app.get(apiPaths.unconfirmedVisits, async (request) => {
    const scope = await readScope(db, auth, request, 'unconfirmedVisits');
    const query = parseODataQuery(request.query as Record<string, unknown>, list);
    const base = db.selectFrom('unconfirmedVisits').select(columns)
      .where('companyId', '=', scope.companyId).where('storeId', '=', scope.storeId).where('deleted', '=', false);
    return runODataList(base, withDefaultOrder(query, 'requestedStartDate', 'asc'), list, 'unconfirmedVisitId');
  });

  /** Answers the visit the request became (the same visit when it was confirmed before). */
  app.post(apiPaths.confirmUnconfirmedVisit, async (request, reply) => {
    const scope = await storeScope(db, auth, request, frontCounter, 'the store\'s appointment requests');
    const key = parseOrProblem(params, request.params, 'The path');
    const result = await writes.run(request, scope, async (w) => {
      const asked = await w.find(unconfirmedVisits, key);
      if (asked.confirmedVisitId) {
        const visit = await w.read(scheduledVisits, { scheduledVisitId: asked.confirmedVisitId });
        if (visit) return { status: 200, body: visit };
      }
      const service = asked.storeServiceId ? await w.trx.selectFrom('storeServices').select(['storeServiceId', 'durationInMinutes'])
        .where('companyId', '=', scope.companyId).where('storeId', '=', scope.storeId).where('storeServiceId', '=', asked.storeServiceId)
        .where('deleted', '=', false).executeTakeFirst() : undefined;
      const now = w.actedAt();
      const visit = await w.create(scheduledVisits, {
        scheduledVisitId: randomUUID(), scheduledVisitHashId: randomBytes(16).toString('base64url'), customerId: await customerFor(w, asked), vehicleId: null,
        customerVehicleStatus: null, description: asked.vehicleDescription, staffNotes: null, customerComments: asked.customerComments, keyTag: null,
        isExternal: true, scheduledBy: 'Online booking', tractionInvoiceNumber: null, visitAppointmentCount: 1,
        scheduledCustomerCheckIn: asked.requestedStartDate, pickUpTime: null, confirmationDate: now, cancelDate: null, checkInDate: null,
        workStartDate: null, workCompleteDate: null, readyForPickupDate: null, checkOutDate: null,
        vehicleStatusId: null, vehicleInspectionStatus: null, inspectionReportId: null, legacyVisitId: null,
      });
      const minutes = snapDuration(service?.durationInMinutes ?? unknownJobMinutes);
      const booked = await w.create(scheduledServices, {
        scheduledServiceId: randomUUID(), scheduledVisitId: visit.scheduledVisitId, storeServiceId: service?.storeServiceId ?? null,
        resourceId: await resourceFor(w, service?.storeServiceId ?? null), startDate: asked.requestedStartDate,
        endDate: endAfter(asked.requestedStartDate, minutes), durationInMinutes: minutes, serviceNotes: null, selectedTechnician: null,
      });
      await w.update(unconfirmedVisits, key, asked, { ...unconfirmedVisitSchema.parse(asked), confirmedVisitId: visit.scheduledVisitId });
      w.event(scheduledVisits, visit, 'VisitChanged', [visit.scheduledVisitId]);
      w.event(scheduledServices, booked, 'EventAddedMessage', [booked.scheduledServiceId]);
      return { status: 200, body: visit };
    });
    return reply.code(result.status).send(result.body);
  });
}
