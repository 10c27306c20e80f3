/**
 * The spec's enums as plain values: each one's values, default and labels. The shell reads them without zod;
 * enums.ts gives each its schema.
 */
/** An enum of the spec: its values in order, the default, and the labels that differ from the value. */
export interface EnumOf<V extends readonly [string, ...string[]]> {
  values: V;
  default: V[number] | undefined;
  label: (value: V[number]) => string;
}

export interface EnumOptions<V extends readonly [string, ...string[]]> {
  labels?: Partial<Record<V[number], string>>;
  default?: V[number];
}

export function defineEnum<const V extends readonly [string, ...string[]]>(values: V, options: EnumOptions<V> = {}): EnumOf<V> {
  return {
    values,
    default: options.default,
    label: (value) => options.labels?.[value] ?? value,
  };
}

export const roles = defineEnum(['PointSAdmin', 'AllTracAdmin', 'AllTracUser', 'AllTracTechnician', 'AllTracLeadTechnician'], {
  labels: {
    PointSAdmin: 'Admin',
    AllTracAdmin: 'Admin',
    AllTracUser: 'User',
    AllTracTechnician: 'Technician',
    AllTracLeadTechnician: 'Lead Technician',
  },
});
export type Role = (typeof roles.values)[number];

export const contactMethods = defineEnum(['Email', 'Phone', 'Sms'], { default: 'Phone' });
export type ContactMethod = (typeof contactMethods.values)[number];
export const customerContactMethods = defineEnum(['Email', 'Phone', 'Text'], { default: 'Phone' });
/** How a customer agreed to receive texts (not in the spec: docs/decisions/customers-and-vehicles.md). */
export const textConsentMethods = defineEnum(['InPerson', 'Phone', 'OnlineForm', 'TextReply'], {
  labels: { InPerson: 'In person', Phone: 'On the phone', OnlineForm: 'Online form', TextReply: 'Replied START by text' },
});
export type TextConsentMethod = (typeof textConsentMethods.values)[number];
export const checkOutMethods = defineEnum(['Waiting', 'DropOff', 'Pickup'], {
  default: 'Waiting',
  labels: { DropOff: 'Dropping Off', Pickup: 'Pickup & Delivery' },
});
export const externalReviewPlatforms = defineEnum(['Google', 'Yelp']);
export const messageDeliveryMethods = defineEnum(['Email', 'Form', 'Sms'], { labels: { Sms: 'Text (SMS)' } });
export const messageDirections = defineEnum(['Inbound', 'Outbound']);
/** Where an outbound message is on its way (not in the spec: docs/decisions/messages.md). */
export const deliveryStatuses = defineEnum(['Queued', 'Sent', 'Delivered', 'Failed']);
export const inquiryTypes = defineEnum(['GeneralQuestion', 'ProductQuestion', 'AvailableAppointmentTime', 'Other'], {
  labels: { GeneralQuestion: 'General Question', ProductQuestion: 'Product Question', AvailableAppointmentTime: 'Available Appointment Time' },
});
export const tirePurchaseAddOnCategories = defineEnum(
  ['Balancing', 'MiscellaneousItem', 'Mounting', 'ShopExpenses', 'TireDisposal', 'TireTax', 'ValveStems_TPMSService'],
  {
    labels: {
      MiscellaneousItem: 'Miscellaneous Item',
      ShopExpenses: 'Shop Expenses',
      TireDisposal: 'Tire Disposal',
      TireTax: 'Tire Tax',
      ValveStems_TPMSService: 'Valve Stems/TPMS Service',
    },
  },
);
/**
 * How a tire purchase add-on is charged (ours; the spec's add-on has a price and no basis): once for each tire
 * (mounting, disposal), or once for the job whatever the number of tires (shop supplies).
 */
