import { describe, expect, it } from 'vitest';
import type { Role } from '../../src/contract/enums.ts';
import { collectionNames, type CollectionName } from '../../src/contract/sync.ts';
import { accessProfile, mayReadServiceKey, readAccess, withAccess } from '../../src/domain/app/visibility.ts';

const kind = (roles: Role[], collection: CollectionName) => readAccess(roles, collection).kind;

describe('who sees what', () => {
  it.each([
    [['AllTracUser'], 'full'],
    [['AllTracAdmin'], 'full'],
    [['PointSAdmin'], 'full'],
  ] as [Role[], string][])("%j reads every collection of the store in full (the store's own row without its service key for a User)", (roles, expected) => {
    const store = roles.includes('AllTracUser') ? 'limited' : expected;
    expect(collectionNames.map((c) => kind(roles, c))).toEqual(collectionNames.map((c) => (c === 'storeLocations' ? store : expected)));
  });

  it.each([['AllTracTechnician'], ['AllTracLeadTechnician']] as [Role][])(
    '%s reads the calendar, resources and services, visitors by name, and nothing else',
    (role) => {
      const table = Object.fromEntries(collectionNames.map((c) => [c, kind([role], c)]));
      expect(table).toEqual({
        storeLocations: 'limited',
        specialStoreHours: 'full',
        storeStaff: 'limited',
        inspectionTemplates: 'full',
        schedulerResources: 'full',
        storeServiceCategories: 'full',
        storeServices: 'limited',
        appointmentResources: 'full',
        schedulerResourceServices: 'full',
        scheduledVisits: 'limited',
        scheduledServices: 'full',
        blockedTimes: 'full',
        recurringBlockedTimes: 'full',
        customers: 'limited',
        customerVehicles: 'limited',
        customerDuplicateDismissals: 'none',
        userNotifications: 'full',
        notificationPreferences: 'full',
        supportRequests: 'full',
        unconfirmedVisits: 'none',
        storeMessages: 'none',
        textStops: 'none',
        messageTemplates: 'none',
        ratings: 'none',
        retailStoreSettings: 'none',
        retailPriceCatalogs: 'none',
        retailPriceCatalogPrices: 'none',
        storeContacts: 'none',
        socialMediaAccounts: 'none',
        tirePurchaseAddOns: 'none',
        tractionOrders: 'none',
        storeTireServices: 'none',
        storeTireWarranties: 'none',
        logisticsTransfers: 'none',
        inventorySummaries: 'none',
        inspectionReports: 'limited',
        inspectionItems: 'limited',
        inspectionPhotos: 'full',
        tireQuotes: 'none',
        tireInstallPackages: 'none',
        tireFees: 'none',
        visitTires: 'full',
        catalogueBrands: 'full',
        catalogueProductLines: 'full',
        catalogueTires: 'limited',
      });
    },
  );

  it("gives the bay the catalogue's tires without their price, and the counter with it", () => {
    const tire = { tireId: 't1', sizeKey: '225/65R17', loadIndex: 102, speedRating: 'H', priceInCents: 15999 };
    expect(withAccess(tire, readAccess(['AllTracTechnician'], 'catalogueTires'))).toEqual({ ...tire, priceInCents: null });
    expect(withAccess(tire, readAccess(['AllTracUser'], 'catalogueTires'))).toEqual(tire);
  });

  it("gives the bay an inspection item's result without the fix the counter priced", () => {
    const item = { inspectionReportId: 'r1', itemId: 'i1', status: 'Failed', notes: 'Worn', fix: { pricedOn: '2030-06-03' } };
    expect(withAccess(item, readAccess(['AllTracTechnician'], 'inspectionItems'))).toEqual({ ...item, fix: null });
    expect(withAccess(item, readAccess(['PointSAdmin'], 'inspectionItems'))).toEqual(item);
  });

  it("gives a technician a customer's name and never a way to contact them", () => {
    const customer = {
      customerId: 'c1',
      firstName: 'Ada',
      lastName: 'Lovelace',
      companyName: null,
      email: 'ada@example.com',
      phoneNumber: '555',
      addressLine1: '1 Main St',
      notes: 'gate code 1234',
    };
    expect(withAccess(customer, readAccess(['AllTracTechnician'], 'customers'))).toEqual({
      customerId: 'c1',
      firstName: 'Ada',
      lastName: 'Lovelace',
      companyName: null,
      email: null,
      phoneNumber: null,
      addressLine1: null,
      notes: null,
    });
  });

  it('gives the bay a visit and an inspection report without their public link ids, which let whoever holds them answer for the customer', () => {
    expect(
      withAccess({ scheduledVisitId: 'v1', scheduledVisitHashId: 'h'.repeat(22), keyTag: '12' }, readAccess(['AllTracTechnician'], 'scheduledVisits')),
    ).toEqual({ scheduledVisitId: 'v1', scheduledVisitHashId: null, keyTag: '12' });
    expect(
      withAccess({ inspectionReportId: 'r1', inspectionReportHashId: 'h'.repeat(22) }, readAccess(['AllTracLeadTechnician'], 'inspectionReports')),
    ).toEqual({ inspectionReportId: 'r1', inspectionReportHashId: null });
    expect(readAccess(['AllTracUser'], 'scheduledVisits').kind).toBe('full');
  });

  it('someone with no role at a store reads only their own rows there', () => {
    expect(collectionNames.filter((c) => kind([], c) !== 'none')).toEqual(['userNotifications', 'notificationPreferences', 'supportRequests']);
  });

  it.each([
    [['AllTracAdmin'], 'store-admin'],
    [['AllTracUser'], 'front-counter'],
    [['AllTracTechnician', 'AllTracUser'], 'front-counter'],
    [['AllTracTechnician'], 'bay-without-public-ids'],
    [['AllTracLeadTechnician'], 'bay-without-public-ids'],
    [[], 'none'],
  ] as [Role[], string][])('names the access of %j "%s", so a change of role starts the replica again', (roles, profile) => {
    expect(accessProfile(roles)).toBe(profile);
  });

  it('shows everyone at a store its own row but the service key only to its admins', () => {
    expect(kind(['AllTracAdmin'], 'storeLocations')).toBe('full');
    const user = readAccess(['AllTracUser'], 'storeLocations');
    const tech = readAccess(['AllTracTechnician'], 'storeLocations');
    for (const access of [user, tech]) {
      expect(access.kind === 'limited' && access.rows).toBe('all');
      expect(access.kind === 'limited' && access.fields).not.toContain('serviceKey');
      expect(access.kind === 'limited' && access.fields).toContain('hasServiceKey');
    }
    expect(kind([], 'storeLocations')).toBe('none');
    expect(kind(['AllTracTechnician'], 'specialStoreHours')).toBe('full');
  });

  it.each([
    [['PointSAdmin'], true],
    [['AllTracAdmin'], true],
    [['AllTracUser'], false],
    [['AllTracTechnician'], false],
  ] as [Role[], boolean][])("lets %j read a store's service key: %s", (roles, may) => {
    expect(mayReadServiceKey(roles)).toBe(may);
  });
});
