import type { z } from 'zod';
import type { StoreTireService, StoreTireWarranty, TirePurchaseAddOn } from '../../contract/entities.ts';
import { storeTireWarrantyTypes, tireInstallPackageTypes, tirePurchaseAddOnCategories, tirePurchaseAddOnCharges } from '../../contract/enums.ts';
import type { TireInstallPackage, TireQuoteChoice } from '../../contract/tire-pricing.ts';
import { formatCents } from '../../domain/figures/money-format.ts';

/**
 * One quote option's card, as a view model: what the store offers it (add-ons, install packages, warranties,
 * studding) in the words its controls show, and how a tick, a quantity or a choice changes the option. The prices
 * on the card come from the one quote rule (counter-model.ts); nothing here prices.
 */

type WarrantyType = z.infer<typeof storeTireWarrantyTypes.schema>;

/** The warranties the store sells: enabled, with a price. */
export const warrantiesOffered = (warranties: readonly StoreTireWarranty[]) => warranties.filter((w) => w.isEnabled && w.priceInCents !== null);

/** Studding, when the store offers it at a price and the option has a studdable tire to stud; else null. */
export function studdingOffered(services: readonly StoreTireService[], choice: TireQuoteChoice): StoreTireService | null {
  const studding = services.find((s) => s.type === 'TireStudding' && s.isEnabled && s.priceInCents !== null);
  return studding && choice.tires.some((t) => t.isStuddable) ? studding : null;
}

export const studdingLabel = (studding: StoreTireService) => `Tire Studding (${formatCents(studding.priceInCents!)} per studdable tire)`;

/** An add-on's tick box: its name (else its category), price and what it is charged per (`Mounting ($25.00 per tire)`). */
export const addOnLabel = (addOn: TirePurchaseAddOn) =>
  `${addOn.name || tirePurchaseAddOnCategories.label(addOn.category)} (${formatCents(addOn.priceInCents)} ${tirePurchaseAddOnCharges.label(addOn.chargedPer).toLowerCase()})`;

/** The install package select: none (the add-ons as ticked), or each package with its price per tire, or itemized. */
export function packageChoices(packages: readonly TireInstallPackage[]) {
  return [
    { value: '', label: 'No package: add-ons as ticked' },
    ...packages.map((p) => ({
      value: p.tireInstallPackageId,
      label: `${tireInstallPackageTypes.label(p.type)}${p.pricingType === 'TotalPricing' && p.priceInCents !== null ? ` (${formatCents(p.priceInCents)} per tire)` : ' (itemized)'}`,
    })),
  ];
}

/** The warranty select: none, or each warranty offered with its price per tire. */
export function warrantyChoices(warranties: readonly StoreTireWarranty[]) {
  return [
    { value: '', label: 'No warranty' },
    ...warrantiesOffered(warranties).map((w) => ({
      value: w.type,
      label: `${storeTireWarrantyTypes.label(w.type)} (${formatCents(w.priceInCents!)} per tire)`,
    })),
  ];
}

export const withAddOnTicked = (choice: TireQuoteChoice, addOnId: string, ticked: boolean): TireQuoteChoice => ({
  ...choice,
  addOnIds: ticked ? [...choice.addOnIds, addOnId] : choice.addOnIds.filter((id) => id !== addOnId),
});

/** A tire's quantity as its box gives it: a whole number from 1 (the box holds it to the quote's most); anything else leaves it. */
export function withTireQuantity(choice: TireQuoteChoice, index: number, value: number | string): TireQuoteChoice {
  if (typeof value !== 'number' || value < 1) return choice;
  return { ...choice, tires: choice.tires.map((tire, i) => (i === index ? { ...tire, quantity: value } : tire)) };
}

export const withTireRemoved = (choice: TireQuoteChoice, index: number): TireQuoteChoice => ({ ...choice, tires: choice.tires.filter((_, i) => i !== index) });

/** A select's value ('' for none) as the option's package. */
export const withPackage = (choice: TireQuoteChoice, value: string | null): TireQuoteChoice => ({ ...choice, installPackageId: value || null });

/** A select's value ('' for none) as the option's warranty. */
export const withWarranty = (choice: TireQuoteChoice, value: string | null): TireQuoteChoice => ({
  ...choice,
  warrantyType: value ? (value as WarrantyType) : null,
});

export const withStudding = (choice: TireQuoteChoice, studded: boolean): TireQuoteChoice => ({ ...choice, tireServiceTypes: studded ? ['TireStudding'] : [] });

/** What an option with no tires says: where to add one, on the option tires go to. */
export const noTiresWords = (selected: boolean) => (selected ? 'Add a tire from the list.' : 'No tires yet.');

/** A problem as a sentence: the quote rule's words end with a full stop on the card. */
export const asSentence = (words: string) => (/[.!?]$/.test(words) ? words : `${words}.`);
