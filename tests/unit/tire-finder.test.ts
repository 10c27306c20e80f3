import { describe, expect, it } from 'vitest';
import type { Brand, CatalogueTire, ProductLine } from '../../src/contract/entities.ts';
import {
  filtersInUse,
  findTires,
  isStuddable,
  linesMatching,
  noFilters,
  readFinderQuery,
  tireDescription,
  tireInstallService,
  type StockHere,
} from '../../src/domain/tires/tire-finder.ts';
import { quoteNotes } from '../../src/domain/tires/tire-quote-notes.ts';

let n = 0;
function tire(fields: Partial<CatalogueTire>): CatalogueTire {
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
    priceInCents: 15_000,
    costInCents: null,
    utqg: null,
    isRunFlat: false,
    treadDepth32nds: 10,
    ...fields,
  };
}

describe('what the counter typed, read for the tire finder', () => {
  it.each([
    ['2256517', { kind: 'size', prefix: '225/65R17', exactKey: '225/65R17' }],
    ['225-65-r17', { kind: 'size', prefix: '225/65R17', exactKey: '225/65R17' }],
    ['22565', { kind: 'size', prefix: '225/65', exactKey: null }],
    ['P225/65R17 102H', { kind: 'size', prefix: '225/65R17', exactKey: '225/65R17', minLoadIndex: 102, minSpeed: 'H' }],
    ['LT245/75R16 120/116S', { kind: 'size', prefix: '245/75R16', exactKey: '245/75R16', minLoadIndex: 120, minSpeed: 'S' }],
    ['225', { kind: 'begun' }],
    ['LT2', { kind: 'begun' }],
    ['P', { kind: 'begun' }],
    ['LT', { kind: 'begun' }],
    ['pil', { kind: 'words', words: ['pil'] }],
    ['35x12', { kind: 'size', prefix: '35x12' }],
    ['michelin def', { kind: 'words', words: ['michelin', 'def'] }],
    ['', { kind: 'none' }],
  ] as const)('reads %j as %j', (typed, expected) => {
    expect(readFinderQuery(typed)).toMatchObject(expected);
  });

  it.each([
    ['lt245/75r16', 'LT', null],
    ['245/75R16LT', 'LT', null],
    ['LT245/75R16 E', 'LT', 'E'],
    ['LT245/75R16/E 120/116S', 'LT', 'E'],
    ['LT245/75R16 10 ply', 'LT', 'E'],
    ['P225/65R17', 'P', null],
    ['195/70R15C', 'C', null],
    ['ST225/75R15 D', 'ST', 'D'],
    ['T125/70R16', 'T', null],
    ['35x12.50R20', 'LT', null],
    ['2256517', null, null],
  ] as const)('reads %j as asking for service type %s and load range %s', (typed, serviceType, minLoadRange) => {
    expect(readFinderQuery(typed)).toMatchObject({ kind: 'size', serviceType, minLoadRange, problem: null });
  });

  it.each([
    ['226/65R17', 'Width 226 mm is not a tire width: metric widths end in 0 or 5'],
    ['225/65R', '"225/65R" needs the rim size, as in 225/65R17'],
    ['225/6', '"225/6" needs the aspect ratio and rim size after the width, as in 225/65R17'],
    ['225/65R1', 'Rim diameter 1 is not a tire rim size'],
    ['225/65R175', 'Rim diameter 175 is not a tire rim size'],
    ['35x12.50', '"35x12.50" needs the rim size, as in 35x12.50R20LT'],
  ])("carries the parser's own words for %j: %s", (typed, problem) => {
    expect(readFinderQuery(typed)).toMatchObject({ kind: 'size', exactKey: null, problem });
  });

  it('finds nothing for digits no size begins with, rather than every brand', () => {
    const query = readFinderQuery('225/65R175');
    expect(query.kind).toBe('size');
    expect(query.kind === 'size' && query.prefix.startsWith('225')).toBe(false);
  });
});

