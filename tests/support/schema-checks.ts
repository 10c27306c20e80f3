import { CamelCasePlugin, sql } from 'kysely';
import type { z } from 'zod';
import * as entities from '../../src/contract/entities.ts';
import { retailPriceCatalogPriceSchema } from '../../src/contract/retail-price-rules.ts';
import { visitTireSchema } from '../../src/contract/visit-tires.ts';
import { tireFeeRowSchema, tireInstallPackageSchema, tireQuoteSchema } from '../../src/contract/tire-pricing.ts';
import type { Db } from '../../server/db/connect.ts';

const snake = new CamelCasePlugin();
const toSnake = (name: string) => (snake as unknown as { snakeCase(s: string): string }).snakeCase(name);

/** Each contract entity and the table that stores it. */
export const entityTables: [string, z.ZodObject][] = [
  ['customers', entities.customerSchema],
  ['customer_vehicles', entities.customerVehicleSchema],
  ['customer_duplicate_dismissals', entities.customerDuplicateDismissalSchema],
  ['scheduler_resources', entities.schedulerResourceSchema],
  ['appointment_resources', entities.appointmentResourceSchema],
  ['scheduler_resource_services', entities.schedulerResourceServiceSchema],
  ['store_service_categories', entities.storeServiceCategorySchema],
  ['store_services', entities.storeServiceSchema],
  ['scheduled_visits', entities.scheduledVisitSchema],
  ['scheduled_services', entities.scheduledServiceSchema],
  ['unconfirmed_visits', entities.unconfirmedVisitSchema],
  ['blocked_times', entities.blockedTimeSchema],
  ['recurring_blocked_times', entities.recurringBlockedTimeSchema],
  ['store_messages', entities.storeMessageSchema],
  ['ratings', entities.ratingSchema],
  ['user_notifications', entities.userNotificationSchema],
  ['system_notifications', entities.systemNotificationSchema],
  ['notification_preferences', entities.notificationPreferenceSchema],
  ['support_requests', entities.supportRequestSchema],
  ['retail_store_settings', entities.retailStoreSettingsSchema],
  ['retail_price_catalogs', entities.retailPriceCatalogSchema],
  ['store_contacts', entities.storeContactSchema],
  ['social_media_accounts', entities.socialMediaAccountSchema],
  ['tire_purchase_add_ons', entities.tirePurchaseAddOnSchema],
  ['traction_orders', entities.tractionOrderSchema],
  ['store_tire_services', entities.storeTireServiceSchema],
  ['store_tire_warranties', entities.storeTireWarrantySchema],
  ['special_store_hours', entities.specialStoreHoursSchema],
  ['brands', entities.brandSchema],
  ['product_lines', entities.productLineSchema],
  ['tire_sizes', entities.tireSizeSchema],
  ['tires', entities.catalogueTireSchema],
  ['logistics_transfers', entities.logisticsTransferSchema],
  ['inventory_summaries', entities.inventorySummarySchema],
  ['tire_quotes', tireQuoteSchema],
  ['tire_install_packages', tireInstallPackageSchema],
  ['tire_fees', tireFeeRowSchema],
  ['retail_price_catalog_prices', retailPriceCatalogPriceSchema],
  ['visit_tires', visitTireSchema],
];

const syncColumns = ['company_id', 'store_id', 'version', 'deleted', 'changed_by', 'changed_by_name', 'changed_at'];

export async function columnsOf(db: Db, table: string): Promise<string[]> {
  const rows = await sql<{
    columnName: string;
  }>`select column_name from information_schema.columns where table_schema = current_schema() and table_name = ${table}`.execute(db);
  return rows.rows.map((r) => r.columnName);
}

/** Columns of a table that the contract does not name, and contract fields the table lacks. */
export async function columnMismatches(db: Db, table: string, schema: z.ZodObject): Promise<{ extra: string[]; missing: string[] }> {
  const actual = new Set(await columnsOf(db, table));
  const expected = new Set(Object.keys(schema.shape).map(toSnake));
  const extra = [...actual].filter((c) => !expected.has(c) && !syncColumns.includes(c));
  const missing = [...expected].filter((c) => !actual.has(c));
  return { extra, missing };
}

export async function tableNames(db: Db): Promise<string[]> {
  const rows = await sql<{
    tableName: string;
  }>`select table_name from information_schema.tables where table_schema = current_schema() order by table_name`.execute(db);
  return rows.rows.map((r) => r.tableName);
}
