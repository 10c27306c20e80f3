import { maxCents, type RetailPriceCatalog, type Tire } from '../../contract/entities.ts';
import type { TireQuoteChoice } from '../../contract/tire-pricing.ts';
import type { FieldProblems } from '../people/customer-rules.ts';

/** What the rule reads of a catalogue: its margin over cost and the ending a price made from it is rounded up to. */
export type PriceRule = Pick<RetailPriceCatalog, 'marginInBasisPoints' | 'priceEndingInCents'>;
/** What the rule reads of a tire. */
export type PricedTire = Pick<Tire, 'priceInCents' | 'costInCents'>;

const basisPoints = 10_000;

/**
 * Cost plus a markup of `marginInBasisPoints` of the cost, rounded half up to the cent, in integers: the product
 * is at most 99,999,999 × 60,000 (6e12), far inside a double's exact integers, so no float error can creep in.
 */
export function costPlus(costInCents: number, marginInBasisPoints: number): number {
  return Math.floor((costInCents * (basisPoints + marginInBasisPoints) + basisPoints / 2) / basisPoints);
}

/** Rounded up to the next amount whose cents are `ending` (99: 123.45 → 123.99, 124.00 → 124.99; 123.99 stays). */
export function roundUpToEnding(cents: number, ending: number): number {
  const candidate = Math.floor(cents / 100) * 100 + ending;
  return candidate >= cents ? candidate : candidate + 100;
}

/**
 * A store's price of one tire (issue 26; docs/decisions/tire-pricing.md "The retail price rule"): the fixed price of the
 * store's catalogue for the tire when it has one; else, when the catalogue has a margin and the tire a cost, the
 * cost plus the margin (markup over cost: "cost plus 35%"), rounded half up to the cent and then up to the
 * catalogue's price ending if it has one; else the tire's list price; null when there is none of these (or the
 * margin would make a price past the most a price may be). A store with no catalogue passes `rule` null.
 * The counter prices its list and its quote by it from the replica, the server prices a quote by it from its
 * tables: one rule, both sides.
 */
export function retailTirePrice(tire: PricedTire, rule: PriceRule | null, fixedPriceInCents?: number | null): number | null {
  if (fixedPriceInCents !== undefined && fixedPriceInCents !== null) return fixedPriceInCents;
  const margin = rule?.marginInBasisPoints ?? null;
  const cost = tire.costInCents ?? null;
  if (margin !== null && cost !== null) {
    const marked = costPlus(cost, margin);
    const ending = rule?.priceEndingInCents ?? null;
    const price = ending === null ? marked : roundUpToEnding(marked, ending);
    return price <= maxCents ? price : null;
  }
  return tire.priceInCents ?? null;
}

/** The rule in words, as Retail Management shows it ("Cost plus 35%, ending in .99; 12 tires at a fixed price"). */
export function describePriceRule(rule: PriceRule, fixedPrices: number): string {
  const margin =
    rule.marginInBasisPoints === null
      ? 'List prices'
      : `Cost plus ${formatPercent(rule.marginInBasisPoints)}${rule.priceEndingInCents === null ? '' : `, ending in .${String(rule.priceEndingInCents).padStart(2, '0')}`} (list price for a tire without a cost)`;
  return `${margin}; ${fixedPrices === 0 ? 'no tire' : fixedPrices === 1 ? '1 tire' : `${fixedPrices.toLocaleString('en-US')} tires`} at a fixed price`;
}

/** Basis points as a percent with no trailing zeros: 3500 → 35%, 1250 → 12.5%, 5 → 0.05%. */
export function formatPercent(bp: number): string {
  const whole = Math.floor(bp / 100);
  const rest = String(bp % 100)
    .padStart(2, '0')
    .replace(/0+$/, '');
  return `${whole}${rest ? `.${rest}` : ''}%`;
}

/** A percent typed ("35", "12.5", "0.05") as whole basis points, read as text (no float error); NaN when it is not one. */
export function basisPointsOfPercent(text: string): number {
  const match = /^\s*(\d{1,3})(?:\.(\d{0,2}))?\s*%?\s*$/.exec(text);
  if (!match) return Number.NaN;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/**
 * The options with each catalogue tire (tireId set) at the store's price by the rule: `priceOf` answers the
 * rule's price of a tire, null when the rule has none (the price the counter typed stands: a tire the catalogue
 * gives no price to is priced by hand), or undefined when the catalogue has no such tire (a problem naming the
 * tire). A tire typed by hand (no tireId) keeps its typed price.
 */
export function choicesAtRulePrices(
  choices: readonly TireQuoteChoice[],
  priceOf: (tireId: string) => number | null | undefined,
  field = 'options',
): { choices: TireQuoteChoice[]; problems: FieldProblems } {
  const problems: FieldProblems = {};
  const priced = choices.map((choice, c) => ({
    ...choice,
    tires: choice.tires.map((tire, t) => {
      if (!tire.tireId) return tire;
      const price = priceOf(tire.tireId);
      if (price === undefined) {
        problems[`${field}.${c}.tires.${t}.tireId`] = [`${tire.description} is not in the tire catalogue: take it off, or type it by hand`];
        return tire;
      }
      return price === null ? tire : { ...tire, unitPriceInCents: price };
    }),
  }));
  return { choices: priced, problems };
}

/** The catalogue tires a set of options names, each once. */
export const tireIdsOf = (choices: readonly TireQuoteChoice[]): string[] => [
  ...new Set(choices.flatMap((c) => c.tires.flatMap((t) => (t.tireId ? [t.tireId] : [])))),
];
