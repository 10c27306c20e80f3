import type { RetailStoreSettings, StoreTireService, StoreTireWarranty, TirePurchaseAddOn } from '../contract/entities.ts';
import type { TireFeeRow, TireInstallPackage } from '../contract/tire-pricing.ts';
import type { StoreTirePriceRows } from '../domain/tires/store-tire-prices.ts';
import { replicaOf } from './use-replica.ts';

/**
 * The rows a store's price list is made of (storeTirePrices), as this device's replica holds them: what the
 * counter's quote and an inspection finding's price read, so both price alike.
 */
export interface StorePriceRows extends StoreTirePriceRows {
  settings: RetailStoreSettings | undefined;
  addOns: TirePurchaseAddOn[];
  tireServices: StoreTireService[];
  warranties: StoreTireWarranty[];
  installPackages: TireInstallPackage[];
  tireFees: TireFeeRow[];
}

export async function readStorePriceRows(storeId: number): Promise<StorePriceRows> {
  const db = replicaOf(storeId);
  const [settings, addOns, tireServices, warranties, installPackages, tireFees] = await Promise.all([
    db.rows<RetailStoreSettings>('retailStoreSettings').get(storeId),
    db.rows<TirePurchaseAddOn>('tirePurchaseAddOns').toArray(),
    db.rows<StoreTireService>('storeTireServices').toArray(),
    db.rows<StoreTireWarranty>('storeTireWarranties').toArray(),
    db.rows<TireInstallPackage>('tireInstallPackages').toArray(),
    db.rows<TireFeeRow>('tireFees').toArray(),
  ]);
  addOns.sort((a, b) => a.category.localeCompare(b.category) || a.name.localeCompare(b.name));
  return { settings, addOns, tireServices, warranties, installPackages, tireFees };
}
