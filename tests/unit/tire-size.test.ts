import { describe, expect, it } from 'vitest';
import {
  atLeastLoad,
  atLeastSpeed,
  compareSpeedRatings,
  loadCapacity,
  loadIndexRange,
  parseSpeedRating,
  singleLoadIndex,
  speedLimit,
  speedRatings,
} from '../../src/domain/tires/tire-load-speed.ts';
import { formatTireSize, parseTireSize, sizeSpeedRating, tireSizeProblem, tireSizeSearchPrefix, type TireSize } from '../../src/domain/tires/tire-size.ts';

/** The size a text reads as, or the test fails with the parser's own message. */
function sized(text: string): TireSize {
  const parsed = parseTireSize(text);
  if (!parsed.ok) throw new Error(`${text}: ${parsed.problem}`);
  return parsed.size;
}

const none = {
  serviceType: null,
  construction: 'R',
  commercial: false,
  loadIndex: null,
  dualLoadIndex: null,
  speedRating: null,
  reinforced: false,
  loadRange: null,
};

describe('a tire size, read from the ways it is printed', () => {
  it.each([
    ['225/65R17', { ...none, system: 'metric', widthMm: 225, aspectRatio: 65, rimDiameter: 17, key: '225/65R17' }],
    [
      'P225/65R17 102H',
      { ...none, system: 'metric', serviceType: 'P', widthMm: 225, aspectRatio: 65, rimDiameter: 17, loadIndex: 102, speedRating: 'H', key: '225/65R17' },
    ],
    [
      'LT245/75R16 120/116N',
      {
        ...none,
        system: 'metric',
        serviceType: 'LT',
        widthMm: 245,
        aspectRatio: 75,
        rimDiameter: 16,
        loadIndex: 120,
        dualLoadIndex: 116,
        speedRating: 'N',
        key: '245/75R16',
      },
    ],
    [
      '195/70R15C 104/102R',
      {
        ...none,
        system: 'metric',
        commercial: true,
        widthMm: 195,
        aspectRatio: 70,
        rimDiameter: 15,
        loadIndex: 104,
        dualLoadIndex: 102,
        speedRating: 'R',
        key: '195/70R15',
      },
    ],
    [
      '265/35ZR18 97W XL',
      {
        ...none,
        system: 'metric',
        construction: 'ZR',
        widthMm: 265,
        aspectRatio: 35,
        rimDiameter: 18,
        loadIndex: 97,
        speedRating: 'W',
        reinforced: true,
        key: '265/35R18',
      },
    ],
    ['35x12.50R20LT', { ...none, system: 'flotation', serviceType: 'LT', diameterInches: 35, widthInches: 12.5, rimDiameter: 20, key: '35x12.50R20' }],
    [
      'ST225/75D15 117/112L',
      {
        ...none,
        system: 'metric',
        serviceType: 'ST',
        construction: 'D',
        widthMm: 225,
        aspectRatio: 75,
        rimDiameter: 15,
        loadIndex: 117,
        dualLoadIndex: 112,
        speedRating: 'L',
        key: '225/75R15',
      },
    ],
    [
      'T125/70D17 98M',
      {
        ...none,
        system: 'metric',
        serviceType: 'T',
        construction: 'D',
        widthMm: 125,
        aspectRatio: 70,
        rimDiameter: 17,
        loadIndex: 98,
        speedRating: 'M',
        key: '125/70R17',
      },
    ],
    [
      '225/70R19.5 128/126L',
      { ...none, system: 'metric', widthMm: 225, aspectRatio: 70, rimDiameter: 19.5, loadIndex: 128, dualLoadIndex: 126, speedRating: 'L', key: '225/70R19.5' },
    ],
    ['LT215/85R16.5', { ...none, system: 'metric', serviceType: 'LT', widthMm: 215, aspectRatio: 85, rimDiameter: 16.5, key: '215/85R16.5' }],
    [
      '295/30ZR20 (101Y)',
      { ...none, system: 'metric', construction: 'ZR', widthMm: 295, aspectRatio: 30, rimDiameter: 20, loadIndex: 101, speedRating: '(Y)', key: '295/30R20' },
    ],
    [
      '33x12.50-15LT 108Q',
      {
        ...none,
        system: 'flotation',
        serviceType: 'LT',
        construction: 'D',
        diameterInches: 33,
        widthInches: 12.5,
        rimDiameter: 15,
        loadIndex: 108,
        speedRating: 'Q',
        key: '33x12.50R15',
      },
    ],
  ])('%s has its parts', (text, expected) => {
    expect(sized(text)).toEqual(expected);
  });

  it.each([
    ['225/65R17', '225/65R17'],
    ['P225/65R17 102H', 'P225/65R17 102H'],
    ['LT245/75R16 120/116N', 'LT245/75R16 120/116N'],
    ['195/70R15C 104/102R', '195/70R15C 104/102R'],
    ['265/35ZR18 97W XL', '265/35ZR18 97W XL'],
    ['35x12.50R20LT', '35x12.50R20LT'],
    ['ST225/75D15 117/112L', 'ST225/75D15 117/112L'],
    ['225/70R19.5 128/126L', '225/70R19.5 128/126L'],
    ['295/30ZR20 (101Y)', '295/30ZR20 (101Y)'],
    ['33x12.50-15LT 108Q', '33x12.50-15LT 108Q'],
  ])('%s is written back as %s', (text, canonical) => {
    expect(formatTireSize(sized(text))).toBe(canonical);
    expect(formatTireSize(sized(canonical))).toBe(canonical);
  });
});

