import { describe, expect, it } from 'vitest';
import type { TireFeeRow, TireInstallPackage } from '../../src/contract/tire-pricing.ts';
import { storeTirePrices } from '../../src/domain/tires/store-tire-prices.ts';
import { dayBefore, feeRowOn, feesInOrder, feeSpan, rateChange, tireFeeOverlaps } from '../../src/domain/tires/tire-fees.ts';
import { priceTireQuote } from '../../src/domain/tires/tire-quote.ts';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const mounting = { tirePurchaseAddOnId: id(1), category: 'Mounting', name: 'Mounting', priceInCents: 1500, isTaxable: true, chargedPer: 'PerTire' } as const;
const balancing = { tirePurchaseAddOnId: id(2), category: 'Balancing', name: 'Balancing', priceInCents: 1000, isTaxable: true, chargedPer: 'PerTire' } as const;
const truck: TireInstallPackage = {
  tireInstallPackageId: id(10),
  type: 'LightTruck',
  pricingType: 'TotalPricing',
  priceInCents: 3999,
  isTaxable: true,
  addOnIds: [id(1), id(2)],
};
const passenger: TireInstallPackage = {
  tireInstallPackageId: id(11),
  type: 'Passenger',
  pricingType: 'ItemizedPricing',
  priceInCents: null,
  isTaxable: true,
  addOnIds: [id(1)],
};
const fee = (n: number, amountInCents: number, effectiveFrom: string, effectiveThrough: string | null, name = 'State tire fee'): TireFeeRow => ({
  tireFeeId: id(n),
  name,
  amountInCents,
  isTaxable: false,
  effectiveFrom,
  effectiveThrough,
});
const stateFee = [fee(20, 175, '2024-01-01', '2026-12-31'), fee(21, 200, '2027-01-01', null)];
const rows = { settings: { salesTaxRateInMillionths: 82_500, quoteValidForDays: 30 }, addOns: [mounting, balancing], tireServices: [], warranties: [] };

describe("the store's price list from its rows", () => {
  it("carries the store's install packages as stored and its fee rows without their ids", () => {
    const prices = storeTirePrices({ ...rows, installPackages: [truck, passenger], tireFees: stateFee });
    expect(prices.installPackages).toEqual([truck, passenger]);
    expect(prices.tireFees).toEqual([
      { name: 'State tire fee', amountInCents: 175, isTaxable: false, effectiveFrom: '2024-01-01', effectiveThrough: '2026-12-31' },
      { name: 'State tire fee', amountInCents: 200, isTaxable: false, effectiveFrom: '2027-01-01', effectiveThrough: null },
    ]);
  });

  it('has no packages and no fees for a store that has none', () => {
    expect(storeTirePrices({ ...rows, installPackages: [], tireFees: [] })).toMatchObject({ installPackages: [], tireFees: [] });
  });

  it.each([
    ['2026-12-31', 175],
    ['2027-01-01', 200],
  ])('prices a Light Truck package and the fee in force on %s (%i a tire) from the rows', (createdOn, feeInCents) => {
    const prices = storeTirePrices({ ...rows, installPackages: [truck], tireFees: stateFee });
    const quote = priceTireQuote({
      createdOn,
      prices,
      options: [
        {
          name: 'Good',
          services: [],
          installPackageId: truck.tireInstallPackageId,
          addOnIds: [id(1)],
          tireServiceTypes: [],
          warrantyType: null,
          tires: [{ tireId: null, description: 'LT245/75R16', quantity: 4, unitPriceInCents: 20_000, isTaxable: true, isStuddable: false }],
        },
      ],
    });
    expect(quote.ok && quote.quote.options[0]!.lines.map((l) => [l.kind, l.unitInCents])).toEqual([
      ['Tire', 20_000],
      ['InstallPackage', 3999],
      ['Fee', feeInCents],
    ]);
  });
});

