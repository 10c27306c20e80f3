import type { CreateStoreLocation } from '../../src/contract/store-location.ts';

/** A complete, valid create model for a store location. */
export function newStoreModel(overrides: Partial<CreateStoreLocation> = {}): Record<string, unknown> {
  const week = (value: boolean) => ({
    isOpenMondays: value,
    isOpenTuesdays: value,
    isOpenWednesdays: value,
    isOpenThursdays: value,
    isOpenFridays: value,
    isOpenSaturdays: value,
    isOpenSundays: false,
    mondayAppointmentsEnabled: value,
    tuesdayAppointmentsEnabled: value,
    wednesdayAppointmentsEnabled: value,
    thursdayAppointmentsEnabled: value,
    fridayAppointmentsEnabled: value,
    saturdayAppointmentsEnabled: value,
    sundayAppointmentsEnabled: false,
  });
  return {
    name: 'Demo Tire & Auto Hillcrest',
    storeNumber: 104,
    timeZone: 'Mountain Standard Time',
    latitude: 39.7392,
    longitude: -104.9903,
    googlePlaceId: 'ChIJzxcfI6qAa4cR1jaKJ_j0jhE',
    calendarInterval: 15,
    appointmentReminderEnabled: true,
    appointmentReminderHoursBefore: 24,
    appointmentThankYouEnabled: false,
    appointmentThankYouHoursAfter: 2,
    autoAdjustAppointmentTimes: false,
    inspectionReportLinkEnabled: true,
    onlineAppointmentsEnabled: true,
    pickupAndDeliveryEnabled: false,
    ratingsEnabled: true,
    walkInsEnabled: true,
    ...week(true),
    ...overrides,
  };
}