describe('a size typed any way at the counter reads as the one it means', () => {
  it.each([
    ['225 65 17', '225/65R17'],
    ['225-65-17', '225/65R17'],
    ['225/65-17', '225/65R17'],
    ['225/65/17', '225/65R17'],
    ['225 / 65 R 17', '225/65R17'],
    ['225/65-R17', '225/65R17'],
    ['  225/65r17  ', '225/65R17'],
    ['p225/65r17', 'P225/65R17'],
    ['P 225/65R17', 'P225/65R17'],
    ['2256517', '225/65R17'],
    ['22565R17', '225/65R17'],
    ['22565 r17', '225/65R17'],
    ['2354518', '235/45R18'],
    ['2657017', '265/70R17'],
    ['22570195', '225/70R19.5'],
    ['245/75R16LT', 'LT245/75R16'],
    ['245/75r16 lt 120/116n', 'LT245/75R16 120/116N'],
    ['195/70 R15 C 104/102r', '195/70R15C 104/102R'],
    ['265/35zr18 97w xl', '265/35ZR18 97W XL'],
    ['265/35ZR18 97W Extra Load', '265/35ZR18 97W XL'],
    ['265/35ZR18 97W RF', '265/35ZR18 97W XL'],
    ['225/65R17 102 H', '225/65R17 102H'],
    ['225/65R17 102H SL', '225/65R17 102H'],
    ['295/30ZR20 101(Y)', '295/30ZR20 (101Y)'],
    ['35 x 12.5 r 20 lt', '35x12.50R20LT'],
    ['35X12.50R20LT 121Q', '35x12.50R20LT 121Q'],
    ['35×12.50R20LT', '35x12.50R20LT'],
    ['LT35x12.50R20', '35x12.50R20LT'],
    ['33x12.50 15', '33x12.50R15'],
  ])('%s reads as %s', (typed, canonical) => {
    expect(formatTireSize(sized(typed))).toBe(canonical);
  });

  it('gives P225/65R17, 225/65R17, 225/65ZR17 and LT225/65R17 one search key, so 2256517 finds them all', () => {
    const keys = ['2256517', 'P225/65R17 102H', '225/65R17', '225/65ZR17 104W', 'LT225/65R17 111/108S', '225/65R17C'].map((t) => sized(t).key);
    expect(new Set(keys)).toEqual(new Set(['225/65R17']));
  });
});

