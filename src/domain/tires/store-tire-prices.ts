import type { RetailStoreSettings, StoreTireService, StoreTireWarranty, TirePurchaseAddOn } from '../../contract/entities.ts';
import type { TireFeeRow, TireInstallPackage, TireQuotePrices } from '../../contract/tire-pricing.ts';

/** A store that has not set its retail settings yet quotes with no sales tax, good for 30 days. */
export const defaultQuoteTerms = { salesTaxRateInMillionths: 0, quoteValidForDays: 30 } as const;

export interface StoreTirePriceRows {
  settings: Pick<RetailStoreSettings, 'salesTaxRateInMillionths' | 'quoteValidForDays'> | null | undefined;
  addOns: readonly TirePurchaseAddOn[];
  tireServices: readonly StoreTireService[];
  warranties: readonly StoreTireWarranty[];
  /** The store's install packages and state tire fee rows (collections tireInstallPackages and tireFees). */
  installPackages: readonly TireInstallPackage[];
  tireFees: readonly TireFeeRow[];
}

/**
 * The store's price list a quote reads, from its rows: the counter builds it from the replica, the server from
 * its tables, so both price a quote alike. A tire service (TireStudding: work on the tire) is taxed as the tires
 * are; a warranty is a service contract, which most states do not tax, so it is not. Packages and fees are taken
 * as stored (a fee row without its id: the quote reads a fee by its name and dates).
 */
export function storeTirePrices({ settings, addOns, tireServices, warranties, installPackages, tireFees }: StoreTirePriceRows): TireQuotePrices {
  return {
    salesTaxRateInMillionths: settings?.salesTaxRateInMillionths ?? defaultQuoteTerms.salesTaxRateInMillionths,
    validForDays: settings?.quoteValidForDays ?? defaultQuoteTerms.quoteValidForDays,
    addOns: addOns.map(({ tirePurchaseAddOnId, category, name, priceInCents, isTaxable, chargedPer }) => ({
      tirePurchaseAddOnId,
      category,
      name,
      priceInCents,
      isTaxable,
      chargedPer,
    })),
    installPackages: installPackages.map(({ tireInstallPackageId, type, pricingType, priceInCents, isTaxable, addOnIds }) => ({
      tireInstallPackageId,
      type,
      pricingType,
      priceInCents,
      isTaxable,
      addOnIds: [...addOnIds],
    })),
    tireServices: tireServices.map(({ type, isEnabled, priceInCents }) => ({ type, isEnabled, priceInCents, isTaxable: true })),
    warranties: warranties.map(({ type, isEnabled, priceInCents }) => ({ type, isEnabled, priceInCents, isTaxable: false })),
    tireFees: tireFees.map(({ name, amountInCents, isTaxable, effectiveFrom, effectiveThrough }) => ({
      name,
      amountInCents,
      isTaxable,
      effectiveFrom,
      effectiveThrough,
    })),
  };
}