describe('the tires found, as the counter sells them', () => {
  const cheapNone = tire({ priceInCents: 9_999 });
  const dearEnough = tire({ priceInCents: 20_000 });
  const cheapEnough = tire({ priceInCents: 12_000 });
  const someHere = tire({ priceInCents: 8_000 });
  const stock = new Map<string, StockHere>([
    [dearEnough.tireId, { quantityOnHand: 8, quantityOnOrder: 0 }],
    [cheapEnough.tireId, { quantityOnHand: 4, quantityOnOrder: 0 }],
    [someHere.tireId, { quantityOnHand: 2, quantityOnOrder: 4 }],
  ]);

  it('come with enough here for the job first, then some here, then none, each cheapest first', () => {
    expect(findTires([cheapNone, dearEnough, someHere, cheapEnough], stock, noFilters).map((f) => f.tire)).toEqual([
      cheapEnough,
      dearEnough,
      someHere,
      cheapNone,
    ]);
  });

  it('for two tires, one with two here is enough', () => {
    expect(findTires([cheapNone, dearEnough, someHere, cheapEnough], stock, { ...noFilters, quantity: 2 }).map((f) => f.tire)[0]).toBe(someHere);
  });

  it("keep to the size typed whole (not 225/65R17.5), the load and speed at least the vehicle's, and the filters", () => {
    const half = tire({ sizeKey: '225/65R17.5' });
    const slow = tire({ speedRating: 'T' });
    const light = tire({ loadIndex: 98 });
    const runFlat = tire({ isRunFlat: true, speedRating: 'V', loadIndex: 104 });
    const winter = tire({ category: 'Winter', webCategory: 'Winter' });
    const all = [half, slow, light, runFlat, winter];
    expect(findTires(all, stock, noFilters, '225/65R17').map((f) => f.tire)).not.toContain(half);
    expect(findTires(all, stock, { ...noFilters, minSpeed: 'H', minLoadIndex: 100 }).map((f) => f.tire)).toEqual(expect.not.arrayContaining([slow, light]));
    expect(findTires(all, stock, { ...noFilters, runFlatOnly: true }).map((f) => f.tire)).toEqual([runFlat]);
    expect(findTires(all, stock, { ...noFilters, webCategory: 'Winter' }).map((f) => f.tire)).toEqual([winter]);
    expect(findTires(all, stock, { ...noFilters, inStockOnly: true })).toEqual([]);
  });
});

describe("a size typed with its service type or load range, as a ¾-ton pickup's placard gives it", () => {
  const passenger = tire({ sizeKey: '245/75R16', loadIndex: 111, speedRating: 'T' });
  const lightTruckE = tire({ sizeKey: '245/75R16', loadIndex: 120, dualLoadIndex: 116, speedRating: 'S', loadRange: 'E' });
  const lightTruckC = tire({ sizeKey: '245/75R16', loadIndex: 109, dualLoadIndex: 105, speedRating: 'S', loadRange: 'C' });
  const lightTruckUnknown = tire({ sizeKey: '245/75R16', loadIndex: 120, dualLoadIndex: 116, speedRating: 'S', loadRange: null });
  const all = [passenger, lightTruckE, lightTruckC, lightTruckUnknown];
  const named = new Map([
    [passenger, 'P 111T'],
    [lightTruckE, 'LT E'],
    [lightTruckC, 'LT C'],
    [lightTruckUnknown, 'LT of no known range'],
  ]);
  const found = (typed: string) => {
    const query = readFinderQuery(typed);
    if (query.kind !== 'size') throw new Error(typed);
    return findTires(all, new Map(), { ...noFilters, serviceType: query.serviceType, minLoadRange: query.minLoadRange }, query.exactKey).map((f) => f.tire);
  };

  it.each([
    ['lt245/75r16', ['LT C', 'LT E', 'LT of no known range']],
    ['LT245/75R16 E', ['LT E']],
    ['LT245/75R16 LRD', ['LT E']],
    ['LT245/75R16 C', ['LT C', 'LT E']],
    ['P245/75R16', ['P 111T']],
    ['245/75R16', ['LT C', 'LT E', 'LT of no known range', 'P 111T']],
  ])('%j lists %j', (typed, tires) => {
    expect(
      found(typed)
        .map((t) => named.get(t))
        .sort(),
    ).toEqual(tires);
  });

  it('filters by the service type chosen at the counter, a tire of none (a farm tire) never passing one', () => {
    const farm = tire({ sizeKey: '245/75R16', category: 'Farm', subcategory: 'Farm_R1' });
    expect(findTires([...all, farm], new Map(), { ...noFilters, serviceType: 'P' }).map((f) => f.tire)).toEqual([passenger]);
    expect(findTires([...all, farm], new Map(), noFilters)).toHaveLength(5);
  });
});

describe('the filters a search runs with, in words', () => {
  it.each([
    [noFilters, []],
    [{ ...noFilters, quantity: 2 }, []],
    [{ ...noFilters, serviceType: 'LT' }, ['Light truck (LT)']],
    [{ ...noFilters, minLoadIndex: 120, minLoadRange: 'E', minSpeed: 'S' }, ['load at least 120', 'load range E or more', 'speed at least S']],
    [{ ...noFilters, category: 'Winter', webCategory: 'Winter', runFlatOnly: true, inStockOnly: true }, ['Winter/Snow', 'Winter', 'run-flat', 'in stock here']],
  ] as const)('%j reads as %j', (filters, words) => {
    expect(filtersInUse(filters)).toEqual(words);
  });
});

