import type { ScheduledService, ScheduledVisit } from '../../src/contract/entities.ts';
import { wallClockIsoToInstant } from '../../src/domain/calendar/time-zone.ts';

/** Rows of a store's day, built the way the replica holds them, for the home and dashboard figures' tests. */
export const ny = 'America/New_York';
/** The instant of a wall-clock reading at the store. */
export const at = (wall: string, zone = ny) => wallClockIsoToInstant(wall, zone);
export const minutesAfter = (iso: string, minutes: number) => new Date(Date.parse(iso) + minutes * 60_000).toISOString();
export const hour = 3_600_000;

export const visit = (scheduledVisitId: string, extra: Partial<ScheduledVisit> = {}): ScheduledVisit => ({
  scheduledVisitId,
  scheduledVisitHashId: `hash-${scheduledVisitId}`,
  customerId: null,
  vehicleId: null,
  customerVehicleStatus: 1,
  description: null,
  staffNotes: null,
  customerComments: null,
  keyTag: null,
  isExternal: false,
  scheduledBy: 'Uma',
  tractionInvoiceNumber: null,
  visitAppointmentCount: 1,
  scheduledCustomerCheckIn: null,
  pickUpTime: null,
  confirmationDate: '2026-01-05T15:00:00.000Z',
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
  ...extra,
});
export const service = (
  scheduledServiceId: string,
  scheduledVisitId: string,
  startDate: string,
  minutes: number,
  extra: Partial<ScheduledService> = {},
): ScheduledService => ({
  scheduledServiceId,
  scheduledVisitId,
  storeServiceId: null,
  resourceId: null,
  startDate,
  endDate: minutesAfter(startDate, minutes),
  durationInMinutes: minutes,
  serviceNotes: null,
  selectedTechnician: null,
  ...extra,
});
