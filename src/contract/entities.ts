/**
 * Every replicated entity of spec section 3, one zod schema each, named by the spec's fields.
 * The server's tables have exactly these columns (snake_case) plus the sync columns; a test checks it.
 */
import { z } from 'zod';
import {
  customerContactMethods,
  contactMethods,
  deliveryStatuses,
  inquiryTypes,
  inspectionItemStatuses,
  messageDeliveryMethods,
  messageDirections,
  textConsentMethods,
  messageTemplateTypes,
  roles,
  severityLevels,
  storeTireServiceTypes,
  storeTireWarrantyTypes,
  tireCategories,
  tirePurchaseAddOnCategories,
  tirePurchaseAddOnCharges,
  userNotificationKinds,
  vehicleColors,
  webTireCategories,
} from './enums.ts';
import { emailAddress } from './email-address-field.ts';
import type { InspectionFix } from './inspection-fix.ts';
import { timeOfDayMessage, timeOfDayPattern } from './store-week.ts';
import { tireLoadRanges } from './tire-catalogue.ts';

const id = z.uuid();
const timestamp = z.iso.datetime({ offset: true });
const date = z.iso.date();
/** A time of day on the 24-hour clock (store hours, weekly blocks, pickup windows). */
export const timeOfDay = z.string().regex(timeOfDayPattern, timeOfDayMessage);
const text = (max: number) => z.string().max(max);
const optionalText = (max: number) => text(max).nullable();
/** The most an amount may be ($999,999.99): the database's integer columns hold it with room to spare. */
export const maxCents = 99_999_999;
const cents = z.number().int().min(0).max(maxCents, 'Enter an amount under $1,000,000');
/** A year: no duration the product keeps is longer, and the integer columns hold it. */
const minutes = z.number().int().min(0).max(525_600, 'Keep a duration under a year');

/** Text of at most `max` characters, with a message that names the field. */
const namedText = (label: string, max: number) => z.string().max(max, `Keep the ${label} under ${max} characters`).nullable();

export const customerSchema = z.object({
  customerId: id,
  firstName: namedText('first name', 100),
  lastName: namedText('last name', 100),
  companyName: namedText('company name', 200),
  email: emailAddress().nullable(),
  phoneNumber: namedText('phone number', 30),
  alternatePhoneNumber: namedText('other phone number', 30),
  preferredContactMethod: customerContactMethods.schema,
  addressLine1: namedText('address', 200),
  addressLine2: namedText('second address line', 200),
  city: namedText('city', 100),
  state: namedText('state', 50),
  postalCode: namedText('postal code', 20),
  notes: namedText('notes', 4000),
  /** Texting consent (TCPA): how the customer agreed to texts, when, and who recorded it; null: not given. */
  textConsentMethod: textConsentMethods.schema.nullable(),
  textConsentGivenOn: timestamp.nullable(),
  textConsentRecordedBy: namedText('name of who recorded the consent', 200),
  legacyCustomerId: z.number().int().nullable(),
  createdOn: timestamp,
  /** Set when this customer was merged into another (the row is then a tombstone). */
  mergedIntoCustomerId: id.nullable(),
});

/** Two customers a person said are not the same, so they are never offered as possible duplicates again. */
export const customerDuplicateDismissalSchema = z.object({
  customerId: id,
  otherCustomerId: id,
  dismissedOn: timestamp,
});

export const customerVehicleSchema = z.object({
  vehicleId: id,
  vehicleHashId: text(64),
  customerId: id,
  year: z.number().int().min(1900, 'Enter a year from 1900 on').max(2100, 'Enter a year before 2100').nullable(),
  make: optionalText(60),
  model: optionalText(60),
  trim: optionalText(60),
  vin: z.string().max(17, 'A VIN has 17 characters').nullable(),
  vehicleLicensePlateState: optionalText(10),
  vehicleLicensePlateNumber: optionalText(20),
  color: vehicleColors.schema,
  mileage: z.number().int().min(0, 'Mileage cannot be negative').max(2_000_000, 'Check the mileage: it is more than 2,000,000').nullable(),
  /** The tire size on the vehicle, as on the sidewall (225/65R17, LT265/70R17). */
  /** As the counter's parser writes it (LT245/75R16/E 120/116S): src/domain/tires/tire-size.ts. */
  tireSize: optionalText(30),
  legacyVehicleId: z.number().int().nullable(),
});

