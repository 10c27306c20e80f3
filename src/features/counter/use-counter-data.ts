import { useLiveQuery } from 'dexie-react-hooks';
import type {
  Brand,
  CatalogueTire,
  Customer,
  CustomerVehicle,
  InventorySummary,
  LogisticsTransfer,
  ProductLine,
  RetailPriceCatalog,
  StoreTireService,
  StoreTireWarranty,
  TirePurchaseAddOn,
} from '../../contract/entities.ts';
import type { RetailPriceCatalogPrice } from '../../contract/retail-price-rules.ts';
import type { TireInstallPackage, TireQuote, TireQuotePrices } from '../../contract/tire-pricing.ts';
import { readStorePriceRows } from '../../db/store-price-rows.ts';
import { replicaOf } from '../../db/use-replica.ts';
import { retailTirePrice } from '../../domain/tires/retail-tire-price.ts';
import { storeTirePrices } from '../../domain/tires/store-tire-prices.ts';
import type { StockHere } from '../../domain/tires/tire-finder.ts';
import { counterReady } from './counter-readiness.ts';
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
  /** The catalogue and this store's stock are whole on this device (its first sync is complete: counter-readiness.ts). */
  catalogueReady: boolean;
  /**
   * The store's price of a tire by the retail price rule (src/domain/tires/retail-tire-price.ts): its catalogue's fixed
   * price, else its margin over cost, else the list price. A look-up in a Map and a few integer steps: the finder
   * calls it for every tire a keystroke finds.
   */
  priceOf: (tire: Pick<CatalogueTire, 'tireId' | 'priceInCents' | 'costInCents'>) => number | null;
}

/** What every look-up and quote at the counter reads: the store's prices and stock, the catalogue's brands and lines. */
export function useCounterBasics(storeId: number | null): CounterBasics | undefined {
  return useLiveQuery(async () => {
    if (storeId === null) return undefined;
    const db = replicaOf(storeId);
    const [rows, brands, lines, stock, paths, ready] = await Promise.all([
      readStorePriceRows(storeId),
      db.rows<Brand>('catalogueBrands').toArray(),
      db.rows<ProductLine>('catalogueProductLines').toArray(),
      db.rows<InventorySummary & { storeId: number }>('inventorySummaries').toArray(),
      db.rows<LogisticsTransfer>('logisticsTransfers').toArray(),
      counterReady(db),
    ]);
    const { settings, addOns, tireServices, warranties, installPackages } = rows;
    // The store's catalogue and its fixed prices. A catalogue another company offers is not on the device: its
    // tires show their list prices here until the server prices the saved quote by its rule.
    const catalogId = settings?.retailPriceCatalogId ?? null;
    const [catalog, fixed] =
      catalogId === null
        ? [undefined, []]
        : await Promise.all([
            db.rows<RetailPriceCatalog>('retailPriceCatalogs').get(catalogId),
            db.rows<RetailPriceCatalogPrice>('retailPriceCatalogPrices').where('retailPriceCatalogId').equals(catalogId).toArray(),
          ]);
    const rule = catalog ? { marginInBasisPoints: catalog.marginInBasisPoints ?? null, priceEndingInCents: catalog.priceEndingInCents ?? null } : null;
    const fixedBy = new Map(fixed.map((f) => [f.tireId, f.priceInCents]));
    return {
      priceOf: (tire) => retailTirePrice(tire, rule, fixedBy.get(tire.tireId)),
      prices: storeTirePrices(rows),
      addOns,
      tireServices,
      warranties,
      installPackages,
      brands: new Map(brands.map((b) => [b.brandHashId, b])),
      lines: new Map(lines.map((l) => [l.productLineHashId, l])),
      stock: new Map(stock.filter((s) => s.storeId === storeId).map((s) => [s.tireId, s])),
      paths,
      catalogueReady: ready,
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

/** The catalogue's tires a quote names, by id, to price them by the rule as the store's prices change. */
export function useQuoteTires(storeId: number | null, tireIds: readonly string[]): Map<string, CatalogueTire> | undefined {
  const wanted = tireIds.join(',');
  return useLiveQuery(async () => {
    if (storeId === null) return undefined;
    const ids = wanted === '' ? [] : wanted.split(',');
    const rows = await replicaOf(storeId).rows<CatalogueTire>('catalogueTires').bulkGet(ids);
    return new Map(rows.flatMap((t) => (t ? [[t.tireId, t] as const] : [])));
  }, [storeId, wanted]);
}
