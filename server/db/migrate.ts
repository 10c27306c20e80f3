import { Migrator, type Migration, type MigrationResultSet } from 'kysely';
import type { Db } from './connect.ts';
import * as initial from './migrations/0001-initial.ts';
import * as preferencesAndSupport from './migrations/0002-notification-preferences-and-support.ts';
import * as calendarWindowIndexes from './migrations/0003-calendar-window-indexes.ts';
import * as changeMetadata from './migrations/0004-change-metadata-and-key-claims.ts';
import * as signInFailureTimes from './migrations/0005-sign-in-failure-times.ts';
import * as customersAndVehicles from './migrations/0006-customers-and-vehicles.ts';
import * as replicatedStoreLocations from './migrations/0007-replicated-store-locations.ts';
import * as userInvites from './migrations/0008-user-invites.ts';
import * as pickupAndInspectionTemplate from './migrations/0009-pickup-and-inspection-template.ts';
import * as outboundMessages from './migrations/0010-outbound-messages.ts';
import * as textStops from './migrations/0011-text-stops.ts';
import * as messageTemplates from './migrations/0012-message-templates.ts';
import * as visitMessages from './migrations/0013-visit-messages.ts';
import * as contactForms from './migrations/0014-contact-forms.ts';
import * as ratingFollowUps from './migrations/0015-rating-follow-ups.ts';
import * as inspections from './migrations/0016-inspections.ts';
import * as visitScope from './migrations/0017-visit-scope.ts';
import * as changeVersions from './migrations/0023-change-versions.ts';
import * as outboundHandover from './migrations/0024-outbound-handover.ts';
import * as textingNumberOwner from './migrations/0025-texting-number-owner.ts';
import * as ratingHistory from './migrations/0026-rating-history.ts';
import * as finalDecisions from './migrations/0027-final-decisions.ts';
import * as photoPieces from './migrations/0028-photo-pieces.ts';
import * as messageVolumeIndexes from './migrations/0029-message-volume-indexes.ts';
import * as declinedRequests from './migrations/0030-declined-requests.ts';
import * as storeFeedIndexes from './migrations/0031-store-feed-indexes.ts';
import * as customerKeys from './migrations/0032-customer-keys.ts';
import * as tirePricingColumns from './migrations/0033-tire-pricing-columns.ts';
import * as catalogueOnDevices from './migrations/0034-catalogue-on-devices.ts';
import * as tireQuotes from './migrations/0035-tire-quotes.ts';
import * as transferTimes from './migrations/0036-transfer-times.ts';
import * as installPackagesAndTireFees from './migrations/0037-install-packages-and-tire-fees.ts';
import * as inspectionFixes from './migrations/0038-inspection-fixes.ts';
import * as retailPriceRules from './migrations/0039-retail-price-rules.ts';
import * as visitTires from './migrations/0040-visit-tires.ts';
import * as systemNoticeStores from './migrations/0041-system-notice-stores.ts';
import * as userAccess from './migrations/0042-user-access.ts';
import * as devices from './migrations/0043-devices.ts';
import * as visitTireQuote from './migrations/0044-visit-tire-quote.ts';
import * as onlineBookingLimits from './migrations/0045-online-booking-limits.ts';
import * as onlineBookingRequests from './migrations/0046-online-booking-requests.ts';
import * as canceledVisitsByStore from './migrations/0047-canceled-visits-by-store.ts';
import * as onlineBookingCaps from './migrations/0048-online-booking-caps.ts';
import * as deviceSignIns from './migrations/0049-device-sign-ins.ts';
import * as tireLoadRange from './migrations/0050-tire-load-range.ts';
import * as idempotencyKeyAges from './migrations/0051-idempotency-key-ages.ts';
import * as visitPromises from './migrations/0052-visit-promises.ts';
import * as auditTrail from './migrations/0053-audit-trail.ts';
import * as versionFloorOfThisDatabase from './migrations/0054-version-floor-of-this-database.ts';

/** Migrations in order; each is applied once and recorded by Kysely. */
const migrations: Record<string, Migration> = {
  '0001-initial': initial,
  '0002-notification-preferences-and-support': preferencesAndSupport,
  '0003-calendar-window-indexes': calendarWindowIndexes,
  '0004-change-metadata-and-key-claims': changeMetadata,
  '0005-sign-in-failure-times': signInFailureTimes,
  '0006-customers-and-vehicles': customersAndVehicles,
  '0007-replicated-store-locations': replicatedStoreLocations,
  '0008-user-invites': userInvites,
  '0009-pickup-and-inspection-template': pickupAndInspectionTemplate,
  '0010-outbound-messages': outboundMessages,
  '0011-text-stops': textStops,
  '0012-message-templates': messageTemplates,
  '0013-visit-messages': visitMessages,
  '0014-contact-forms': contactForms,
  '0015-rating-follow-ups': ratingFollowUps,
  '0016-inspections': inspections,
  '0017-visit-scope': visitScope,
  '0023-change-versions': changeVersions,
  '0024-outbound-handover': outboundHandover,
  '0025-texting-number-owner': textingNumberOwner,
  '0026-rating-history': ratingHistory,
  '0027-final-decisions': finalDecisions,
  '0028-photo-pieces': photoPieces,
  '0029-message-volume-indexes': messageVolumeIndexes,
  '0030-declined-requests': declinedRequests,
  '0031-store-feed-indexes': storeFeedIndexes,
  '0032-customer-keys': customerKeys,
  '0033-tire-pricing-columns': tirePricingColumns,
  '0034-catalogue-on-devices': catalogueOnDevices,
  '0035-tire-quotes': tireQuotes,
  '0036-transfer-times': transferTimes,
  '0037-install-packages-and-tire-fees': installPackagesAndTireFees,
  '0038-inspection-fixes': inspectionFixes,
  '0039-retail-price-rules': retailPriceRules,
  '0040-visit-tires': visitTires,
  '0041-system-notice-stores': systemNoticeStores,
  '0042-user-access': userAccess,
  '0043-devices': devices,
  '0044-visit-tire-quote': visitTireQuote,
  '0045-online-booking-limits': onlineBookingLimits,
  '0046-online-booking-requests': onlineBookingRequests,
  '0047-canceled-visits-by-store': canceledVisitsByStore,
  '0048-online-booking-caps': onlineBookingCaps,
  '0049-device-sign-ins': deviceSignIns,
  '0050-tire-load-range': tireLoadRange,
  '0051-idempotency-key-ages': idempotencyKeyAges,
  '0052-visit-promises': visitPromises,
  '0053-audit-trail': auditTrail,
  '0054-version-floor-of-this-database': versionFloorOfThisDatabase,
};

/** The migrations' names, in the order they apply. */
export const migrationNames = Object.keys(migrations);

export async function migrateToLatest(db: Db): Promise<string[]> {
  return applied(await new Migrator({ db, provider: { getMigrations: async () => migrations } }).migrateToLatest());
}

/** Migrates up to and including `target` (to make a database as an earlier release left it). */
export async function migrateTo(db: Db, target: string): Promise<string[]> {
  return applied(await new Migrator({ db, provider: { getMigrations: async () => migrations } }).migrateTo(target));
}

function applied({ error, results }: MigrationResultSet): string[] {
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