describe('a bad size is refused with a message that names what is wrong', () => {
  it.each([
    ['', 'Enter a tire size: write it like 225/65R17, LT245/75R16 or 35x12.50R20LT'],
    ['Michelin', '"Michelin" is not a tire size: write it like 225/65R17, LT245/75R16 or 35x12.50R20LT'],
    ['225651', '"225651" is not a tire size: typed as digits, a size has 7: width, aspect ratio and rim, as in 2256517'],
    ['2250/65R17', 'Width 2250 mm is not a tire width'],
    ['225.5/65R17', 'Width 225.5 mm is not a tire width'],
    ['45/65R17', 'Width 45 mm is not a tire width'],
    ['223/65R17', 'Width 223 mm is not a tire width: metric widths end in 0 or 5'],
    ['225/67R17', 'Aspect ratio 67 is not a tire aspect ratio'],
    ['225/15R17', 'Aspect ratio 15 is not a tire aspect ratio'],
    ['225/65R12.3', 'Rim diameter 12.3 is not a tire rim size'],
    ['225/65R175', 'Rim diameter 175 is not a tire rim size'],
    ['225/65R17 102Q+', 'Speed rating Q+ is not known'],
    ['225/65R17 102X', 'Speed rating X is not known'],
    ['225/65R17 102(W)', 'Speed rating (W) is not known'],
    ['225/65R17 300H', 'Load index 300 is not in the load index table (0 to 160)'],
    ['LT245/75R16 120/199N', 'Load index 199 is not in the load index table (0 to 160)'],
    ['LT245/75R16 116/120N', 'Load index 116/120 is backwards: the dual load (second) is never above the single (first)'],
    ['225/65R17 102H M+S', '"M+S" after the size is not understood'],
    ['P225/65R17C', 'A size has one service type: P225/65R17C gives both P and C'],
    ['P245/75R16LT', 'A size has one service type: P245/75R16LT gives both P and LT'],
    ['P35x12.50R20', 'P does not go with a flotation size: write it like 225/65R17, LT245/75R16 or 35x12.50R20LT'],
    ['12x35R20LT', 'Overall diameter 12 in is not larger than the rim (20 in): the diameter comes first, as in 35x12.50R20'],
    ['135x12.50R20LT', 'Overall diameter 135 in is not a flotation tire diameter'],
    ['35x12.3R20LT', 'Width 12.3 in is not a flotation tire width'],
    ['35x12.50R20.5LT', 'Rim diameter 20.5 is not a tire rim size'],
  ])('%j is refused: %s', (typed, problem) => {
    expect(parseTireSize(typed)).toEqual({ ok: false, problem });
    expect(tireSizeProblem(typed)).toBe(`${problem}.`);
  });

  it('has no problem with a good size', () => {
    expect(tireSizeProblem('LT245/75R16 120/116N')).toBeNull();
  });
});

