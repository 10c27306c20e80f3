import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { PublicWorkOrder } from '../../../src/contract/work-order.ts';
import { apiPaths } from '../../../src/contract/routes.ts';
import { formatPhone } from '../../../src/domain/people/phone.ts';
import { storeTimeZone } from '../../../src/domain/calendar/time-zone.ts';
import { eventTypes, scheduledEventStatus } from '../../../src/domain/scheduler/visit-status.ts';
import { ProblemError } from '../../http/problem.ts';
import type { ModuleContext } from '../context.ts';

const notFound = "There is no work order at this address. Check the link in the store's message, or call the store.";

/**
 * A customer's work order (spec section 2: /work-order/{visitHashId}, public), by the visit's unguessable public
 * id: the store, the vehicle, the services with their times, where the visit stands, and whether its
 * inspection report is ready. Nothing of other customers, nor staff names.
 */
export async function workOrderRoutes(app: FastifyInstance, { db }: ModuleContext): Promise<void> {
  app.get(apiPaths.publicWorkOrder, { config: { rateLimit: { max: 60, timeWindow: '1 minute' } } }, async (request, reply): Promise<PublicWorkOrder> => {
    const parsed = z.object({ scheduledVisitHashId: z.string().regex(/^[\w-]{16,64}$/) }).safeParse(request.params);
    if (!parsed.success) throw new ProblemError('notFound', notFound);
    const visit = await db
      .selectFrom('scheduledVisits')
      .innerJoin('storeLocations', 'storeLocations.id', 'scheduledVisits.storeId')
      .leftJoin('customerVehicles', 'customerVehicles.vehicleId', 'scheduledVisits.vehicleId')
      .leftJoin('inspectionReports', (join) =>
        join.onRef('inspectionReports.scheduledVisitId', '=', 'scheduledVisits.scheduledVisitId').on('inspectionReports.deleted', '=', false),
      )
      .select([
        'scheduledVisits.scheduledVisitId',
        'scheduledVisits.cancelDate',
        'scheduledVisits.confirmationDate',
        'scheduledVisits.checkInDate',
        'scheduledVisits.workStartDate',
        'scheduledVisits.workCompleteDate',
        'scheduledVisits.readyForPickupDate',
        'scheduledVisits.checkOutDate',
        'scheduledVisits.keyTag',
        'scheduledVisits.pickUpTime',
        'scheduledVisits.tractionInvoiceNumber',
        'storeLocations.name',
        'storeLocations.phoneNumber',
        'storeLocations.timeZone',
        'customerVehicles.year',
        'customerVehicles.make',
        'customerVehicles.model',
        'customerVehicles.vehicleLicensePlateState',
        'customerVehicles.vehicleLicensePlateNumber',
        'inspectionReports.inspectionReportHashId',
        'inspectionReports.completedAt as inspectionCompletedAt',
      ])
      .where('scheduledVisits.scheduledVisitHashId', '=', parsed.data.scheduledVisitHashId)
      .where('scheduledVisits.deleted', '=', false)
      .executeTakeFirst();
    if (!visit) throw new ProblemError('notFound', notFound);
    const services = await db
      .selectFrom('scheduledServices')
      .leftJoin('storeServices', 'storeServices.storeServiceId', 'scheduledServices.storeServiceId')
      .select(['storeServices.name', 'scheduledServices.startDate', 'scheduledServices.durationInMinutes'])
      .where('scheduledServices.scheduledVisitId', '=', visit.scheduledVisitId)
      .where('scheduledServices.deleted', '=', false)
      .orderBy('scheduledServices.startDate')
      .execute();
    void reply.header('cache-control', 'no-store');
    return {
      store: {
        name: visit.name,
        phoneNumber: visit.phoneNumber ? formatPhone(visit.phoneNumber) : null,
        timeZone: storeTimeZone(visit.timeZone, () => undefined),
      },
      vehicle: [visit.year, visit.make, visit.model].filter(Boolean).join(' ') || null,
      licence: [visit.vehicleLicensePlateState, visit.vehicleLicensePlateNumber].filter(Boolean).join(' ') || null,
      status: scheduledEventStatus(eventTypes.appointment, visit),
      milestones: {
        checkInDate: visit.checkInDate,
        workStartDate: visit.workStartDate,
        workCompleteDate: visit.workCompleteDate,
        readyForPickupDate: visit.readyForPickupDate,
        checkOutDate: visit.checkOutDate,
      },
      pickUpTime: visit.pickUpTime,
      services: services.map((s) => ({ name: s.name ?? 'Service', startDate: s.startDate, durationInMinutes: s.durationInMinutes })),
      invoiceNumber: visit.tractionInvoiceNumber,
      inspectionReportHashId: visit.inspectionCompletedAt ? visit.inspectionReportHashId : null,
    };
  });
}