describe('brands and lines by what was typed', () => {
  const brands = new Map<string, Brand>([
    ['m', { brandHashId: 'm', name: 'Michelin' }],
    ['n', { brandHashId: 'n', name: 'Nokian' }],
  ]);
  const lines: ProductLine[] = [
    { productLineHashId: 'd', brandHashId: 'm', name: 'Defender2', description: null },
    { productLineHashId: 'x', brandHashId: 'm', name: 'X-Ice Snow', description: null },
    { productLineHashId: 'w', brandHashId: 'n', name: 'WR G4 All-Weather', description: null },
  ];
  it.each([
    ['michelin', ['d', 'x']],
    ['mich ice', ['x']],
    ['all-wea', ['w']],
    ['weather', ['w']],
    ['def', ['d']],
    ['pirelli', []],
  ] as const)('%j finds lines %j', (typed, ids) => {
    expect(linesMatching(typed.split(' '), lines, brands).map((l) => l.productLineHashId)).toEqual(ids);
  });

  it('writes a passenger tire on a quote line with its brand, line, size, load and speed', () => {
    expect(tireDescription(tire({ loadIndex: 102, speedRating: 'H' }), lines[0], brands.get('m'))).toBe('Michelin Defender2 225/65R17 102H');
    expect(isStuddable({ subcategory: 'Winter_Studdable' })).toBe(true);
    expect(isStuddable({ subcategory: 'Winter_Studless' })).toBe(false);
  });

  it.each([
    [{ loadIndex: 120, dualLoadIndex: 116, speedRating: 'S', sizeKey: '245/75R16', loadRange: 'E' }, 'Michelin Defender2 LT245/75R16/E 120/116S'],
    [{ loadIndex: 120, dualLoadIndex: 116, speedRating: 'S', sizeKey: '245/75R16', loadRange: null }, 'Michelin Defender2 LT245/75R16 120/116S'],
    [{ loadIndex: 104, dualLoadIndex: 102, speedRating: 'R', sizeKey: '195/70R15' }, 'Michelin Defender2 195/70R15C 104/102R'],
    [{ loadIndex: 121, dualLoadIndex: null, speedRating: 'Q', sizeKey: '35x12.50R20', loadRange: 'E' }, 'Michelin Defender2 35x12.50R20LT/E 121Q'],
    [
      { loadIndex: 117, dualLoadIndex: 112, speedRating: 'L', sizeKey: '225/75R15', category: 'Trailer', subcategory: 'Trailer_STTrailer', loadRange: 'D' },
      'Michelin Defender2 ST225/75R15/D 117/112L',
    ],
  ] as const)('writes a light-truck, commercial or trailer tire on a quote line with its service type: %j is %s', (fields, description) => {
    expect(tireDescription(tire(fields), lines[0], brands.get('m'))).toBe(description);
  });
});

describe('the install booked from a quote', () => {
  it("is the store's active service named for installing or mounting tires", () => {
    const services = [
      { storeServiceId: 'r', name: 'Tire Rotation', isActive: true },
      { storeServiceId: 'old', name: 'Tire Installation (old)', isActive: false },
      { storeServiceId: 'i', name: 'Tire Installation (4)', isActive: true },
    ];
    expect(tireInstallService(services)?.storeServiceId).toBe('i');
    expect(tireInstallService([{ storeServiceId: 'm', name: 'Mount and balance tires', isActive: true }])?.storeServiceId).toBe('m');
    expect(tireInstallService([{ storeServiceId: 'o', name: 'Oil Change', isActive: true }])).toBeNull();
  });

  it("carries the quote in its staff notes: each option's tires, and no price, since the bay reads the notes", () => {
    const line = (kind: 'Tire' | 'AddOn', description: string, quantity: number) => ({
      kind,
      description,
      quantity,
      unitInCents: 100,
      totalInCents: 100 * quantity,
      isTaxable: true,
    });
    const option = (name: string, totalInCents: number) => ({
      name,
      lines: [line('Tire', 'Nokian WR G4 225/65R17 102H', 4), line('AddOn', 'Mounting', 4)],
      tireCount: 4,
      subtotalInCents: totalInCents,
      feesInCents: 0,
      taxableInCents: totalInCents,
      taxInCents: 0,
      totalInCents,
      perTireInCents: totalInCents / 4,
    });
    expect(quoteNotes({ createdOn: '2026-11-25', validUntil: '2026-12-25', options: [option('Good', 79_499), option('Better', 82_963)] })).toBe(
      'Tire quote of 2026-11-25. Good: 4 × Nokian WR G4 225/65R17 102H; Better: 4 × Nokian WR G4 225/65R17 102H.',
    );
  });
});
