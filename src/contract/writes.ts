/**
 * What a client may send to change replicated rows: create models (the client makes the id, so a row
 * created offline has its key before the server sees it) and the fields a JSON patch may touch.
 * The server adds what only it may decide (created time stamps, replied-by, versions).
 */
import { z } from 'zod';
import type { ratingSchema } from './entities.ts';
import { emailAddress } from './email-address-field.ts';
import { devicePublicId } from './public-id.ts';
import { messageTemplateTypes, roles } from './enums.ts';
import { inspectionItemSchema, inspectionPhotoSchema, inspectionReportSchema } from './entities.ts';
import { retailStoreSettingsSchema, tirePurchaseAddOnSchema } from './entities.ts';
import type { storeTireServiceSchema, storeTireWarrantySchema } from './entities.ts';
import {
  blockedTimeSchema,
  customerSchema,
  customerVehicleSchema,
  inspectionTemplateSchema,
  messageTemplateSchema,
  recurringBlockedTimeSchema,
  scheduledServiceSchema,
  scheduledVisitSchema,
  schedulerResourceSchema,
  specialStoreHoursSchema,
  storeServiceSchema,
  supportRequestSchema,
} from './entities.ts';

/**
 * Fields added after devices could first queue a create default to none, so a change queued by an older app
 * (still waiting in an outbox) is taken as it was made.
 */
const addedLater = <S extends z.ZodType>(schema: S) => schema.optional().default(null as never) as unknown as z.ZodDefault<S>;

export const createCustomerSchema = customerSchema
  .omit({ createdOn: true, legacyCustomerId: true, mergedIntoCustomerId: true })
  .extend({
    alternatePhoneNumber: addedLater(customerSchema.shape.alternatePhoneNumber),
    addressLine2: addedLater(customerSchema.shape.addressLine2),
    textConsentMethod: addedLater(customerSchema.shape.textConsentMethod),
    textConsentGivenOn: addedLater(customerSchema.shape.textConsentGivenOn),
    textConsentRecordedBy: addedLater(customerSchema.shape.textConsentRecordedBy),
  })
  .strict();
/** What a caller sends (fields added later may be left out); the parsed model has them all. */
export type CreateCustomer = z.input<typeof createCustomerSchema>;
export const customerPatchableFields = Object.keys(createCustomerSchema.shape).filter((f) => f !== 'customerId');

export const createVehicleSchema = customerVehicleSchema
  .omit({ vehicleHashId: true, legacyVehicleId: true, customerId: true })
  .extend({
    tireSize: addedLater(customerVehicleSchema.shape.tireSize),
  })
  .strict();
export type CreateVehicle = z.input<typeof createVehicleSchema>;
export const vehiclePatchableFields = Object.keys(createVehicleSchema.shape).filter((f) => f !== 'vehicleId');

export const ratingPatchableFields = ['isRead'] satisfies (keyof z.infer<typeof ratingSchema>)[];

/** A message to support: the server adds who sent it, from which store, and when. */
export const createSupportRequestSchema = supportRequestSchema.omit({ identityId: true, dateSubmitted: true }).strict();
export type CreateSupportRequest = z.infer<typeof createSupportRequestSchema>;

/** Merging a customer into another: the one that goes; its vehicles, visits, messages and ratings move. */
/** Declining an appointment request: why, in words the customer is sent (docs/decisions/scheduler.md, "Appointment requests"). */
export const declineRequestSchema = z
  .object({
    reason: z.string().trim().min(1, 'Say why, in words the customer will read').max(500, 'Keep the reason under 500 characters'),
  })
  .strict();
export type DeclineRequest = z.infer<typeof declineRequestSchema>;

export const mergeCustomerSchema = z.object({ mergedCustomerId: z.uuid('Name the customer to merge by its id') }).strict();
export type MergeCustomer = z.infer<typeof mergeCustomerSchema>;

/** Two customers who are not the same person. */
export const notDuplicateSchema = z
  .object({
    customerId: z.uuid('Name the first customer by its id'),
    otherCustomerId: z.uuid('Name the other customer by its id'),
  })
  .strict()
  .refine((pair) => pair.customerId !== pair.otherCustomerId, { message: 'A customer is always the same as itself', path: ['otherCustomerId'] });
export type NotDuplicate = z.infer<typeof notDuplicateSchema>;

/**
 * A new store service. The device makes its id and its hashed id (the id the wire uses for it: a service
 * created offline can be changed before the server has seen it); the traction code is set on its own call.
 */
export const createStoreServiceSchema = storeServiceSchema
  .omit({ tractionServiceCode: true })
  .extend({
    storeServiceHashId: devicePublicId,
  })
  .strict();
export type CreateStoreService = z.input<typeof createStoreServiceSchema>;
export const storeServicePatchableFields = Object.keys(createStoreServiceSchema.shape).filter((f) => f !== 'storeServiceId' && f !== 'storeServiceHashId');
export const tractionServiceCodeSchema = z.object({ tractionServiceCode: storeServiceSchema.shape.tractionServiceCode }).strict();

