import { describe, expect, it } from 'vitest';
import type { TirePurchaseAddOn } from '../../src/contract/entities.ts';
import { tirePurchaseAddOnCategories } from '../../src/contract/enum-values.ts';
import { addOnsTickedAtFirst, choiceWithAddOns, type DraftChoice } from '../../src/domain/tires/tire-add-on-defaults.ts';

const addOns = tirePurchaseAddOnCategories.values.map((category) => ({ tirePurchaseAddOnId: category, category })) as Pick<
  TirePurchaseAddOn,
  'tirePurchaseAddOnId' | 'category'
>[];
const draft = (changes: Partial<DraftChoice> = {}): DraftChoice => ({
  name: 'Good',
  tires: [],
  services: [],
  installPackageId: null,
  addOnIds: [],
  tireServiceTypes: [],
  warrantyType: null,
  addOnsChosen: false,
  ...changes,
});

describe('the add-ons a new option starts with', () => {
  it('are what every tire job takes, not the tire tax (heavy truck tires only) nor a miscellaneous item', () => {
    expect(addOnsTickedAtFirst(addOns).sort()).toEqual(['Balancing', 'Mounting', 'ShopExpenses', 'TireDisposal', 'ValveStems_TPMSService']);
  });

  it("follow the store's add-ons as they reach the device, until the counter ticks or unticks one", () => {
    expect(choiceWithAddOns(draft(), []).addOnIds).toEqual([]);
    expect(choiceWithAddOns(draft(), addOns).addOnIds).toContain('Mounting');
    expect(choiceWithAddOns(draft({ addOnsChosen: true, addOnIds: ['TireTax'] }), addOns).addOnIds).toEqual(['TireTax']);
    expect(choiceWithAddOns(draft(), addOns)).not.toHaveProperty('addOnsChosen');
  });
});
