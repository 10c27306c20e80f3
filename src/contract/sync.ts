/**
 * The collections replicated to a device for its active store, each with its key fields (the Dexie
 * primary key on the client, the table's key on the server) and the table that holds it.
 * Store-scoped rows come for the store; company-wide rows (store null) for the company;
 * a user's own rows (`ownedBy`) only for their user, from whichever store they were written at.
 */
export const replicatedCollections = {
  storeLocations: { key: ['id'], table: 'store_locations' },
  specialStoreHours: { key: ['specialStoreHoursId'], table: 'special_store_hours' },
  storeStaff: { key: ['storeId', 'userId'], table: 'store_staff' },
  inspectionTemplates: { key: ['storeId'], table: 'inspection_templates' },
  schedulerResources: { key: ['schedulerResourceId'], table: 'scheduler_resources' },
  storeServiceCategories: { key: ['storeServiceCategoryId'], table: 'store_service_categories' },
  storeServices: { key: ['storeServiceId'], table: 'store_services' },
  appointmentResources: { key: ['appointmentResourceId', 'storeServiceId'], table: 'appointment_resources' },
  schedulerResourceServices: { key: ['schedulerResourceId', 'storeServiceId'], table: 'scheduler_resource_services' },
  scheduledVisits: { key: ['scheduledVisitId'], table: 'scheduled_visits' },
  scheduledServices: { key: ['scheduledServiceId'], table: 'scheduled_services' },
  blockedTimes: { key: ['blockedTimeId'], table: 'blocked_times' },
  recurringBlockedTimes: { key: ['recurringBlockedTimeId'], table: 'recurring_blocked_times' },
  unconfirmedVisits: { key: ['unconfirmedVisitId'], table: 'unconfirmed_visits' },
  storeMessages: { key: ['storeMessageId'], table: 'store_messages' },
  textStops: { key: ['storeId', 'phoneNumber'], table: 'text_stops' },
  messageTemplates: { key: ['storeId', 'templateType'], table: 'message_templates' },
  customers: { key: ['customerId'], table: 'customers' },
  customerVehicles: { key: ['vehicleId'], table: 'customer_vehicles' },
  customerDuplicateDismissals: { key: ['customerId', 'otherCustomerId'], table: 'customer_duplicate_dismissals' },
  ratings: { key: ['ratingId'], table: 'ratings' },
  userNotifications: { key: ['userNotificationId'], table: 'user_notifications' },
  notificationPreferences: { key: ['identityId', 'kind'], table: 'notification_preferences' },
  supportRequests: { key: ['supportRequestId'], table: 'support_requests' },
  retailStoreSettings: { key: ['storeId'], table: 'retail_store_settings' },
  retailPriceCatalogs: { key: ['retailPriceCatalogId'], table: 'retail_price_catalogs' },
  storeContacts: { key: ['storeContactId'], table: 'store_contacts' },
  socialMediaAccounts: { key: ['socialMediaAccountId'], table: 'social_media_accounts' },
  tirePurchaseAddOns: { key: ['tirePurchaseAddOnId'], table: 'tire_purchase_add_ons' },
  tractionOrders: { key: ['tractionOrderId'], table: 'traction_orders' },
  storeTireServices: { key: ['storeTireServiceId'], table: 'store_tire_services' },
  storeTireWarranties: { key: ['storeTireWarrantyId'], table: 'store_tire_warranties' },
  logisticsTransfers: { key: ['logisticsTransferId'], table: 'logistics_transfers' },
  inventorySummaries: { key: ['storeId', 'tireId'], table: 'inventory_summaries' },
  inspectionReports: { key: ['inspectionReportId'], table: 'inspection_reports' },
  inspectionItems: { key: ['inspectionReportId', 'itemId'], table: 'inspection_items' },
  inspectionPhotos: { key: ['inspectionPhotoId'], table: 'inspection_photos' },
  tireQuotes: { key: ['tireQuoteId'], table: 'tire_quotes' },
  tireInstallPackages: { key: ['tireInstallPackageId'], table: 'tire_install_packages' },
  tireFees: { key: ['tireFeeId'], table: 'tire_fees' },
  visitTires: { key: ['visitTireId'], table: 'visit_tires' },
  retailPriceCatalogPrices: { key: ['retailPriceCatalogId', 'tireId'], table: 'retail_price_catalog_prices' },
  catalogueBrands: { key: ['brandHashId'], table: 'brands', platform: true },
  catalogueProductLines: { key: ['productLineHashId'], table: 'product_lines', platform: true },
  catalogueTires: { key: ['tireId'], table: 'tires', platform: true },
} as const satisfies Record<string, { key: readonly string[]; table: string; platform?: true }>;

export type CollectionName = keyof typeof replicatedCollections;

/** Collections whose rows belong to one user: the field that names the user. */
export const userOwnedCollections: Partial<Record<CollectionName, string>> = {
  userNotifications: 'identityId',
  notificationPreferences: 'identityId',
  supportRequests: 'identityId',
};
export const collectionNames = Object.keys(replicatedCollections) as CollectionName[];

/**
 * The tire catalogue (brands, product lines, tires) is the platform's, the same for every company: its rows ride
 * the same change feed without a company, their versions from the one sequence (migration 0034), so a cursor
 * never mixes two counters. The counter's tire finder reads them offline.
 */
export const isCatalogueCollection = (collection: CollectionName): boolean => 'platform' in replicatedCollections[collection];
export const catalogueCollectionNames = collectionNames.filter(isCatalogueCollection);
export const companyCollectionNames = collectionNames.filter((c) => !isCatalogueCollection(c));

/** The key of a row as one string, the same on both sides: its key fields joined by "/". */
export function rowKey(collection: CollectionName, row: Record<string, unknown>): string {
  return replicatedCollections[collection].key.map((field) => String(row[field])).join('/');
}

export const isCollectionName = (name: string): name is CollectionName => Object.hasOwn(replicatedCollections, name);
