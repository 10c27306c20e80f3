import { describe, expect, it } from 'vitest';
import {
  storeTireServiceTypes,
  storeTireWarrantyTypes,
  tireInstallPackagePricingTypes,
  tireInstallPackageTypes,
  tirePurchaseAddOnCategories,
  tirePurchaseAddOnCharges,
} from '../../src/contract/enums.ts';
import {
  tireQuoteSchema,
  type TireQuoteChoice,
  type TireQuoteOption,
  type TireQuotePrices,
  type TireQuoteRequest,
  type TireQuoteTire,
} from '../../src/contract/tire-pricing.ts';
import { priceTireQuote, salesTaxInCents } from '../../src/domain/tires/tire-quote.ts';

/*
 * Every figure below is worked out by hand (the arithmetic is in the comments), never by calling the function.
 * The store: sales tax 8.875% (88750 millionths), quotes good for 30 days, a state tire fee of $1.75 a tire
 * through 2026-06-30 and $2.00 from 2026-07-01 (not taxed).
 */
const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const addOnId = {
  mounting: uuid(1),
  balancing: uuid(2),
  valveStems: uuid(3),
  disposal: uuid(4),
  shopSupplies: uuid(5),
  valveCaps: uuid(6),
  nitrogen: uuid(7),
};
const packageId = { passengerItemized: uuid(11), passengerTotal: uuid(12), lightTruckTotal: uuid(13), winterItemized: uuid(14) };
const dayBefore = '2026-06-30';
const dayOf = '2026-07-01';
const studding = storeTireServiceTypes.label('TireStudding');
const promisePlus = storeTireWarrantyTypes.label('PromisePlus');
const promisePlusNational = storeTireWarrantyTypes.label('PromisePlusNational');
const promisePlusAwd = storeTireWarrantyTypes.label('PromisePlusAllWheelDrive');

const prices: TireQuotePrices = {
  salesTaxRateInMillionths: 88_750,
  validForDays: 30,
  addOns: [
    { tirePurchaseAddOnId: addOnId.mounting, category: 'Mounting', name: 'Mounting', priceInCents: 1500, chargedPer: 'PerTire', isTaxable: true },
    { tirePurchaseAddOnId: addOnId.balancing, category: 'Balancing', name: 'Balancing', priceInCents: 1250, chargedPer: 'PerTire', isTaxable: true },
    {
      tirePurchaseAddOnId: addOnId.valveStems,
      category: 'ValveStems_TPMSService',
      name: 'Valve Stems/TPMS Service',
      priceInCents: 899,
      chargedPer: 'PerTire',
      isTaxable: true,
    },
    { tirePurchaseAddOnId: addOnId.disposal, category: 'TireDisposal', name: 'Tire Disposal', priceInCents: 350, chargedPer: 'PerTire', isTaxable: false },
    { tirePurchaseAddOnId: addOnId.shopSupplies, category: 'ShopExpenses', name: 'Shop Supplies', priceInCents: 995, chargedPer: 'PerJob', isTaxable: true },
    { tirePurchaseAddOnId: addOnId.valveCaps, category: 'MiscellaneousItem', name: 'Valve Caps', priceInCents: 99, chargedPer: 'PerTire', isTaxable: true },
    { tirePurchaseAddOnId: addOnId.nitrogen, category: 'MiscellaneousItem', name: 'Nitrogen Fill', priceInCents: 1000, chargedPer: 'PerJob', isTaxable: false },
  ],
  installPackages: [
    {
      tireInstallPackageId: packageId.passengerItemized,
      type: 'Passenger',
      pricingType: 'ItemizedPricing',
      priceInCents: null,
      isTaxable: true,
      addOnIds: [addOnId.mounting, addOnId.balancing, addOnId.valveStems],
    },
    {
      tireInstallPackageId: packageId.passengerTotal,
      type: 'Passenger',
      pricingType: 'TotalPricing',
      priceInCents: 2999,
      isTaxable: true,
      addOnIds: [addOnId.mounting, addOnId.balancing, addOnId.valveStems],
    },
    {
      tireInstallPackageId: packageId.lightTruckTotal,
      type: 'LightTruck',
      pricingType: 'TotalPricing',
      priceInCents: 3999,
      isTaxable: false,
      addOnIds: [addOnId.mounting, addOnId.balancing, addOnId.valveStems],
    },
    {
      tireInstallPackageId: packageId.winterItemized,
      type: 'Winter',
      pricingType: 'ItemizedPricing',
      priceInCents: null,
      isTaxable: true,
      addOnIds: [addOnId.mounting, addOnId.balancing],
    },
  ],
  tireServices: [{ type: 'TireStudding', isEnabled: true, priceInCents: 1500, isTaxable: true }],
  warranties: [
    { type: 'PromisePlus', isEnabled: true, priceInCents: 2000, isTaxable: false },
    { type: 'PromisePlusNational', isEnabled: true, priceInCents: 2500, isTaxable: false },
    { type: 'PromisePlusAllWheelDrive', isEnabled: false, priceInCents: 3000, isTaxable: false },
  ],
  tireFees: [
    { name: 'State tire fee', amountInCents: 175, isTaxable: false, effectiveFrom: '2024-01-01', effectiveThrough: '2026-06-30' },
    { name: 'State tire fee', amountInCents: 200, isTaxable: false, effectiveFrom: '2026-07-01', effectiveThrough: null },
  ],
};

