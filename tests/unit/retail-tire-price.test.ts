import { describe, expect, it } from 'vitest';
import type { CatalogueTire } from '../../src/contract/entities.ts';
import type { TireQuoteChoice } from '../../src/contract/tire-pricing.ts';
import {
  basisPointsOfPercent,
  choicesAtRulePrices,
  costPlus,
  describePriceRule,
  formatPercent,
  retailTirePrice,
  roundUpToEnding,
  tireIdsOf,
} from '../../src/domain/tires/retail-tire-price.ts';
import { findTires, noFilters } from '../../src/domain/tires/tire-finder.ts';

const tire = (priceInCents: number | null, costInCents: number | null) => ({ priceInCents, costInCents });
const margin = (marginInBasisPoints: number | null, priceEndingInCents: number | null = null) => ({ marginInBasisPoints, priceEndingInCents });

describe("a store's price of a tire, by its retail price catalogue", () => {
  it.each([
    ['a fixed price wins over the margin', tire(15_999, 10_000), margin(3500), 13_999, 13_999],
    ['a fixed price wins over the list price (no margin)', tire(15_999, 10_000), margin(null), 12_000, 12_000],
    ['a fixed price of 0 is a price', tire(15_999, 10_000), margin(3500), 0, 0],
    ['a fixed price with no catalogue rule still wins', tire(15_999, null), null, 9_900, 9_900],
    ['cost plus 35%', tire(15_999, 10_000), margin(3500), undefined, 13_500],
    ['cost plus 35%, rounded half up to the cent', tire(15_999, 10_001), margin(3500), undefined, 13_501], // 13501.35
    ['cost plus 12.5%, half a cent rounds up', tire(null, 10_004), margin(1250), undefined, 11_255], // 11254.5
    ['cost plus 0.01% rounds to the nearest cent', tire(null, 4_999), margin(1), undefined, 4_999], // 4999.4999
    ['cost plus 0%', tire(15_999, 10_000), margin(0), null, 10_000],
    ['cost plus 150% (markup over cost, not margin on price)', tire(null, 8_000), margin(15_000), undefined, 20_000],
    ['cost plus 35% ending in .99', tire(15_999, 10_001), margin(3500, 99), undefined, 13_599],
    ['an ending already met stays', tire(null, 10_000), margin(3500, 0), undefined, 13_500],
    ['ending in .49 rounds up within the dollar', tire(null, 10_000), margin(3520, 49), undefined, 13_549], // 135.20 → 135.49
    ['no cost: the list price, even with a margin', tire(15_999, null), margin(3500), undefined, 15_999],
    ['no margin: the list price', tire(15_999, 10_000), margin(null), undefined, 15_999],
    ['no catalogue: the list price', tire(15_999, 10_000), null, undefined, 15_999],
    ['nothing at all: no price', tire(null, null), margin(null), undefined, null],
    ['a margin past the most a price may be: no price', tire(null, 99_999_999), margin(50_000), undefined, null],
  ] as const)('%s', (_, t, rule, fixed, expected) => {
    expect(retailTirePrice(t, rule, fixed)).toBe(expected);
  });

  it('keeps to whole cents with no float error over the whole range of costs', () => {
    // A float would give 1.15 × 100 = 114.99999999999999 → 114; integers give 115.
    expect(costPlus(100, 1500)).toBe(115);
    for (let cost = 0; cost < 20_000; cost += 7) {
      const exact = (BigInt(cost) * 13_500n * 2n + 10_000n) / 20_000n;
      expect(costPlus(cost, 3500)).toBe(Number(exact));
    }
    expect(costPlus(99_999_999, 50_000)).toBe(599_999_994);
  });

  it.each([
    [12_345, 99, 12_399],
    [12_399, 99, 12_399],
    [12_400, 99, 12_499],
    [12_301, 0, 12_400],
    [12_300, 0, 12_300],
    [5, 95, 95],
  ])('rounds %i up to end in %i: %i', (cents, ending, expected) => {
    expect(roundUpToEnding(cents, ending)).toBe(expected);
  });
});

