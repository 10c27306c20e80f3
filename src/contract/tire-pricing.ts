/**
 * Tire pricing at the counter (issue 26): the install packages of spec section 3, the store's price list a
 * quote reads, what the counter chose for each option (good / better / best), and the priced quote saved on
 * the customer (it travels through the outbox to the server, and the public quote page shows it).
 *
 * Money is in whole cents; dates are the store's calendar dates (YYYY-MM-DD). The rules that price a quote
 * from these shapes are src/domain/tires/tire-quote.ts. The spec's tire enums (install package and pricing types,
 * add-on categories and how they are charged, store tire service and warranty types) are in enums.ts.
 */
import { z } from 'zod';
import { devicePublicId } from './public-id.ts';
import { maxCents, storeTireServiceSchema, storeTireWarrantySchema, tirePurchaseAddOnSchema } from './entities.ts';
import { storeTireServiceTypes, storeTireWarrantyTypes, tireInstallPackagePricingTypes, tireInstallPackageTypes } from './enums.ts';

/** The most tires one option quotes: a dually pickup's six plus two, and never more than a vehicle takes. */
export const maxTiresPerQuote = 8;

const id = z.uuid();
const date = z.iso.date('Enter a date as YYYY-MM-DD');
/** A price in whole cents, with messages that name what it is the price of. */
const price = (what: string) =>
  z.number().int(`Enter ${what} in whole cents`).min(0, `Enter ${what} of 0 or more`).max(maxCents, `Enter ${what} under $1,000,000`);
/** An amount a quote adds up (totals can pass one price's limit: eight tires at the most a price may be). */
const amount = z.number().int().min(0);
const tireQuantity = z
  .number()
  .int('Enter a whole number of tires')
  .min(1, `Quote 1 to ${maxTiresPerQuote} tires`)
  .max(maxTiresPerQuote, `Quote 1 to ${maxTiresPerQuote} tires`);

// ---- The store's price list: read from the replica at the counter, the same on the server. ----

/** A tire purchase add-on as a quote prices it: the entity, and how it is charged. */
export const tireQuoteAddOnSchema = tirePurchaseAddOnSchema
  .pick({ tirePurchaseAddOnId: true, category: true, name: true, isTaxable: true, chargedPer: true })
  .extend({ priceInCents: price('an add-on price') });
export type TireQuoteAddOn = z.infer<typeof tireQuoteAddOnSchema>;

const tireInstallPackageFields = z.object({
  tireInstallPackageId: id,
  type: tireInstallPackageTypes.schema,
  pricingType: tireInstallPackagePricingTypes.schema,
  /** Per tire; a TotalPricing package needs one, an itemized one has none (its add-ons carry their prices). */
  priceInCents: price('a package price').nullable(),
  isTaxable: z.boolean(),
  /** The store's tire purchase add-ons it bundles. */
  addOnIds: z.array(id).max(20, 'Bundle at most 20 add-ons in one package'),
});
const totalHasPrice = <T extends { pricingType: string; priceInCents: number | null }>(p: T) => p.pricingType !== 'TotalPricing' || p.priceInCents !== null;
const totalHasPriceIssue = { path: ['priceInCents'], message: 'Give the package a price per tire, or itemize it' };

/**
 * An install package bundles some of the store's add-ons (say Mounting, Balancing and Valve Stems/TPMS
 * Service). Itemized, it is a shortcut: each add-on is its own line at its own price, taxability and basis, and
 * the package's price is not used. Total, it is one line at its price per tire, taxed by its own flag, and its
 * add-ons are not charged again. A store's rows (collection tireInstallPackages), edited in Retail Management.
 */
export const tireInstallPackageSchema = tireInstallPackageFields.refine(totalHasPrice, totalHasPriceIssue);
export type TireInstallPackage = z.infer<typeof tireInstallPackageSchema>;

/** A store tire service (TireStudding) as a quote prices it: per tire it is done to, taxed by its flag. */
export const tireQuoteTireServiceSchema = storeTireServiceSchema
  .pick({ type: true, isEnabled: true })
  .extend({ priceInCents: price('a service price').nullable(), isTaxable: z.boolean() });
