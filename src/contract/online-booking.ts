import { z } from 'zod';
import { checkOutMethods, contactMethods } from './enums.ts';

/**
 * The store's public booking page (issue 30): a customer asks for an appointment in a time the store really has
 * free, without signing in. Not in the spec's call list: the paths and fields are ours (docs/api.md). The page
 * lives at the store's contact form id, so one link from the store's site reaches both.
 */

const serviceSchema = z.object({ storeServiceId: z.uuid(), name: z.string(), durationInMinutes: z.number().int() });

/** What the booking page shows of the store, the services it may offer, and a signed token the request sends back. */
export const onlineBookingSchema = z.object({
  store: z.object({
    name: z.string(),
    phoneNumber: z.string().nullable(),
    address: z.string().nullable(),
    /** Whether the store texts: without a texting number a customer cannot ask for texts. */
    texts: z.boolean(),
  }),
  /** False when the store takes no online bookings: the page shows its phone instead. */
  open: z.boolean(),
  /** Services customers may book online (each linked to at least one bay), by name. */
  services: z.array(serviceSchema),
  /** The store's days offered, today first: the page's day picker. */
  days: z.array(z.object({ date: z.iso.date(), unavailable: z.enum(['closed', 'appointmentsOff']).nullable() })),
  formToken: z.string(),
});
export type OnlineBooking = z.infer<typeof onlineBookingSchema>;

const serviceIds = z.array(z.uuid()).min(1, 'Choose at least one service').max(5, 'Choose at most five services');

/** The free times asked for: the chosen services, waiting or leaving the car, and one day of the store. */
export const freeTimesQuerySchema = z.object({
  services: z
    .string()
    .transform((v) => v.split(',').filter(Boolean))
    .pipe(serviceIds),
  checkOutMethod: checkOutMethods.schema,
  date: z.iso.date(),
});

/** A free time: its instant, and its date and time of day on the store's clock. */
export const freeTimeSchema = z.object({ startDate: z.iso.datetime(), date: z.iso.date(), time: z.string() });
export type FreeTime = z.infer<typeof freeTimeSchema>;

export const freeTimesSchema = z.object({
  date: z.iso.date(),
  /** Why the day offers nothing whatever is booked; null when it is a working day (its times may still be taken). */
  unavailable: z.enum(['closed', 'appointmentsOff', 'dailyCap']).nullable(),
  times: z.array(freeTimeSchema),
});
export type FreeTimes = z.infer<typeof freeTimesSchema>;

const trimmed = (max: number, tooLong: string) => z.string().trim().max(max, tooLong);
const optionalTrimmed = (max: number, tooLong: string) =>
  trimmed(max, tooLong)
    .nullable()
    .optional()
    .transform((v) => (v ? v : null));

export const bookingRequestSchema = z
  .object({
    storeServiceIds: serviceIds,
    checkOutMethod: checkOutMethods.schema,
    startDate: z.iso.datetime({ offset: true }),
    firstName: trimmed(100, 'Keep your first name under 100 characters').min(1, 'Enter your first name'),
    lastName: trimmed(100, 'Keep your last name under 100 characters').min(1, 'Enter your last name'),
    phoneNumber: trimmed(30, 'Enter a phone number like (555) 123-4567').min(1, 'Enter your phone number'),
    email: optionalTrimmed(254, 'Enter an email address like name@example.com').pipe(z.email('Enter an email address like name@example.com').nullable()),
    /** Year, make and model, or a plate: whatever the customer knows. */
    vehicle: trimmed(200, 'Keep the vehicle under 200 characters').min(1, 'Tell us the vehicle: year, make and model, or its plate'),
    preferredContactMethod: contactMethods.schema,
    comments: optionalTrimmed(2000, 'Keep your comments under 2,000 characters'),
    textConsent: z.boolean(),
    formToken: z.string().min(1).max(500),
    /** A field people never see: a bot that fills every field fills it, and its request is dropped. */
    website: z.string().max(500).optional(),
  })
  .strict();
export type BookingRequest = z.input<typeof bookingRequestSchema>;

/** The answer to a request: the time asked for, on the store's clock. */
export const bookingReceiptSchema = z.object({ received: z.literal(true), startDate: z.string(), time: z.string(), date: z.iso.date() });
export type BookingReceipt = z.infer<typeof bookingReceiptSchema>;

/** The problem's extra field when the time was taken meanwhile: the nearest free times to offer instead. */
export const takenTimeMessage = 'Someone just booked that time. Choose another: these are the nearest free ones.';
