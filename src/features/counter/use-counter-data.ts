import { useLiveQuery } from 'dexie-react-hooks';
import type {
  Brand, CatalogueTire, Customer, CustomerVehicle, InventorySummary, LogisticsTransfer, ProductLine, RetailStoreSettings, StoreTireService, StoreTireWarranty, TirePurchaseAddOn,
} from '../../contract/entities.ts';
import type { TireFeeRow, TireInstallPackage, TireQuote, TireQuotePrices } from '../../contract/tire-pricing.ts';
import { replicaOf } from '../../db/use-replica.ts';
import { storeTirePrices } from '../../domain/store-tire-prices.ts';
import type { StockHere } from '../../domain/tire-finder.ts';
import { lookUpTires } from './tire-lookup.ts';

export interface CounterBasics {
  prices: TireQuotePrices;
  addOns: TirePurchaseAddOn[];
  warranties: StoreTireWarranty[];
  tireServices: StoreTireService[];
  installPackages: TireInstallPackage[];
  brands: Map<string, Brand>;
  lines: Map<string, ProductLine>;
  stock: Map<string, StockHere>;
  /** The company's transfer paths between its stores. */
  paths: LogisticsTransfer[];
  /** The catalogue has reached this device (its first sync got that far). */
  catalogueReady: boolean;
}

/** What every look-up and quote at the counter reads: the store's prices and stock, the catalogue's brands and lines. */
export function useCounterBasics(storeId: number | null): CounterBasics | undefined {
  return useLiveQuery(async () => {
    if (storeId === null) return undefined;
    const db = replicaOf(storeId);
    const [settings, addOns, tireServices, warranties, installPackages, tireFees, brands, lines, stock, paths, anyTire] = await Promise.all([
      db.rows<RetailStoreSettings>('retailStoreSettings').get(storeId),
      db.rows<TirePurchaseAddOn>('tirePurchaseAddOns').toArray(),
      db.rows<StoreTireService>('storeTireServices').toArray(),
      db.rows<StoreTireWarranty>('storeTireWarranties').toArray(),
      db.rows<TireInstallPackage>('tireInstallPackages').toArray(),
      db.rows<TireFeeRow>('tireFees').toArray(),
      db.rows<Brand>('catalogueBrands').toArray(),
      db.rows<ProductLine>('catalogueProductLines').toArray(),
      db.rows<InventorySummary & { storeId: number }>('inventorySummaries').toArray(),
      db.rows<LogisticsTransfer>('logisticsTransfers').toArray(),
      db.rows<CatalogueTire>('catalogueTires').limit(1).toArray(),
    ]);
    addOns.sort((a, b) => a.category.localeCompare(b.category) || a.name.localeCompare(b.name));
    return {
      prices: storeTirePrices({ settings, addOns, tireServices, warranties, installPackages, tireFees }),
      addOns, tireServices, warranties, installPackages,
      brands: new Map(brands.map((b) => [b.brandHashId, b])),
      lines: new Map(lines.map((l) => [l.productLineHashId, l])),
      stock: new Map(stock.filter((s) => s.storeId === storeId).map((s) => [s.tireId, s])),
      paths,
      catalogueReady: anyTire.length > 0,
    };
  }, [storeId]);
}

/** The catalogue's tires a typed text finds (tire-lookup.ts), again whenever the replica changes. */
export function useTireLookup(storeId: number | null, typed: string, lines: ReadonlyMap<string, ProductLine>, brands: ReadonlyMap<string, Brand>) {
  return useLiveQuery(() => (storeId === null ? undefined : lookUpTires(replicaOf(storeId), typed, lines.values(), brands)), [storeId, typed, lines, brands]);
}

export interface QuoteCustomer {
  customer: Customer;
  vehicles: CustomerVehicle[];
}

/** The customer a quote is for, with their vehicles; null when the replica has no such customer. */
export function useQuoteCustomer(storeId: number | null, customerId: string | null): QuoteCustomer | null | undefined {
  return useLiveQuery(async () => {
    if (storeId === null) return undefined;
    if (customerId === null) return null;
    const db = replicaOf(storeId);
    const customer = await db.rows<Customer>('customers').get(customerId);
    if (!customer) return null;
    const vehicles = await db.rows<CustomerVehicle>('customerVehicles').where('customerId').equals(customerId).toArray();
    return { customer, vehicles };
  }, [storeId, customerId]);
}

/** A saved quote, as the replica holds it (the device's copy while its save waits to be sent). */
export function useSavedQuote(storeId: number | null, tireQuoteId: string | null): TireQuote | null | undefined {
  return useLiveQuery(async () => {
    if (storeId === null) return undefined;
    if (tireQuoteId === null) return null;
    return (await replicaOf(storeId).rows<TireQuote>('tireQuotes').get(tireQuoteId)) ?? null;
  }, [storeId, tireQuoteId]);
}
