import type { StoreTireService, StoreTireWarranty } from '../../contract/entities.ts';
import { storeTireServiceTypes, storeTireWarrantyTypes } from '../../contract/enum-values.ts';

interface TireOption {
  type: StoreTireService['type'] | StoreTireWarranty['type'];
  isEnabled: boolean;
  priceInCents: number | null;
}

/** Its label as Retail Management shows it: Tire Studding, Promise Plus… */
export const tireOptionLabel = (type: TireOption['type']): string =>
  type === 'TireStudding' ? storeTireServiceTypes.label(type) : storeTireWarrantyTypes.label(type);

/**
 * A store's tire service (Tire Studding) or warranty (Promise Plus…) as Retail Management sets it. Switched on
 * with no price, the quote never offers it (tire-quote.ts leaves out what has no price), so the store thinks it
 * sells something the counter never sees (issue 46 item 11): switched on, it needs a price per tire. Switched
 * off, the price may stay empty. The page, the worker and the server refuse by this rule, in its words.
 */
export function tireOptionProblems(option: TireOption): Record<string, string[]> {
  if (!option.isEnabled || option.priceInCents !== null) return {};
  return { priceInCents: [`Enter a price per tire to offer ${tireOptionLabel(option.type)}, or switch it off`] };
}