export const schedulerResourceSchema = z.object({
  schedulerResourceId: id,
  name: text(100),
  assignedTechnicianId: id.nullable(),
  sortOrder: z.number().int().min(0).max(10_000),
  isActive: z.boolean(),
});

/** A scheduler resource able to perform a store service (staff scheduling). */
export const appointmentResourceSchema = z.object({
  appointmentResourceId: id,
  storeServiceId: id,
});

/** A service customers may book online on a scheduler resource (retail scheduling). */
export const schedulerResourceServiceSchema = z.object({
  schedulerResourceId: id,
  storeServiceId: id,
});

export const storeServiceCategorySchema = z.object({
  storeServiceCategoryId: id,
  name: text(100),
  sortOrder: z.number().int().min(0).max(10_000),
});

export const storeServiceSchema = z.object({
  storeServiceId: id,
  storeServiceHashId: text(64),
  storeServiceCategoryId: id.nullable(),
  name: text(150),
  description: optionalText(2000),
  durationInMinutes: minutes,
  priceInCents: cents.nullable(),
  tractionServiceCode: optionalText(50),
  isActive: z.boolean(),
  onlineBookingEnabled: z.boolean(),
});

export const scheduledVisitSchema = z.object({
  scheduledVisitId: id,
  scheduledVisitHashId: text(64),
  customerId: id.nullable(),
  vehicleId: id.nullable(),
  customerVehicleStatus: z.union([z.literal(1), z.literal(2), z.literal(3)]).nullable(),
  description: optionalText(2000),
  staffNotes: optionalText(4000),
  customerComments: optionalText(4000),
  keyTag: optionalText(20),
  isExternal: z.boolean(),
  scheduledBy: optionalText(200),
  tractionInvoiceNumber: optionalText(50),
  visitAppointmentCount: z.number().int().min(0).nullable(),
  scheduledCustomerCheckIn: timestamp.nullable(),
  pickUpTime: timestamp.nullable(),
  confirmationDate: timestamp.nullable(),
  cancelDate: timestamp.nullable(),
  checkInDate: timestamp.nullable(),
  workStartDate: timestamp.nullable(),
  workCompleteDate: timestamp.nullable(),
  readyForPickupDate: timestamp.nullable(),
  checkOutDate: timestamp.nullable(),
  vehicleStatusId: z.number().int().nullable(),
  vehicleInspectionStatus: optionalText(30),
  inspectionReportId: id.nullable(),
  legacyVisitId: z.number().int().nullable(),
  /** The tire quote the counter booked this visit from (the install of a quoted option), or null. */
  tireQuoteId: id.nullable(),
});

export const scheduledServiceSchema = z.object({
  scheduledServiceId: id,
  scheduledVisitId: id,
  storeServiceId: id.nullable(),
  resourceId: id.nullable(),
  startDate: timestamp,
  endDate: timestamp,
  durationInMinutes: minutes,
  serviceNotes: optionalText(4000),
  selectedTechnician: id.nullable(),
});

export const unconfirmedVisitSchema = z.object({
  unconfirmedVisitId: id,
  firstName: optionalText(100),
  lastName: optionalText(100),
  email: emailAddress().nullable(),
  phoneNumber: optionalText(30),
  preferredContactMethod: contactMethods.schema,
  vehicleDescription: optionalText(200),
  storeServiceId: id.nullable(),
  requestedStartDate: timestamp,
  customerComments: optionalText(4000),
  submittedOn: timestamp,
  confirmedVisitId: id.nullable(),
  /** A request the store cannot take: when staff declined it and why, in words the customer was sent. */
  declinedOn: timestamp.nullable(),
  declineReason: optionalText(500),
  /** The requester agreed on the booking page to texts about this appointment. */
  textConsent: z.boolean(),
  /** The unconfirmed visit holding the bays for the asked time (made with a booking-page request; null before). */
  scheduledVisitId: id.nullable(),
});

