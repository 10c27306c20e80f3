import type { Generated } from 'kysely';
import type * as E from '../../src/contract/entities.ts';
import type { Role } from '../../src/contract/enums.ts';
import type { RetailPriceCatalogPrice } from '../../src/contract/retail-price-rules.ts';
import type { VisitTire } from '../../src/contract/visit-tires.ts';
import type { VisitPromise } from '../../src/contract/visit-promise.ts';
import type { AuditAction } from '../../src/contract/audit-trail.ts';
import type { StoreLocation } from '../../src/contract/store-location.ts';
import type { TireFeeRow, TireInstallPackage, TireQuote } from '../../src/contract/tire-pricing.ts';

/** The columns every replicated row carries (DESIGN.md, sync protocol). */
export interface SyncColumns {
  companyId: number;
  storeId: number | null;
  version: number;
  deleted: Generated<boolean>;
  /** Who changed the row last (a person; null for the seed and imports), and when. */
  changedBy: Generated<string | null>;
  changedByName: Generated<string | null>;
  changedAt: Generated<string | null>;
}
type Replicated<T> = T & SyncColumns;
/** The platform's catalogue rows on the change feed: versions and tombstones without a company (migration 0034, by triggers). */
type Catalogue<T> = T & { version: Generated<number>; deleted: Generated<boolean> };

/** Table types in camelCase; CamelCasePlugin maps them to the snake_case of the migrations. */
export interface Database {
  appMeta: { key: string; value: unknown };
  companies: { id: Generated<number>; alltracCompanyId: number; name: string };
  /** storeId is the row's own id, kept so by the database (generated): never written. */
  storeLocations: Omit<StoreLocation, 'id' | 'specialStoreHours' | 'hasServiceKey' | 'serviceKey' | 'contactFormId'> &
    SyncColumns & {
      serviceKey: string | null;
      contactFormId: Generated<string>;
      id: Generated<number>;
    };
  specialStoreHours: Replicated<E.SpecialStoreHours>;
  inspectionTemplates: Replicated<E.InspectionTemplate>;
  storeStaff: Replicated<Omit<E.StoreStaff, 'roles'> & { roles: string }>;
  users: {
    userId: string;
    companyId: number;
    email: string;
    name: string;
    passwordHash: string;
    createdOn: Generated<string>;
    disabledAt: string | null;
    lastSignInAt: string | null;
  };
  userRoles: { userId: string; storeId: number | null; role: Role };
  userInvites: { tokenHash: string; userId: string; invitedBy: string | null; createdAt: string; expiresAt: string; usedAt: string | null };
  /** Each device as it last pulled (the platform's health; not replicated). */
  devices: {
    deviceId: string;
    userId: string;
    companyId: number;
    storeId: number;
    outboxBacklog: number;
    lastSyncAt: string;
    userAgent: string | null;
    signIn: string | null;
  };
  /** Messages waiting to go to their provider, sent after the write that queued them commits. */
  outboundMessages: {
    storeMessageId: string;
    companyId: number;
    storeId: number;
    channel: 'sms' | 'email';
    toAddress: string;
    fromAddress: string | null;
    subject: string | null;
    body: string;
    sentBy: string | null;
    sentByName: string | null;
    status: Generated<'queued' | 'sending' | 'sent' | 'failed'>;
    /** When it was handed to the provider (status sending, then sent or failed): it is never handed again. */
    handedAt: Generated<string | null>;
    attempts: Generated<number>;
    nextAttemptAt: string;
    claimedUntil: string | null;
    providerId: string | null;
    problem: string | null;
    createdAt: string;
    sentAt: string | null;
    /** Whose message limits it counts toward (server/messaging/queue-message.ts). */
    budget: Generated<'sender' | 'store' | 'none'>;
  };
  /** Each promise a visit was given (issue 48): added by the write that changes its pickUpTime, never changed. */
  visitPromises: VisitPromise & { companyId: number; storeId: number; seq: Generated<number> };
  /** The automatic messages of each visit: one per kind, with the message or why none went. */
  visitMessages: {
    scheduledVisitId: string;
    kind: 'reminder' | 'thankYou' | 'lowRating' | 'lowRatingStep2' | 'highRating';
    companyId: number;
    storeId: number;
    storeMessageId: string | null;
    skippedBecause: string | null;
    createdAt: string;
  };
  userSettings: { userId: string; allTracCurrentStoreLocation: number | null; allTracHideInstallPrompt: string | null };
  systemNotifications: E.SystemNotification;
  brands: Catalogue<E.Brand>;
  productLines: Catalogue<E.ProductLine>;
  tireSizes: E.TireSize;
  /** The size's key and the line's brand are written by a trigger from the tire's size and line. */
  tires: Catalogue<E.Tire> & { sizeKey: Generated<string>; brandHashId: Generated<string> };

