import { describe, expect, it } from 'vitest';
import type { CatalogueTire } from '../../src/contract/entities.ts';
import { atLeastLoadRange, loadRangeLabel, loadRangeOfPlies, parseLoadRange } from '../../src/domain/tires/tire-load-speed.ts';
import { catalogueSizeText, sizeServiceType, tireServiceType } from '../../src/domain/tires/tire-service-type.ts';
import { parseTireSize } from '../../src/domain/tires/tire-size.ts';

const tire = (fields: Partial<CatalogueTire>): CatalogueTire => ({
  tireId: '00000000-0000-4000-8000-000000000001',
  productLineHashId: 'line',
  brandHashId: 'brand',
  tireSizeId: '00000000-0000-4000-8000-000000000000',
  sizeKey: '225/65R17',
  sku: 'SKU1',
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
});

describe('the service type a typed size asks for', () => {
  it.each([
    ['P225/65R17', 'P'],
    ['LT245/75R16', 'LT'],
    ['245/75R16LT', 'LT'],
    ['ST225/75R15', 'ST'],
    ['T125/70R16', 'T'],
    ['195/70R15C', 'C'],
    ['35x12.50R20', 'LT'],
    ['33x12.50R15LT', 'LT'],
    ['7.50R16LT', 'LT'],
    ['225/65R17', null],
    ['7.50R16', null],
  ])('%s asks for %s', (typed, type) => {
    const parsed = parseTireSize(typed);
    if (!parsed.ok) throw new Error(parsed.problem);
    expect(sizeServiceType(parsed.size)).toBe(type);
  });
});

describe('the service type of a catalogue tire, read from what the catalogue keeps', () => {
  it.each([
    ['a passenger tire', {}, 'P'],
    ["a P-metric truck tire of an LT size's dimensions", { sizeKey: '245/75R16', loadIndex: 111, speedRating: 'T' }, 'P'],
    ['an LT tire, its dual load 4 under its single', { sizeKey: '245/75R16', loadIndex: 120, dualLoadIndex: 116 }, 'LT'],
    ['an LT tire, its dual load 3 under its single', { sizeKey: '265/70R17', loadIndex: 121, dualLoadIndex: 118 }, 'LT'],
    ['a van tire, its dual load 2 under its single', { sizeKey: '195/70R15', loadIndex: 104, dualLoadIndex: 102 }, 'C'],
    ['a van tire, its dual load 1 under its single', { sizeKey: '225/75R16', loadIndex: 121, dualLoadIndex: 120 }, 'C'],
    ['a flotation tire', { sizeKey: '35x12.50R20', loadIndex: 121, dualLoadIndex: null }, 'LT'],
    ['a light-truck winter tire the feed gives no dual load', { subcategory: 'Winter_StudlessLT', category: 'Winter' }, 'LT'],
    ['a tire the feed gives load range E and no dual load', { sizeKey: '245/75R16', loadIndex: 120, loadRange: 'E' }, 'LT'],
    ["a tire of load range B (a passenger tire's strength)", { loadRange: 'B' }, 'P'],
    ['a trailer tire', { sizeKey: '225/75R15', category: 'Trailer', subcategory: 'Trailer_STTrailer', loadIndex: 117, dualLoadIndex: 112 }, 'ST'],
    ['a low-platform trailer tire', { sizeKey: '215/75R17.5', category: 'Trailer', subcategory: 'Trailer_LPT', loadIndex: 135, dualLoadIndex: 133 }, 'C'],
    ['a medium-truck drive tire', { sizeKey: '295/75R22.5', category: 'TBRDrive', subcategory: 'TBRDrive_LongHaul', loadIndex: 144, dualLoadIndex: 141 }, 'C'],
    ['a temporary spare', { sizeKey: '125/70R16', loadIndex: 96, speedRating: 'M' }, 'T'],
    ['a wide tire rated M (not a spare)', { sizeKey: '235/85R16', loadIndex: 120, speedRating: 'M' }, 'P'],
    ['a farm tire', { sizeKey: '380/85R24', category: 'Farm', subcategory: 'Farm_R1' }, null],
    ['a lawn and garden tire', { sizeKey: '225/65R17', category: 'LG' }, null],
  ] as const)('%s is %s', (_, fields, type) => {
    expect(tireServiceType(tire(fields))).toBe(type);
  });

  it('reads a row the device kept before load ranges came (no loadRange field) as one without', () => {
    const { loadRange: _, ...old } = tire({ sizeKey: '245/75R16', loadIndex: 111 });
    expect(tireServiceType(old)).toBe('P');
  });

  it.each([
    [{ sizeKey: '245/75R16', loadIndex: 120, dualLoadIndex: 116, speedRating: 'S', loadRange: 'E' }, true, 'LT245/75R16/E 120/116S'],
    [{ sizeKey: '245/75R16', loadIndex: 120, dualLoadIndex: 116, speedRating: 'S', loadRange: 'E' }, false, 'LT245/75R16 120/116S'],
    [{ sizeKey: '295/75R22.5', category: 'TBRDrive', loadIndex: 144, dualLoadIndex: 141, speedRating: 'L' }, true, '295/75R22.5 144/141L'],
    [{ sizeKey: '125/70R16', loadIndex: 96, speedRating: 'M' }, true, 'T125/70R16 96M'],
    [{ sizeKey: 'not a size' }, true, 'not a size'],
  ] as const)('writes %j as the sidewall prints it (load range %s): %s', (fields, loadRange, text) => {
    expect(catalogueSizeText(tire(fields), { loadRange })).toBe(text);
  });
});

describe('load ranges', () => {
  it.each([
    ['e', 'E'],
    [' C ', 'C'],
    ['N', 'N'],
    ['A', null],
    ['I', null],
    ['', null],
    [null, null],
  ])('%j reads as %s', (text, range) => {
    expect(parseLoadRange(text)).toBe(range);
  });

  it.each([
    [4, 'B'],
    [6, 'C'],
    [8, 'D'],
    [10, 'E'],
    [12, 'F'],
    [14, 'G'],
    [16, 'H'],
    [18, 'J'],
    [20, 'L'],
    [22, 'M'],
    [24, 'N'],
    [7, null],
    [26, null],
    [2, null],
  ])('a %i-ply rating is load range %s', (plies, range) => {
    expect(loadRangeOfPlies(plies)).toBe(range);
  });

  it.each([
    ['C', 'Load range C (6-ply)'],
    ['E', 'Load range E (10-ply)'],
    ['F', 'Load range F (12-ply)'],
  ] as const)('%s is shown as %s', (range, label) => {
    expect(loadRangeLabel(range)).toBe(label);
  });

  it.each([
    ['E', 'E', true],
    ['F', 'E', true],
    ['D', 'E', false],
    [null, 'E', false],
    [undefined, 'C', false],
    ['C', null, true],
    [null, null, true],
    ['J', 'H', true],
  ])('a tire of load range %s meets a wanted %s: %s', (candidate, wanted, meets) => {
    expect(atLeastLoadRange(candidate, wanted)).toBe(meets);
  });
});
