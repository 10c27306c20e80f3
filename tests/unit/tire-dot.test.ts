import { describe, expect, it } from 'vitest';
import { dotAgeNote, parseDot } from '../../src/domain/tire-dot.ts';

describe('a tire\'s DOT code, as the bay types it from the sidewall', () => {
  it.each([
    ['DOT U2LL LMLR 5023', 'DOT U2LLLMLR5023', 50, 2023],
    ['dot u2ll lmlr 5023', 'DOT U2LLLMLR5023', 50, 2023],
    ['U2LL-LMLR-5023', 'DOT U2LLLMLR5023', 50, 2023],
    ['DOT 4B3 N5 9K7R 0124', 'DOT 4B3N59K7R0124', 1, 2024],
    ['DOTXJ4B2105', 'DOT XJ4B2105', 21, 2005],
    ['DOT MA L9 ABC 5320', 'DOT MAL9ABC5320', 53, 2020],
  ])('reads %j as %s, made week %i of %i', (typed, code, week, year) => {
    expect(parseDot(typed)).toEqual({ ok: true, dot: { code, week, year } });
  });

  it.each([
    ['', 'Type the DOT code from the sidewall, e.g. DOT U2LL LMLR 5023'],
    ['DOT', 'Type the DOT code from the sidewall, e.g. DOT U2LL LMLR 5023'],
    ['5023', 'Type the whole DOT code, from the plant to the date (e.g. DOT U2LL LMLR 5023), not the date alone'],
    ['DOT U2L 5023', 'A DOT code has 8 to 13 characters after DOT: the plant, the size code, and the 4-digit date'],
    ['DOT U2LL LMLR 50233 1234', 'A DOT code has at most 13 characters after DOT: check for a character typed twice'],
    ['DOT U2LL LMLR 502A', 'A DOT code ends with 4 digits, the week and year it was made (5023: week 50 of 2023)'],
    ['DOT U2LL LMLR #023', 'A DOT code has only letters and digits'],
    ['DOT U2LO LMLR 5023', 'A DOT code never uses the letter O: is it 0?'],
    ['DOT U2LL LMLS 5023', 'A DOT code never uses the letter S: is it 5?'],
    ['DOT U2LL LMLR 5423', 'The date 5423 names week 54: a year has weeks 01 to 53'],
    ['DOT U2LL LMLR 0023', 'The date 0023 names week 00: a year has weeks 01 to 53'],
    ['DOT MA L9 ABC 5324', 'The date 5324 names week 53 of 2024, which has 52 weeks: check the code'],
  ])('refuses %j: %s', (typed, message) => {
    expect(parseDot(typed)).toEqual({ ok: false, message });
  });
});

describe('a tire\'s age by its DOT date', () => {
  const dot = (typed: string) => {
    const parsed = parseDot(typed);
    if (!parsed.ok) throw new Error(parsed.message);
    return parsed.dot;
  };
  it('counts whole years from the Monday of its week of making', () => {
    // Week 50 of 2023 began on Monday December 11, 2023.
    expect(dotAgeNote(dot('DOT U2LL LMLR 5023'), '2026-11-25')).toEqual({ years: 2, note: 'Made in week 50 of 2023' });
    expect(dotAgeNote(dot('DOT U2LL LMLR 5023'), '2029-12-10')).toEqual({ years: 5, note: 'Made in week 50 of 2023' });
    expect(dotAgeNote(dot('DOT U2LL LMLR 5023'), '2029-12-11').years).toBe(6);
  });

  it('tells the bay a tire six years old or more is not fitted without the counter, and a week not come yet is a misread code', () => {
    expect(dotAgeNote(dot('DOT U2LL LMLR 1219'), '2026-11-25')).toEqual({ years: 7, note: 'Made in week 12 of 2019: 7 years old; ask the counter before fitting it' });
    expect(dotAgeNote(dot('DOT U2LL LMLR 0127'), '2026-11-25')).toEqual({ years: 0, note: 'Made in week 1 of 2027: that week has not come yet; check the code' });
    // Week 1 of 2026 began on Monday December 29, 2025.
    expect(dotAgeNote(dot('DOT U2LL LMLR 0126'), '2025-12-29').note).toBe('Made in week 1 of 2026');
  });
});