export const blockedTimeSchema = z.object({
  blockedTimeId: id,
  resourceId: id.nullable(),
  startDate: timestamp,
  endDate: timestamp,
  durationInMinutes: minutes,
  description: optionalText(500),
});

export const recurringBlockedTimeSchema = z.object({
  recurringBlockedTimeId: id,
  resourceId: id.nullable(),
  startDate: date,
  timeOfDay,
  durationInMinutes: minutes,
  description: optionalText(500),
  recurrenceEndDate: date.nullable(),
});

export const storeMessageSchema = z.object({
  storeMessageId: id,
  customerId: id.nullable(),
  visitId: id.nullable(),
  name: optionalText(200),
  email: emailAddress().nullable(),
  phoneNumber: optionalText(30),
  preferredContactMethod: contactMethods.schema,
  messageDeliveryMethod: messageDeliveryMethods.schema,
  messageDirection: messageDirections.schema,
  templateType: messageTemplateTypes.schema,
  content: text(10_000),
  sentOn: timestamp,
  customerInquiryType: inquiryTypes.schema.nullable(),
  storeServiceId: id.nullable(),
  isArchived: z.boolean(),
  repliedToByUserId: id.nullable(),
  repliedToByUserName: optionalText(200),
  /** An outbound message's journey to the customer (null for inbound ones); a failure keeps the provider's reason. */
  deliveryStatus: deliveryStatuses.schema.nullable(),
  deliveryProblem: optionalText(500),
});

/** What a customer said of a visit before they changed their rating. */
export const earlierRatingSchema = z.object({ score: z.number().min(0).max(5), comment: optionalText(4000), ratedAt: timestamp.nullable() });
export type EarlierRating = z.infer<typeof earlierRatingSchema>;

export const ratingSchema = z.object({
  ratingId: id,
  customerId: id.nullable(),
  visitId: id.nullable(),
  score: z.number().min(0).max(5),
  comment: optionalText(4000),
  visitDate: timestamp,
  isRead: z.boolean(),
  /** The customer's earlier ratings of the visit, oldest first (a changed rating keeps its history for staff). */
  previousRatings: z.array(earlierRatingSchema).max(50),
});

export const userNotificationSchema = z.object({
  userNotificationId: id,
  identityId: id,
  content: text(10_000),
  link: optionalText(2000),
  kind: userNotificationKinds.schema,
  dateAdded: timestamp,
  dateMarkedRead: timestamp.nullable(),
});

/**
 * Whether a user wants notifications of one kind shown in the app (bell, unread count). No row: the default,
 * shown. Not in the spec: docs/decisions/shell-and-pwa.md.
 */
export const notificationPreferenceSchema = z.object({
  identityId: id,
  kind: userNotificationKinds.schema,
  inApp: z.boolean(),
});

/**
 * A message from a user to platform support (Help & Support), with the store it was sent from. Not in the
 * spec: docs/decisions/shell-and-pwa.md.
 */
export const supportRequestSchema = z.object({
  supportRequestId: id,
  identityId: id,
  subject: z.string().trim().min(1, 'Enter a subject').max(200, 'Keep the subject under 200 characters'),
  message: z.string().trim().min(1, 'Describe what you need').max(5000, 'Keep the message under 5000 characters'),
  callbackPhone: z
    .string()
    .trim()
    .max(30, 'Keep the phone number under 30 characters')
    .regex(/^[\d\s()+.-]*$/, 'Use digits, spaces and + ( ) - . only')
    .nullable(),
  dateSubmitted: timestamp,
});

