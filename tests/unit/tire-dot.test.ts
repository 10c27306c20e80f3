import { describe, expect, it } from 'vitest';
import { dotAge, dotAgeNote, dotsRead, formatDot, parseDot, showDot } from '../../src/domain/tires/tire-dot.ts';

/** The store's date the codes are read on, unless a test says otherwise: a Wednesday of ISO week 48 of 2026. */
const today = '2026-11-25';

describe("a tire's DOT code, as the bay types it from the sidewall", () => {
  it.each([
    // The older form: a 2-symbol plant code, 8 to 12 symbols.
    ['DOT U2LL LMLR 5023', 'DOT U2LLLMLR5023', ['U2', 'LL', 'LMLR', '5023'], 50, 2023],
    ['dot u2ll lmlr 5023', 'DOT U2LLLMLR5023', ['U2', 'LL', 'LMLR', '5023'], 50, 2023],
    ['U2LL-LMLR-5023', 'DOT U2LLLMLR5023', ['U2', 'LL', 'LMLR', '5023'], 50, 2023],
    ['DOT XJ 4B 2105', 'DOT XJ4B2105', ['XJ', '4B', '', '2105'], 21, 2005],
    ['DOT MA L9 ABC 5320', 'DOT MAL9ABC5320', ['MA', 'L9', 'ABC', '5320'], 53, 2020],
    ['DOT B3 8F 4RRX 1525', 'DOT B38F4RRX1525', ['B3', '8F', '4RRX', '1525'], 15, 2025],
    // The 13-symbol TIN: a 3-symbol plant code.
    ['DOT 4B3 N5 9K7R 0124', 'DOT 4B3N59K7R0124', ['4B3', 'N5', '9K7R', '0124'], 1, 2024],
    ['DOT 1HJ 2A 7LMX 4626', 'DOT 1HJ2A7LMX4626', ['1HJ', '2A', '7LMX', '4626'], 46, 2026],
    ['DOT 1HJ 2A 7LMX 4826', 'DOT 1HJ2A7LMX4826', ['1HJ', '2A', '7LMX', '4826'], 48, 2026],
    ['dot1hj2a7lmx1615', 'DOT 1HJ2A7LMX1615', ['1HJ', '2A', '7LMX', '1615'], 16, 2015],
  ] as const)('reads %j as %s in groups %j, made week %i of %i', (typed, code, [plant, size, option, date], week, year) => {
    expect(parseDot(typed, today)).toEqual({ ok: true, dot: { code, plant, size, option, date, week, year } });
  });

  it.each([
    ['', 'Type the DOT code from the sidewall, e.g. DOT 4B3 N5 9K7R 0124'],
    ['DOT', 'Type the DOT code from the sidewall, e.g. DOT 4B3 N5 9K7R 0124'],
    ['5023', 'Type the whole DOT code, from the plant to the date (e.g. DOT 4B3 N5 9K7R 0124), not the date alone'],
    [
      'DOT U2L 5023',
      'This code has 7 symbols after DOT: a DOT code has 13 (plant, size, option, week and year), 8 to 12 on a tire made before April 2025. Check for a missing one',
    ],
    ['DOT U2LL LMLR 50233 1234', 'This code has 17 symbols after DOT: a DOT code has at most 13. Check for one typed twice'],
    ['DOT U2LL LMLR 502A', 'A DOT code ends with 4 digits, the week and year it was made (5023: week 50 of 2023)'],
    ['DOT U2LL LMLR #023', 'A DOT code has only letters and digits'],
    ['DOT U2LO LMLR 5023', 'A DOT code never uses the letter O: is it 0?'],
    ['DOT U2LL LMLS 5023', 'A DOT code never uses the letter S: is it 5?'],
    ['DOT U2LL LMLR 5423', 'The date 5423 names week 54: a year has weeks 01 to 53'],
    ['DOT U2LL LMLR 0023', 'The date 0023 names week 00: a year has weeks 01 to 53'],
    ['DOT MA L9 ABC 5324', 'The date 5324 names week 53 of 2024, which has 52 weeks: check the code'],
    // A week after the current one (week 48 of 2026) is a misread code, whatever its form.
    ['DOT 1HJ 2A 7LMX 4926', 'The date 4926 names week 49 of 2026, which has not come yet: check the code'],
    ['DOT 1HJ 2A 7LMX 0127', 'The date 0127 names week 1 of 2027, which has not come yet: check the code'],
    ['DOT U2LL LMLR 0199', 'The date 0199 names week 1 of 2099, which has not come yet: check the code'],
    // From April 2025 every code has 13 symbols; before 2015 none had.
    ['DOT U2LL LMLR 1625', 'A tire made from April 2025 has 13 symbols after DOT and this code has 12: check for a missing one'],
    ['DOT U2LL LMLR 0126', 'A tire made from April 2025 has 13 symbols after DOT and this code has 12: check for a missing one'],
    ['DOT 1HJ 2A 7LMX 1214', 'The date 1214 names week 12 of 2014, but a code of 13 symbols is the form plants moulded from 2015: check for one typed twice'],
  ])('refuses %j: %s', (typed, message) => {
    expect(parseDot(typed, today)).toEqual({ ok: false, message });
  });

  it.each([
    // Week 1 of 2026 began on Monday December 29, 2025: on that day it is the current week, the day before it is not.
    ['DOT 1HJ 2A 7LMX 0126', '2025-12-29', true],
    ['DOT 1HJ 2A 7LMX 0126', '2025-12-28', false],
    // Week 53 of 2020 ran into January 2021.
    ['DOT MA L9 ABC 5320', '2021-01-03', true],
    ['DOT MA L9 ABC 5320', '2020-12-27', false],
  ])('judges %s against the week of %s: reads %s', (typed, on, reads) => {
    expect(parseDot(typed, on).ok).toBe(reads);
  });
});