export type TireQuoteTireService = z.infer<typeof tireQuoteTireServiceSchema>;

/** A store tire warranty as a quote prices it: one price per tire of the option, taxed by its flag. */
export const tireQuoteWarrantySchema = storeTireWarrantySchema
  .pick({ type: true, isEnabled: true })
  .extend({ priceInCents: price('a warranty price').nullable(), isTaxable: z.boolean() });
export type TireQuoteWarranty = z.infer<typeof tireQuoteWarrantySchema>;

const tireFeeFields = z.object({
  name: z.string().trim().min(1, 'Name the fee, e.g. California tire fee').max(100, "Keep the fee's name under 100 characters"),
  amountInCents: price('a fee'),
  isTaxable: z.boolean(),
  effectiveFrom: date,
  effectiveThrough: date.nullable(),
});
const endsAfterItStarts = <T extends { effectiveFrom: string; effectiveThrough: string | null }>(f: T) =>
  f.effectiveThrough === null || f.effectiveThrough >= f.effectiveFrom;
const endsAfterItStartsIssue = { path: ['effectiveThrough'], message: 'End the fee on or after the day it starts' };

/**
 * One amount of a state tire fee, per tire sold, in force from a date through a date (both days included; no
 * end: still in force). A fee is the rows of one name: when the rate changes, the old row ends the day before
 * the new one starts. A fee that is repealed gets a row of 0 from that day.
 */
export const tireFeeSchema = tireFeeFields.refine(endsAfterItStarts, endsAfterItStartsIssue);
export type TireFee = z.infer<typeof tireFeeSchema>;

/**
 * A store's amount of a state tire fee as stored (collection tireFees), with its device-made id. The server
 * refuses a write that would leave two rows of one fee (one name, case aside) on the same day
 * (src/domain/tires/tire-fees.ts), so the quote never meets two amounts at once.
 */
export const tireFeeRowSchema = z.object({ tireFeeId: id, ...tireFeeFields.shape }).refine(endsAfterItStarts, endsAfterItStartsIssue);
export type TireFeeRow = z.infer<typeof tireFeeRowSchema>;

/** POST /api/alltrac/tire-install-packages: the device makes the id. Taxable and bundling nothing unless it says. */
export const createTireInstallPackageSchema = tireInstallPackageFields
  .extend({
    priceInCents: tireInstallPackageFields.shape.priceInCents.default(null),
    isTaxable: tireInstallPackageFields.shape.isTaxable.default(true),
    addOnIds: tireInstallPackageFields.shape.addOnIds.default([]),
  })
  .strict()
  .refine(totalHasPrice, totalHasPriceIssue);
export type CreateTireInstallPackage = z.input<typeof createTireInstallPackageSchema>;
/** The fields a JSON patch of a package may change (its id and store never change). */
export const tireInstallPackagePatchableFields = [
  'type',
  'pricingType',
  'priceInCents',
  'isTaxable',
  'addOnIds',
] as const satisfies readonly (keyof TireInstallPackage)[];

/** POST /api/alltrac/tire-fees: the device makes the id. Not taxed and still in force unless it says (most states do not tax the fee). */
export const createTireFeeSchema = z
  .object({ tireFeeId: id, ...tireFeeFields.shape })
  .extend({
    isTaxable: tireFeeFields.shape.isTaxable.default(false),
    effectiveThrough: tireFeeFields.shape.effectiveThrough.default(null),
  })
  .strict()
  .refine(endsAfterItStarts, endsAfterItStartsIssue);
export type CreateTireFee = z.input<typeof createTireFeeSchema>;
export const tireFeePatchableFields = [
  'name',
  'amountInCents',
  'isTaxable',
  'effectiveFrom',
  'effectiveThrough',
] as const satisfies readonly (keyof TireFeeRow)[];