describe("a light-truck or trailer size's load range, written any of the ways shops write it", () => {
  it.each([
    ['LT245/75R16 E', 'E', 'LT245/75R16/E'],
    ['LT245/75R16/E 120/116S', 'E', 'LT245/75R16/E 120/116S'],
    ['LT265/75R16/E 123R', 'E', 'LT265/75R16/E 123R'],
    ['LT245/75R16 E 120/116S', 'E', 'LT245/75R16/E 120/116S'],
    ['LT245/75R16 120/116S E', 'E', 'LT245/75R16/E 120/116S'],
    ['lt245/75r16 lre', 'E', 'LT245/75R16/E'],
    ['LT245/75R16 LR-E', 'E', 'LT245/75R16/E'],
    ['LT245/75R16 Load Range E', 'E', 'LT245/75R16/E'],
    ['LT245/75R16 10PR', 'E', 'LT245/75R16/E'],
    ['LT245/75R16 10 ply', 'E', 'LT245/75R16/E'],
    ['LT245/75R16 10-PLY', 'E', 'LT245/75R16/E'],
    ['LT245/75R16 C', 'C', 'LT245/75R16/C'],
    ['ST225/75R15 D 117/112L', 'D', 'ST225/75R15/D 117/112L'],
    ['31x10.50R15LT/C 109S', 'C', '31x10.50R15LT/C 109S'],
    ['31x10.50R15LT C 109S', 'C', '31x10.50R15LT/C 109S'],
    ['225/70R19.5 LRG 128/126L', 'G', '225/70R19.5/G 128/126L'],
    ['225/70R19.5 14PR', 'G', '225/70R19.5/G'],
    ['LT245/75R16 6 ply', 'C', 'LT245/75R16/C'],
    ['LT245/75R16 12PR', 'F', 'LT245/75R16/F'],
  ])('%j is load range %s, written %s', (typed, range, written) => {
    expect(sized(typed).loadRange).toBe(range);
    expect(formatTireSize(sized(typed))).toBe(written);
  });

  it.each([
    // A bare letter right after a bare load index is its speed symbol, as 102 H is.
    ['LT245/75R16 120/116 E', null, 'E'],
    ['225/65R17 102H', null, 'H'],
    // 195/70R15C stays commercial: only after LT or ST is a separate C the load range.
    ['195/70R15 C 104/102R', null, 'R'],
  ])('%j has load range %s and speed %s', (typed, range, speed) => {
    expect(sized(typed)).toMatchObject({ loadRange: range, speedRating: speed });
  });

  it.each([
    ['225/65R17 H', '"H" after the size is not understood'],
    ['LT245/75R16 E F', 'A tire has one load range: this size gives both E and F'],
    ['LT245/75R16 E 8PR', 'A tire has one load range: this size gives both E and D'],
    ['LT245/75R16 9PR', 'A 9-ply rating is not known: ply ratings run 4, 6, 8 and on to 24'],
    ['LT245/75R16 LRX', 'Load range X is not known: they run B, C, D, E, F and on to N'],
  ])('%j is refused: %s', (typed, problem) => {
    expect(parseTireSize(typed)).toEqual({ ok: false, problem });
  });
});

describe('a numeric size (the older light-truck and the truck sizes)', () => {
  it.each([
    ['7.50R16', { widthInches: 7.5, widthText: '7.50', construction: 'R', rimDiameter: 16, serviceType: null, key: '7.50R16' }, '7.50R16'],
    ['7.5R16LT 8PR', { widthInches: 7.5, widthText: '7.50', rimDiameter: 16, serviceType: 'LT', loadRange: 'D', key: '7.50R16' }, '7.50R16LT/D'],
    ['LT7.50R16', { serviceType: 'LT', key: '7.50R16' }, '7.50R16LT'],
    ['7.00-15', { construction: 'D', rimDiameter: 15, key: '7.00R15' }, '7.00-15'],
    ['8.75R16.5', { widthInches: 8.75, rimDiameter: 16.5, key: '8.75R16.5' }, '8.75R16.5'],
    ['11R22.5 146/143L', { widthInches: 11, widthText: '11', rimDiameter: 22.5, loadIndex: 146, dualLoadIndex: 143, key: '11R22.5' }, '11R22.5 146/143L'],
    ['11.00R20', { widthText: '11.00', key: '11.00R20' }, '11.00R20'],
  ])('%j reads as %j and is written %s', (typed, parts, written) => {
    expect(sized(typed)).toMatchObject({ system: 'numeric', ...parts });
    expect(formatTireSize(sized(typed))).toBe(written);
  });

  it.each([
    ['3.50R16', 'Width 3.50 in is not a tire width'],
    ['7.52R16', 'Width 7.52 in is not a tire width'],
    ['7.50R13.5', 'Rim diameter 13.5 is not a tire rim size'],
    ['ST7.50R16', 'ST does not go with a numeric size: write it like 225/65R17, LT245/75R16 or 35x12.50R20LT'],
  ])('%j is refused: %s', (typed, problem) => {
    expect(parseTireSize(typed)).toEqual({ ok: false, problem });
  });
});