/** A support request as support lists it: who sent it, from which company and store. */
export const supportRequestListItemSchema = supportRequestSchema.extend({
  storeId: z.number().int().nullable(),
  senderName: z.string(),
  senderEmail: z.string(),
  companyName: z.string(),
  storeName: z.string().nullable(),
  storeNumber: z.number().int().nullable(),
});

export const systemNotificationSchema = z.object({
  systemNotificationId: id,
  content: text(10_000),
  dateStarted: timestamp,
  dateEnded: timestamp,
  severityLevel: severityLevels.schema,
  application: text(50),
  /** The stores it is shown at (issue 27); null: every store. */
  storeIds: z.array(z.number().int().positive()).max(1000).nullable(),
});

export const retailStoreSettingsSchema = z.object({
  websiteUrl: z
    .url({ protocol: /^https?$/, error: 'Enter the whole address, starting with https://' })
    .max(2000)
    .nullable(),
  showPrices: z.boolean(),
  retailPriceCatalogId: id.nullable(),
  /** The store's sales tax on taxable quote lines, in millionths (8.875% is 88750): see tire-pricing.ts. */
  salesTaxRateInMillionths: z
    .number()
    .int('Enter the rate in millionths, e.g. 88750 for 8.875%')
    .min(0, 'Enter a sales tax rate of 0% or more')
    .max(250_000, 'Enter a sales tax rate of 25% or less'),
  /** How long the store holds a tire quote's prices, in days from its date. */
  quoteValidForDays: z
    .number()
    .int('A quote is good for a whole number of days')
    .min(1, 'A quote is good for 1 to 365 days')
    .max(365, 'A quote is good for 1 to 365 days'),
});

export const retailPriceCatalogSchema = z.object({
  retailPriceCatalogId: id,
  name: text(150),
  description: optionalText(2000),
  isSubscribable: z.boolean(),
  /**
   * How a store's tire price follows the catalogue (ours, issue 26): the tire's cost plus this markup, in basis
   * points of the cost (3500: cost plus 35%); null: the tire's list price. A fixed price of a tire in the
   * catalogue (retailPriceCatalogPrices) comes first; src/domain/tires/retail-tire-price.ts is the rule.
   */
  marginInBasisPoints: z
    .number()
    .int('Enter the margin as a whole number of basis points (3500 for 35%)')
    .min(0, 'Enter a margin of 0% or more')
    .max(50_000, 'Enter a margin of 500% or less')
    .nullable(),
  /** A price made from the margin is rounded up to end in these cents (99: $123.99); null: to the cent. */
  priceEndingInCents: z
    .number()
    .int('Enter the ending as whole cents, 0 to 99')
    .min(0, 'Enter an ending of 0 to 99 cents')
    .max(99, 'Enter an ending of 0 to 99 cents')
    .nullable(),
});

export const storeContactSchema = z.object({
  storeContactId: id,
  name: text(200),
  title: optionalText(100),
  email: emailAddress().nullable(),
  phoneNumber: optionalText(30),
});

export const socialMediaAccountSchema = z.object({
  socialMediaAccountId: id,
  platform: text(50),
  url: z.url({ protocol: /^https?$/, error: 'Enter the whole address, starting with https://' }).max(2000),
});

/**
 * A number that texted STOP to the store's texting number (ours; spec section 3 names the confirmation texts
 * only): nothing is texted to it from the store until it texts START, which removes the row.
 */
export const textStopSchema = z.object({
  /** E.164, as the texting provider gives and takes it. */
  phoneNumber: z.string().regex(/^\+[1-9]\d{6,14}$/, 'A phone number in E.164 form, like +15550102000'),
  stoppedOn: timestamp,
});

/** A store's own words for one message template type (ours; without a row the default words apply). */
export const messageTemplateSchema = z.object({
  templateType: messageTemplateTypes.schema,
  smsText: text(1600),
  emailSubject: text(200),
  emailText: text(10_000),
});

