import { Temporal } from 'temporal-polyfill';
import { storeTireServiceTypes, storeTireWarrantyTypes, tireInstallPackageTypes } from '../../contract/enum-values.ts';
import {
  maxTiresPerQuote,
  tireQuoteRequestSchema,
  type PricedTireQuote,
  type TireFee,
  type TireQuoteChoice,
  type TireQuoteLine,
  type TireQuoteOption,
  type TireQuotePrices,
  type TireQuoteRequest,
} from '../../contract/tire-pricing.ts';
import type { FieldProblems } from '../people/customer-rules.ts';
import { feeKey } from './tire-fees.ts';

/**
 * The out-the-door price of tires at the counter (issue 26), one pure function the counter screen, the saved
 * quote, the public quote page and an inspection finding's price all read, so a total is the same wherever it
 * is shown. It runs on every keystroke (a quantity, a warranty), offline, in O(lines): well under the 16 ms
 * of a frame.
 *
 * Every amount is whole cents and every sum is exact; the only division is the sales tax (and the per-tire
 * figure shown to compare options), rounded half up to the cent.
 *
 * Per option, lines come in this order: tires (as chosen: mixed front and rear sizes are two lines), store
 * services, the install package (one line, or its add-ons one by one), the other add-ons, tire services
 * (TireStudding), the warranty, the state tire fees.
 * - A per-tire line is charged for every tire of the option; TireStudding only for the studdable ones.
 * - An add-on the chosen package holds is charged once: by the package.
 * - The warranty is the store's price per tire for its type: the store's warranty row carries one price
 *   (spec section 3), so neither a share of the tire's price nor a table by price band.
 * - A state fee is the amount in force on the quote's date, per tire sold. Once a fee has started, every
 *   later day must have an amount (a repealed fee is an amount of 0), so a rate change not yet entered is a
 *   problem to fix, never a fee silently left off. A fee that starts after the quote's date is not charged.
 */
export type TireQuoteResult = { ok: true; quote: PricedTireQuote } | { ok: false; problems: FieldProblems };

/**
 * The quote, or what stops it, by field path (`options.1.tires.0.quantity`) in words the counter can act on:
 * the contract's shape first, then the rules between fields (unknown add-ons, a service not offered, more
 * than eight tires, a fee with no amount on the day).
 */
export function priceTireQuote(request: TireQuoteRequest): TireQuoteResult {
  const shape = tireQuoteRequestSchema.safeParse(request);
  if (!shape.success) {
    const problems: FieldProblems = {};
    for (const issue of shape.error.issues) add(problems, issue.path.join('.') || 'quote', issue.message);
    return { ok: false, problems };
  }
  const { createdOn, prices, options } = shape.data;
  const problems: FieldProblems = {};

  const fees = feesInForce(prices.tireFees, createdOn);
  if (options.some((o) => o.tires.length > 0)) for (const problem of fees.problems) add(problems, 'prices.tireFees', problem);

  const priced = options.map((choice, index) => priceOption(choice, prices, fees.inForce, problems, `options.${index}`));
  if (Object.keys(problems).length > 0) return { ok: false, problems };
  return {
    ok: true,
    quote: { createdOn, validUntil: Temporal.PlainDate.from(createdOn).add({ days: prices.validForDays }).toString(), options: priced },
  };
}

/**
 * Sales tax on the sum of an option's taxable lines, rounded half up once. Not per line: a line's rounding
 * would add up (four $0.99 lines at 8.875% are 36 cents taxed line by line, 35 on their sum), and states and
 * point-of-sale systems tax the ticket, so the quote matches the receipt. Exact in integers: `rate` is in
 * millionths (8.875% is 88750) and the product is a bigint.
 */
export function salesTaxInCents(taxableInCents: number, rateInMillionths: number): number {
  return divideHalfUp(BigInt(taxableInCents) * BigInt(rateInMillionths), 1_000_000n);
}

/** n / d to the nearest whole number, halves up (n ≥ 0, d > 0). */
function divideHalfUp(numerator: bigint, denominator: bigint): number {
  return Number((numerator * 2n + denominator) / (denominator * 2n));
}

const add = (problems: FieldProblems, field: string, message: string) => (problems[field] ??= []).push(message);
const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);

/**
 * The state tire fees to charge on a date: of each fee (its rows by name, case aside), the row in force that
 * day, unless it is 0. Two rows on one day, or none on a day after the fee started, is a problem.
 */
function feesInForce(rows: readonly TireFee[], date: string): { inForce: TireFee[]; problems: string[] } {
  const byName = new Map<string, TireFee[]>();
  for (const row of rows) {
    const key = feeKey(row.name);
    byName.set(key, [...(byName.get(key) ?? []), row]);
  }
  const inForce: TireFee[] = [];
  const problems: string[] = [];
  for (const fee of byName.values()) {
    const name = fee[0]?.name ?? '';
    const current = fee.filter((row) => row.effectiveFrom <= date && (row.effectiveThrough === null || date <= row.effectiveThrough));
    const [only] = current;
    if (current.length > 1) problems.push(`The ${name} has ${current.length} amounts in force on ${date}: end each the day before the next starts`);
    else if (only) {
      if (only.amountInCents > 0) inForce.push(only);
    } else if (fee.some((row) => row.effectiveFrom <= date)) {
      problems.push(`The ${name} has no amount in force on ${date}: enter the amount from that day (0 if the fee was repealed)`);
    }
  }
  return { inForce, problems };
}

