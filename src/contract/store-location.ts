import { z } from 'zod';
import { maxCents, specialStoreHoursSchema, timeOfDay } from './entities.ts';
import { appointmentsEnabledFields, isOpenFields, weekdayHoursFields } from './store-week.ts';
import { mainIanaZone } from './windows-zones.ts';

type HoursField = (typeof weekdayHoursFields)[number]['open' | 'close'];

const flags = <K extends string>(keys: readonly K[]) => Object.fromEntries(keys.map((k) => [k, z.boolean()])) as Record<K, z.ZodBoolean>;

/** The fields spec section 5 requires, non-null, to create a store location. */
export const storeLocationRequiredFields = [
  'name',
  'storeNumber',
  'latitude',
  'longitude',
  'googlePlaceId',
  'calendarInterval',
  'appointmentReminderEnabled',
  'appointmentReminderHoursBefore',
  'appointmentThankYouEnabled',
  'appointmentThankYouHoursAfter',
  'autoAdjustAppointmentTimes',
  'inspectionReportLinkEnabled',
  'onlineAppointmentsEnabled',
  'pickupAndDeliveryEnabled',
  'ratingsEnabled',
  'walkInsEnabled',
  ...isOpenFields,
  ...appointmentsEnabledFields,
] as const;

export const storeLocationFieldsSchema = z.object({
  name: z.string().trim().min(1, 'Enter the store name').max(150),
  storeNumber: z.number().int().min(1).max(999_999),
  serviceKey: z.string().max(100).nullable(),
  timeZone: z
    .string()
    .max(100)
    .refine((zone) => mainIanaZone(zone) !== undefined, 'Use a Windows time zone name, such as "Eastern Standard Time"')
    .nullable(),
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
  googlePlaceId: z.string().trim().min(1).max(300),
  calendarInterval: z
    .number()
    .int()
    .refine((n) => [5, 10, 15, 20, 30, 60].includes(n), 'Use 5, 10, 15, 20, 30 or 60 minutes'),
  appointmentReminderEnabled: z.boolean(),
  appointmentReminderHoursBefore: z.number().int().min(1).max(168),
  appointmentThankYouEnabled: z.boolean(),
  appointmentThankYouHoursAfter: z.number().int().min(1).max(168),
  autoAdjustAppointmentTimes: z.boolean(),
  inspectionReportLinkEnabled: z.boolean(),
  onlineAppointmentsEnabled: z.boolean(),
  pickupAndDeliveryEnabled: z.boolean(),
  ratingsEnabled: z.boolean(),
  /** Follow-ups to a customer's rating (not in the spec's list: docs/decisions/ratings.md): to a low score, and to a high one. */
  lowRatingFollowUpEnabled: z.boolean(),
  highRatingFollowUpEnabled: z.boolean(),
  walkInsEnabled: z.boolean(),
  /**
   * Online booking's limits (issue 30; not in the spec's list: docs/decisions/online-booking.md): the least notice, the days ahead
   * offered, the most booked minutes a day.
   */
  onlineBookingLeadMinutes: z.number().int().min(0, 'At least 0 minutes').max(10_080, 'At most a week (10,080 minutes)'),
  onlineBookingHorizonDays: z.number().int().min(1, 'At least 1 day').max(90, 'At most 90 days'),
  onlineBookingDailyCapMinutes: z.number().int().min(60, 'At least an hour').max(30_000, 'At most 500 hours').nullable(),
  /**
   * The most online requests waiting for staff (neither confirmed nor declined) for one store day, and in all (issue
   * 46: a flood of requests took a whole day's times and every counter person's attention); null: no cap.
   */
  onlineBookingOpenRequestsPerDay: z.number().int().min(1, 'At least 1 request').max(500, 'At most 500 requests').nullable(),
  onlineBookingOpenRequests: z.number().int().min(1, 'At least 1 request').max(5000, 'At most 5,000 requests').nullable(),
  twilioPhoneNumber: z
    .string()
    .regex(/^\+[1-9]\d{6,14}$/, 'Use the E.164 form, e.g. +15551234567')
    .nullable(),
  ...flags(isOpenFields),
  ...flags(appointmentsEnabledFields),
  ...(Object.fromEntries(
    weekdayHoursFields.flatMap((d) => [
      [d.open, timeOfDay],
      [d.close, timeOfDay],
    ]),
  ) as Record<HoursField, typeof timeOfDay>),
  /** Pickup and delivery (not in the spec's list: docs/decisions/settings-and-stores.md): where, at what fee, in which daily windows. */
  pickupServiceArea: z.enum(['radius', 'postalCodes']),
  pickupRadiusMiles: z.number().int().min(1, 'At least 1 mile').max(100, 'At most 100 miles').nullable(),
  pickupPostalCodes: z
    .array(
      z
        .string()
        .trim()
        .regex(/^[A-Za-z0-9][A-Za-z0-9 -]{2,9}$/, 'A ZIP or postal code, e.g. 62703'),
    )
    .max(300),
  pickupFeeInCents: z.number().int().min(0).max(maxCents).nullable(),
  pickupWindows: z.array(z.object({ start: timeOfDay, end: timeOfDay })).max(12),
  /** Where the store is and how customers call it (public pages, messages); not in the spec's list (docs/decisions/settings-and-stores.md). */
  addressLine1: z.string().trim().max(200).nullable(),
  city: z.string().trim().max(100).nullable(),
  state: z.string().trim().max(50).nullable(),
  postalCode: z.string().trim().max(20).nullable(),
  phoneNumber: z.string().trim().max(30).nullable(),
  /** Where a customer leaves a review, per platform (the ratings issue links to them); null when the store has none. */
  googleReviewUrl: z
    .url({ protocol: /^https?$/, error: 'Enter the whole address, starting with https://' })
    .max(2000)
    .nullable(),
  yelpReviewUrl: z
    .url({ protocol: /^https?$/, error: 'Enter the whole address, starting with https://' })
    .max(2000)
    .nullable(),
});