export const tirePurchaseAddOnSchema = z.object({
  tirePurchaseAddOnId: id,
  category: tirePurchaseAddOnCategories.schema,
  name: z.string().min(1, 'Name the add-on').max(150, 'Keep the name under 150 characters'),
  priceInCents: cents,
  isTaxable: z.boolean(),
  /** Once for each tire (the default) or once for the job. */
  chargedPer: tirePurchaseAddOnCharges.schema,
});

export const tractionOrderSchema = z.object({
  tractionOrderId: id,
  tractionOrderHashId: text(64),
  invoiceNumber: text(50),
  customerFirstName: optionalText(100),
  customerLastName: optionalText(100),
  companyName: optionalText(200),
  relatedVisitId: id.nullable(),
  orderDate: timestamp,
  totalInCents: cents,
});

export const storeTireServiceSchema = z.object({
  storeTireServiceId: id,
  type: storeTireServiceTypes.schema,
  isEnabled: z.boolean(),
  priceInCents: cents.nullable(),
});

export const storeTireWarrantySchema = z.object({
  storeTireWarrantyId: id,
  type: storeTireWarrantyTypes.schema,
  isEnabled: z.boolean(),
  priceInCents: cents.nullable(),
});

/** A store's inspection template: groups of items, in order; an item may take a measurement (its unit). */
export const inspectionTemplateGroupSchema = z.object({
  groupId: id,
  name: text(100),
  items: z
    .array(
      z.object({
        itemId: id,
        name: text(150),
        measurement: z.enum(['none', 'treadDepth32nds', 'pressurePsi', 'brakePadMm']),
      }),
    )
    .max(60),
});
export const inspectionTemplateSchema = z.object({
  storeId: z.number().int(),
  groups: z.array(inspectionTemplateGroupSchema).max(30),
});

/**
 * A visit's inspection (issue: technicians): started on the technician's device with the store's template as
 * it was then (its groups and items), completed when the technician is done, sent to the customer by its
 * public id, signed by the customer when they answer its Failed and Warning items.
 */
/**
 * The story of a report's customer decisions: each signing (who, when, what they decided) and each decision staff
 * reopened (who, when, which item, what it was), in order. A signed decision is final until staff reopen it.
 */
export const decisionLogEntrySchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('signed'),
    name: text(200),
    at: timestamp,
    decisions: z.array(z.object({ itemId: id, decision: z.enum(['Approved', 'Declined']) })).max(100),
  }),
  z.object({ kind: z.literal('reopened'), name: text(200), at: timestamp, itemId: id, was: z.enum(['Approved', 'Declined']) }),
]);
export type DecisionLogEntry = z.infer<typeof decisionLogEntrySchema>;

export const inspectionReportSchema = z.object({
  inspectionReportId: id,
  inspectionReportHashId: z.string().regex(/^[\w-]{16,64}$/, 'A hashed id is 16 to 64 letters, digits, _ or -'),
  scheduledVisitId: id,
  vehicleId: id.nullable(),
  technicianId: id.nullable(),
  groups: z.array(inspectionTemplateGroupSchema).max(30),
  startedAt: timestamp,
  completedAt: timestamp.nullable(),
  sentAt: timestamp.nullable(),
  /** The first signature of the customer's decisions (later ones are in the log). */
  approvedByName: optionalText(200),
  approvedAt: timestamp.nullable(),
  decisionLog: z.array(decisionLogEntrySchema).max(200),
});

/** One item's result in a report (keyed by report and template item), and the customer's answer to it. */
export const inspectionItemSchema = z.object({
  inspectionReportId: id,
  itemId: id,
  status: inspectionItemStatuses.schema,
  notes: optionalText(2000),
  measurement: z.number().min(0).max(1000).nullable(),
  customerDecision: z.enum(['Approved', 'Declined']).nullable(),
  decidedAt: timestamp.nullable(),
  /** The name the customer signed the decision with. */
  decidedByName: optionalText(200),
  /**
   * What fixes a Failed or Warning item, priced (inspection-fix.ts); set by the front counter, never by the bay,
   * which does not see it (prices). Its shape is checked where it is written (setInspectionFixSchema, and the
   * server prices it): the quote's schemas are built from this module's, so this one cannot hold them.
   */
  fix: z.custom<InspectionFix>((value) => typeof value === 'object', 'A fix is a priced choice').nullable(),
});