describe('the rule in words and percents', () => {
  it.each([
    [margin(3500), 12, 'Cost plus 35% (list price for a tire without a cost); 12 tires at a fixed price'],
    [margin(1250, 99), 1, 'Cost plus 12.5%, ending in .99 (list price for a tire without a cost); 1 tire at a fixed price'],
    [margin(null), 0, 'List prices; no tire at a fixed price'],
    [margin(5, 9), 1200, 'Cost plus 0.05%, ending in .09 (list price for a tire without a cost); 1,200 tires at a fixed price'],
  ] as const)('%j with %i fixed prices', (rule, fixed, words) => {
    expect(describePriceRule(rule, fixed)).toBe(words);
  });

  it.each([
    ['35', 3500],
    ['12.5', 1250],
    ['0.05', 5],
    ['35%', 3500],
    [' 100 ', 10_000],
    ['', Number.NaN],
    ['1.234', Number.NaN],
    ['-5', Number.NaN],
    ['abc', Number.NaN],
  ] as const)('reads %j as %d basis points', (typed, bp) => {
    expect(basisPointsOfPercent(typed)).toBe(bp);
  });

  it.each([
    [3500, '35%'],
    [1250, '12.5%'],
    [5, '0.05%'],
    [0, '0%'],
    [10_001, '100.01%'],
  ] as const)('writes %d basis points as %s', (bp, words) => {
    expect(formatPercent(bp)).toBe(words);
  });
});

describe("a quote's catalogue tires at the rule's prices", () => {
  const choice = (tires: TireQuoteChoice['tires']): TireQuoteChoice => ({
    name: 'Good',
    tires,
    services: [],
    installPackageId: null,
    addOnIds: [],
    tireServiceTypes: [],
    warrantyType: null,
  });
  const a = '00000000-0000-4000-8000-00000000000a';
  const b = '00000000-0000-4000-8000-00000000000b';
  const gone = '00000000-0000-4000-8000-00000000000c';
  const line = (tireId: string | null, unitPriceInCents: number) => ({
    tireId,
    description: `Tire ${tireId ?? 'by hand'}`,
    quantity: 4,
    unitPriceInCents,
    isTaxable: true,
    isStuddable: false,
  });
  const prices = new Map<string, number | null>([
    [a, 13_500],
    [b, null],
  ]);

  it("sets a catalogue tire's price whatever was sent, keeps a tire typed by hand, and one the rule has no price for", () => {
    const { choices, problems } = choicesAtRulePrices([choice([line(a, 1), line(null, 7_000), line(b, 8_800)])], (id) => prices.get(id));
    expect(problems).toEqual({});
    expect(choices[0]!.tires.map((t) => t.unitPriceInCents)).toEqual([13_500, 7_000, 8_800]);
  });

  it("names a tire the catalogue does not have, under the caller's field", () => {
    const { problems } = choicesAtRulePrices(
      [choice([line(a, 1)]), choice([line(a, 1), line(gone, 5)])],
      (id) => (prices.has(id) ? prices.get(id) : undefined),
      'choices',
    );
    expect(Object.keys(problems)).toEqual(['choices.1.tires.1.tireId']);
    expect(problems['choices.1.tires.1.tireId']![0]).toMatch(/not in the tire catalogue/);
  });

  it('lists the catalogue tires a quote names once', () => {
    expect(tireIdsOf([choice([line(a, 1), line(null, 2)]), choice([line(a, 1), line(b, 1)])])).toEqual([a, b]);
  });
});

describe("the finder orders by the store's price", () => {
  let n = 0;
  const catalogueTire = (priceInCents: number, costInCents: number): CatalogueTire => {
    n += 1;
    return {
      tireId: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
      productLineHashId: 'line',
      brandHashId: 'brand',
      tireSizeId: '00000000-0000-4000-8000-000000000000',
      sizeKey: '225/65R17',
      sku: `SKU${n}`,
      category: 'Tour',
      subcategory: null,
      webCategory: 'AllSeason',
      loadIndex: 102,
      dualLoadIndex: null,
      loadRange: null,
      speedRating: 'H',
      priceInCents,
      costInCents,
      utqg: null,
      isRunFlat: false,
      treadDepth32nds: 10,
    };
  };

  it("cheapest first at the rule's price, not the list price, and says that price", () => {
    const dearListCheapCost = catalogueTire(20_000, 8_000);
    const cheapListDearCost = catalogueTire(15_000, 12_000);
    const found = findTires([cheapListDearCost, dearListCheapCost], new Map(), noFilters, null, (t) => retailTirePrice(t, margin(2500)));
    expect(found.map((f) => [f.tire, f.priceInCents])).toEqual([
      [dearListCheapCost, 10_000],
      [cheapListDearCost, 15_000],
    ]);
  });
});