const tire = (description: string, quantity: number, unitPriceInCents: number, more: Partial<TireQuoteTire> = {}): TireQuoteTire => ({
  description,
  quantity,
  unitPriceInCents,
  isTaxable: true,
  isStuddable: false,
  ...more,
});
const option = (more: Partial<TireQuoteChoice>): TireQuoteChoice => ({
  name: 'Good',
  tires: [],
  services: [],
  installPackageId: null,
  addOnIds: [],
  tireServiceTypes: [],
  warrantyType: null,
  ...more,
});
const request = (options: TireQuoteChoice[], createdOn = dayBefore, storePrices = prices): TireQuoteRequest => ({ createdOn, prices: storePrices, options });

/** The one option of a request that must price. */
function priced(choice: TireQuoteChoice, createdOn = dayBefore, storePrices = prices): TireQuoteOption {
  const result = priceTireQuote(request([choice], createdOn, storePrices));
  if (!result.ok) throw new Error(`expected a quote, got ${JSON.stringify(result.problems)}`);
  const [first] = result.quote.options;
  if (!first) throw new Error('expected an option');
  return first;
}
const totals = (o: TireQuoteOption) => [o.subtotalInCents, o.feesInCents, o.taxableInCents, o.taxInCents, o.totalInCents, o.perTireInCents];

describe("the spec's tire pricing enums", () => {
  it('name install package pricing types and package types as the spec does, with labels', () => {
    expect(tireInstallPackagePricingTypes.values).toEqual(['ItemizedPricing', 'TotalPricing']);
    expect(tireInstallPackagePricingTypes.values.map(tireInstallPackagePricingTypes.label)).toEqual(['Itemized Pricing', 'Total Pricing']);
    expect(tireInstallPackageTypes.values).toEqual(['LightTruck', 'Passenger', 'Winter']);
    expect(tireInstallPackageTypes.values.map(tireInstallPackageTypes.label)).toEqual(['Light Truck', 'Passenger', 'Winter']);
    expect(tirePurchaseAddOnCharges.values.map(tirePurchaseAddOnCharges.label)).toEqual(['Per tire', 'Per job']);
  });

  it('keep the add-on categories, tire services and warranties of section 3, with their label and defaults', () => {
    expect(tirePurchaseAddOnCategories.values).toEqual([
      'Balancing',
      'MiscellaneousItem',
      'Mounting',
      'ShopExpenses',
      'TireDisposal',
      'TireTax',
      'ValveStems_TPMSService',
    ]);
    expect(tirePurchaseAddOnCategories.label('ValveStems_TPMSService')).toBe('Valve Stems/TPMS Service');
    expect(storeTireServiceTypes.values).toEqual(['TireStudding']);
    expect(storeTireServiceTypes.default).toBe('TireStudding');
    expect(storeTireWarrantyTypes.values).toEqual(['PromisePlus', 'PromisePlusAllWheelDrive', 'PromisePlusNational']);
    expect(storeTireWarrantyTypes.default).toBe('PromisePlus');
  });
});

describe('sales tax, on the sum of the taxable lines, rounded half up to the cent', () => {
  it.each([
    [99, 88_750, 9], //            $0.99 × 8.875% = 8.78625¢
    [396, 88_750, 35], //          four $0.99 lines: 35.145¢ on the sum (line by line it would be 4 × 9 = 36¢)
    [50_000, 88_750, 4438], //     $500 × 8.875% = 4437.5¢, a half: up
    [4, 125_000, 1], //            0.5¢: up
    [200, 62_500, 13], //          $2 × 6.25% = 12.5¢: up
    [100, 62_500, 6], //           6.25¢: down
    [3, 166_667, 1], //            0.500001¢
    [3, 166_666, 0], //            0.499998¢
    [0, 88_750, 0],
    [12_345, 0, 0],
    [799_999_992, 250_000, 199_999_998], // eight tires at the most a price may be, at 25%: exact, no float drift
  ])('on %i¢ at %i millionths is %i¢', (taxable, rate, tax) => {
    expect(salesTaxInCents(taxable, rate)).toBe(tax);
  });
});