/** The largest photo the server takes: a compressed phone photo is far smaller; a raw one is refused. */
export const maxPhotoBytes = 8 * 1024 * 1024;
/** The smallest piece of a photo's upload but the last: an 8 MiB photo comes in at most 256 pieces. */
export const minPhotoPieceBytes = 32 * 1024;
/** A photo of an inspection item; its bytes arrive on their own (uploadedAt says when they were all there). */
export const inspectionPhotoSchema = z.object({
  inspectionPhotoId: id,
  inspectionReportId: id,
  itemId: id,
  contentType: z.enum(['image/jpeg', 'image/webp']),
  byteSize: z.number().int().min(1).max(maxPhotoBytes),
  width: z.number().int().min(1).max(20_000),
  height: z.number().int().min(1).max(20_000),
  takenAt: timestamp,
  uploadedAt: timestamp.nullable(),
});

/** Someone with a role at a store, by name: the scheduler and settings name technicians with it. */
export const storeStaffSchema = z.object({
  userId: id,
  name: text(200),
  email: z.string().max(254),
  roles: z.array(roles.schema),
});

export const specialStoreHoursSchema = z.object({
  specialStoreHoursId: id,
  storeLocationId: z.number().int(),
  date,
  openTime: timeOfDay.nullable(),
  closeTime: timeOfDay.nullable(),
  isClosed: z.boolean(),
  description: optionalText(200),
});

/** Product information is the same for every company: read-only catalogue data. */
export const brandSchema = z.object({ brandHashId: text(64), name: text(100) });
export const productLineSchema = z.object({
  productLineHashId: text(64),
  brandHashId: text(64),
  name: text(150),
  description: optionalText(4000),
});
export const tireSizeSchema = z.object({
  tireSizeId: id,
  width: z.number().int(),
  aspectRatio: z.number().int(),
  rimDiameter: z.number(),
  displayName: text(30),
});
export const tireSchema = z.object({
  tireId: id,
  productLineHashId: text(64),
  tireSizeId: id,
  sku: text(50),
  category: tireCategories.schema,
  subcategory: optionalText(50),
  webCategory: webTireCategories.schema.nullable(),
  loadIndex: z.number().int().nullable(),
  speedRating: optionalText(3),
  /** The second load index of a light-truck or commercial tire used in pairs (LT245/75R16 120/116N: 116). */
  dualLoadIndex: z.number().int().nullable(),
  /** A light-truck, trailer or commercial tire's load range (E: 10-ply rated); none for a passenger tire or when the feed gives none. */
  loadRange: z.enum(tireLoadRanges).nullable(),
  /** The list price of one tire; a store's own price may differ (its retail price catalogue). */
  priceInCents: cents.nullable(),
  /** What one tire costs a store (ours, issue 26): a catalogue's margin is over it. Never shown to the bay. */
  costInCents: cents.nullable(),
  /** Uniform Tire Quality Grading as moulded on the sidewall: treadwear, traction, temperature (`500 A B`). */
  utqg: optionalText(20),
  isRunFlat: z.boolean(),
  /** New tread depth in 32nds of an inch. */
  treadDepth32nds: z.number().int().min(0).max(64).nullable(),
});

export const logisticsTransferSchema = z.object({
  logisticsTransferId: id,
  fromStoreId: z.number().int(),
  toStoreId: z.number().int(),
  transitDays: z.number().int().min(0),
  /** HH:MM at the sending store's clock: an order in before it leaves that day; after it, the store's next open day (ours, issues 26 and 46). */
  cutOffTime: timeOfDay.nullable(),
  /** HH:MM at the receiving store the transfer arrives by on its day. */
  arrivesByTime: timeOfDay.nullable(),
});
export const inventorySummarySchema = z.object({
  tireId: id,
  quantityOnHand: z.number().int(),
  quantityOnOrder: z.number().int(),
});