  customers: Replicated<E.Customer>;
  customerVehicles: Replicated<E.CustomerVehicle>;
  customerDuplicateDismissals: Replicated<E.CustomerDuplicateDismissal>;
  schedulerResources: Replicated<E.SchedulerResource>;
  storeServiceCategories: Replicated<E.StoreServiceCategory>;
  storeServices: Replicated<E.StoreService>;
  appointmentResources: Replicated<E.AppointmentResource>;
  schedulerResourceServices: Replicated<E.SchedulerResourceService>;
  scheduledVisits: Replicated<E.ScheduledVisit>;
  scheduledServices: Replicated<E.ScheduledService>;
  unconfirmedVisits: Replicated<E.UnconfirmedVisit>;
  blockedTimes: Replicated<E.BlockedTime>;
  recurringBlockedTimes: Replicated<E.RecurringBlockedTime>;
  storeMessages: Replicated<E.StoreMessage>;
  textStops: Replicated<E.TextStop>;
  messageTemplates: Replicated<E.MessageTemplate>;
  ratings: Replicated<E.Rating>;
  userNotifications: Replicated<E.UserNotification>;
  notificationPreferences: Replicated<E.NotificationPreference>;
  supportRequests: Replicated<E.SupportRequest>;
  retailPriceCatalogs: Replicated<E.RetailPriceCatalog>;
  retailPriceCatalogPrices: Replicated<RetailPriceCatalogPrice>;
  visitTires: Replicated<VisitTire>;
  retailStoreSettings: Replicated<E.RetailStoreSettings>;
  storeContacts: Replicated<E.StoreContact>;
  socialMediaAccounts: Replicated<E.SocialMediaAccount>;
  tirePurchaseAddOns: Replicated<E.TirePurchaseAddOn>;
  tractionOrders: Replicated<E.TractionOrder>;
  storeTireServices: Replicated<E.StoreTireService>;
  storeTireWarranties: Replicated<E.StoreTireWarranty>;
  logisticsTransfers: Replicated<E.LogisticsTransfer>;
  inventorySummaries: Replicated<E.InventorySummary>;
  inspectionReports: Replicated<E.InspectionReport>;
  inspectionItems: Replicated<E.InspectionItem>;
  inspectionPhotos: Replicated<E.InspectionPhoto>;
  /** `choices` and `options` are jsonb; dates are the store's calendar dates (YYYY-MM-DD). */
  tireQuotes: Replicated<TireQuote>;
  /** `addOnIds` is jsonb. */
  tireInstallPackages: Replicated<TireInstallPackage>;
  /** Dates are the store's calendar dates (YYYY-MM-DD); no `effectiveThrough`: still in force. */
  tireFees: Replicated<TireFeeRow>;
  /** A photo's bytes as they arrive, piece after piece; whole when `received` is the photo's size. */
  inspectionPhotoContents: { inspectionPhotoId: string; received: number; bytes: Buffer };
  /** The pieces of a photo under way, joined into its content when the last arrives. */
  inspectionPhotoPieces: { inspectionPhotoId: string; startByte: number; bytes: Buffer };
  /** Which customers and vehicles each store's calendar names (server/sync/visit-scope.ts). */
  visitScope: {
    companyId: number;
    storeId: number;
    collection: 'customers' | 'customerVehicles';
    rowKey: string;
    version: number;
    deleted: Generated<boolean>;
  };
  /**
   * What a customer is found by (the device's search tokens: names, email, phones, their vehicles' plates and
   * VINs) and compared under for duplicates (d: keys), kept at write time (server/sync/customer-keys.ts).
   */
  customerKeys: { companyId: number; key: string; customerId: string; rowId: string };
  /** Pairs of live customers that look like one person, kept at write time; dismissed pairs are left out when read. */
  customerDuplicateCandidates: { companyId: number; customerId: string; otherCustomerId: string; reasons: string };

  /** The audit trail: one row per row a write changed (server/sync/audit-trail.ts); patch is JSON text when written. */
  auditRecords: {
    auditRecordId: Generated<number>;
    companyId: number;
    storeId: number | null;
    collection: string;
    rowKey: string;
    action: AuditAction;
    changedBy: string | null;
    onBehalfOf: string | null;
    changedByName: string | null;
    deviceId: string | null;
    recordedAt: string;
    actedAt: string | null;
    patch: unknown;
  };
  idempotencyKeys: {
    userId: string;
    key: string;
    method: string;
    path: string;
    /** sha-256 of the request body; null for keys stored before keys were bound to their request. */
    requestHash: string | null;
    /** null while the write that claimed the key has not committed its answer. */
    statusCode: number | null;
    response: unknown;
    createdOn: Generated<string>;
  };
  oidcPayloads: {
    model: string;
    id: string;
    payload: unknown;
    grantId: string | null;
    userCode: string | null;
    uid: string | null;
    expiresAt: string | null;
    consumedAt: string | null;
  };
  serverKeys: { name: string; value: unknown };
  signInFailures: { subject: string; failures: number; firstFailureAt: string; lastFailureAt: string };
}
