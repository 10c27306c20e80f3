import { z } from 'zod';
import * as plain from './enum-values.ts';

/** Each enum of enum-values.ts with its zod schema, for the forms, the worker and the server. */
const withSchema = <V extends readonly [string, ...string[]]>(e: plain.EnumOf<V>) => ({ ...e, schema: z.enum(e.values) });

/** An enum defined where its schema is needed anyway (the tire catalogue's): enum-values.ts's, with the schema. */
export const defineEnum = <const V extends readonly [string, ...string[]]>(values: V, options?: plain.EnumOptions<V>) =>
  withSchema(plain.defineEnum(values, options));

export const roles = withSchema(plain.roles);
export const contactMethods = withSchema(plain.contactMethods);
export const customerContactMethods = withSchema(plain.customerContactMethods);
export const textConsentMethods = withSchema(plain.textConsentMethods);
export const checkOutMethods = withSchema(plain.checkOutMethods);
export const externalReviewPlatforms = withSchema(plain.externalReviewPlatforms);
export const messageDeliveryMethods = withSchema(plain.messageDeliveryMethods);
export const messageDirections = withSchema(plain.messageDirections);
export const deliveryStatuses = withSchema(plain.deliveryStatuses);
export const inquiryTypes = withSchema(plain.inquiryTypes);
export const tirePurchaseAddOnCategories = withSchema(plain.tirePurchaseAddOnCategories);
export const tirePurchaseAddOnCharges = withSchema(plain.tirePurchaseAddOnCharges);
export const vehicleColors = withSchema(plain.vehicleColors);
export const messageTemplateTypes = withSchema(plain.messageTemplateTypes);
export const inspectionItemStatuses = withSchema(plain.inspectionItemStatuses);
export const severityLevels = withSchema(plain.severityLevels);
export const storeTireServiceTypes = withSchema(plain.storeTireServiceTypes);
export const storeTireWarrantyTypes = withSchema(plain.storeTireWarrantyTypes);
export const tireInstallPackagePricingTypes = withSchema(plain.tireInstallPackagePricingTypes);
export const tireInstallPackageTypes = withSchema(plain.tireInstallPackageTypes);
export const tireCategories = withSchema(plain.tireCategories);
export const webTireCategories = withSchema(plain.webTireCategories);
export const userNotificationKinds = withSchema(plain.userNotificationKinds);
export { EventType, customerVehicleStatuses } from './enum-values.ts';
export type {
  Role,
  ContactMethod,
  TextConsentMethod,
  TirePurchaseAddOnCharge,
  VehicleColor,
  MessageTemplateType,
  InspectionItemStatus,
  TireInstallPackagePricingType,
  TireInstallPackageType,
  TireCategory,
  WebTireCategory,
  CustomerVehicleStatus,
  UserNotificationKind,
} from './enum-values.ts';