export type Customer = z.infer<typeof customerSchema>;
export type CustomerDuplicateDismissal = z.infer<typeof customerDuplicateDismissalSchema>;
export type CustomerVehicle = z.infer<typeof customerVehicleSchema>;
export type SchedulerResource = z.infer<typeof schedulerResourceSchema>;
export type AppointmentResource = z.infer<typeof appointmentResourceSchema>;
export type SchedulerResourceService = z.infer<typeof schedulerResourceServiceSchema>;
export type StoreServiceCategory = z.infer<typeof storeServiceCategorySchema>;
export type StoreService = z.infer<typeof storeServiceSchema>;
export type ScheduledVisit = z.infer<typeof scheduledVisitSchema>;
export type ScheduledService = z.infer<typeof scheduledServiceSchema>;
export type UnconfirmedVisit = z.infer<typeof unconfirmedVisitSchema>;
export type BlockedTime = z.infer<typeof blockedTimeSchema>;
export type RecurringBlockedTime = z.infer<typeof recurringBlockedTimeSchema>;
export type StoreMessage = z.infer<typeof storeMessageSchema>;
export type Rating = z.infer<typeof ratingSchema>;
export type UserNotification = z.infer<typeof userNotificationSchema>;
export type NotificationPreference = z.infer<typeof notificationPreferenceSchema>;
export type SupportRequest = z.infer<typeof supportRequestSchema>;
export type SupportRequestListItem = z.infer<typeof supportRequestListItemSchema>;
export type SystemNotification = z.infer<typeof systemNotificationSchema>;
export type RetailStoreSettings = z.infer<typeof retailStoreSettingsSchema>;
export type RetailPriceCatalog = z.infer<typeof retailPriceCatalogSchema>;
export type StoreContact = z.infer<typeof storeContactSchema>;
export type SocialMediaAccount = z.infer<typeof socialMediaAccountSchema>;
export type TextStop = z.infer<typeof textStopSchema>;
export type MessageTemplate = z.infer<typeof messageTemplateSchema>;
export type TirePurchaseAddOn = z.infer<typeof tirePurchaseAddOnSchema>;
export type TractionOrder = z.infer<typeof tractionOrderSchema>;
export type StoreTireService = z.infer<typeof storeTireServiceSchema>;
export type StoreTireWarranty = z.infer<typeof storeTireWarrantySchema>;
export type SpecialStoreHours = z.infer<typeof specialStoreHoursSchema>;
export type StoreStaff = z.infer<typeof storeStaffSchema>;
export type InspectionTemplateGroup = z.infer<typeof inspectionTemplateGroupSchema>;
export type InspectionTemplate = z.infer<typeof inspectionTemplateSchema>;
export type InspectionReport = z.infer<typeof inspectionReportSchema>;
export type InspectionItem = z.infer<typeof inspectionItemSchema>;
export type InspectionPhoto = z.infer<typeof inspectionPhotoSchema>;
/**
 * A tire as the device keeps it (the change feed's catalogueTires): the tire with its size's key (`225/65R17`,
 * the finder's index) and its line's brand, so the counter narrows by size or brand without joining.
 */
export const catalogueTireSchema = tireSchema.extend({ sizeKey: text(30), brandHashId: text(64) });
export type CatalogueTire = z.infer<typeof catalogueTireSchema>;
export type Brand = z.infer<typeof brandSchema>;
export type ProductLine = z.infer<typeof productLineSchema>;
export type TireSize = z.infer<typeof tireSizeSchema>;
export type Tire = z.infer<typeof tireSchema>;
export type LogisticsTransfer = z.infer<typeof logisticsTransferSchema>;
export type InventorySummary = z.infer<typeof inventorySummarySchema>;