describe('a DOT code shown in its groups, as on the sidewall', () => {
  it.each([
    [{ plant: 'U2', size: 'LL', option: 'LMLR', date: '5023' }, 'DOT U2 LL LMLR 5023'],
    [{ plant: '4B3', size: 'N5', option: '9K7R', date: '0124' }, 'DOT 4B3 N5 9K7R 0124'],
    [{ plant: 'XJ', size: '4B', option: '', date: '2105' }, 'DOT XJ 4B 2105'],
  ])('%j is written %s', (groups, text) => {
    expect(formatDot(groups)).toBe(text);
  });
});

describe("a tire's age by its DOT date", () => {
  it.each([
    // Week 50 of 2023 began on Monday December 11, 2023.
    [50, 2023, '2026-11-25', 2, false],
    [50, 2023, '2029-12-10', 5, false],
    [50, 2023, '2029-12-11', 6, true],
    [12, 2019, '2026-11-25', 7, true],
    // Week 49 of 2020 began on Monday November 30, 2020; week 48 on November 23.
    [49, 2020, '2026-11-25', 5, false],
    [48, 2020, '2026-11-25', 6, true],
  ])('week %i of %i, on %s, is %i whole years old (too old to fit: %s)', (week, year, on, years, old) => {
    expect(dotAge({ week, year }, on)).toEqual({ years, old });
  });

  it('tells the bay when it was made, and that a tire six years old or more is not fitted without the counter', () => {
    const dot = (typed: string) => {
      const parsed = parseDot(typed, today);
      if (!parsed.ok) throw new Error(parsed.message);
      return parsed.dot;
    };
    expect(dotAgeNote(dot('DOT U2LL LMLR 5023'), today)).toEqual({ years: 2, old: false, note: 'Made in week 50 of 2023' });
    expect(dotAgeNote(dot('DOT U2LL LMLR 1219'), today)).toEqual({
      years: 7,
      old: true,
      note: 'Made in week 12 of 2019: 7 years old; ask the counter before fitting it',
    });
  });
});

describe("a stored DOT code, as the counter's panel and the bay's card show it", () => {
  it.each([
    ['DOT U2LLLMLR5023', { text: 'DOT U2 LL LMLR 5023', note: 'Made in week 50 of 2023', tone: 'ok' }],
    ['DOT 4B3N59K7R0124', { text: 'DOT 4B3 N5 9K7R 0124', note: 'Made in week 1 of 2024', tone: 'ok' }],
    // The bay's 8-year-old code: flagged.
    ['DOT U2LLLMLR1018', { text: 'DOT U2 LL LMLR 1018', note: '8 years old (made in week 10 of 2018)', tone: 'old' }],
    // Saved before the rule: a week not come yet, and a code too short for its date.
    [
      'DOT U2LLLMLR0127',
      { text: 'DOT U2LLLMLR0127', note: 'Misread: The date 0127 names week 1 of 2027, which has not come yet: check the code', tone: 'misread' },
    ],
    [
      'DOT U2LLLMLR3026',
      {
        text: 'DOT U2LLLMLR3026',
        note: 'Misread: A tire made from April 2025 has 13 symbols after DOT and this code has 12: check for a missing one',
        tone: 'misread',
      },
    ],
  ] as const)('%s shows as %j', (stored, shown) => {
    expect(showDot(stored, today)).toEqual(shown);
  });

  it('counts only the codes that read: a future one is not "4 of 4"', () => {
    expect(dotsRead(['DOT U2LLLMLR5023', 'DOT U2LLLMLR1018', 'DOT U2LLLMLR0127', null], today)).toBe(2);
    expect(dotsRead([], today)).toBe(0);
  });
});
