import type { Transaction } from 'kysely';
import { storeTireServiceSchema, storeTireWarrantySchema, tirePurchaseAddOnSchema } from '../../../src/contract/entities.ts';
import {
  tireFeeRowSchema,
  tireInstallPackageSchema,
  type PricedTireQuote,
  type TireQuoteChoice,
  type TireQuotePrices,
} from '../../../src/contract/tire-pricing.ts';
import type { FieldProblems } from '../../../src/domain/people/customer-rules.ts';
import { retailTirePrice } from '../../../src/domain/tires/retail-tire-price.ts';
import { storeTirePrices } from '../../../src/domain/tires/store-tire-prices.ts';
import { priceTireQuote } from '../../../src/domain/tires/tire-quote.ts';
import type { Db } from '../../db/connect.ts';
import type { Database } from '../../db/schema.ts';
import type { StoreScope } from '../../sync/scope.ts';

const columnsOf = <S extends { shape: object }>(schema: S) => Object.keys(schema.shape) as (keyof S['shape'] & string)[];
const addOnColumns = columnsOf(tirePurchaseAddOnSchema);
const serviceColumns = columnsOf(storeTireServiceSchema);
const warrantyColumns = columnsOf(storeTireWarrantySchema);
const packageColumns = columnsOf(tireInstallPackageSchema);
const feeColumns = columnsOf(tireFeeRowSchema);

/**
 * The active store's price list as it stands: its live retail settings, add-ons, tire services, warranties,
 * install packages and state tire fee rows, made into a price list by the rule the counter's device uses on its replica (storeTirePrices), so both price a
 * quote alike.
 */
export async function storePriceList(db: Db | Transaction<Database>, scope: Pick<StoreScope, 'companyId' | 'storeId'>): Promise<TireQuotePrices> {
  const [settings, addOns, tireServices, warranties, installPackages, tireFees] = await Promise.all([
    db
      .selectFrom('retailStoreSettings')
      .select(['salesTaxRateInMillionths', 'quoteValidForDays'])
      .where('companyId', '=', scope.companyId)
      .where('storeId', '=', scope.storeId)
      .where('deleted', '=', false)
      .executeTakeFirst(),
    db
      .selectFrom('tirePurchaseAddOns')
      .select(addOnColumns)
      .where('companyId', '=', scope.companyId)
      .where('storeId', '=', scope.storeId)
      .where('deleted', '=', false)
      .execute(),
    db
      .selectFrom('storeTireServices')
      .select(serviceColumns)
      .where('companyId', '=', scope.companyId)
      .where('storeId', '=', scope.storeId)
      .where('deleted', '=', false)
      .execute(),
    db
      .selectFrom('storeTireWarranties')
      .select(warrantyColumns)
      .where('companyId', '=', scope.companyId)
      .where('storeId', '=', scope.storeId)
      .where('deleted', '=', false)
      .execute(),
    db
      .selectFrom('tireInstallPackages')
      .select(packageColumns)
      .where('companyId', '=', scope.companyId)
      .where('storeId', '=', scope.storeId)
      .where('deleted', '=', false)
      .execute(),
    db
      .selectFrom('tireFees')
      .select(feeColumns)
      .where('companyId', '=', scope.companyId)
      .where('storeId', '=', scope.storeId)
      .where('deleted', '=', false)
      .execute(),
  ]);
  return storeTirePrices({ settings, addOns, tireServices, warranties, installPackages, tireFees });
}

/**
 * The counter's choices priced on the quote's date, or what stops them by field. The quote function names an
 * option's problems under `options.N`; the caller sent them as `choices.N`, so that is the name it reads.
 */
export function priceChoices(
  createdOn: string,
  prices: TireQuotePrices,
  choices: TireQuoteChoice[],
): { ok: true; quote: PricedTireQuote } | { ok: false; problems: FieldProblems } {
  const result = priceTireQuote({ createdOn, prices, options: choices });
  if (result.ok) return result;
  return {
    ok: false,
    problems: Object.fromEntries(Object.entries(result.problems).map(([field, messages]) => [field.replace(/^options(?=\.|$)/, 'choices'), messages])),
  };
}

/**
 * The store's price of each catalogue tire named, by the retail price rule (src/domain/tires/retail-tire-price.ts) from
 * the server's tables: the fixed price of the catalogue the store subscribes to, else its margin over the tire's
 * cost, else the list price. A device's unit price for a catalogue tire is never taken. The catalogue is read
 * whoever offers it (a store may subscribe to another company's); a tire discontinued since is still priced (a
 * quote made before keeps its tire). The answer is undefined for a tire the catalogue never had.
 */
export async function tirePricesByRule(
  db: Db | Transaction<Database>,
  scope: Pick<StoreScope, 'companyId' | 'storeId'>,
  tireIds: readonly string[],
): Promise<(tireId: string) => number | null | undefined> {
  if (tireIds.length === 0) return () => undefined;
  const settings = await db
    .selectFrom('retailStoreSettings')
    .select('retailPriceCatalogId')
    .where('companyId', '=', scope.companyId)
    .where('storeId', '=', scope.storeId)
    .where('deleted', '=', false)
    .executeTakeFirst();
  const catalogId = settings?.retailPriceCatalogId ?? null;
  const [rule, tires, fixed] = await Promise.all([
    catalogId === null
      ? undefined
      : db
          .selectFrom('retailPriceCatalogs')
          .select(['marginInBasisPoints', 'priceEndingInCents'])
          .where('retailPriceCatalogId', '=', catalogId)
          .where('deleted', '=', false)
          .executeTakeFirst(),
    db
      .selectFrom('tires')
      .select(['tireId', 'priceInCents', 'costInCents'])
      .where('tireId', 'in', [...tireIds])
      .execute(),
    catalogId === null
      ? []
      : db
          .selectFrom('retailPriceCatalogPrices')
          .select(['tireId', 'priceInCents'])
          .where('retailPriceCatalogId', '=', catalogId)
          .where('tireId', 'in', [...tireIds])
          .where('deleted', '=', false)
          .execute(),
  ]);
  const byId = new Map(tires.map((t) => [t.tireId, t]));
  const fixedBy = new Map(fixed.map((f) => [f.tireId, f.priceInCents]));
  return (tireId) => {
    const tire = byId.get(tireId);
    return tire ? retailTirePrice(tire, rule ?? null, fixedBy.get(tireId)) : undefined;
  };
}
