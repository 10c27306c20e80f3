import type { Transaction } from 'kysely';
import { storeTireServiceSchema, storeTireWarrantySchema, tirePurchaseAddOnSchema } from '../../../src/contract/entities.ts';
import { tireFeeRowSchema, tireInstallPackageSchema, type PricedTireQuote, type TireQuoteChoice, type TireQuotePrices } from '../../../src/contract/tire-pricing.ts';
import type { FieldProblems } from '../../../src/domain/customer-rules.ts';
import { storeTirePrices } from '../../../src/domain/store-tire-prices.ts';
import { priceTireQuote } from '../../../src/domain/tire-quote.ts';
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
    db.selectFrom('retailStoreSettings').select(['salesTaxRateInMillionths', 'quoteValidForDays'])
      .where('companyId', '=', scope.companyId).where('storeId', '=', scope.storeId).where('deleted', '=', false).executeTakeFirst(),
    db.selectFrom('tirePurchaseAddOns').select(addOnColumns)
      .where('companyId', '=', scope.companyId).where('storeId', '=', scope.storeId).where('deleted', '=', false).execute(),
    db.selectFrom('storeTireServices').select(serviceColumns)
      .where('companyId', '=', scope.companyId).where('storeId', '=', scope.storeId).where('deleted', '=', false).execute(),
    db.selectFrom('storeTireWarranties').select(warrantyColumns)
      .where('companyId', '=', scope.companyId).where('storeId', '=', scope.storeId).where('deleted', '=', false).execute(),
    db.selectFrom('tireInstallPackages').select(packageColumns)
      .where('companyId', '=', scope.companyId).where('storeId', '=', scope.storeId).where('deleted', '=', false).execute(),
    db.selectFrom('tireFees').select(feeColumns)
      .where('companyId', '=', scope.companyId).where('storeId', '=', scope.storeId).where('deleted', '=', false).execute(),
  ]);
  return storeTirePrices({ settings, addOns, tireServices, warranties, installPackages, tireFees });
}

/**
 * The counter's choices priced on the quote's date, or what stops them by field. The quote function names an
 * option's problems under `options.N`; the caller sent them as `choices.N`, so that is the name it reads.
 */
export function priceChoices(createdOn: string, prices: TireQuotePrices, choices: TireQuoteChoice[]): { ok: true; quote: PricedTireQuote } | { ok: false; problems: FieldProblems } {
  const result = priceTireQuote({ createdOn, prices, options: choices });
  if (result.ok) return result;
  return { ok: false, problems: Object.fromEntries(Object.entries(result.problems).map(([field, messages]) => [field.replace(/^options(?=\.|$)/, 'choices'), messages])) };
}