describe('a size begun says what it still needs, in the words the counter and the vehicle form show', () => {
  it.each([
    ['225/', '"225/" needs the aspect ratio and rim size after the width, as in 225/65R17'],
    ['225 6', '"225 6" needs the aspect ratio and rim size after the width, as in 225/65R17'],
    ['225/65', '"225/65" needs the rim size, as in 225/65R17'],
    ['225/65R', '"225/65R" needs the rim size, as in 225/65R17'],
    ['225/65ZR', '"225/65ZR" needs the rim size, as in 225/65R17'],
    ['LT245/75', '"LT245/75" needs the rim size, as in 225/65R17'],
    ['35x', '"35x" needs the width and rim size, as in 35x12.50R20LT'],
    ['35x12.50', '"35x12.50" needs the rim size, as in 35x12.50R20LT'],
    ['35x12.50R', '"35x12.50R" needs the rim size, as in 35x12.50R20LT'],
    ['226/65R17', 'Width 226 mm is not a tire width: metric widths end in 0 or 5'],
  ])('%j: %s', (typed, problem) => {
    expect(parseTireSize(typed)).toEqual({ ok: false, problem });
  });
});

describe('what a search typed so far can still become, as the start of a size key', () => {
  it.each([
    ['2', '2'],
    ['22', '22'],
    ['225', '225'],
    ['2256', '225/6'],
    ['22565', '225/65'],
    ['225651', '225/65R1'],
    ['2256517', '225/65R17'],
    ['225/', '225/'],
    ['225-', '225/'],
    ['225/6', '225/6'],
    ['225 65', '225/65'],
    ['225/65R', '225/65R'],
    ['225/65Z', '225/65R'],
    ['225/65-', '225/65R'],
    ['225 65 1', '225/65R1'],
    ['p225/65r1', '225/65R1'],
    ['LT245/75R16 120/116N', '245/75R16'],
    ['225/65R17 102', '225/65R17'],
    ['225/65R17 102H X', '225/65R17'],
    ['2257019', '225/70R19'],
    ['35x', '35x'],
    ['35X12', '35x12'],
    ['35x12.5', '35x12.5'],
    ['35x12.5r', '35x12.50R'],
    ['35x12.50r2', '35x12.50R2'],
    ['35 x 12.50 2', '35x12.50R2'],
  ])('%j looks up keys starting %j', (typed, prefix) => {
    expect(tireSizeSearchPrefix(typed)).toBe(prefix);
  });

  it.each(['', '   ', 'P', 'LT', 'Michelin', '22/', '225/6R', '225/65R175', '35x1250'])('%j can be no size, so it looks up none', (typed) => {
    expect(tireSizeSearchPrefix(typed)).toBeNull();
  });

  it('finds the full key of every size by the prefix of each keystroke typing it as digits', () => {
    const key = sized('225/65R17').key;
    for (let i = 1; i <= 7; i++) expect(key.startsWith(tireSizeSearchPrefix('2256517'.slice(0, i))!)).toBe(true);
  });
});

describe('the load index table', () => {
  it.each([
    [60, 551, 250],
    [75, 853, 387],
    [87, 1201, 545],
    [91, 1356, 615],
    [94, 1477, 670],
    [98, 1653, 750],
    [100, 1764, 800],
    [104, 1984, 900],
    [110, 2337, 1060],
    [116, 2756, 1250],
    [120, 3086, 1400],
    [121, 3197, 1450],
    [126, 3748, 1700],
    [146, 6614, 3000],
    [150, 7385, 3350],
    [152, 7826, 3550],
  ])('%i carries %i lb (%i kg)', (index, lb, kg) => {
    expect(loadCapacity(index)).toEqual({ kg, lb });
  });

  it('has every index of the table, pounds within a pound of the kilograms converted, heavier at every step', () => {
    let previous = 0;
    for (let index = loadIndexRange.min; index <= loadIndexRange.max; index++) {
      const load = loadCapacity(index)!;
      expect(Math.abs(load.lb - load.kg * 2.20462), `index ${index}`).toBeLessThan(1);
      expect(load.kg, `index ${index}`).toBeGreaterThan(previous);
      previous = load.kg;
    }
  });

  it.each([-1, 161, 99.5, Number.NaN])('knows no load for index %s', (index) => {
    expect(loadCapacity(index)).toBeNull();
  });

  it.each([
    [120, 120],
    ['120/116', 120],
    [' 104 / 102 ', 104],
    ['98', 98],
    [null, null],
    ['', null],
    ['XL', null],
    [9.5, null],
  ] as const)('compares %j by its single load index %j', (written, single) => {
    expect(singleLoadIndex(written)).toBe(single);
  });
});