describe('an out-the-door quote, to the cent', () => {
  // Each row: subtotal (every line but fees), fees, taxable, tax, total, and the total per tire.
  it.each([
    [
      '1 tire with the Passenger package at its total price',
      // tire 8999 + package 1 × 2999 = 11998, all taxed: 11998 × 8.875% = 1064.8225 → 1065; fee 1 × 175
      option({ tires: [tire('Touring 205/55R16', 1, 8999)], installPackageId: packageId.passengerTotal }),
      dayBefore,
      [11_998, 175, 11_998, 1065, 11_998 + 175 + 1065, 13_238],
    ],
    [
      '3 tires with per-tire and per-job add-ons, one of them untaxed',
      // tires 3 × 9999 = 29997; mounting 3 × 1500 = 4500; disposal 3 × 350 = 1050 (untaxed); shop supplies 995 once
      // subtotal 36542; taxable 29997 + 4500 + 995 = 35492 × 8.875% = 3149.915 → 3150; fee 3 × 175 = 525
      // total 36542 + 525 + 3150 = 40217; per tire 40217 / 3 = 13405.67 → 13406
      option({ tires: [tire('All-season 215/60R16', 3, 9999)], addOnIds: [addOnId.mounting, addOnId.disposal, addOnId.shopSupplies] }),
      dayBefore,
      [36_542, 525, 35_492, 3150, 40_217, 13_406],
    ],
    [
      '4 tires the day before the state fee changes: $1.75 a tire',
      // 4 × 12000 = 48000 × 8.875% = 4260 exactly; fee 4 × 175 = 700
      option({ tires: [tire('All-season 225/65R17', 4, 12_000)] }),
      dayBefore,
      [48_000, 700, 48_000, 4260, 52_960, 13_240],
    ],
    [
      '4 tires the day the state fee changes: $2.00 a tire',
      // fee 4 × 200 = 800; total 48000 + 800 + 4260 = 53060
      option({ tires: [tire('All-season 225/65R17', 4, 12_000)] }),
      dayOf,
      [48_000, 800, 48_000, 4260, 53_060, 13_265],
    ],
    [
      '5 tires (four and a full-size spare), the tax landing on a half cent',
      // 5 × 10000 = 50000 × 8.875% = 4437.5 → 4438; fee 5 × 175 = 875; total 55313; per tire 11062.6 → 11063
      option({ tires: [tire('All-terrain 265/70R17', 5, 10_000)] }),
      dayBefore,
      [50_000, 875, 50_000, 4438, 55_313, 11_063],
    ],
    [
      '4 tires with the Passenger package itemized: each add-on at its own price',
      // tires 60000; mounting 4 × 1500 = 6000; balancing 4 × 1250 = 5000; valve stems 4 × 899 = 3596
      // subtotal 74596 × 8.875% = 6620.395 → 6620; total 74596 + 700 + 6620 = 81916; per tire 20479
      option({ tires: [tire('Touring 225/60R16', 4, 15_000)], installPackageId: packageId.passengerItemized }),
      dayBefore,
      [74_596, 700, 74_596, 6620, 81_916, 20_479],
    ],
    [
      '4 tires with the Passenger package at its total price: one line, the add-ons not charged again',
      // tires 60000; package 4 × 2999 = 11996; subtotal 71996 × 8.875% = 6389.645 → 6390
      // total 71996 + 700 + 6390 = 79086; per tire 19771.5 → 19772
      option({ tires: [tire('Touring 225/60R16', 4, 15_000)], installPackageId: packageId.passengerTotal }),
      dayBefore,
      [71_996, 700, 71_996, 6390, 79_086, 19_772],
    ],
    [
      'an add-on the package already holds, chosen again, charged once',
      // as above, balancing held by the package; disposal 4 × 350 = 1400 untaxed
      // subtotal 71996 + 1400 = 73396; taxable 71996 → 6390; total 73396 + 700 + 6390 = 80486; per tire 20121.5 → 20122
      option({ tires: [tire('Touring 225/60R16', 4, 15_000)], installPackageId: packageId.passengerTotal, addOnIds: [addOnId.balancing, addOnId.disposal] }),
      dayBefore,
      [73_396, 700, 71_996, 6390, 80_486, 20_122],
    ],
    [
      'a Light Truck package the store does not tax',
      // tires 4 × 20000 = 80000 (taxed: 7100 exactly); package 4 × 3999 = 15996 untaxed
      // subtotal 95996; total 95996 + 700 + 7100 = 103796; per tire 25949
      option({ tires: [tire('LT245/75R16 120/116S', 4, 20_000)], installPackageId: packageId.lightTruckTotal }),
      dayBefore,
      [95_996, 700, 80_000, 7100, 103_796, 25_949],
    ],
    [
      'untaxed tires with a taxed add-on',
      // tires 2 × 10000 untaxed; mounting 2 × 1500 = 3000 × 8.875% = 266.25 → 266; fee 2 × 175 = 350
      option({ tires: [tire('Farm 11.2-24', 2, 10_000, { isTaxable: false })], addOnIds: [addOnId.mounting] }),
      dayBefore,
      [23_000, 350, 3000, 266, 23_616, 11_808],
    ],
    [
      'mixed front and rear sizes, itemized package and Promise Plus per tire',
      // front 2 × 21000 = 42000; rear 2 × 24500 = 49000; 4 tires: mounting 6000, balancing 5000, valve stems 3596
      // warranty 4 × 2000 = 8000 untaxed; subtotal 91000 + 14596 + 8000 = 113596; taxable 105596
      // tax 105596 × 8.875% = 8447.68 + 923.965 = 9371.645 → 9372; total 113596 + 700 + 9372 = 123668; per tire 30917
      option({
        tires: [tire('Front 245/40R18 97Y', 2, 21_000), tire('Rear 275/35R18 95Y', 2, 24_500)],
        installPackageId: packageId.passengerItemized,
        warrantyType: 'PromisePlus',
      }),
      dayBefore,
      [113_596, 700, 105_596, 9372, 123_668, 30_917],
    ],
    [
      '4 studdable winter tires, studded, with the Winter package',
      // tires 4 × 13500 = 54000; mounting 6000; balancing 5000; studding 4 × 1500 = 6000; all taxed: 71000
      // tax 71000 × 8.875% = 6301.25 → 6301; total 71000 + 700 + 6301 = 78001; per tire 19500.25 → 19500
      option({
        tires: [tire('Winter 205/55R16 studdable', 4, 13_500, { isStuddable: true })],
        installPackageId: packageId.winterItemized,
        tireServiceTypes: ['TireStudding'],
      }),
      dayBefore,
      [71_000, 700, 71_000, 6301, 78_001, 19_500],
    ],
    [
      'studding only the studdable pair of a mixed set',
      // tires 2 × 13500 + 2 × 14500 = 56000; studding 2 × 1500 = 3000; taxable 59000 × 8.875% = 5236.25 → 5236
      // total 59000 + 700 + 5236 = 64936; per tire 16234
      option({
        tires: [tire('Winter 205/55R16 studdable', 2, 13_500, { isStuddable: true }), tire('Winter 225/50R17 studless', 2, 14_500)],
        tireServiceTypes: ['TireStudding'],
      }),
      dayBefore,
      [59_000, 700, 59_000, 5236, 64_936, 16_234],
    ],
    [
      '$0.99 lines: tax on the sum, not cent by cent',
      // tires 4 × 9999 = 39996; valve caps 4 × 99 = 396; 40392 × 8.875% = 3231.36 + 353.43 = 3584.79 → 3585
      // (line by line: 3549.645 → 3550 and 4 × 8.78625 → 4 × 9 = 36, 3586: a cent too much)
      // total 40392 + 700 + 3585 = 44677; per tire 11169.25 → 11169
      option({ tires: [tire('Economy 195/65R15', 4, 9999)], addOnIds: [addOnId.valveCaps] }),
      dayBefore,
      [40_392, 700, 40_392, 3585, 44_677, 11_169],
    ],
    [
      "a store service and a per-job add-on without tires (an inspection finding's fix): no fee, no per-tire figure",
      // brakes 18999 + shop supplies 995 = 19994 × 8.875% = 1599.52 + 174.9475 = 1774.4675 → 1774
      option({ services: [{ description: 'Front brake pads', priceInCents: 18_999, isTaxable: true }], addOnIds: [addOnId.shopSupplies] }),
      dayBefore,
      [19_994, 0, 19_994, 1774, 21_768, null],
    ],
  ] as [string, TireQuoteChoice, string, (number | null)[]][])('%s', (_title, choice, createdOn, expected) => {
    expect(totals(priced(choice, createdOn))).toEqual(expected);
  });

  it('lists mixed front and rear sizes, the itemized package and the warranty line by line', () => {
    const quote = priced(
      option({
        tires: [tire('Front 245/40R18 97Y', 2, 21_000), tire('Rear 275/35R18 95Y', 2, 24_500)],
        installPackageId: packageId.passengerItemized,
        addOnIds: [addOnId.disposal, addOnId.nitrogen],
        warrantyType: 'PromisePlus',
      }),
    );
    expect(quote.tireCount).toBe(4);
    expect(quote.lines).toEqual([
      { kind: 'Tire', description: 'Front 245/40R18 97Y', quantity: 2, unitInCents: 21_000, totalInCents: 42_000, isTaxable: true },
      { kind: 'Tire', description: 'Rear 275/35R18 95Y', quantity: 2, unitInCents: 24_500, totalInCents: 49_000, isTaxable: true },
      { kind: 'AddOn', description: 'Mounting', quantity: 4, unitInCents: 1500, totalInCents: 6000, isTaxable: true },
      { kind: 'AddOn', description: 'Balancing', quantity: 4, unitInCents: 1250, totalInCents: 5000, isTaxable: true },
      { kind: 'AddOn', description: 'Valve Stems/TPMS Service', quantity: 4, unitInCents: 899, totalInCents: 3596, isTaxable: true },
      { kind: 'AddOn', description: 'Tire Disposal', quantity: 4, unitInCents: 350, totalInCents: 1400, isTaxable: false },
      { kind: 'AddOn', description: 'Nitrogen Fill', quantity: 1, unitInCents: 1000, totalInCents: 1000, isTaxable: false },
      { kind: 'Warranty', description: promisePlus, quantity: 4, unitInCents: 2000, totalInCents: 8000, isTaxable: false },
      { kind: 'Fee', description: 'State tire fee', quantity: 4, unitInCents: 175, totalInCents: 700, isTaxable: false },
    ]);
    // subtotal 91000 + 14596 + 1400 + 1000 + 8000 = 115996; taxable as before 105596 → 9372; total 115996 + 700 + 9372
    expect(totals(quote)).toEqual([115_996, 700, 105_596, 9372, 126_068, 31_517]);
  });

  it('shows a package at its total price as one line named for its type, and studding as its own line', () => {
    const quote = priced(
      option({
        tires: [tire('Winter LT265/70R17 studdable', 4, 22_000, { isStuddable: true })],
        installPackageId: packageId.lightTruckTotal,
        tireServiceTypes: ['TireStudding'],
      }),
      dayOf,
    );
    expect(quote.lines).toEqual([
      { kind: 'Tire', description: 'Winter LT265/70R17 studdable', quantity: 4, unitInCents: 22_000, totalInCents: 88_000, isTaxable: true },
      { kind: 'InstallPackage', description: 'Light Truck install package', quantity: 4, unitInCents: 3999, totalInCents: 15_996, isTaxable: false },
      { kind: 'TireService', description: studding, quantity: 4, unitInCents: 1500, totalInCents: 6000, isTaxable: true },
      { kind: 'Fee', description: 'State tire fee', quantity: 4, unitInCents: 200, totalInCents: 800, isTaxable: false },
    ]);
    // subtotal 88000 + 15996 + 6000 = 109996; taxable 94000 × 8.875% = 8342.5 → 8343; total 109996 + 800 + 8343 = 119139
    // per tire 119139 / 4 = 29784.75 → 29785
    expect(totals(quote)).toEqual([109_996, 800, 94_000, 8343, 119_139, 29_785]);
  });

  it('puts good, better and best side by side, each priced on its own', () => {
    const result = priceTireQuote(
      request([
        option({ name: 'Good', tires: [tire('Economy 225/65R17', 4, 8999)], addOnIds: [addOnId.mounting, addOnId.disposal] }),
        option({ name: 'Better', tires: [tire('Touring 225/65R17', 4, 12_999)], installPackageId: packageId.passengerTotal, addOnIds: [addOnId.disposal] }),
        option({
          name: 'Best',
          tires: [tire('Premium 225/65R17', 4, 17_999)],
          installPackageId: packageId.passengerItemized,
          addOnIds: [addOnId.disposal],
          warrantyType: 'PromisePlusNational',
        }),
      ]),
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.quote.options.map((o) => [o.name, ...totals(o)])).toEqual([
      // tires 35996 + mounting 6000 + disposal 1400 = 43396; taxable 41996 × 8.875% = 3359.68 + 367.465 = 3727.145 → 3727
      // total 43396 + 700 + 3727 = 47823; per tire 11955.75 → 11956
      ['Good', 43_396, 700, 41_996, 3727, 47_823, 11_956],
      // tires 51996 + package 11996 + disposal 1400 = 65392; taxable 63992 × 8.875% = 5119.36 + 559.93 = 5679.29 → 5679
      // total 65392 + 700 + 5679 = 71771; per tire 17942.75 → 17943
      ['Better', 65_392, 700, 63_992, 5679, 71_771, 17_943],
      // tires 71996 + 6000 + 5000 + 3596 + disposal 1400 + warranty 4 × 2500 = 10000 → 97992
      // taxable 86592 × 8.875% = 6927.36 + 757.68 = 7685.04 → 7685; total 97992 + 700 + 7685 = 106377; per tire 26594.25 → 26594
      ['Best', 97_992, 700, 86_592, 7685, 106_377, 26_594],
    ]);
    expect(result.quote.options[2]?.lines.find((l) => l.kind === 'Warranty')).toEqual({
      kind: 'Warranty',
      description: promisePlusNational,
      quantity: 4,
      unitInCents: 2500,
      totalInCents: 10_000,
      isTaxable: false,
    });
  });

  it.each([
    ['2026-06-30', 30, '2026-07-30'],
    ['2026-12-31', 1, '2027-01-01'],
    ['2028-02-28', 1, '2028-02-29'],
    ['2026-01-31', 30, '2026-03-02'],
  ])('quoted on %s for %i days holds through %s', (createdOn, validForDays, validUntil) => {
    const fees = [{ name: 'State tire fee', amountInCents: 175, isTaxable: false, effectiveFrom: '2024-01-01', effectiveThrough: null }];
    const result = priceTireQuote(request([option({ tires: [tire('Touring 205/55R16', 1, 10_000)] })], createdOn, { ...prices, validForDays, tireFees: fees }));
    expect(result.ok && [result.quote.createdOn, result.quote.validUntil]).toEqual([createdOn, validUntil]);
  });

  it('taxes a state fee where the state taxes it', () => {
    const fees = [{ name: 'Tire recycling fee', amountInCents: 100, isTaxable: true, effectiveFrom: '2020-01-01', effectiveThrough: null }];
    // tire 10000 + fee 100 taxed: 10100 × 8.875% = 896.375 → 896; total 10000 + 100 + 896 = 10996
    expect(totals(priced(option({ tires: [tire('Touring 205/55R16', 1, 10_000)] }), dayBefore, { ...prices, tireFees: fees }))).toEqual([
      10_000, 100, 10_100, 896, 10_996, 10_996,
    ]);
  });

  it("charges no fee that starts after the quote's date, nor one repealed (an amount of 0) by then", () => {
    const fees = [
      { name: 'New tire fee', amountInCents: 150, isTaxable: false, effectiveFrom: '2026-09-01', effectiveThrough: null },
      { name: 'Old tire fee', amountInCents: 175, isTaxable: false, effectiveFrom: '2020-01-01', effectiveThrough: '2026-06-30' },
      { name: 'Old tire fee', amountInCents: 0, isTaxable: false, effectiveFrom: '2026-07-01', effectiveThrough: null },
    ];
    const quote = priced(option({ tires: [tire('Touring 205/55R16', 1, 10_000)] }), dayOf, { ...prices, tireFees: fees });
    expect(quote.lines.map((l) => l.kind)).toEqual(['Tire']);
    // 10000 × 8.875% = 887.5 → 888
    expect(totals(quote)).toEqual([10_000, 0, 10_000, 888, 10_888, 10_888]);
  });

  it('is what a saved quote holds, once it has its ids', () => {
    const result = priceTireQuote(
      request([option({ tires: [tire('Touring 205/55R16', 4, 10_000)], installPackageId: packageId.passengerTotal, warrantyType: 'PromisePlus' })]),
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const choices = [option({ tires: [tire('Touring 205/55R16', 4, 10_000)], installPackageId: packageId.passengerTotal, warrantyType: 'PromisePlus' })];
    const saved = { ...result.quote, tireQuoteId: uuid(90), tireQuoteHashId: 'Zq3xW9kLmN2pR7tYbV5cHd', customerId: uuid(91), vehicleId: null, choices };
    expect(tireQuoteSchema.parse(saved)).toEqual(saved);
  });
});

describe('a quote that cannot be priced says what to fix, by field', () => {
  const fourTires = option({ tires: [tire('Touring 205/55R16', 4, 10_000)] });
  const twoOptions = (second: TireQuoteChoice) => request([fourTires, second]);
  const withPrices = (more: Partial<TireQuotePrices>, choice = fourTires, createdOn = dayBefore) => request([choice], createdOn, { ...prices, ...more });
  const stateFee = (amountInCents: number, effectiveFrom: string, effectiveThrough: string | null) => ({
    name: 'State tire fee',
    amountInCents,
    isTaxable: false,
    effectiveFrom,
    effectiveThrough,
  });

  it.each([
    ['no tires on a line', request([option({ tires: [tire('Touring 205/55R16', 0, 10_000)] })]), 'options.0.tires.0.quantity', 'Quote 1 to 8 tires'],
    ['nine tires on a line', request([option({ tires: [tire('Touring 205/55R16', 9, 10_000)] })]), 'options.0.tires.0.quantity', 'Quote 1 to 8 tires'],
    ['half a tire', request([option({ tires: [tire('Touring 205/55R16', 2.5, 10_000)] })]), 'options.0.tires.0.quantity', 'Enter a whole number of tires'],
    [
      'nine tires over two lines',
      request([option({ tires: [tire('Front', 5, 10_000), tire('Rear', 4, 11_000)] })]),
      'options.0.tires',
      'Quote 8 tires at most in one option; this one has 9',
    ],
    [
      'a bad quantity in the second option',
      twoOptions(option({ name: 'Better', tires: [tire('Touring', -1, 10_000)] })),
      'options.1.tires.0.quantity',
      'Quote 1 to 8 tires',
    ],
    [
      'a negative tire price',
      request([option({ tires: [tire('Touring 205/55R16', 4, -1)] })]),
      'options.0.tires.0.unitPriceInCents',
      'Enter a tire price of 0 or more',
    ],
    [
      'a tire price in part cents',
      request([option({ tires: [tire('Touring 205/55R16', 4, 99.5)] })]),
      'options.0.tires.0.unitPriceInCents',
      'Enter a tire price in whole cents',
    ],
    [
      'a tire price of a million dollars',
      request([option({ tires: [tire('Touring 205/55R16', 4, 100_000_000)] })]),
      'options.0.tires.0.unitPriceInCents',
      'Enter a tire price under $1,000,000',
    ],
    [
      'a negative service price',
      request([option({ services: [{ description: 'Alignment', priceInCents: -500, isTaxable: true }] })]),
      'options.0.services.0.priceInCents',
      'Enter a service price of 0 or more',
    ],
    [
      'a negative add-on price',
      withPrices({ addOns: prices.addOns.map((a, i) => (i === 0 ? { ...a, priceInCents: -100 } : a)) }),
      'prices.addOns.0.priceInCents',
      'Enter an add-on price of 0 or more',
    ],
    ['a negative fee', withPrices({ tireFees: [stateFee(-175, '2024-01-01', null)] }), 'prices.tireFees.0.amountInCents', 'Enter a fee of 0 or more'],
    [
      'a tax rate typed as 88.75%',
      withPrices({ salesTaxRateInMillionths: 887_500 }),
      'prices.salesTaxRateInMillionths',
      'Enter a sales tax rate of 25% or less, in millionths: 88750 for 8.875%',
    ],
    ['a quote good for no days', withPrices({ validForDays: 0 }), 'prices.validForDays', 'A quote is good for 1 to 365 days'],
    ['a date not in YYYY-MM-DD', request([fourTires], 'June 30'), 'createdOn', 'Enter a date as YYYY-MM-DD'],
    ['no options', request([]), 'options', 'Quote at least one option'],
    [
      'an option without a name',
      request([option({ name: ' ', tires: [tire('Touring', 4, 10_000)] })]),
      'options.0.name',
      'Name the option, e.g. Good, Better or Best',
    ],
    ['nothing to quote', request([option({})]), 'options.0.tires', 'Add a tire or a service to quote'],
    [
      'an add-on the store no longer has',
      request([option({ tires: [tire('Touring', 4, 10_000)], addOnIds: [uuid(99)] })]),
      'options.0.addOnIds',
      'An add-on of this option is no longer offered; take it off',
    ],
    [
      'a per-tire add-on without tires',
      request([option({ services: [{ description: 'Alignment', priceInCents: 9999, isTaxable: true }], addOnIds: [addOnId.mounting] })]),
      'options.0.addOnIds',
      'Mounting is charged per tire: add a tire or take it off',
    ],
    [
      'a package the store no longer has',
      request([option({ tires: [tire('Touring', 4, 10_000)], installPackageId: uuid(98) })]),
      'options.0.installPackageId',
      'This install package is no longer offered; choose another',
    ],
    [
      'a package holding an add-on the store no longer has',
      withPrices(
        { installPackages: [{ ...prices.installPackages[0]!, addOnIds: [addOnId.mounting, uuid(97)] }] },
        option({ tires: [tire('Touring', 4, 10_000)], installPackageId: packageId.passengerItemized }),
      ),
      'prices.installPackages.0.addOnIds',
      'An add-on of the Passenger install package is no longer offered; take it off the package',
    ],
    [
      'a package at a total price with no price',
      withPrices({ installPackages: prices.installPackages.map((p, i) => (i === 1 ? { ...p, priceInCents: null } : p)) }),
      'prices.installPackages.1.priceInCents',
      'Give the package a price per tire, or itemize it',
    ],
    [
      'studding tires that cannot take studs',
      request([option({ tires: [tire('Touring', 4, 10_000)], tireServiceTypes: ['TireStudding'] })]),
      'options.0.tireServiceTypes',
      `None of this option's tires can be studded; take ${studding} off`,
    ],
    [
      'studding at a store that does not stud',
      withPrices(
        { tireServices: [{ type: 'TireStudding', isEnabled: false, priceInCents: 1500, isTaxable: true }] },
        option({ tires: [tire('Winter', 4, 10_000, { isStuddable: true })], tireServiceTypes: ['TireStudding'] }),
      ),
      'options.0.tireServiceTypes',
      `${studding} is not offered at this store`,
    ],
    [
      'a warranty the store does not offer',
      request([option({ tires: [tire('Touring', 4, 10_000)], warrantyType: 'PromisePlusAllWheelDrive' })]),
      'options.0.warrantyType',
      `${promisePlusAwd} is not offered at this store`,
    ],
    [
      'a warranty without tires',
      request([option({ services: [{ description: 'Alignment', priceInCents: 9999, isTaxable: true }], warrantyType: 'PromisePlus' })]),
      'options.0.warrantyType',
      `${promisePlus} is charged per tire: add a tire or take it off`,
    ],
    [
      'a fee whose new rate is not entered yet',
      withPrices({ tireFees: [stateFee(175, '2024-01-01', '2026-06-30')] }, fourTires, dayOf),
      'prices.tireFees',
      'The State tire fee has no amount in force on 2026-07-01: enter the amount from that day (0 if the fee was repealed)',
    ],
    [
      "a fee with two amounts on the quote's date",
      withPrices({ tireFees: [stateFee(175, '2024-01-01', null), stateFee(200, '2026-07-01', null)] }, fourTires, dayOf),
      'prices.tireFees',
      'The State tire fee has 2 amounts in force on 2026-07-01: end each the day before the next starts',
    ],
    [
      'a fee that ends before it starts',
      withPrices({ tireFees: [stateFee(175, '2024-01-01', '2026-06-30'), stateFee(200, '2026-07-01', '2026-06-01')] }),
      'prices.tireFees.1.effectiveThrough',
      'End the fee on or after the day it starts',
    ],
  ] as [string, TireQuoteRequest, string, string][])('%s', (_what, bad, field, message) => {
    expect(priceTireQuote(bad)).toEqual({ ok: false, problems: { [field]: [message] } });
  });

  it('names the fee that is missing even when its name is typed in another case', () => {
    const fees = [
      { ...prices.tireFees[0]!, name: 'State Tire Fee' },
      { ...prices.tireFees[1]!, effectiveFrom: '2026-07-02' },
    ];
    expect(priceTireQuote(withPrices({ tireFees: fees }, fourTires, dayOf))).toEqual({
      ok: false,
      problems: { 'prices.tireFees': ['The State Tire Fee has no amount in force on 2026-07-01: enter the amount from that day (0 if the fee was repealed)'] },
    });
  });

  it('does not hold a quote without tires to the tire fees', () => {
    const fees = [stateFee(175, '2024-01-01', '2026-06-30')];
    const brakes = option({ services: [{ description: 'Front brake pads', priceInCents: 18_999, isTaxable: true }] });
    // 18999 × 8.875% = 1686.16125 → 1686
    expect(totals(priced(brakes, dayOf, { ...prices, tireFees: fees }))).toEqual([18_999, 0, 18_999, 1686, 20_685, null]);
  });
});
