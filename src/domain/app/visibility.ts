import type { Role } from '../../contract/enum-values.ts';
import { catalogueTireSchema, inspectionItemSchema, inspectionReportSchema, scheduledVisitSchema, storeServiceSchema } from '../../contract/entities.ts';
import { storeLocationSchema } from '../../contract/store-location.ts';
import type { CollectionName } from '../../contract/sync.ts';
import { frontCounter, storeAdmins } from '../people/roles.ts';

/**
 * What a person may read of a collection at a store: all of it; some fields (null: every field) of all its
 * rows or of only the rows the store's calendar names ('visited': customers and vehicles with a visit at
 * the store); or nothing.
 */
export type ReadAccess = { kind: 'full' } | { kind: 'none' } | { kind: 'limited'; fields: readonly string[] | null; rows: 'visited' | 'all' };

const full: ReadAccess = { kind: 'full' };
const none: ReadAccess = { kind: 'none' };

/** What the bay needs: the calendar, the resources and services, and for a visit the customer's name and vehicle. */
const calendarAndCatalogue = new Set<CollectionName>([
  'schedulerResources',
  'storeServiceCategories',
  'appointmentResources',
  'schedulerResourceServices',
  'scheduledServices',
  'blockedTimes',
  'recurringBlockedTimes',
  'specialStoreHours',
  'inspectionTemplates',
  'inspectionPhotos',
  'catalogueBrands',
  'catalogueProductLines',
  'visitTires',
]);

/**
 * A row without its public link id. Whoever holds a visit's or a report's public id can rate the visit or sign
 * the customer's decisions on the report, so the ids go only to the front counter, which sends and prints them;
 * the bay's screens never show them, and the server sends the report's link itself.
 */
const withoutPublicId = (shape: Record<string, unknown>, publicId: string): ReadAccess => ({
  kind: 'limited',
  fields: Object.keys(shape).filter((f) => f !== publicId),
  rows: 'all',
});
const visitsWithoutPublicId = withoutPublicId(scheduledVisitSchema.shape, 'scheduledVisitHashId');
const reportsWithoutPublicId = withoutPublicId(inspectionReportSchema.shape, 'inspectionReportHashId');
/** A user's own rows: theirs whatever their role (the feed and the routes give a user only their own). */
const ownRows = new Set<CollectionName>(['userNotifications', 'notificationPreferences', 'supportRequests']);

/** The store as everyone at it sees it: all but the service key, which enables traction orders (hasServiceKey says whether there is one). */
const storeWithoutServiceKey: ReadAccess = { kind: 'limited', fields: Object.keys(storeLocationSchema.shape).filter((f) => f !== 'serviceKey'), rows: 'all' };

/** The store's services as the bay sees them: all but the traction service code (the service system's, for the counter). */
const servicesWithoutTractionCode: ReadAccess = {
  kind: 'limited',
  fields: Object.keys(storeServiceSchema.shape).filter((f) => f !== 'tractionServiceCode'),
  rows: 'all',
};

/** The catalogue's tires as the bay sees them: size, brand, load and speed, not the price nor the cost (maySeePrices). */
const tiresWithoutPrice: ReadAccess = {
  kind: 'limited',
  fields: Object.keys(catalogueTireSchema.shape).filter((f) => f !== 'priceInCents' && f !== 'costInCents'),
  rows: 'all',
};

/** Inspection results as the bay sees them: all but the fix the counter priced (prices are the counter's). */
const itemsWithoutFix: ReadAccess = { kind: 'limited', fields: Object.keys(inspectionItemSchema.shape).filter((f) => f !== 'fix'), rows: 'all' };

/** Colleagues as the bay sees them: names and roles, not their email. */
const staffByName: ReadAccess = { kind: 'limited', fields: ['userId', 'name', 'roles'], rows: 'all' };

/** The customer as the bay sees them: a name on a visit, no way to contact them. */
export const customerNameFields = ['customerId', 'firstName', 'lastName', 'companyName'] as const;

