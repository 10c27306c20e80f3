import { createHash } from 'node:crypto';
import { Faker, en } from '@faker-js/faker';
import type { Insertable, Transaction } from 'kysely';
import { Temporal } from 'temporal-polyfill';
import { inquiryTypes, messageDeliveryMethods, storeTireWarrantyTypes, tirePurchaseAddOnCategories, vehicleColors } from '../../src/contract/enums.ts';
import type { Role } from '../../src/contract/enums.ts';
import { defaultOnlineBookingLimits } from '../../src/contract/store-location.ts';
import { applicationName } from '../../src/contract/application-name.ts';
import { defaultInspectionGroups } from '../../src/domain/inspections/inspection-template.ts';
import { defaultPickupSettings } from '../../src/domain/store/pickup-rules.ts';
import { defaultWeekdayHours } from '../../src/domain/store/store-hours.ts';
import { storeTimeZone, wallClockToInstant } from '../../src/domain/calendar/time-zone.ts';
import type { Db } from '../db/connect.ts';
import type { Database } from '../db/schema.ts';
import { takeVersions } from '../db/versions.ts';
import { rebuildCustomerKeys } from '../sync/customer-keys.ts';
import { rebuildVisitScope } from '../sync/visit-scope.ts';
import { refreshStoreStaff } from '../modules/users/store-staff.ts';
import { hashPassword } from '../identity/passwords.ts';
import { drawAsTheFirstCatalogueDid, drawAsTheFirstStockDid, seedDemoCatalogue, type DemoCatalogueSize } from './demo-catalogue.ts';
import { demoAddress, demoBusinessName, demoEmail, demoFullName, demoName } from './demo-people.ts';
import {
  blockedTimeReasons,
  businessNotes,
  customerComments,
  customerMessages,
  customerNotes,
  ratingComments,
  requestComments,
  serviceNotes,
  staffNotes,
} from './demo-notes.ts';
import { demoPlate, demoVehicle } from './demo-vehicles.ts';
import { transact } from '../db/transaction-guard.ts';
import type { VersionStamper } from '../sync/write-path.ts';

export const demoPassword = 'demo1234';
export const demoCompany = { alltracCompanyId: 1001, name: 'Demo Tire & Auto' } as const;
export const demoStores = [
  {
    storeNumber: 101,
    name: 'Demo Tire & Auto Springfield',
    timeZone: 'Central Standard Time',
    texting: true,
    lat: 39.7817,
    lng: -89.6501,
    address: ['1200 S Grand Ave', 'Springfield', 'IL', '62703', '+15550102001'],
  },
  {
    storeNumber: 102,
    name: 'Demo Tire & Auto Riverside',
    timeZone: 'Central Standard Time',
    texting: true,
    lat: 41.8781,
    lng: -87.6298,
    address: ['455 W Lake St', 'Chicago', 'IL', '60606', '+15550102002'],
  },
  {
    storeNumber: 103,
    name: 'Demo Tire & Auto Lakeview',
    timeZone: 'Pacific Standard Time',
    texting: false,
    lat: 45.5152,
    lng: -122.6784,
    address: ['88 SE Morrison St', 'Portland', 'OR', '97214', '+15550102003'],
  },
] as const;

/** The demo accounts and what each may do, as printed at start. */
export const demoAccounts: { email: string; name: string; roles: { store: number | null; role: Role }[]; summary: string }[] = [
  { email: 'platform@demo.test', name: 'Pat Platform', roles: [{ store: null, role: 'PointSAdmin' }], summary: 'PointSAdmin (every store)' },
  {
    email: 'admin@demo.test',
    name: 'Alex Admin',
    roles: [
      { store: 101, role: 'AllTracAdmin' },
      { store: 102, role: 'AllTracAdmin' },
    ],
    summary: 'Admin at #101 and #102',
  },
  { email: 'user@demo.test', name: 'Uma User', roles: [{ store: 101, role: 'AllTracUser' }], summary: 'User at #101' },
  { email: 'tech@demo.test', name: 'Theo Technician', roles: [{ store: 101, role: 'AllTracTechnician' }], summary: 'Technician at #101' },
  { email: 'lead@demo.test', name: 'Lee Lead', roles: [{ store: 101, role: 'AllTracLeadTechnician' }], summary: 'Lead Technician at #101' },
];

type Trx = Transaction<Database>;
type ReplicatedTable = {
  [K in keyof Database]: Database[K] extends { version: number; storeId: number | null } ? K : never;
}[keyof Database];

/**
 * A fixed id for a demo row made after the faker's draws were settled: drawing more from the faker would change
 * every id and value drawn after it (see drawAsTheFirstCatalogueDid).
 */