/** The most a sales tax rate may be: 25% (a rate typed in basis points or percent instead is caught). */
export const maxSalesTaxRateInMillionths = 250_000;

export const tireQuotePricesSchema = z.object({
  /** Millionths of the price: 8.875% is 88750 (basis points cannot hold the 0.005% steps of local rates). */
  salesTaxRateInMillionths: z
    .number()
    .int('Enter the rate in millionths, e.g. 88750 for 8.875%')
    .min(0, 'Enter a sales tax rate of 0% or more')
    .max(maxSalesTaxRateInMillionths, 'Enter a sales tax rate of 25% or less, in millionths: 88750 for 8.875%'),
  /** A quote holds through its date plus this many days. */
  validForDays: z
    .number()
    .int('A quote is good for a whole number of days')
    .min(1, 'A quote is good for 1 to 365 days')
    .max(365, 'A quote is good for 1 to 365 days'),
  addOns: z.array(tireQuoteAddOnSchema).max(100),
  installPackages: z.array(tireInstallPackageSchema).max(30),
  tireServices: z.array(tireQuoteTireServiceSchema).max(10),
  warranties: z.array(tireQuoteWarrantySchema).max(10),
  tireFees: z.array(tireFeeSchema).max(200),
});
export type TireQuotePrices = z.infer<typeof tireQuotePricesSchema>;

// ---- What the counter chose: one option of the quote. ----

/** Tires of one size and price; mixed front and rear sizes are two of these. */
export const tireQuoteTireSchema = z.object({
  /** The catalogue's tire, when it is one (a tire typed by hand has none). */
  tireId: id.nullable().optional(),
  description: z.string().trim().min(1, 'Describe the tire, e.g. its brand, line and size').max(200),
  quantity: tireQuantity,
  unitPriceInCents: price('a tire price'),
  isTaxable: z.boolean(),
  /** Winter tires made to take studs; only these are studded when the option asks for TireStudding. */
  isStuddable: z.boolean(),
});
export type TireQuoteTire = z.infer<typeof tireQuoteTireSchema>;

/** A store service on the quote (an inspection finding's fix, an alignment): once per job at its price. */
export const tireQuoteServiceSchema = z.object({
  description: z.string().trim().min(1, 'Name the service').max(200),
  priceInCents: price('a service price'),
  isTaxable: z.boolean(),
});

export const tireQuoteChoiceSchema = z.object({
  /** Good, Better, Best, or the counter's own words. */
  name: z.string().trim().min(1, 'Name the option, e.g. Good, Better or Best').max(40, 'Keep the option name under 40 characters'),
  tires: z.array(tireQuoteTireSchema).max(maxTiresPerQuote),
  services: z.array(tireQuoteServiceSchema).max(20),
  installPackageId: id.nullable(),
  /** Add-ons beyond the package's; one the package holds is charged once. */
  addOnIds: z.array(id).max(100),
  tireServiceTypes: z.array(storeTireServiceTypes.schema).max(10),
  warrantyType: storeTireWarrantyTypes.schema.nullable(),
});
export type TireQuoteChoice = z.infer<typeof tireQuoteChoiceSchema>;

/** What the quote function takes: the quote's date, the store's prices and the options to compare. */
export const tireQuoteRequestSchema = z.object({
  createdOn: date,
  prices: tireQuotePricesSchema,
  options: z.array(tireQuoteChoiceSchema).min(1, 'Quote at least one option').max(4, 'Compare at most 4 options side by side'),
});
export type TireQuoteRequest = z.infer<typeof tireQuoteRequestSchema>;

// ---- The priced quote: what the customer is shown, saved as it was shown. ----

export const tireQuoteLineKinds = ['Tire', 'StoreService', 'InstallPackage', 'AddOn', 'TireService', 'Warranty', 'Fee'] as const;
export type TireQuoteLineKind = (typeof tireQuoteLineKinds)[number];

