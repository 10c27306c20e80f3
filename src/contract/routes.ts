/** The API's paths and version, shared by the client and the server. */
export const apiVersion = '1.0';
export const activeStoreHeader = 'ActiveStoreLocation';

export const apiPaths = {
  appSettings: '/app-settings.json',
  me: '/api/alltrac/users/me',
  userSettings: '/api/alltrac/users/me/settings',
  storeLocations: '/api/alltrac/store-locations',
  storeLocation: '/api/alltrac/store-locations/:id',
  specialStoreHours: '/api/alltrac/store-locations/:id/special-store-hours',
  specialStoreHoursDay: '/api/alltrac/store-locations/:id/special-store-hours/:specialStoreHoursId',
  syncChanges: '/api/alltrac/sync/changes',
  systemNotificationsActive: '/api/alltrac/system-notifications/active',
  systemNotificationAlerts: '/api/alltrac/system-notifications/alerts',
  userNotifications: '/api/alltrac/user-notifications',
  userNotificationStatusCount: '/api/alltrac/user-notifications/status-count',
  userNotification: '/api/alltrac/user-notifications/:userNotificationId',
  notificationPreferences: '/api/alltrac/users/me/notification-settings',
  notificationPreference: '/api/alltrac/users/me/notification-settings/:kind',
  supportRequests: '/api/alltrac/support-requests',
  customers: '/api/alltrac/customers',
  customer: '/api/alltrac/customers/:customerId',
  customerVehicles: '/api/alltrac/customers/:customerId/vehicles',
  customerVehicle: '/api/alltrac/customers/:customerId/vehicles/:vehicleId',
  customerMerge: '/api/alltrac/customers/:customerId/merge',
  customerVisits: '/api/alltrac/customer/:customerId/visits',
  possibleDuplicates: '/api/alltrac/possible-duplicates',
  notDuplicates: '/api/alltrac/possible-duplicates/not-duplicates',
  vehicles: '/api/alltrac/vehicles',
  vehicleByHash: '/api/alltrac/vehicles/:vehicleHashId',
  visitCustomers: '/api/alltrac/scheduled-visits/customers',
  existingCustomers: '/api/alltrac/scheduled-visits/existing-customers',
  rating: '/api/alltrac/ratings/:ratingId',
  storeMessage: '/api/alltrac/store-messages/:storeMessageId',
  markArchived: '/api/alltrac/store-messages/:storeMessageId/mark-archived',
  markReplied: '/api/alltrac/store-messages/:storeMessageId/mark-replied',
  storeUsers: '/api/alltrac/store-users',
  storeUser: '/api/alltrac/store-users/:userId',
  schedulerResources: '/api/alltrac/scheduler-resources',
  schedulerResource: '/api/alltrac/scheduler-resources/:schedulerResourceId',
  assignResourceTechnician: '/api/alltrac/scheduler-resources/:schedulerResourceId/assign-scheduler-resource-technician-to-incomplete-scheduled-services',
  schedulerResourceService: '/api/alltrac/scheduler-resources/:schedulerResourceId/:storeServiceId',
  appointmentResources: '/api/alltrac/appointment-resources',
  appointmentResource: '/api/alltrac/appointment-resources/:appointmentResourceId/:storeServiceId',
  storeServices: '/api/alltrac/store/services',
  storeService: '/api/alltrac/store/services/:storeServiceHashId',
  storeServiceCategories: '/api/alltrac/store/services/categories',
  storeServiceTractionCode: '/api/alltrac/store/services/:storeServiceHashId/tractionservice-code',
} as const;

/** Adds api-version=1.0 (spec section 7) to a path that may already carry a query. */
export function withApiVersion(path: string): string {
  return `${path}${path.includes('?') ? '&' : '?'}api-version=${apiVersion}`;
}