function line(kind: TireQuoteLine['kind'], description: string, quantity: number, unitInCents: number, isTaxable: boolean): TireQuoteLine {
  return { kind, description, quantity, unitInCents, totalInCents: quantity * unitInCents, isTaxable };
}

/** One option's lines and totals; what is wrong with it goes to `problems` under `at`. */
function priceOption(choice: TireQuoteChoice, prices: TireQuotePrices, fees: readonly TireFee[], problems: FieldProblems, at: string): TireQuoteOption {
  const tireCount = sum(choice.tires.map((t) => t.quantity));
  if (tireCount > maxTiresPerQuote) add(problems, `${at}.tires`, `Quote ${maxTiresPerQuote} tires at most in one option; this one has ${tireCount}`);
  if (tireCount === 0 && choice.services.length === 0) add(problems, `${at}.tires`, 'Add a tire or a service to quote');
  const perTire = (field: string, what: string) => {
    if (tireCount === 0) add(problems, `${at}.${field}`, `${what} is charged per tire: add a tire or take it off`);
  };

  const lines: TireQuoteLine[] = [
    ...choice.tires.map((t) => line('Tire', t.description, t.quantity, t.unitPriceInCents, t.isTaxable)),
    ...choice.services.map((s) => line('StoreService', s.description, 1, s.priceInCents, s.isTaxable)),
  ];

  // The package: its one line (Total), or its add-ons ahead of the option's own (Itemized).
  const addOnIds: string[] = [];
  const bundled = new Set<string>();
  if (choice.installPackageId !== null) {
    const index = prices.installPackages.findIndex((p) => p.tireInstallPackageId === choice.installPackageId);
    const found = prices.installPackages[index];
    if (!found) add(problems, `${at}.installPackageId`, 'This install package is no longer offered; choose another');
    else {
      const description = `${tireInstallPackageTypes.label(found.type)} install package`;
      perTire('installPackageId', `The ${description}`);
      for (const id of found.addOnIds) {
        if (!prices.addOns.some((a) => a.tirePurchaseAddOnId === id))
          add(problems, `prices.installPackages.${index}.addOnIds`, `An add-on of the ${description} is no longer offered; take it off the package`);
        bundled.add(id);
      }
      if (found.pricingType === 'TotalPricing') lines.push(line('InstallPackage', description, tireCount, found.priceInCents ?? 0, found.isTaxable));
      else addOnIds.push(...found.addOnIds);
    }
  }
  for (const id of choice.addOnIds) if (!bundled.has(id)) addOnIds.push(id);

  for (const id of new Set(addOnIds)) {
    const addOn = prices.addOns.find((a) => a.tirePurchaseAddOnId === id);
    if (!addOn) {
      if (!bundled.has(id)) add(problems, `${at}.addOnIds`, 'An add-on of this option is no longer offered; take it off');
      continue;
    }
    if (addOn.chargedPer === 'PerTire') perTire('addOnIds', addOn.name);
    lines.push(line('AddOn', addOn.name, addOn.chargedPer === 'PerTire' ? tireCount : 1, addOn.priceInCents, addOn.isTaxable));
  }

  // TireStudding, the one tire service: done to the studdable tires only.
  const studdable = sum(choice.tires.filter((t) => t.isStuddable).map((t) => t.quantity));
  for (const type of new Set(choice.tireServiceTypes)) {
    const service = prices.tireServices.find((s) => s.type === type);
    const name = storeTireServiceTypes.label(type);
    if (!service?.isEnabled || service.priceInCents === null) add(problems, `${at}.tireServiceTypes`, `${name} is not offered at this store`);
    else if (studdable === 0) add(problems, `${at}.tireServiceTypes`, `None of this option's tires can be studded; take ${name} off`);
    else lines.push(line('TireService', name, studdable, service.priceInCents, service.isTaxable));
  }

  if (choice.warrantyType !== null) {
    const warranty = prices.warranties.find((w) => w.type === choice.warrantyType);
    const name = storeTireWarrantyTypes.label(choice.warrantyType);
    if (!warranty?.isEnabled || warranty.priceInCents === null) add(problems, `${at}.warrantyType`, `${name} is not offered at this store`);
    else {
      perTire('warrantyType', name);
      lines.push(line('Warranty', name, tireCount, warranty.priceInCents, warranty.isTaxable));
    }
  }

  if (tireCount > 0) for (const fee of fees) lines.push(line('Fee', fee.name, tireCount, fee.amountInCents, fee.isTaxable));

  const subtotalInCents = sum(lines.filter((l) => l.kind !== 'Fee').map((l) => l.totalInCents));
  const feesInCents = sum(lines.filter((l) => l.kind === 'Fee').map((l) => l.totalInCents));
  const taxableInCents = sum(lines.filter((l) => l.isTaxable).map((l) => l.totalInCents));
  const taxInCents = salesTaxInCents(taxableInCents, prices.salesTaxRateInMillionths);
  const totalInCents = subtotalInCents + feesInCents + taxInCents;
  return {
    name: choice.name,
    lines,
    tireCount,
    subtotalInCents,
    feesInCents,
    taxableInCents,
    taxInCents,
    totalInCents,
    perTireInCents: tireCount > 0 ? divideHalfUp(BigInt(totalInCents), BigInt(tireCount)) : null,
  };
}
