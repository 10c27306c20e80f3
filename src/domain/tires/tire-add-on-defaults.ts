import type { TirePurchaseAddOn } from '../../contract/entities.ts';
import type { TireQuoteChoice } from '../../contract/tire-pricing.ts';

/**
 * Add-ons a new option leaves unticked: the tire tax (the federal excise tax, owed on heavy truck tires only,
 * never a passenger tire's) and a miscellaneous item are the counter's to add when they apply. Mounting,
 * balancing, valve stems, disposal and shop expenses are what every tire job takes: ticked, for the counter to
 * untick what the customer declines.
 */
const addedOnlyWhenTheyApply = new Set<TirePurchaseAddOn['category']>(['TireTax', 'MiscellaneousItem']);

/** The store's add-ons a new option starts with ticked. */
export function addOnsTickedAtFirst(addOns: readonly Pick<TirePurchaseAddOn, 'tirePurchaseAddOnId' | 'category'>[]): string[] {
  return addOns.filter((a) => !addedOnlyWhenTheyApply.has(a.category)).map((a) => a.tirePurchaseAddOnId);
}

/** An option at the counter: until someone ticks or unticks an add-on, its add-ons follow the store's. */
export type DraftChoice = TireQuoteChoice & { addOnsChosen: boolean };

/**
 * An option as it is priced and saved: the add-ons the counter chose, or, until it chose any, those a tire job
 * takes of the store's add-ons as the device holds them now. An option drafted while the device still gets its
 * data takes the add-ons when they arrive, instead of keeping none for good.
 */
export function choiceWithAddOns(
  { addOnsChosen, ...choice }: DraftChoice,
  addOns: readonly Pick<TirePurchaseAddOn, 'tirePurchaseAddOnId' | 'category'>[],
): TireQuoteChoice {
  return addOnsChosen ? choice : { ...choice, addOnIds: addOnsTickedAtFirst(addOns) };
}