/** A special day of a store (a holiday, a short day, a closure); the store is the one in the path. */
export const createSpecialStoreHoursSchema = specialStoreHoursSchema.omit({ storeLocationId: true }).strict();
export type CreateSpecialStoreHours = z.infer<typeof createSpecialStoreHoursSchema>;
/** Changed fields only, as a store location's own changes are sent. */
export const updateSpecialStoreHoursSchema = createSpecialStoreHoursSchema.omit({ specialStoreHoursId: true }).partial().strict();
export type UpdateSpecialStoreHours = z.infer<typeof updateSpecialStoreHoursSchema>;

/** A new scheduler resource (a column of the scheduler: a technician or a bay); the device makes its id. */
export const createSchedulerResourceSchema = schedulerResourceSchema.strict();
export type CreateSchedulerResource = z.infer<typeof createSchedulerResourceSchema>;
export const schedulerResourcePatchableFields = ['name', 'assignedTechnicianId', 'sortOrder', 'isActive'];

/** An invitation to the active store: an account (or a new role for an existing one of the company). */
export const inviteStaffSchema = z
  .object({
    email: emailAddress("Enter the person's email address").transform((e) => e.toLowerCase()),
    name: z.string().trim().min(1, "Enter the person's name").max(200),
    role: roles.schema,
  })
  .strict();
export type InviteStaff = z.input<typeof inviteStaffSchema>;
/** A person's role at the active store (each person holds one role per store here). */
export const staffRoleSchema = z.object({ role: roles.schema }).strict();
/** The answer to an invitation: the link to pass on when the account has no password yet (null otherwise). */
export const inviteAnswerSchema = z.object({ userId: z.uuid(), setPasswordUrl: z.string().nullable(), emailed: z.boolean() });
export type InviteAnswer = z.infer<typeof inviteAnswerSchema>;

/** The whole inspection template of the active store, as the admin arranged it. */
export const messageTemplateWriteSchema = messageTemplateSchema.omit({ templateType: true }).strict();
export type MessageTemplateWrite = z.infer<typeof messageTemplateWriteSchema>;
export const inspectionTemplateWriteSchema = inspectionTemplateSchema.omit({ storeId: true }).strict();

/**
 * A new visit booked by staff (the spec lists no create call: docs/api.md). The device makes its id, the server
 * its public id; the server decides when it was confirmed (now: staff booked it), who booked it, and for a walk-in
 * (`walkIn`), that it was checked in now.
 */
export const createScheduledVisitSchema = scheduledVisitSchema
  .pick({
    scheduledVisitId: true,
    customerId: true,
    vehicleId: true,
    customerVehicleStatus: true,
    description: true,
    staffNotes: true,
    customerComments: true,
    keyTag: true,
    visitAppointmentCount: true,
    scheduledCustomerCheckIn: true,
    pickUpTime: true,
  })
  .extend({
    /**
     * Sent by devices of before issue 46, and ignored: the server makes a visit's public id (a device-made one could
     * be guessable, and it opens the visit's work order to anyone).
     */
    scheduledVisitHashId: z.string().max(64).optional(),
    walkIn: z.boolean().default(false),
    /** Booking a quoted install: the quote, one of the visit's customer's (absent from devices of before it). */
    tireQuoteId: z.uuid().nullable().default(null),
  })
  .strict();
export type CreateScheduledVisit = z.input<typeof createScheduledVisitSchema>;
/** What staff change on a visit; the milestones move by their own calls (check-in) or, for cancel, by setting cancelDate. */
export const scheduledVisitPatchableFields = [
  'customerId',
  'vehicleId',
  'customerVehicleStatus',
  'description',
  'staffNotes',
  'customerComments',
  'keyTag',
  'visitAppointmentCount',
  'scheduledCustomerCheckIn',
  'pickUpTime',
  'cancelDate',
];

/** A service of a visit on the calendar; the visit is the one in the path. The end follows start and duration. */
export const createScheduledServiceSchema = scheduledServiceSchema.omit({ scheduledVisitId: true }).strict();
export type CreateScheduledService = z.infer<typeof createScheduledServiceSchema>;
export const scheduledServicePatchableFields = [
  'storeServiceId',
  'resourceId',
  'startDate',
  'endDate',
  'durationInMinutes',
  'serviceNotes',
  'selectedTechnician',
];

/** A one-off blocked time (the spec lists no calls for them: docs/api.md). */
export const createBlockedTimeSchema = blockedTimeSchema.strict();
export type CreateBlockedTime = z.infer<typeof createBlockedTimeSchema>;
export const blockedTimePatchableFields = ['resourceId', 'startDate', 'endDate', 'durationInMinutes', 'description'];

/** A weekly blocked time (spec section 3); after it is made only its final date and description change. */
export const createRecurringBlockedTimeSchema = recurringBlockedTimeSchema.strict();
export type CreateRecurringBlockedTime = z.infer<typeof createRecurringBlockedTimeSchema>;
export const recurringBlockedTimePatchableFields = ['recurrenceEndDate', 'description'];