function demoUuid(...parts: (string | number)[]): string {
  const hex = createHash('sha256')
    .update(['demo', ...parts].join('/'))
    .digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${(8 + (parseInt(hex[16]!, 16) % 4)).toString(16)}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** Stamps the seed's store staff rows with fresh versions and no one as their author, as every seeded row. */
const unattributed = (trx: Trx): VersionStamper => ({
  trx,
  stamps: async (count) => {
    const first = count > 0 ? await takeVersions(trx, count) : 0;
    return Array.from({ length: count }, (_, i) => ({ version: first + i, changedBy: null, changedByName: null, changedAt: null }));
  },
});

/** Writes rows of one replicated table with fresh versions, in chunks small enough for any driver. */
async function insertReplicated<T extends ReplicatedTable>(
  trx: Trx,
  table: T,
  companyId: number,
  rows: Omit<Insertable<Database[T]>, 'companyId' | 'version'>[],
): Promise<void> {
  if (rows.length === 0) return;
  const first = await takeVersions(trx, rows.length);
  const values = rows.map((row, i) => ({ ...row, companyId, version: first + i }));
  for (let i = 0; i < values.length; i += 400) {
    await trx
      .insertInto(table)
      .values(values.slice(i, i + 400) as never)
      .execute();
  }
}

/**
 * What the demo's stores charge for each add-on, in whole dollars or the usual .95 (per tire unless per job): a
 * tire tax (the federal excise tax of heavy truck tires) and a miscellaneous item are offered, not ticked on a
 * new quote (tire-add-on-defaults.ts).
 */
const demoAddOnPrices: Record<(typeof tirePurchaseAddOnCategories.values)[number], number> = {
  Mounting: 2000,
  Balancing: 1500,
  ValveStems_TPMSService: 500,
  TireDisposal: 400,
  ShopExpenses: 995,
  TireTax: 1250,
  MiscellaneousItem: 500,
};

/** The install of a pair: made after the faker's draws were settled (demoUuid), so every drawn value stays. */
const pairInstall = { name: 'Tire Installation (2)', minutes: 30, price: 4000 } as const;

const serviceCatalog = [
  { category: 'Tires', name: 'Tire Installation (4)', minutes: 60, price: 8000 },
  { category: 'Tires', name: 'Tire Rotation', minutes: 30, price: 2500 },
  { category: 'Tires', name: 'Flat Repair', minutes: 30, price: 2000 },
  { category: 'Tires', name: 'Seasonal Tire Changeover', minutes: 45, price: 6000 },
  { category: 'Maintenance', name: 'Oil Change', minutes: 30, price: 4900 },
  { category: 'Maintenance', name: 'Battery Replacement', minutes: 30, price: 2500 },
  { category: 'Brakes', name: 'Brake Inspection', minutes: 30, price: 0 },
  { category: 'Brakes', name: 'Brake Pad Replacement', minutes: 90, price: 15000 },
  { category: 'Alignment', name: 'Wheel Alignment', minutes: 60, price: 9900 },
  { category: 'Inspection', name: 'Multi-Point Inspection', minutes: 15, price: 0 },
] as const;

/**
 * Seeds the demo company once: three stores, the five demo accounts and enough realistic data for every
 * screen. Runs in one transaction with its marker, so an interrupted seed leaves nothing and runs again.
 * Returns false when the database was seeded before.
 */
export async function seedDemo(db: Db, now: Date = new Date(), options: { catalogue?: DemoCatalogueSize } = {}): Promise<boolean> {
  const done = await db.selectFrom('appMeta').select('key').where('key', '=', 'demoSeed').executeTakeFirst();
  if (done) return false;
  const passwordHash = await hashPassword(demoPassword);

  return transact(db, async (trx) => {
    const marker = await trx
      .insertInto('appMeta')
      .values({ key: 'demoSeed', value: JSON.stringify({ seededOn: now.toISOString() }) })
      .onConflict((oc) => oc.column('key').doNothing())
      .returning('key')
      .executeTakeFirst();
    if (!marker) return false; // another process seeded it meanwhile
    const faker = new Faker({ locale: [en] });
    faker.seed(20261121);
    faker.setDefaultRefDate(now);

    const company = await trx.insertInto('companies').values(demoCompany).returning('id').executeTakeFirstOrThrow();
    const companyId = company.id;

    const storeIds = new Map<number, number>();
    for (const s of demoStores) {
      const first = await takeVersions(trx);
      const serviceKey = s.texting ? `svc-${faker.string.alphanumeric(24)}` : null;
      const twilioPhoneNumber = s.texting ? `+1555${faker.string.numeric(7)}` : null;
      const googlePlaceId = `ChIJ${faker.string.alphanumeric(23)}`;
      const row = await trx
        .insertInto('storeLocations')
        .values({
          alltracCompanyId: demoCompany.alltracCompanyId,
          companyId,
          version: first,
          name: s.name,
          storeNumber: s.storeNumber,
          timeZone: s.timeZone,
          serviceKey,
          twilioPhoneNumber,
          latitude: s.lat,
          longitude: s.lng,
          googlePlaceId,
          googleReviewUrl: `https://search.google.com/local/writereview?placeid=${googlePlaceId}`,
          addressLine1: s.address[0],
          city: s.address[1],
          state: s.address[2],
          postalCode: s.address[3],
          phoneNumber: s.address[4],
          calendarInterval: 15,
          appointmentReminderEnabled: true,
          appointmentReminderHoursBefore: 24,
          appointmentThankYouEnabled: true,
          appointmentThankYouHoursAfter: 2,
          autoAdjustAppointmentTimes: false,
          inspectionReportLinkEnabled: true,
          onlineAppointmentsEnabled: true,
          pickupAndDeliveryEnabled: s.storeNumber === 101,
          ratingsEnabled: true,
          walkInsEnabled: true,
          lowRatingFollowUpEnabled: s.storeNumber !== 103,
          highRatingFollowUpEnabled: s.storeNumber !== 103,
          ...defaultOnlineBookingLimits,
          isOpenMondays: true,
          isOpenTuesdays: true,
          isOpenWednesdays: true,
          isOpenThursdays: true,
          isOpenFridays: true,
          isOpenSaturdays: true,
          isOpenSundays: false,
          mondayAppointmentsEnabled: true,
          tuesdayAppointmentsEnabled: true,
          wednesdayAppointmentsEnabled: true,
          thursdayAppointmentsEnabled: true,
          fridayAppointmentsEnabled: true,
          saturdayAppointmentsEnabled: true,
          sundayAppointmentsEnabled: false,
          ...defaultWeekdayHours,
          saturdayOpenTime: '08:00',
          saturdayCloseTime: '16:00',
          ...defaultPickupSettings,
          pickupRadiusMiles: 15,
          pickupFeeInCents: s.storeNumber === 101 ? 1500 : null,
          pickupPostalCodes: JSON.stringify([]) as never,
          pickupWindows: JSON.stringify(defaultPickupSettings.pickupWindows) as never,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      storeIds.set(s.storeNumber, row.id);
    }
    const storeOf = (storeNumber: number) => storeIds.get(storeNumber)!;

    const userIds = new Map<string, string>();
    for (const account of demoAccounts) {
      const userId = faker.string.uuid();
      userIds.set(account.email, userId);
      await trx.insertInto('users').values({ userId, companyId, email: account.email, name: account.name, passwordHash }).execute();
      await trx
        .insertInto('userRoles')
        .values(account.roles.map((r) => ({ userId, storeId: r.store === null ? null : storeOf(r.store), role: r.role })))
        .execute();
    }
    const technicians = Array.from({ length: 8 }, (_, i) => ({
      userId: faker.string.uuid(),
      name: demoFullName(faker),
      store: demoStores[i % 3]!.storeNumber,
    }));
    for (const t of technicians) {
      await trx
        .insertInto('users')
        .values({ userId: t.userId, companyId, email: `tech${t.userId.slice(0, 6)}@demo.test`, name: t.name, passwordHash })
        .execute();
      await trx
        .insertInto('userRoles')
        .values({ userId: t.userId, storeId: storeOf(t.store), role: 'AllTracTechnician' })
        .execute();
    }
    await refreshStoreStaff(unattributed(trx), companyId);

    // Company-wide catalogue and customers.
    const categories = [...new Set(serviceCatalog.map((s) => s.category))].map((name, i) => ({
      storeServiceCategoryId: faker.string.uuid(),
      name,
      sortOrder: i,
      storeId: null,
    }));
    await insertReplicated(trx, 'storeServiceCategories', companyId, categories);

    const customers: Omit<Insertable<Database['customers']>, 'companyId' | 'version'>[] = [];
    const plateStates = new Map<string, () => string>();
    for (let i = 0; i < 320; i++) {
      const { firstName, lastName } = demoName(faker);
      const business = faker.number.int(9) === 0;
      const customerId = faker.string.uuid();
      const { plateState, ...address } = demoAddress(faker);
      plateStates.set(customerId, plateState);
      customers.push({
        customerId,
        storeId: null,
        firstName,
        lastName,
        companyName: business ? demoBusinessName(faker) : null,
        email: faker.number.int(5) === 0 ? null : faker.internet.email({ firstName, lastName, provider: 'example.com' }).toLowerCase(),
        phoneNumber: faker.string.numeric({ length: 10, allowLeadingZeros: false }),
        preferredContactMethod: faker.helpers.arrayElement(['Phone', 'Text', 'Text', 'Email'] as const),
        ...address,
        notes: faker.number.int(business ? 2 : 6) === 0 ? faker.helpers.arrayElement(business ? businessNotes : customerNotes) : null,
        legacyCustomerId: faker.number.int(4) === 0 ? faker.number.int({ min: 10_000, max: 99_999 }) : null,
        createdOn: faker.date.past({ years: 4 }).toISOString(),
      });
    }
    // A dozen likely duplicates of three kinds, as they happen at a counter: the same person entered again with
    // the phone typed another way; the same email with the name misspelt and a new phone; a similar name only.
    const typo = (name: string) => (name.length > 3 ? `${name.slice(0, 2)}${name[3]}${name[2]}${name.slice(4)}` : `${name}e`);
    customers.slice(0, 12).forEach((original, i) => {
      const kind = i % 3;
      const phone = original.phoneNumber!;
      const customerId = faker.string.uuid();
      plateStates.set(customerId, plateStates.get(original.customerId!)!);
      customers.push({
        ...original,
        customerId,
        legacyCustomerId: null,
        createdOn: faker.date.recent({ days: 90 }).toISOString(),
        ...(kind === 0 ? { phoneNumber: `(${phone.slice(0, 3)}) ${phone.slice(3, 6)}-${phone.slice(6)}`, email: null } : {}),
        ...(kind === 1
          ? {
              lastName: typo(original.lastName!),
              phoneNumber: faker.string.numeric({ length: 10, allowLeadingZeros: false }),
              email: original.email ?? `${original.firstName!.toLowerCase()}@example.com`,
            }
          : {}),
        ...(kind === 2
          ? {
              firstName: original.firstName!.slice(0, 3),
              phoneNumber: faker.string.numeric({ length: 10, allowLeadingZeros: false }),
              email: null,
              companyName: null,
            }
          : {}),
      });
      if (kind === 1 && !original.email) original.email = `${original.firstName!.toLowerCase()}@example.com`;
    });
    await insertReplicated(trx, 'customers', companyId, customers);

    // Regulars: fleets and families with five or more vehicles and years of visits at #101.
    const regulars = customers.slice(20, 26);
    const vehicles: Omit<Insertable<Database['customerVehicles']>, 'companyId' | 'version'>[] = [];
    for (const c of customers) {
      const count = regulars.includes(c)
        ? faker.number.int({ min: 5, max: 7 })
        : faker.helpers.weightedArrayElement([
            { weight: 6, value: 1 },
            { weight: 3, value: 2 },
            { weight: 1, value: 3 },
          ]);
      for (let v = 0; v < count; v++) {
        const plateState = plateStates.get(c.customerId!)!();
        vehicles.push({
          vehicleId: faker.string.uuid(),
          vehicleHashId: faker.string.alphanumeric(22),
          customerId: c.customerId!,
          storeId: null,
          ...demoVehicle(faker),
          trim: null,
          vehicleLicensePlateState: plateState,
          vehicleLicensePlateNumber: demoPlate(faker, plateState),
          color: faker.helpers.arrayElement(vehicleColors.values),
          mileage: faker.number.int({ min: 2_000, max: 180_000 }),
          legacyVehicleId: null,
        });
      }
    }
    await insertReplicated(trx, 'customerVehicles', companyId, vehicles);

    await insertReplicated(trx, 'retailPriceCatalogs', companyId, [
      {
        retailPriceCatalogId: faker.string.uuid(),
        storeId: null,
        name: 'Standard retail prices',
        description: 'List prices for walk-in customers.',
        isSubscribable: true,
        marginInBasisPoints: null,
        priceEndingInCents: null,
      },
      {
        retailPriceCatalogId: faker.string.uuid(),
        storeId: null,
        name: 'Fleet prices',
        description: 'Negotiated prices for fleet accounts.',
        isSubscribable: false,
        marginInBasisPoints: 2500,
        priceEndingInCents: null,
      },
    ]);
    const catalogs = await trx.selectFrom('retailPriceCatalogs').select(['retailPriceCatalogId', 'name']).execute();

    const stockOf = await seedDemoCatalogue(
      trx,
      demoStores.map((s) => s.storeNumber),
      options.catalogue,
    );
    // This month's promotion in the standard catalogue: four tires of the counter's size at $10 off their list price.
    const standard = catalogs.find((c) => c.name === 'Standard retail prices')!;
    const promoted = await trx
      .selectFrom('tires')
      .select(['tireId', 'priceInCents'])
      .where('sizeKey', '=', '225/65R17')
      .where('priceInCents', 'is not', null)
      .orderBy('sku')
      .limit(4)
      .execute();
    await insertReplicated(
      trx,
      'retailPriceCatalogPrices',
      companyId,
      promoted.map((t) => ({
        retailPriceCatalogId: standard.retailPriceCatalogId,
        tireId: t.tireId,
        priceInCents: t.priceInCents! - 1000,
        storeId: null,
      })),
    );
    drawAsTheFirstCatalogueDid(faker);

    for (const s of demoStores) {
      const storeId = storeOf(s.storeNumber);
      const zone = storeTimeZone(s.timeZone);
      const storeTechs = technicians.filter((t) => t.store === s.storeNumber);
      if (s.storeNumber === 101) storeTechs.unshift({ userId: userIds.get('tech@demo.test')!, name: 'Theo Technician', store: 101 });

      const resources = ['Bay 1', 'Bay 2', 'Bay 3', 'Alignment Rack'].map((name, i) => ({
        schedulerResourceId: faker.string.uuid(),
        storeId,
        name,
        sortOrder: i,
        isActive: true,
        assignedTechnicianId: storeTechs[i]?.userId ?? null,
      }));
      await insertReplicated(trx, 'schedulerResources', companyId, resources);

      const services = serviceCatalog.map((svc) => ({
        storeServiceId: faker.string.uuid(),
        storeServiceHashId: faker.string.alphanumeric(22),
        storeId,
        storeServiceCategoryId: categories.find((c) => c.name === svc.category)!.storeServiceCategoryId,
        name: svc.name,
        description: null,
        durationInMinutes: svc.minutes,
        priceInCents: svc.price,
        tractionServiceCode: s.storeNumber === 103 ? null : `TR-${faker.string.numeric(4)}`,
        isActive: true,
        onlineBookingEnabled: svc.category !== 'Inspection',
      }));
      await insertReplicated(trx, 'storeServices', companyId, services);
      const setInstall = services.find((svc) => svc.name === 'Tire Installation (4)')!;
      const pair = {
        ...setInstall,
        storeServiceId: demoUuid(s.storeNumber, 'service', 'pair-install'),
        storeServiceHashId: demoUuid(s.storeNumber, 'service-hash', 'pair-install').replace(/-/g, '').slice(0, 22),
        name: pairInstall.name,
        durationInMinutes: pairInstall.minutes,
        priceInCents: pairInstall.price,
        tractionServiceCode: setInstall.tractionServiceCode && `TR-2${s.storeNumber}`,
        onlineBookingEnabled: false,
      };
      await insertReplicated(trx, 'storeServices', companyId, [pair]);
      await insertReplicated(
        trx,
        'appointmentResources',
        companyId,
        resources
          .filter((r) => r.name !== 'Alignment Rack')
          .map((r) => ({ appointmentResourceId: r.schedulerResourceId, storeServiceId: pair.storeServiceId, storeId })),
      );
      await insertReplicated(
        trx,
        'appointmentResources',
        companyId,
        resources.flatMap((r) =>
          services
            .filter((svc) => (r.name === 'Alignment Rack') === (svc.name === 'Wheel Alignment'))
            .map((svc) => ({ appointmentResourceId: r.schedulerResourceId, storeServiceId: svc.storeServiceId, storeId })),
        ),
      );
      await insertReplicated(
        trx,
        'schedulerResourceServices',
        companyId,
        resources
          .slice(0, 2)
          .flatMap((r) =>
            services
              .filter((svc) => svc.onlineBookingEnabled && svc.name !== 'Wheel Alignment')
              .map((svc) => ({ schedulerResourceId: r.schedulerResourceId, storeServiceId: svc.storeServiceId, storeId })),
          ),
      );

      // Two weeks of visits around today, at the store's wall-clock hours, in every status.
      const today = Temporal.Instant.from(now.toISOString()).toZonedDateTimeISO(zone).toPlainDate();
      const visits: Omit<Insertable<Database['scheduledVisits']>, 'companyId' | 'version'>[] = [];
      const scheduled: Omit<Insertable<Database['scheduledServices']>, 'companyId' | 'version'>[] = [];
      for (let dayOffset = -7; dayOffset <= 7; dayOffset++) {
        const day = today.add({ days: dayOffset });
        if (day.dayOfWeek === 7) continue; // closed on Sundays
        for (const resource of resources) {
          let hour = 8;
          while (hour < 17) {
            const svc = faker.helpers.arrayElement(services.filter((x) => (resource.name === 'Alignment Rack') === (x.name === 'Wheel Alignment')));
            const start = wallClockToInstant(day, hour, faker.helpers.arrayElement([0, 0, 15, 30]), zone);
            const startMs = Date.parse(start);
            const endMs = startMs + svc.durationInMinutes * 60_000;
            const vehicle = faker.helpers.arrayElement(vehicles);
            const at = (minutes: number) => new Date(startMs + minutes * 60_000).toISOString();
            const past = endMs + 60 * 60_000 < now.getTime();
            const inProgress = !past && startMs < now.getTime();
            const canceled = faker.number.int(14) === 0;
            const unconfirmed = !past && !inProgress && faker.number.int(6) === 0;
            const stage = past ? 6 : inProgress ? faker.number.int({ min: 1, max: 5 }) : 0;
            const visitId = faker.string.uuid();
            // Every ninth arrival walked in: confirmed as it was checked in (a visit, event type 4).
            const walkIn = !canceled && stage >= 1 && visits.length % 9 === 4;
            const confirmedOn = (daysAhead: number) => (walkIn ? at(-10) : new Date(startMs - daysAhead * 86_400_000).toISOString());
            // Every fourth car done last week at a texting store had an inspection its customer answered (seedDashboardHistory).
            const inspected = s.texting && past && !canceled && dayOffset < 0 && visits.length % 4 === 1;
            visits.push({
              scheduledVisitId: visitId,
              scheduledVisitHashId: faker.string.alphanumeric(22),
              storeId,
              customerId: vehicle.customerId,
              vehicleId: vehicle.vehicleId,
              customerVehicleStatus: faker.helpers.arrayElement([1, 1, 2, 2, 3] as const),
              description: null,
              staffNotes: faker.number.int(2) === 0 ? faker.helpers.arrayElement(staffNotes) : null,
              customerComments: faker.number.int(5) === 0 ? faker.helpers.arrayElement(customerComments) : null,
              keyTag: stage >= 1 ? String(faker.number.int({ min: 1, max: 99 })) : null,
              isExternal: faker.number.int(9) === 0,
              scheduledBy: faker.helpers.arrayElement(['Uma User', 'Alex Admin', 'Online booking']),
              tractionInvoiceNumber: null,
              visitAppointmentCount: 1,
              scheduledCustomerCheckIn: start,
              pickUpTime: null,
              confirmationDate: unconfirmed ? null : confirmedOn(faker.number.int({ min: 1, max: 10 })),
              cancelDate: canceled ? new Date(startMs - 3_600_000).toISOString() : null,
              checkInDate: !canceled && stage >= 1 ? at(-10) : null,
              workStartDate: !canceled && stage >= 2 ? at(5) : null,
              workCompleteDate: !canceled && stage >= 3 ? at(svc.durationInMinutes) : null,
              readyForPickupDate: !canceled && stage >= 4 ? at(svc.durationInMinutes + 5) : null,
              checkOutDate: !canceled && stage >= 6 ? at(svc.durationInMinutes + 45) : null,
              vehicleStatusId: null,
              vehicleInspectionStatus: null,
              inspectionReportId: inspected ? visitId : null,
              legacyVisitId: null,
            });
            scheduled.push({
              scheduledServiceId: faker.string.uuid(),
              scheduledVisitId: visitId,
              storeId,
              storeServiceId: svc.storeServiceId,
              resourceId: resource.schedulerResourceId,
              startDate: start,
              endDate: new Date(endMs).toISOString(),
              durationInMinutes: svc.durationInMinutes,
              serviceNotes: faker.number.int(2) === 0 ? faker.helpers.arrayElement(serviceNotes[svc.name]!) : null,
              selectedTechnician: resource.assignedTechnicianId,
            });
            hour += Math.ceil(svc.durationInMinutes / 60) + faker.number.int(1);
          }
        }
      }
      if (s.storeNumber === 101) {
        // Two years of history for the regulars: a visit every month or so, done and picked up.
        for (const regular of regulars) {
          const theirVehicles = vehicles.filter((v) => v.customerId === regular.customerId);
          for (let n = 0; n < faker.number.int({ min: 20, max: 26 }); n++) {
            const day = today.subtract({ days: 20 + n * faker.number.int({ min: 25, max: 35 }) });
            const svc = faker.helpers.arrayElement(services);
            const resource = faker.helpers.arrayElement(resources);
            const start = wallClockToInstant(day.dayOfWeek === 7 ? day.subtract({ days: 1 }) : day, faker.number.int({ min: 8, max: 15 }), 0, zone);
            const startMs = Date.parse(start);
            const at = (minutes: number) => new Date(startMs + minutes * 60_000).toISOString();
            const visitId = faker.string.uuid();
            const vehicle = faker.helpers.arrayElement(theirVehicles);
            visits.push({
              scheduledVisitId: visitId,
              scheduledVisitHashId: faker.string.alphanumeric(22),
              storeId,
              customerId: regular.customerId!,
              vehicleId: vehicle.vehicleId!,
              customerVehicleStatus: faker.helpers.arrayElement([1, 2] as const),
              description: null,
              staffNotes: null,
              customerComments: null,
              keyTag: String(faker.number.int({ min: 1, max: 99 })),
              isExternal: false,
              scheduledBy: 'Uma User',
              tractionInvoiceNumber: null,
              visitAppointmentCount: 1,
              scheduledCustomerCheckIn: start,
              pickUpTime: null,
              confirmationDate: at(-3 * 24 * 60),
              cancelDate: null,
              checkInDate: at(-10),
              workStartDate: at(5),
              workCompleteDate: at(svc.durationInMinutes),
              readyForPickupDate: at(svc.durationInMinutes + 5),
              checkOutDate: at(svc.durationInMinutes + 40),
              vehicleStatusId: null,
              vehicleInspectionStatus: null,
              inspectionReportId: null,
              legacyVisitId: null,
            });
            scheduled.push({
              scheduledServiceId: faker.string.uuid(),
              scheduledVisitId: visitId,
              storeId,
              storeServiceId: svc.storeServiceId,
              resourceId: resource.schedulerResourceId,
              startDate: start,
              endDate: at(svc.durationInMinutes),
              durationInMinutes: svc.durationInMinutes,
              serviceNotes: null,
              selectedTechnician: resource.assignedTechnicianId,
            });
          }
        }
      }
      await insertReplicated(trx, 'scheduledVisits', companyId, visits);
      await insertReplicated(trx, 'scheduledServices', companyId, scheduled);

      await insertReplicated(
        trx,
        'blockedTimes',
        companyId,
        [1, 3].map((dayOffset, i) => {
          const start = wallClockToInstant(today.add({ days: dayOffset }), 14, 0, zone);
          return {
            blockedTimeId: faker.string.uuid(),
            storeId,
            resourceId: resources[1]!.schedulerResourceId,
            startDate: start,
            endDate: new Date(Date.parse(start) + 7_200_000).toISOString(),
            durationInMinutes: 120,
            description: blockedTimeReasons[i]!,
          };
        }),
      );
      await insertReplicated(trx, 'recurringBlockedTimes', companyId, [
        {
          recurringBlockedTimeId: faker.string.uuid(),
          storeId,
          resourceId: resources[0]!.schedulerResourceId,
          startDate: today.subtract({ days: 30 }).toString(),
          timeOfDay: '12:00',
          durationInMinutes: 60,
          description: 'Lunch',
          recurrenceEndDate: null,
        },
      ]);
      await insertReplicated(
        trx,
        'unconfirmedVisits',
        companyId,
        Array.from({ length: 5 }, (_, i) => {
          const { firstName, lastName } = demoName(faker);
          const vehicle = demoVehicle(faker);
          const unconfirmedVisitId = faker.string.uuid();
          // The requester's own name in their address; the address the first seed drew (with another surname) is drawn still.
          faker.internet.email({ firstName, provider: 'example.com' });
          return {
            unconfirmedVisitId,
            storeId,
            firstName,
            lastName,
            email: demoEmail(firstName, lastName),
            phoneNumber: faker.string.numeric({ length: 10, allowLeadingZeros: false }),
            preferredContactMethod: faker.helpers.arrayElement(['Phone', 'Sms', 'Email'] as const),
            vehicleDescription: `${vehicle.year} ${vehicle.make} ${vehicle.model}`,
            storeServiceId: faker.helpers.arrayElement(services).storeServiceId,
            requestedStartDate: wallClockToInstant(today.add({ days: i + 1 }), 9 + i, 0, zone),
            customerComments: faker.number.int(1) === 0 ? faker.helpers.arrayElement(requestComments) : null,
            submittedOn: faker.date.recent({ days: 2 }).toISOString(),
            confirmedVisitId: null,
            textConsent: false,
            scheduledVisitId: null,
          };
        }),
      );

      const messages: Omit<Insertable<Database['storeMessages']>, 'companyId' | 'version'>[] = [];
      for (let i = 0; i < 40; i++) {
        const customer = faker.helpers.arrayElement(customers);
        const method = faker.helpers.arrayElement(messageDeliveryMethods.values);
        const state = faker.helpers.arrayElement(['new', 'new', 'replied', 'archived'] as const);
        messages.push({
          storeMessageId: faker.string.uuid(),
          storeId,
          customerId: method === 'Form' && faker.datatype.boolean() ? null : customer.customerId!,
          visitId: null,
          name: `${customer.firstName} ${customer.lastName}`,
          email: customer.email ?? null,
          phoneNumber: customer.phoneNumber ?? null,
          preferredContactMethod: method === 'Sms' ? 'Sms' : method === 'Email' ? 'Email' : faker.helpers.arrayElement(['Phone', 'Sms', 'Email'] as const),
          messageDeliveryMethod: method,
          messageDirection: 'Inbound',
          templateType: method === 'Form' ? 'RetailContactUsFormSubmission' : 'Incoming',
          content: faker.helpers.arrayElement(customerMessages),
          sentOn: faker.date.recent({ days: 10 }).toISOString(),
          customerInquiryType: method === 'Form' ? faker.helpers.arrayElement(inquiryTypes.values) : null,
          storeServiceId: method === 'Form' ? faker.helpers.arrayElement(services).storeServiceId : null,
          isArchived: state === 'archived',
          repliedToByUserId: state === 'replied' ? userIds.get('user@demo.test')! : null,
          repliedToByUserName: state === 'replied' ? 'Uma User' : null,
        });
      }
      await insertReplicated(trx, 'storeMessages', companyId, messages);

      const visitsDone = visits.filter((v) => v.checkOutDate);
      const ratingComment = (score: number) =>
        faker.helpers.arrayElement(score >= 4 ? ratingComments.happy : score >= 3 ? ratingComments.mixed : ratingComments.unhappy);
      await insertReplicated(
        trx,
        'ratings',
        companyId,
        Array.from({ length: 45 }, (_, i) => {
          const visit = i < visitsDone.length ? visitsDone[i]! : null;
          const score = faker.helpers.weightedArrayElement([
            { weight: 10, value: 5 },
            { weight: 4, value: 4.5 },
            { weight: 4, value: 4 },
            { weight: 2, value: 3 },
            { weight: 1, value: 2 },
            { weight: 1, value: 1 },
          ]);
          return {
            ratingId: faker.string.uuid(),
            storeId,
            customerId: visit?.customerId ?? faker.helpers.arrayElement(customers).customerId!,
            visitId: visit?.scheduledVisitId ?? null,
            score,
            comment: faker.number.int(2) === 0 ? null : ratingComment(score),
            visitDate: visit?.checkOutDate ?? faker.date.recent({ days: 60 }).toISOString(),
            isRead: faker.number.int(3) !== 0,
            previousRatings: '[]' as never,
          };
        }),
      );
      // Three months of older ratings (visits from before the calendar's two weeks), read, so the weekly chart has a history.
      await insertReplicated(
        trx,
        'ratings',
        companyId,
        Array.from({ length: 70 }, () => {
          const score = faker.helpers.weightedArrayElement([
            { weight: 9, value: 5 },
            { weight: 5, value: 4 },
            { weight: 2, value: 3 },
            { weight: 1, value: 2 },
            { weight: 1, value: 1 },
          ]);
          return {
            ratingId: faker.string.uuid(),
            storeId,
            customerId: faker.helpers.arrayElement(customers).customerId!,
            visitId: null,
            score,
            comment: faker.number.int(3) === 0 ? ratingComment(score) : null,
            visitDate: faker.date.between({ from: new Date(now.getTime() - 90 * 86_400_000), to: new Date(now.getTime() - 15 * 86_400_000) }).toISOString(),
            isRead: true,
            previousRatings: '[]' as never,
          };
        }),
      );

      await insertReplicated(trx, 'retailStoreSettings', companyId, [
        {
          storeId,
          websiteUrl: `https://demo-tire.example.com/${s.storeNumber}`,
          showPrices: true,
          retailPriceCatalogId: catalogs[0]!.retailPriceCatalogId,
          salesTaxRateInMillionths: 82_500,
          quoteValidForDays: 30,
        },
      ]);
      await insertReplicated(
        trx,
        'storeContacts',
        companyId,
        ['Store Manager', 'Service Advisor'].map((title) => {
          const { firstName, lastName } = demoName(faker);
          return {
            storeContactId: faker.string.uuid(),
            storeId,
            name: `${firstName} ${lastName}`,
            title,
            email: faker.internet.email({ firstName, lastName, provider: 'demo.test' }).toLowerCase(),
            phoneNumber: faker.string.numeric({ length: 10, allowLeadingZeros: false }),
          };
        }),
      );
      await insertReplicated(
        trx,
        'socialMediaAccounts',
        companyId,
        ['Facebook', 'Instagram'].map((platform) => ({
          socialMediaAccountId: faker.string.uuid(),
          storeId,
          platform,
          url: `https://www.${platform.toLowerCase()}.com/demotire${s.storeNumber}`,
        })),
      );
      const addOns = tirePurchaseAddOnCategories.values.map((category) => {
        const tirePurchaseAddOnId = faker.string.uuid();
        faker.number.int({ min: 200, max: 2500 }); // the price the first seed drew: drawn still, so every later value stays
        return {
          tirePurchaseAddOnId,
          storeId,
          category,
          name: tirePurchaseAddOnCategories.label(category),
          priceInCents: demoAddOnPrices[category],
          isTaxable: category !== 'TireTax',
          chargedPer: category === 'ShopExpenses' ? ('PerJob' as const) : ('PerTire' as const),
        };
      });
      await insertReplicated(trx, 'tirePurchaseAddOns', companyId, addOns);
      const addOnsOf = (...categories: string[]) => addOns.filter((a) => categories.includes(a.category)).map((a) => a.tirePurchaseAddOnId);
      await insertReplicated(trx, 'tireInstallPackages', companyId, [
        {
          tireInstallPackageId: demoUuid(s.storeNumber, 'package', 'Passenger'),
          storeId,
          type: 'Passenger',
          pricingType: 'ItemizedPricing',
          priceInCents: null,
          isTaxable: true,
          addOnIds: JSON.stringify(addOnsOf('Mounting', 'Balancing', 'ValveStems_TPMSService')) as never,
        },
        {
          tireInstallPackageId: demoUuid(s.storeNumber, 'package', 'LightTruck'),
          storeId,
          type: 'LightTruck',
          pricingType: 'TotalPricing',
          priceInCents: 3999,
          isTaxable: true,
          addOnIds: JSON.stringify(addOnsOf('Mounting', 'Balancing', 'ValveStems_TPMSService', 'TireDisposal')) as never,
        },
        {
          tireInstallPackageId: demoUuid(s.storeNumber, 'package', 'Winter'),
          storeId,
          type: 'Winter',
          pricingType: 'TotalPricing',
          priceInCents: 2999,
          isTaxable: true,
          addOnIds: JSON.stringify(addOnsOf('Mounting', 'Balancing')) as never,
        },
      ]);
      // A fee whose rate changes at the new year, as state fees do: the quote charges the amount of its own date.
      await insertReplicated(trx, 'tireFees', companyId, [
        {
          tireFeeId: demoUuid(s.storeNumber, 'fee', '2024'),
          storeId,
          name: 'State tire fee',
          amountInCents: 175,
          isTaxable: false,
          effectiveFrom: '2024-01-01',
          effectiveThrough: '2026-12-31',
        },
        {
          tireFeeId: demoUuid(s.storeNumber, 'fee', '2027'),
          storeId,
          name: 'State tire fee',
          amountInCents: 200,
          isTaxable: false,
          effectiveFrom: '2027-01-01',
          effectiveThrough: null,
        },
      ]);
      if (s.texting) {
        await insertReplicated(
          trx,
          'tractionOrders',
          companyId,
          Array.from({ length: 6 }, (_, i) => {
            const tractionOrderId = faker.string.uuid();
            const { firstName, lastName } = demoName(faker);
            return {
              tractionOrderId,
              tractionOrderHashId: faker.string.alphanumeric(22),
              storeId,
              invoiceNumber: `INV-${s.storeNumber}-${1000 + i}`,
              customerFirstName: firstName,
              customerLastName: lastName,
              companyName: i % 3 === 0 ? demoBusinessName(faker) : null,
              relatedVisitId: i < 2 ? (visitsDone[i]?.scheduledVisitId ?? null) : null,
              orderDate: faker.date.recent({ days: 14 }).toISOString(),
              totalInCents: faker.number.int({ min: 5_000, max: 120_000 }),
            };
          }),
        );
      }
      await insertReplicated(trx, 'storeTireServices', companyId, [
        { storeTireServiceId: faker.string.uuid(), storeId, type: 'TireStudding', isEnabled: s.storeNumber !== 103, priceInCents: 1500 },
      ]);
      await insertReplicated(
        trx,
        'storeTireWarranties',
        companyId,
        storeTireWarrantyTypes.values.map((type) => ({
          storeTireWarrantyId: faker.string.uuid(),
          storeId,
          type,
          isEnabled: type === 'PromisePlus',
          priceInCents: 2000,
        })),
      );
      drawAsTheFirstStockDid(faker);
      await insertReplicated(
        trx,
        'inventorySummaries',
        companyId,
        stockOf.get(s.storeNumber)!.map((row) => ({ ...row, storeId })),
      );
    }

    await insertReplicated(
      trx,
      'logisticsTransfers',
      companyId,
      [
        [101, 102, 1],
        [102, 101, 1],
        [101, 103, 3],
        [103, 101, 3],
        [102, 103, 2],
      ].map(([from, to, days]) => ({
        logisticsTransferId: faker.string.uuid(),
        storeId: null,
        fromStoreId: storeOf(from!),
        toStoreId: storeOf(to!),
        transitDays: days!,
        cutOffTime: '15:00',
        arrivesByTime: '10:00',
      })),
    );

    const notificationTexts = [
      ['message', 'New text message from a customer at <b>#101</b>.', '/messages'],
      ['rating', 'A customer left a <b>2-star</b> rating.', '/ratings'],
      ['appointment-request', 'New online appointment request for tomorrow.', '/scheduler-dayview'],
      ['system', 'Release notes: the scheduler now snaps to 15 minutes.', '/notifications'],
    ] as const;
    for (const [email, userId] of userIds) {
      // Technicians cannot open messages, ratings or the scheduler: their notifications link to their list.
      const technician = email === 'tech@demo.test' || email === 'lead@demo.test';
      await insertReplicated(
        trx,
        'userNotifications',
        companyId,
        Array.from({ length: 14 }, (_, i) => {
          const [kind, content, screen] = notificationTexts[i % notificationTexts.length]!;
          const link = technician ? '/notifications' : screen;
          const dateAdded = new Date(now.getTime() - (i * 7 + faker.number.int(6)) * 3_600_000).toISOString();
          return {
            userNotificationId: faker.string.uuid(),
            storeId: null,
            identityId: userId,
            kind,
            content,
            link,
            dateAdded,
            dateMarkedRead: i < (email === 'tech@demo.test' ? 1 : 4) ? null : dateAdded,
          };
        }),
      );
    }
    await trx
      .insertInto('systemNotifications')
      .values([
        {
          systemNotificationId: faker.string.uuid(),
          severityLevel: 'Low',
          application: applicationName,
          content: 'New: the scheduler shows each store at its own local time.',
          dateStarted: new Date(now.getTime() - 86_400_000).toISOString(),
          dateEnded: new Date(now.getTime() + 6 * 86_400_000).toISOString(),
        },
        {
          systemNotificationId: faker.string.uuid(),
          severityLevel: 'Medium',
          application: applicationName,
          content: 'Planned maintenance last Sunday, 2:00–3:00 AM.',
          dateStarted: new Date(now.getTime() - 9 * 86_400_000).toISOString(),
          dateEnded: new Date(now.getTime() - 8 * 86_400_000).toISOString(),
        },
        {
          systemNotificationId: faker.string.uuid(),
          severityLevel: 'High',
          application: 'OtherProduct',
          content: 'Another product of the platform is down for maintenance.',
          dateStarted: new Date(now.getTime() - 3_600_000).toISOString(),
          dateEnded: new Date(now.getTime() + 3_600_000).toISOString(),
        },
      ])
      .execute();

    await insertReplicated(
      trx,
      'inspectionTemplates',
      companyId,
      [...storeIds.values()].map((storeId) => ({
        storeId,
        groups: JSON.stringify(defaultInspectionGroups(() => faker.string.uuid())) as never,
      })),
    );

    // The coming holidays: a short Christmas Eve, Christmas and New Year's Day closed, at every store.
    const year = now.getUTCMonth() === 11 && now.getUTCDate() > 24 ? now.getUTCFullYear() + 1 : now.getUTCFullYear();
    for (const storeId of storeIds.values()) {
      await insertReplicated(
        trx,
        'specialStoreHours',
        companyId,
        [
          { date: `${year}-12-24`, isClosed: false, openTime: '08:00', closeTime: '14:00', description: 'Christmas Eve' },
          { date: `${year}-12-25`, isClosed: true, openTime: null, closeTime: null, description: 'Christmas Day' },
          { date: `${year + 1}-01-01`, isClosed: true, openTime: null, closeTime: null, description: "New Year's Day" },
        ].map((day) => ({ ...day, specialStoreHoursId: faker.string.uuid(), storeLocationId: storeId, storeId })),
      );
    }
    await seedDashboardHistory(trx, companyId, now);
    await rebuildVisitScope(trx, companyId);
    await rebuildCustomerKeys(trx, companyId);
    return true;
  });
}

const replyTexts = [
  'Thanks for your message! Yes, we can fit you in: does tomorrow at 10 work?',
  'Hi, your car is on the lift now; we will text you as soon as it is ready.',
  'Thanks for asking. A set of four installed starts at $80; come by any time for a quote.',
  'Good news: we have that size in stock. Reply with a time and we will book you in.',
];

/**
 * What the manager dashboard reads beyond the calendar (issue 28): the inspections of the visits marked inspected,
 * with their customers' answers (most findings approved, some declined), and the store's replies to the texts and
 * emails marked replied, minutes to hours after them. Made from the rows already seeded, without the faker (its
 * draws are settled: see drawAsTheFirstCatalogueDid), so every id and time follows from them.
 */
async function seedDashboardHistory(trx: Trx, companyId: number, now: Date): Promise<void> {
  const minutes = (iso: string, n: number) => new Date(Date.parse(iso) + n * 60_000).toISOString();
  const templates = new Map(
    (await trx.selectFrom('inspectionTemplates').select(['storeId', 'groups']).where('companyId', '=', companyId).execute()).map((t) => [
      t.storeId,
      { groups: t.groups, itemIds: t.groups.flatMap((g) => g.items.map((i) => i.itemId)) },
    ]),
  );
  const inspected = await trx
    .selectFrom('scheduledVisits')
    .leftJoin('customers', 'customers.customerId', 'scheduledVisits.customerId')
    .select([
      'scheduledVisits.scheduledVisitId',
      'scheduledVisits.storeId',
      'scheduledVisits.vehicleId',
      'scheduledVisits.workCompleteDate',
      'customers.firstName',
      'customers.lastName',
    ])
    .where('scheduledVisits.companyId', '=', companyId)
    .where('scheduledVisits.inspectionReportId', 'is not', null)
    .orderBy('scheduledVisits.workCompleteDate')
    .orderBy('scheduledVisits.scheduledVisitId')
    .execute();
  const reports: Omit<Insertable<Database['inspectionReports']>, 'companyId' | 'version'>[] = [];
  const items: Omit<Insertable<Database['inspectionItems']>, 'companyId' | 'version'>[] = [];
  inspected.forEach((visit, n) => {
    const { groups, itemIds } = templates.get(visit.storeId!)!;
    const completedAt = visit.workCompleteDate!;
    const sentAt = minutes(completedAt, 2);
    const answeredAt = minutes(sentAt, 10 + ((n * 23) % 180));
    const name = [visit.firstName, visit.lastName].filter(Boolean).join(' ') || 'Customer';
    const findings = [
      { status: 'Failed' as const, decision: n % 3 === 0 ? ('Declined' as const) : ('Approved' as const) },
      { status: 'Warning' as const, decision: n % 2 === 0 ? ('Declined' as const) : ('Approved' as const) },
      { status: 'Passed' as const, decision: null },
      { status: 'Passed' as const, decision: null },
    ].map((finding, k) => ({ ...finding, itemId: itemIds[(n * 5 + k * 7) % itemIds.length]! }));
    reports.push({
      inspectionReportId: visit.scheduledVisitId,
      inspectionReportHashId: demoUuid('inspection', visit.scheduledVisitId).replaceAll('-', ''),
      scheduledVisitId: visit.scheduledVisitId,
      vehicleId: visit.vehicleId,
      technicianId: null,
      storeId: visit.storeId,
      groups: JSON.stringify(groups) as never,
      startedAt: minutes(completedAt, -20),
      completedAt,
      sentAt,
      approvedByName: name,
      approvedAt: answeredAt,
      decisionLog: JSON.stringify([
        { kind: 'signed', name, at: answeredAt, decisions: findings.flatMap((f) => (f.decision ? [{ itemId: f.itemId, decision: f.decision }] : [])) },
      ]) as never,
    });
    for (const finding of findings) {
      items.push({
        inspectionReportId: visit.scheduledVisitId,
        itemId: finding.itemId,
        status: finding.status,
        notes: null,
        measurement: null,
        storeId: visit.storeId,
        customerDecision: finding.decision,
        decidedAt: finding.decision ? answeredAt : null,
        decidedByName: finding.decision ? name : null,
        fix: null,
      });
    }
  });
  await insertReplicated(trx, 'inspectionReports', companyId, reports);
  await insertReplicated(trx, 'inspectionItems', companyId, items);

  const answered = await trx
    .selectFrom('storeMessages')
    .selectAll()
    .where('companyId', '=', companyId)
    .where('messageDirection', '=', 'Inbound')
    .where('repliedToByUserId', 'is not', null)
    .where('messageDeliveryMethod', 'in', ['Sms', 'Email'])
    .orderBy('sentOn')
    .orderBy('storeMessageId')
    .execute();
  await insertReplicated(
    trx,
    'storeMessages',
    companyId,
    answered.map((message, i) => {
      const repliedAt = Math.max(Date.parse(message.sentOn), Math.min(Date.parse(minutes(message.sentOn, 3 + ((i * 17) % 115))), now.getTime() - 60_000));
      return {
        storeMessageId: demoUuid('reply', message.storeMessageId),
        storeId: message.storeId,
        customerId: message.customerId,
        visitId: null,
        name: message.name,
        email: message.email,
        phoneNumber: message.phoneNumber,
        preferredContactMethod: message.preferredContactMethod,
        messageDeliveryMethod: message.messageDeliveryMethod,
        messageDirection: 'Outbound',
        templateType: 'FreeForm',
        content: replyTexts[i % replyTexts.length]!,
        sentOn: new Date(repliedAt).toISOString(),
        customerInquiryType: null,
        storeServiceId: null,
        isArchived: false,
        repliedToByUserId: null,
        repliedToByUserName: null,
        deliveryStatus: 'Delivered',
        deliveryProblem: null,
      };
    }),
  );
}