describe('speed ratings, ordered by speed and never alphabetically', () => {
  it('orders Q < R < S < T < U < H < V < W < Y: H sorts after U', () => {
    const shuffled = ['Y', 'H', 'S', 'W', 'Q', 'V', 'U', 'R', 'T'];
    expect(shuffled.sort(compareSpeedRatings)).toEqual(['Q', 'R', 'S', 'T', 'U', 'H', 'V', 'W', 'Y']);
    expect(compareSpeedRatings('H', 'U')).toBeGreaterThan(0);
    expect(compareSpeedRatings('H', 'S')).toBeGreaterThan(0);
  });

  it('lists the symbols slowest first', () => {
    const speeds = speedRatings.map(([, kmh]) => kmh);
    expect(speeds).toEqual([...speeds].sort((a, b) => a - b));
    expect(speedRatings.slice(16).map(([symbol]) => symbol)).toEqual(['L', 'M', 'N', 'P', 'Q', 'R', 'S', 'T', 'U', 'H', 'V', 'W', 'Y', '(Y)']);
  });

  it.each([
    ['L', 120, 75, false],
    ['M', 130, 81, false],
    ['N', 140, 87, false],
    ['P', 150, 93, false],
    ['Q', 160, 99, false],
    ['R', 170, 106, false],
    ['S', 180, 112, false],
    ['T', 190, 118, false],
    ['U', 200, 124, false],
    ['H', 210, 130, false],
    ['V', 240, 149, false],
    ['W', 270, 168, false],
    ['Y', 300, 186, false],
    ['(Y)', 300, 186, true],
    ['Z', 240, 149, true],
  ] as const)('%s allows %i km/h (%i mph), over that: %s', (rating, kmh, mph, over) => {
    expect(speedLimit(rating)).toEqual({ kmh, mph, over });
  });

  it('reads Z and ZR as over 149 mph, compared as W: not Y', () => {
    expect(parseSpeedRating('zr')).toBe('Z');
    expect(compareSpeedRatings('Z', 'W')).toBe(0);
    expect(compareSpeedRatings('Z', 'V')).toBeGreaterThan(0);
    expect(compareSpeedRatings('Z', 'Y')).toBeLessThan(0);
    expect(sizeSpeedRating(sized('245/40ZR18'))).toBe('Z');
    expect(sizeSpeedRating(sized('245/40ZR18 97Y'))).toBe('Y');
    expect(sizeSpeedRating(sized('245/40R18'))).toBeNull();
  });

  it('puts (Y) above Y and an unknown symbol below all', () => {
    expect(compareSpeedRatings('(Y)', 'Y')).toBeGreaterThan(0);
    expect(compareSpeedRatings('Q+', 'A1')).toBeLessThan(0);
    expect(compareSpeedRatings(null, 'L')).toBeLessThan(0);
  });
});

describe("the finder's filter: load and speed at least the vehicle's", () => {
  it.each([
    ['H', 'H', true],
    ['V', 'H', true],
    ['H', 'V', false],
    ['H', 'T', true],
    ['U', 'H', false],
    ['S', 'T', false],
    ['W', 'Z', true],
    ['Z', 'W', true],
    ['Z', 'Y', false],
    ['(Y)', 'Y', true],
    ['h', 'H', true],
    [null, 'H', false],
    ['Q+', 'H', false],
    ['T', null, true],
    [null, null, true],
    ['T', '', true],
  ] as const)('a %j tire for a vehicle that needs %j: %s', (candidate, wanted, expected) => {
    expect(atLeastSpeed(candidate, wanted)).toBe(expected);
  });

  it.each([
    [102, 102, true],
    [104, 102, true],
    [100, 102, false],
    ['120/116', 118, true],
    ['120/116', '121/118', false],
    ['120/116', '120/116', true],
    [121, '120/116', true],
    [null, 91, false],
    [91, null, true],
    ['', 91, false],
  ] as const)('a %j tire for a vehicle that needs %j: %s', (candidate, wanted, expected) => {
    expect(atLeastLoad(candidate, wanted)).toBe(expected);
  });
});
