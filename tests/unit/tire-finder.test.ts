import { describe, expect, it } from 'vitest';
import type { Brand, CatalogueTire, ProductLine } from '../../src/contract/entities.ts';
import { findTires, isStuddable, linesMatching, noFilters, readFinderQuery, tireDescription, tireInstallService, type StockHere } from '../../src/domain/tire-finder.ts';
import { quoteNotes } from '../../src/domain/tire-quote-notes.ts';

let n = 0;
function tire(fields: Partial<CatalogueTire>): CatalogueTire {
  n += 1;
  return {
    tireId: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`, productLineHashId: 'line', brandHashId: 'brand', tireSizeId: '00000000-0000-4000-8000-000000000000',
    sizeKey: '225/65R17', sku: `SKU${n}`, category: 'Tour', subcategory: null, webCategory: 'AllSeason', loadIndex: 102, dualLoadIndex: null, speedRating: 'H',
    priceInCents: 15_000, costInCents: null, utqg: null, isRunFlat: false, treadDepth32nds: 10, ...fields,
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
    expect(findTires([cheapNone, dearEnough, someHere, cheapEnough], stock, noFilters).map((f) => f.tire)).toEqual([cheapEnough, dearEnough, someHere, cheapNone]);
  });

  it('for two tires, one with two here is enough', () => {
    expect(findTires([cheapNone, dearEnough, someHere, cheapEnough], stock, { ...noFilters, quantity: 2 }).map((f) => f.tire)[0]).toBe(someHere);
  });

  it('keep to the size typed whole (not 225/65R17.5), the load and speed at least the vehicle\'s, and the filters', () => {
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

describe('brands and lines by what was typed', () => {
  const brands = new Map<string, Brand>([['m', { brandHashId: 'm', name: 'Michelin' }], ['n', { brandHashId: 'n', name: 'Nokian' }]]);
  const lines: ProductLine[] = [
    { productLineHashId: 'd', brandHashId: 'm', name: 'Defender2', description: null },
    { productLineHashId: 'x', brandHashId: 'm', name: 'X-Ice Snow', description: null },
    { productLineHashId: 'w', brandHashId: 'n', name: 'WR G4 All-Weather', description: null },
  ];
  it.each([
    ['michelin', ['d', 'x']], ['mich ice', ['x']], ['all-wea', ['w']], ['weather', ['w']], ['def', ['d']], ['pirelli', []],
  ] as const)('%j finds lines %j', (typed, ids) => {
    expect(linesMatching(typed.split(' '), lines, brands).map((l) => l.productLineHashId)).toEqual(ids);
  });

  it('writes a tire on a quote line with its brand, line, size, load and speed', () => {
    expect(tireDescription(tire({ loadIndex: 120, dualLoadIndex: 116, speedRating: 'S', sizeKey: '245/75R16' }), lines[0], brands.get('m'))).toBe('Michelin Defender2 245/75R16 120/116S');
    expect(isStuddable({ subcategory: 'Winter_Studdable' })).toBe(true);
    expect(isStuddable({ subcategory: 'Winter_Studless' })).toBe(false);
  });
});

describe('the install booked from a quote', () => {
  it('is the store\'s active service named for installing or mounting tires', () => {
    const services = [
      { storeServiceId: 'r', name: 'Tire Rotation', isActive: true },
      { storeServiceId: 'old', name: 'Tire Installation (old)', isActive: false },
      { storeServiceId: 'i', name: 'Tire Installation (4)', isActive: true },
    ];
    expect(tireInstallService(services)?.storeServiceId).toBe('i');
    expect(tireInstallService([{ storeServiceId: 'm', name: 'Mount and balance tires', isActive: true }])?.storeServiceId).toBe('m');
    expect(tireInstallService([{ storeServiceId: 'o', name: 'Oil Change', isActive: true }])).toBeNull();
  });

  it('carries the quote in its staff notes: each option\'s tires, and no price, since the bay reads the notes', () => {
    const line = (kind: 'Tire' | 'AddOn', description: string, quantity: number) => ({ kind, description, quantity, unitInCents: 100, totalInCents: 100 * quantity, isTaxable: true });
    const option = (name: string, totalInCents: number) => ({
      name, lines: [line('Tire', 'Nokian WR G4 225/65R17 102H', 4), line('AddOn', 'Mounting', 4)], tireCount: 4,
      subtotalInCents: totalInCents, feesInCents: 0, taxableInCents: totalInCents, taxInCents: 0, totalInCents, perTireInCents: totalInCents / 4,
    });
    expect(quoteNotes({ createdOn: '2026-11-25', validUntil: '2026-12-25', options: [option('Good', 79_499), option('Better', 82_963)] }))
      .toBe('Tire quote of 2026-11-25. Good: 4 × Nokian WR G4 225/65R17 102H; Better: 4 × Nokian WR G4 225/65R17 102H.');
  });
});