/**
 * A message to a customer (spec section 3, outgoing message create payload). Ours besides: the device may
 * name the new message's id (`storeMessageId`, so a reply written offline is in its thread at once), and
 * the incoming message it answers (`replyToStoreMessageId`, marked replied in the same write).
 */
const outgoingBase = z.object({
  storeMessageId: z.uuid().optional(),
  customerId: z.uuid().nullable(),
  templateType: messageTemplateTypes.schema,
  content: z.string().max(10_000),
  visitId: z.uuid().nullable(),
  name: z.string().max(200).nullable(),
  replyToStoreMessageId: z.uuid().nullable().optional(),
});
export const sendSmsSchema = outgoingBase.extend({ destinationPhoneNumber: z.string().max(30).nullable() }).strict();
export const sendEmailSchema = outgoingBase.extend({ destinationEmailAddress: z.string().max(254).nullable() }).strict();
export type SendSms = z.input<typeof sendSmsSchema>;
export type SendEmail = z.input<typeof sendEmailSchema>;

/**
 * Starting an inspection: the device copies the store's template into it. Its id is its visit's (one report per
 * visit: two devices starting one at once make the same report); its public id is made by the server.
 */
export const createInspectionReportSchema = inspectionReportSchema
  .omit({ inspectionReportHashId: true, completedAt: true, sentAt: true, approvedByName: true, approvedAt: true, decisionLog: true })
  .strict()
  .refine((r) => r.inspectionReportId === r.scheduledVisitId, {
    message: "An inspection report has its visit's id: one report per visit",
    path: ['inspectionReportId'],
  });
export type CreateInspectionReport = z.input<typeof createInspectionReportSchema>;
/** Completing (or reopening) a report, and who inspects. */
export const inspectionReportPatchableFields = ['completedAt', 'technicianId'] satisfies (keyof z.infer<typeof inspectionReportSchema>)[];
/** An item's result, whole: its status, notes and measurement (the customer's answer is theirs to give). */
export const saveInspectionItemSchema = inspectionItemSchema.pick({ status: true, notes: true, measurement: true }).strict();
export type SaveInspectionItem = z.infer<typeof saveInspectionItemSchema>;
/** A photo of an item: the device makes its id; its bytes follow on their own. */
export const createInspectionPhotoSchema = inspectionPhotoSchema.omit({ uploadedAt: true }).strict();
export type CreateInspectionPhoto = z.infer<typeof createInspectionPhotoSchema>;

/**
 * The active store's retail settings, made once (a second create is a 409: change them with a patch). Fields
 * left out take the values a new store starts with.
 */
export const createRetailStoreSettingsSchema = retailStoreSettingsSchema
  .extend({
    websiteUrl: retailStoreSettingsSchema.shape.websiteUrl.default(null),
    showPrices: retailStoreSettingsSchema.shape.showPrices.default(false),
    retailPriceCatalogId: retailStoreSettingsSchema.shape.retailPriceCatalogId.default(null),
    // No sales tax, quotes good for 30 days: what a store without settings quotes with (defaultQuoteTerms).
    salesTaxRateInMillionths: retailStoreSettingsSchema.shape.salesTaxRateInMillionths.default(0),
    quoteValidForDays: retailStoreSettingsSchema.shape.quoteValidForDays.default(30),
  })
  .strict();
export type CreateRetailStoreSettings = z.input<typeof createRetailStoreSettingsSchema>;
export const retailStoreSettingsPatchableFields = [
  'websiteUrl',
  'showPrices',
  'retailPriceCatalogId',
  'salesTaxRateInMillionths',
  'quoteValidForDays',
] satisfies (keyof z.infer<typeof retailStoreSettingsSchema>)[];

/** A new tire purchase add-on of the active store; the device makes its id. Taxable and charged per tire unless it says. */
export const createTirePurchaseAddOnSchema = tirePurchaseAddOnSchema
  .extend({
    isTaxable: tirePurchaseAddOnSchema.shape.isTaxable.default(true),
    chargedPer: tirePurchaseAddOnSchema.shape.chargedPer.default('PerTire'),
  })
  .strict();
export type CreateTirePurchaseAddOn = z.input<typeof createTirePurchaseAddOnSchema>;
export const tirePurchaseAddOnPatchableFields = ['category', 'name', 'priceInCents', 'isTaxable', 'chargedPer'] satisfies (keyof z.infer<
  typeof tirePurchaseAddOnSchema
>)[];

/** A store tire service (TireStudding) or warranty is switched on or off and priced; its type never changes. */
export const storeTireServicePatchableFields = ['isEnabled', 'priceInCents'] satisfies (keyof z.infer<typeof storeTireServiceSchema>)[];
export const storeTireWarrantyPatchableFields = ['isEnabled', 'priceInCents'] satisfies (keyof z.infer<typeof storeTireWarrantySchema>)[];