export const tirePurchaseAddOnCharges = defineEnum(['PerTire', 'PerJob'], { default: 'PerTire', labels: { PerTire: 'Per tire', PerJob: 'Per job' } });
export type TirePurchaseAddOnCharge = (typeof tirePurchaseAddOnCharges.values)[number];
export const vehicleColors = defineEnum(
  ['Black', 'Blue', 'Brown', 'Coral', 'Gold', 'Green', 'Grey', 'Orange', 'Pink', 'Purple', 'Red', 'Silver', 'Tan', 'Unknown', 'White', 'Yellow'],
  { default: 'Unknown' },
);
export type VehicleColor = (typeof vehicleColors.values)[number];
export const messageTemplateTypes = defineEnum(
  [
    'Unknown',
    'FreeForm',
    'AppointmentConfirmation',
    'ServiceThankYou',
    'ServiceFinished',
    'Incoming',
    'AppointmentAcknowledgement',
    'AppointmentReminder',
    'MemberNewAppointment',
    'MemberLowRating',
    'CancellationConfirmation',
    'ServiceLowRatingStep1',
    'ServiceLowRatingStep2',
    'ServiceHighRatingWithReview',
    'ServiceHighRating',
    'RetailContactUsFormSubmission',
    'InspectionReport',
    'MemberContactUsNotification',
    'CustomerContactUsConfirmation',
    'TractionOrderSuccessEmail',
    'TractionOrderFailureEmail',
    'CustomerStopTextConfirmation',
    'CustomerStartTextConfirmation',
  ],
  {
    labels: {
      FreeForm: 'No Template',
      ServiceThankYou: 'Post-Appointment Thank You',
      ServiceFinished: 'Vehicle Service Finished Notification',
      ServiceLowRatingStep1: 'Low Rating More Details Response',
      ServiceLowRatingStep2: 'Low Rating Accountability Response',
      ServiceHighRatingWithReview: 'Request Review For High Rating',
      ServiceHighRating: 'Acknowledge High Rating',
    },
  },
);
export type MessageTemplateType = (typeof messageTemplateTypes.values)[number];
export const inspectionItemStatuses = defineEnum(['NotInspected', 'Passed', 'Warning', 'Failed'], { labels: { NotInspected: 'Not inspected' } });
export type InspectionItemStatus = (typeof inspectionItemStatuses.values)[number];
export const severityLevels = defineEnum(['Low', 'Medium', 'High']);
export const storeTireServiceTypes = defineEnum(['TireStudding'], { default: 'TireStudding', labels: { TireStudding: 'Tire Studding' } });
export const storeTireWarrantyTypes = defineEnum(['PromisePlus', 'PromisePlusAllWheelDrive', 'PromisePlusNational'], {
  default: 'PromisePlus',
  labels: { PromisePlus: 'Promise Plus', PromisePlusAllWheelDrive: 'Promise Plus All-Wheel Drive', PromisePlusNational: 'Promise Plus National' },
});
/** Spec section 3. Itemized: each add-on of the package is its own line; Total: one line at the package's price. */
export const tireInstallPackagePricingTypes = defineEnum(['ItemizedPricing', 'TotalPricing'], {
  labels: { ItemizedPricing: 'Itemized Pricing', TotalPricing: 'Total Pricing' },
});
export type TireInstallPackagePricingType = (typeof tireInstallPackagePricingTypes.values)[number];
export const tireInstallPackageTypes = defineEnum(['LightTruck', 'Passenger', 'Winter'], { labels: { LightTruck: 'Light Truck' } });
export type TireInstallPackageType = (typeof tireInstallPackageTypes.values)[number];
/** Spec section 3, with the spec's labels (LG, TBRAP, Tour, Winter) and ours for the rest. */
export const tireCategories = defineEnum(
  ['AllTerrain', 'ATV', 'Farm', 'Industrial', 'LG', 'OTR', 'Performance', 'TBRAP', 'TBRDrive', 'TBRSteer', 'TBRTrailer', 'Tour', 'Trailer', 'Winter'],
  {
    labels: {
      AllTerrain: 'All-Terrain',
      ATV: 'ATV/UTV',
      Farm: 'Farm',
      Industrial: 'Industrial',
      LG: 'Lawn & Garden',
      OTR: 'Off-the-Road (OTR)',
      Performance: 'Performance',
      TBRAP: 'Medium Truck All Position',
      TBRDrive: 'Medium Truck Drive',
      TBRSteer: 'Medium Truck Steer',
      TBRTrailer: 'Medium Truck Trailer',
      Tour: 'Touring',
      Trailer: 'Trailer',
      Winter: 'Winter/Snow',
    },
  },
);
export type TireCategory = (typeof tireCategories.values)[number];
/** The season-and-use groups the retail website shows. */
export const webTireCategories = defineEnum(['AllSeason', 'AllTerrain', 'AllWeather', 'Performance', 'Winter'], {
  labels: { AllSeason: 'All-Season', AllTerrain: 'All-Terrain', AllWeather: 'All-Weather' },
});
export type WebTireCategory = (typeof webTireCategories.values)[number];

/** Event type numbers of the scheduler (spec section 3). */
export const EventType = { Appointment: 1, BlockedTime: 2, RecurringBlockedTime: 3, Visit: 4 } as const;
export type EventType = (typeof EventType)[keyof typeof EventType];

/** Customer vehicle status numbers (spec section 3). */
export const customerVehicleStatuses = { 1: 'Waiting', 2: 'Dropping Off', 3: 'Pickup & Delivery' } as const;
export type CustomerVehicleStatus = keyof typeof customerVehicleStatuses;

/**
 * Kinds of user notification (the spec leaves the list open; docs/decisions/shell-and-pwa.md): what happened, so a user can
 * choose which ones the app shows them.
 */
export const userNotificationKinds = defineEnum(['message', 'rating', 'appointment-request', 'system'], {
  labels: {
    message: 'New customer message',
    rating: 'New rating',
    'appointment-request': 'Appointment request',
    system: 'System maintenance and news',
  },
});
export type UserNotificationKind = (typeof userNotificationKinds.values)[number];
