import type { z } from 'zod';
import * as E from './entities.ts';
import { storeLocationSchema } from './store-location.ts';
import { retailPriceCatalogPriceSchema } from './retail-price-rules.ts';
import { visitTireSchema } from './visit-tires.ts';
import { tireFeeRowSchema, tireInstallPackageSchema, tireQuoteSchema } from './tire-pricing.ts';
import type { CollectionName } from './sync.ts';

/** The contract schema of each replicated collection's rows. */
export const collectionSchemas: Record<CollectionName, z.ZodObject> = {
  storeLocations: storeLocationSchema.omit({ specialStoreHours: true }),
  specialStoreHours: E.specialStoreHoursSchema,
  storeStaff: E.storeStaffSchema,
  inspectionTemplates: E.inspectionTemplateSchema,
  schedulerResources: E.schedulerResourceSchema,
  storeServiceCategories: E.storeServiceCategorySchema,
  storeServices: E.storeServiceSchema,
  appointmentResources: E.appointmentResourceSchema,
  schedulerResourceServices: E.schedulerResourceServiceSchema,
  scheduledVisits: E.scheduledVisitSchema,
  scheduledServices: E.scheduledServiceSchema,
  blockedTimes: E.blockedTimeSchema,
  recurringBlockedTimes: E.recurringBlockedTimeSchema,
  unconfirmedVisits: E.unconfirmedVisitSchema,
  storeMessages: E.storeMessageSchema,
  textStops: E.textStopSchema,
  messageTemplates: E.messageTemplateSchema,
  customers: E.customerSchema,
  customerVehicles: E.customerVehicleSchema,
  customerDuplicateDismissals: E.customerDuplicateDismissalSchema,
  ratings: E.ratingSchema,
  userNotifications: E.userNotificationSchema,
  notificationPreferences: E.notificationPreferenceSchema,
  supportRequests: E.supportRequestSchema,
  retailStoreSettings: E.retailStoreSettingsSchema,
  retailPriceCatalogs: E.retailPriceCatalogSchema,
  storeContacts: E.storeContactSchema,
  socialMediaAccounts: E.socialMediaAccountSchema,
  tirePurchaseAddOns: E.tirePurchaseAddOnSchema,
  tractionOrders: E.tractionOrderSchema,
  storeTireServices: E.storeTireServiceSchema,
  storeTireWarranties: E.storeTireWarrantySchema,
  logisticsTransfers: E.logisticsTransferSchema,
  inventorySummaries: E.inventorySummarySchema,
  inspectionReports: E.inspectionReportSchema,
  inspectionItems: E.inspectionItemSchema,
  inspectionPhotos: E.inspectionPhotoSchema,
  tireQuotes: tireQuoteSchema,
  tireInstallPackages: tireInstallPackageSchema,
  tireFees: tireFeeRowSchema,
  retailPriceCatalogPrices: retailPriceCatalogPriceSchema,
  visitTires: visitTireSchema,
  catalogueBrands: E.brandSchema,
  catalogueProductLines: E.productLineSchema,
  catalogueTires: E.catalogueTireSchema,
};