export const tireQuoteLineSchema = z.object({
  kind: z.enum(tireQuoteLineKinds),
  description: z.string().max(200),
  /** Tires the line is charged for; 1 for a line charged per job. */
  quantity: z.number().int().min(1).max(maxTiresPerQuote),
  unitInCents: amount,
  totalInCents: amount,
  isTaxable: z.boolean(),
});
export type TireQuoteLine = z.infer<typeof tireQuoteLineSchema>;

export const tireQuoteOptionSchema = z.object({
  name: z.string().max(40),
  lines: z.array(tireQuoteLineSchema).max(300),
  tireCount: z.number().int().min(0).max(maxTiresPerQuote),
  /** Every line but the fees. */
  subtotalInCents: amount,
  feesInCents: amount,
  /** The lines sales tax is charged on (fees among them where the state taxes them). */
  taxableInCents: amount,
  taxInCents: amount,
  /** Out the door: subtotal, fees and tax. */
  totalInCents: amount,
  /** The total over the tires, to the nearest cent, to compare options by; none without tires. */
  perTireInCents: amount.nullable(),
});
export type TireQuoteOption = z.infer<typeof tireQuoteOptionSchema>;

/** A quote as priced: its date, the last day it holds, and its options side by side. */
export const pricedTireQuoteSchema = z.object({
  createdOn: date,
  validUntil: date,
  options: z.array(tireQuoteOptionSchema).min(1).max(4),
});
export type PricedTireQuote = z.infer<typeof pricedTireQuoteSchema>;

/**
 * A quote saved on the customer (and the vehicle it is for, when there is one): replicated to the store's
 * counter devices (collection tireQuotes). `options` are `choices` priced by priceTireQuote with the store's
 * prices on `createdOn`; the server prices them again on every write, so what is stored and shown on the
 * public page is the one rule's answer, never a total a device sent.
 */
export const tireQuoteSchema = pricedTireQuoteSchema.extend({
  tireQuoteId: id,
  /** The public quote page's id (/tire-quotes/{tireQuoteHashId}): whoever holds the link reads the quote. */
  tireQuoteHashId: devicePublicId,
  customerId: id,
  vehicleId: id.nullable(),
  /** What the counter chose, to open the quote again and change it. */
  choices: z.array(tireQuoteChoiceSchema).min(1, 'Quote at least one option').max(4, 'Compare at most 4 options side by side'),
});
export type TireQuote = z.infer<typeof tireQuoteSchema>;

/**
 * POST /api/alltrac/tire-quotes: the device makes the quote's id; the server its public id (a `tireQuoteHashId` a
 * device of before issue 46 sends is not read) and prices the choices on createdOn.
 */
export const tireQuoteCreateSchema = tireQuoteSchema.pick({
  tireQuoteId: true,
  customerId: true,
  vehicleId: true,
  createdOn: true,
  choices: true,
});
export type TireQuoteCreate = z.infer<typeof tireQuoteCreateSchema>;
/** The fields a JSON patch of a quote may change (PATCH /api/alltrac/tire-quotes/{tireQuoteId}); the server prices it again. */
export const tireQuotePatchableFields = ['choices', 'vehicleId'] as const;

/**
 * POST /api/alltrac/tire-quotes/{tireQuoteId}/messages: text or email the saved quote to its customer. The server
 * writes the message from the quote as it stored it (the figures its public page shows) to the customer's own
 * number or address on file; the device names only the message's id and the channel.
 */
export const tireQuoteMessageSchema = z
  .object({
    storeMessageId: id,
    channel: z.enum(['sms', 'email'], 'Send the quote by sms or email'),
  })
  .strict();
export type TireQuoteMessage = z.infer<typeof tireQuoteMessageSchema>;

/** The public quote page (GET /api/public/tire-quotes/{tireQuoteHashId}): what the customer's link shows. */
export const publicTireQuoteSchema = pricedTireQuoteSchema.extend({
  store: z.object({ name: z.string(), phoneNumber: z.string().nullable(), address: z.string().nullable() }),
  customerFirstName: z.string().nullable(),
  vehicle: z.string().nullable(),
});
export type PublicTireQuote = z.infer<typeof publicTireQuoteSchema>;