describe('rows of one state tire fee', () => {
  const current = fee(30, 175, '2024-01-01', null);

  it.each([
    { what: 'a row from the day after another ends', row: fee(31, 200, '2027-01-01', null), others: [fee(30, 175, '2024-01-01', '2026-12-31')], count: 0 },
    { what: 'a row of another fee on the same days', row: fee(31, 50, '2024-01-01', null, 'Recycling fee'), others: [current], count: 0 },
    { what: 'the row itself, changed', row: { ...current, amountInCents: 300 }, others: [current], count: 0 },
    { what: 'a row starting inside one still in force', row: fee(31, 200, '2027-01-01', null), others: [current], count: 1 },
    { what: 'a row ending on the day a later one starts', row: fee(31, 100, '2020-01-01', '2024-01-01'), others: [current], count: 1 },
    { what: 'a row of the same name in other letters', row: fee(31, 200, '2027-01-01', null, 'STATE TIRE FEE '), others: [current], count: 1 },
    {
      what: 'a row across two',
      row: fee(31, 100, '2020-01-01', null),
      others: [fee(30, 175, '2024-01-01', '2024-12-31'), fee(32, 200, '2025-01-01', null)],
      count: 2,
    },
  ])("$what shares days with $count of the fee's other rows", ({ row, others, count }) => {
    expect(tireFeeOverlaps(others, row)).toHaveLength(count);
  });

  it('says which day would part two overlapping rows', () => {
    expect(tireFeeOverlaps([current], fee(31, 200, '2027-01-01', null))).toEqual([
      'The State tire fee has an amount from Jan 1, 2024 already, and this one from Jan 1, 2027 overlaps it: end that amount on Dec 31, 2026, the day before this one starts',
    ]);
    expect(tireFeeOverlaps([fee(31, 200, '2027-01-01', null)], fee(30, 175, '2024-01-01', '2027-06-30'))[0]).toMatch(
      /end this one on Dec 31, 2026, the day before that one starts$/,
    );
  });

  it.each([
    ['the row in force', current, '2027-01-01', { ended: '2026-12-31', added: ['2027-01-01', null] }],
    ['a row that ends later', fee(30, 175, '2024-01-01', '2027-12-31'), '2027-03-01', { ended: '2027-02-28', added: ['2027-03-01', '2027-12-31'] }],
    ['across a leap day', current, '2028-03-01', { ended: '2028-02-29', added: ['2028-03-01', null] }],
  ] as const)('a new rate splits %s at the day it starts', (_what, row, from, expected) => {
    const split = rateChange(row, { tireFeeId: id(40), effectiveFrom: from, amountInCents: 225 });
    expect(split).toEqual({
      ok: true,
      ended: { ...row, effectiveThrough: expected.ended },
      added: {
        tireFeeId: id(40),
        name: row.name,
        amountInCents: 225,
        isTaxable: row.isTaxable,
        effectiveFrom: expected.added[0],
        effectiveThrough: expected.added[1],
      },
    });
    if (split.ok) expect(tireFeeOverlaps([split.ended], split.added)).toEqual([]);
  });

  it.each([
    ['on the day the row starts', current, '2024-01-01', 'This amount starts on Jan 1, 2024: change the rate from a later day, or edit this amount'],
    ['before the row starts', current, '2023-06-01', 'This amount starts on Jan 1, 2024: change the rate from a later day, or edit this amount'],
    [
      'after the row ends',
      fee(30, 175, '2024-01-01', '2026-12-31'),
      '2027-01-01',
      'This amount ends on Dec 31, 2026: change the rate from a day up to then, or add an amount from a later day',
    ],
  ] as const)('a new rate %s is refused in words', (_what, row, from, problem) => {
    expect(rateChange(row, { tireFeeId: id(40), effectiveFrom: from, amountInCents: 225 })).toEqual({ ok: false, problem });
  });

  it('lists rows by name, then by the day each starts, and finds the one in force on a day', () => {
    const recycling = fee(50, 25, '2025-01-01', null, 'Recycling fee');
    expect(feesInOrder([stateFee[1]!, recycling, stateFee[0]!])).toEqual([recycling, stateFee[0], stateFee[1]]);
    expect(feeRowOn(stateFee, 'state tire fee', '2026-12-31')).toBe(stateFee[0]);
    expect(feeRowOn(stateFee, 'State tire fee', '2027-01-01')).toBe(stateFee[1]);
    expect(feeRowOn(stateFee, 'State tire fee', '2023-12-31')).toBeUndefined();
    expect(dayBefore('2027-01-01')).toBe('2026-12-31');
    expect(feeSpan(stateFee[0]!)).toBe('from Jan 1, 2024 through Dec 31, 2026');
  });
});
