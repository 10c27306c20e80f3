import { describe, expect, it } from 'vitest';
import type { InspectionFix } from '../../src/contract/inspection-fix.ts';
import type { TireQuotePrices } from '../../src/contract/tire-pricing.ts';
import { approvedTotalInCents, fixChoice, priceFix } from '../../src/domain/inspections/inspection-fixes.ts';

const prices: TireQuotePrices = {
  salesTaxRateInMillionths: 82_500,
  validForDays: 30,
  addOns: [],
  installPackages: [],
  tireServices: [],
  warranties: [],
  tireFees: [
    { name: 'State tire fee', amountInCents: 175, isTaxable: false, effectiveFrom: '2024-01-01', effectiveThrough: '2026-12-31' },
    { name: 'State tire fee', amountInCents: 200, isTaxable: false, effectiveFrom: '2027-01-01', effectiveThrough: null },
  ],
};
const nothing = { tires: [], services: [], installPackageId: null, addOnIds: [], tireServiceTypes: [], warrantyType: null };
const pads = fixChoice('Brake pads', { ...nothing, services: [{ description: 'Front brake pads', priceInCents: 18_999, isTaxable: true }] });
const tires = fixChoice('Tread depth', {
  ...nothing,
  tires: [{ description: 'Touring 225/65R17', quantity: 4, unitPriceInCents: 12_500, isTaxable: true, isStuddable: false }],
});

describe("a finding's fix, priced by the quote rule", () => {
  it('is a service with its tax, to the cent ($189.99 at 8.25% is $15.67 of tax)', () => {
    const priced = priceFix({ pricedOn: '2026-11-25', choice: pads }, prices, '2026-11-25');
    expect(priced).toMatchObject({ ok: true, priced: { taxInCents: 1_567, feesInCents: 0, totalInCents: 20_566 } });
  });

  it('charges tires the state fee in force on the day it is priced', () => {
    const total = (day: string) => {
      const priced = priceFix({ pricedOn: day, choice: tires }, prices, '2027-01-05');
      return priced.ok ? [priced.priced.feesInCents, priced.priced.totalInCents] : priced.problems;
    };
    expect(total('2026-12-31')).toEqual([700, 50_000 + 4_125 + 700]);
    expect(total('2027-01-01')).toEqual([800, 50_000 + 4_125 + 800]);
  });

  it("is refused dated after the store's today, and names a choice's problems as the caller sent them", () => {
    expect(priceFix({ pricedOn: '2026-11-26', choice: pads }, prices, '2026-11-25')).toEqual({
      ok: false,
      problems: { pricedOn: ['Price the fix on the day it is priced: 2026-11-25 at the store'] },
    });
    expect(priceFix({ pricedOn: '2026-11-25', choice: fixChoice('Wipers', nothing) }, prices, '2026-11-25')).toEqual({
      ok: false,
      problems: { 'choice.tires': ['Add a tire or a service to quote'] },
    });
  });

  it("is named after the item it fixes, cut to an option name's 40 characters", () => {
    expect(fixChoice('Brake pads', nothing).name).toBe('Brake pads');
    expect(fixChoice('Front suspension: struts, mounts and sway bar links', nothing).name).toBe('Front suspension: struts, mounts and sw…');
  });
});

describe('what the customer approved costs', () => {
  const fix = (totalInCents: number) => ({ priced: { totalInCents } }) as InspectionFix;
  it("is the sum of the approved items' prices; declined, unanswered and unpriced items add nothing", () => {
    expect(
      approvedTotalInCents([
        { customerDecision: 'Approved', fix: fix(20_566) },
        { customerDecision: 'Approved', fix: fix(4_328) },
        { customerDecision: 'Declined', fix: fix(9_999) },
        { customerDecision: null, fix: fix(1_000) },
        { customerDecision: 'Approved', fix: null },
      ]),
    ).toBe(24_894);
    expect(approvedTotalInCents([])).toBe(0);
  });
});