/**
 * Who sees what (DESIGN.md): one policy for the REST routes and the change feed alike. The front counter
 * (PointSAdmin, Admin, User) sees the store's data; technicians and lead technicians see the calendar,
 * resources and services, and for visits the customer's name and vehicle: no contact details, no messages,
 * no ratings, no retail data (tire quotes, install packages and state tire fees among it) or traction data.
 */
export function readAccess(rolesAtStore: readonly Role[], collection: CollectionName): ReadAccess {
  if (ownRows.has(collection)) return full;
  if (collection === 'storeStaff') {
    if (rolesAtStore.length === 0) return none;
    return rolesAtStore.some((r) => frontCounter.includes(r)) ? full : staffByName;
  }
  if (collection === 'storeLocations') {
    if (rolesAtStore.length === 0) return none;
    return mayReadServiceKey(rolesAtStore) ? full : storeWithoutServiceKey;
  }
  if (rolesAtStore.some((r) => frontCounter.includes(r))) return full;
  if (rolesAtStore.length === 0) return none;
  if (calendarAndCatalogue.has(collection)) return full;
  if (collection === 'storeServices') return servicesWithoutTractionCode;
  if (collection === 'catalogueTires') return tiresWithoutPrice;
  if (collection === 'scheduledVisits') return visitsWithoutPublicId;
  if (collection === 'inspectionReports') return reportsWithoutPublicId;
  if (collection === 'inspectionItems') return itemsWithoutFix;
  if (collection === 'customers') return { kind: 'limited', fields: customerNameFields, rows: 'visited' };
  if (collection === 'customerVehicles') return { kind: 'limited', fields: null, rows: 'visited' };
  return none;
}

/** The words for a collection in messages ("customer vehicles"). */
export const collectionWords = (collection: CollectionName) => collection.replace(/[A-Z]/g, (c) => ` ${c.toLowerCase()}`);

/**
 * A name for what a set of roles may read, the same for every store: a device whose user's access changed
 * (a technician made a User) starts its replica again, losing what it may no longer see and gaining the rest.
 */
export function accessProfile(rolesAtStore: readonly Role[]): string {
  if (mayReadServiceKey(rolesAtStore)) return 'store-admin';
  if (rolesAtStore.some((r) => frontCounter.includes(r))) return 'front-counter';
  // Named anew when what the bay reads shrinks (public link ids withheld): its devices start their replicas
  // again and drop what they may no longer hold.
  return rolesAtStore.length > 0 ? 'bay-without-public-ids' : 'none';
}

/**
 * Prices of the tire catalogue (a tire's list price) are for the front counter, who quote and sell; the bay sees
 * a visit's tires (size, brand, load and speed) without them, as it sees no retail data (readAccess).
 */
export const maySeePrices = (rolesAtStore: readonly Role[]) => rolesAtStore.some((r) => frontCounter.includes(r));

/** The store's service key (it enables traction orders) is for the store's admins only. */
export const mayReadServiceKey = (rolesAtStore: readonly Role[]) => rolesAtStore.some((r) => storeAdmins.includes(r));

/** A row as the access allows: fields not granted are null (the row keeps its shape). */
export function withAccess<T extends object>(row: T, access: ReadAccess): T {
  if (access.kind !== 'limited' || access.fields === null) return row;
  const fields = access.fields;
  return Object.fromEntries(Object.entries(row).map(([field, value]) => [field, fields.includes(field) ? value : null])) as T;
}

/**
 * A change's JSON patch as the access allows (the audit trail's history): values of fields not granted are null,
 * as withAccess leaves them in the row; a patch of a collection the access does not reach is not shown (null).
 */
export function patchWithAccess<Op extends { path: string; value?: unknown }>(patch: readonly Op[], access: ReadAccess): Op[] | null {
  if (access.kind === 'none') return null;
  if (access.kind === 'full' || access.fields === null) return [...patch];
  const fields = access.fields;
  return patch.map((op) => {
    const field = op.path.split('/')[1]?.replace(/~1/g, '/').replace(/~0/g, '~');
    return field === undefined || !('value' in op) || fields.includes(field) ? op : ({ ...op, value: null } as Op);
  });
}