/** A new store's online booking limits: two hours' notice, two weeks ahead, no daily cap; 8 requests waiting a day, 30 in all. */
export const defaultOnlineBookingLimits = {
  onlineBookingLeadMinutes: 120,
  onlineBookingHorizonDays: 14,
  onlineBookingDailyCapMinutes: null,
  onlineBookingOpenRequestsPerDay: 8,
  onlineBookingOpenRequests: 30,
} as const;

export const storeLocationSchema = storeLocationFieldsSchema.extend({
  id: z.number().int(),
  alltracCompanyId: z.number().int(),
  /** Only the store's admins read the key itself (docs/decisions/security.md). */
  serviceKey: z.string().max(100).nullable().optional(),
  /** Whether the store has a service key (traction orders are enabled), for everyone. */
  hasServiceKey: z.boolean(),
  /** The unguessable id of the store's public contact form page (/contact-us/{contactFormId}); made by the server. */
  contactFormId: z.string(),
  specialStoreHours: z.array(specialStoreHoursSchema).optional(),
});

/** Create: every required field present; the optional ones may be left out. */
export const createStoreLocationSchema = storeLocationFieldsSchema
  .partial({
    serviceKey: true,
    lowRatingFollowUpEnabled: true,
    highRatingFollowUpEnabled: true,
    onlineBookingLeadMinutes: true,
    onlineBookingHorizonDays: true,
    onlineBookingDailyCapMinutes: true,
    onlineBookingOpenRequestsPerDay: true,
    onlineBookingOpenRequests: true,
    timeZone: true,
    twilioPhoneNumber: true,
    googleReviewUrl: true,
    yelpReviewUrl: true,
    pickupServiceArea: true,
    pickupRadiusMiles: true,
    pickupPostalCodes: true,
    pickupFeeInCents: true,
    pickupWindows: true,
    addressLine1: true,
    city: true,
    state: true,
    postalCode: true,
    phoneNumber: true,
    ...(Object.fromEntries(
      weekdayHoursFields.flatMap((d) => [
        [d.open, true],
        [d.close, true],
      ]),
    ) as Record<HoursField, true>),
  })
  .extend({ alltracCompanyId: z.number().int().optional() });

/** Update: changed fields only; a required field cannot be cleared. */
export const updateStoreLocationSchema = storeLocationFieldsSchema.partial().strict();

export type StoreLocation = z.infer<typeof storeLocationSchema>;
export type CreateStoreLocation = z.infer<typeof createStoreLocationSchema>;
export type UpdateStoreLocation = z.infer<typeof updateStoreLocationSchema>;

export const storeLocationMessages = {
  notCreateModel: "currentStoreLocation isn't a create model",
  notLoaded: "currentStoreLocation hasn't been loaded",
  missingRequiredFields: 'currentStoreLocation create model is missing required fields',
} as const;

/**
 * A store's calendar, reminders and messages follow its time zone: a store is opened with one and never loses it
 * (ours, beyond spec section 5's list: docs/decisions/settings-and-stores.md). Stores opened before the rule may have none until set.
 */
export const storeTimeZoneMessages = {
  missing: 'A store needs its time zone: its calendar, reminders and messages follow it.',
  field: "Choose the store's time zone",
} as const;

/** The required fields a create model leaves out or sets to null (spec section 5). */
export function missingRequiredStoreFields(model: Record<string, unknown>): string[] {
  return storeLocationRequiredFields.filter((field) => model[field] === undefined || model[field] === null);
}
