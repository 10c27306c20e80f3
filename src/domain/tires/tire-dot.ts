import { Temporal } from 'temporal-polyfill';

/**
 * A tire's DOT code, its Tire Identification Number (TIN, 49 CFR 574.5), moulded on the sidewall after "DOT" in
 * four groups: the plant that made it, a size code, the maker's optional code, and the week and year it was made
 * (4 digits, WWYY: 5023 is week 50 of 2023). A store records it for each tire it fits, for the maker's recalls
 * and the customer's registration; the bay types it from the sidewall, so spaces, case and a missing "DOT" are
 * forgiven. The one rule of a code for the bay's form, the worker, the server and every place a code is shown.
 *
 * Two forms are read (NHTSA's 2015 rule, 80 FR 19553):
 * - 13 symbols: a 3-symbol plant code, size 2, option 4, date 4. Plants ran out of 2-symbol codes in 2015; from
 *   April 2025 every new tire's TIN has 13 (so a shorter code dated after that has lost a symbol).
 * - the older form, with a 2-symbol plant code and an option code of up to 4: 8 to 12 symbols, mostly 11 or 12.
 *   A 13-symbol code dated before 2015 has a symbol too many.
 *
 * The letters G, I, O, Q, S and Z are never used (they read as 6, 1, 0, 0, 5 and 2): a code holding one is
 * misread. Codes made before 2000 carried 3 date digits; those tires are far too old to fit.
 */
export interface DotCode {
  /** As stored: "DOT " and the symbols without spaces (DOT U2LLLMLR5023). */
  code: string;
  plant: string;
  size: string;
  /** The maker's optional code; may be empty on an old-form code. */
  option: string;
  /** WWYY as moulded. */
  date: string;
  week: number;
  year: number;
}

export type DotResult = { ok: true; dot: DotCode } | { ok: false; message: string };

/** Tires this many years old or more from their week of making are not fitted at most stores: flagged wherever the code shows. */
export const oldTireYears = 6;

/** Plants had to mould the 13-symbol TIN from 13 April 2025 (a Sunday of ISO week 15): a code dated from week 16 on has 13. */
const thirteenFrom = { year: 2025, week: 16 };
/** Three-symbol plant codes were first given out under the rule of April 2015. */
const threeSymbolPlantsFrom = 2015;

const example = 'DOT 4B3 N5 9K7R 0124';
const unused = /[GIOQSZ]/;
const readAs: Record<string, string> = { G: '6', I: '1', O: '0', Q: '0', S: '5', Z: '2' };

/** The groups of a code's symbols (without "DOT"): 13 are the new form (plant of 3), fewer the old (plant of 2). */
function groups(symbols: string): Pick<DotCode, 'plant' | 'size' | 'option' | 'date'> {
  const plant = symbols.length === 13 ? 3 : 2;
  return {
    plant: symbols.slice(0, plant),
    size: symbols.slice(plant, plant + 2),
    option: symbols.slice(plant + 2, -4),
    date: symbols.slice(-4),
  };
}

/** The ISO week a date (YYYY-MM-DD) falls in, as [year, week]. */
function isoWeek(day: string): [number, number] {
  const date = Temporal.PlainDate.from(day);
  return [date.yearOfWeek!, date.weekOfYear!];
}

const isBefore = (a: readonly [number, number], b: readonly [number, number]) => a[0] < b[0] || (a[0] === b[0] && a[1] < b[1]);

/** What is wrong with the symbols' length, letters and date as such, before the date is read. */
function shapeProblem(symbols: string): string | null {
  if (symbols === '') return `Type the DOT code from the sidewall, e.g. ${example}`;
  if (!/^[A-Z0-9]+$/.test(symbols)) return 'A DOT code has only letters and digits';
  if (/^\d{3,4}$/.test(symbols)) return `Type the whole DOT code, from the plant to the date (e.g. ${example}), not the date alone`;
  if (symbols.length < 8)
    return `This code has ${symbols.length} symbols after DOT: a DOT code has 13 (plant, size, option, week and year), 8 to 12 on a tire made before April 2025. Check for a missing one`;
  if (symbols.length > 13) return `This code has ${symbols.length} symbols after DOT: a DOT code has at most 13. Check for one typed twice`;
  const date = symbols.slice(-4);
  if (!/^\d{4}$/.test(date)) return 'A DOT code ends with 4 digits, the week and year it was made (5023: week 50 of 2023)';
  const letter = unused.exec(symbols.slice(0, -4));
  if (letter) return `A DOT code never uses the letter ${letter[0]}: is it ${readAs[letter[0]]}?`;
  return null;
}

/** What is wrong with the week and year, judged by `today` (the store's date, YYYY-MM-DD), and with the code's length for that date. */
function dateProblem(symbols: string, week: number, year: number, today: string): string | null {
  const date = symbols.slice(-4);
  if (week < 1 || week > 53) return `The date ${date} names week ${date.slice(0, 2)}: a year has weeks 01 to 53`;
  const weeks = Temporal.PlainDate.from({ year, month: 12, day: 28 }).weekOfYear!;
  if (week > weeks) return `The date ${date} names week ${week} of ${year}, which has ${weeks} weeks: check the code`;
  if (isBefore(isoWeek(today), [year, week])) return `The date ${date} names week ${week} of ${year}, which has not come yet: check the code`;
  if (symbols.length === 13 && year < threeSymbolPlantsFrom) {
    return `The date ${date} names week ${week} of ${year}, but a code of 13 symbols is the form plants moulded from 2015: check for one typed twice`;
  }
  if (symbols.length < 13 && !isBefore([year, week], [thirteenFrom.year, thirteenFrom.week])) {
    return `A tire made from April 2025 has 13 symbols after DOT and this code has ${symbols.length}: check for a missing one`;
  }
  return null;
}

/**
 * Reads a DOT code as typed, judged on `today` (the store's date, YYYY-MM-DD: the device's on the device, the
 * server's when the server checks): a week after the current one is a misread code, as is a code whose length
 * does not fit its date.
 */
export function parseDot(typed: string, today: string): DotResult {
  const symbols = typed.toUpperCase().replace(/[\s-]/g, '').replace(/^DOT/, '');
  const shape = shapeProblem(symbols);
  if (shape) return { ok: false, message: shape };
  const parts = groups(symbols);
  const week = Number(parts.date.slice(0, 2));
  const year = 2000 + Number(parts.date.slice(2));
  const problem = dateProblem(symbols, week, year, today);
  if (problem) return { ok: false, message: problem };
  return { ok: true, dot: { code: `DOT ${symbols}`, ...parts, week, year } };
}

/** A code in its groups as on the sidewall: plant, size, option, week and year (`DOT U2 LL LMLR 5023`). */
export function formatDot(dot: Pick<DotCode, 'plant' | 'size' | 'option' | 'date'>): string {
  return ['DOT', dot.plant, dot.size, dot.option, dot.date].filter(Boolean).join(' ');
}

/** The tire's age in whole years on `today`, from the Monday of its week of making (ISO weeks), and whether that is too old to fit. */
export function dotAge(dot: Pick<DotCode, 'week' | 'year'>, today: string): { years: number; old: boolean } {
  const jan4 = Temporal.PlainDate.from({ year: dot.year, month: 1, day: 4 });
  const made = jan4.subtract({ days: jan4.dayOfWeek - 1 }).add({ weeks: dot.week - 1 });
  const years = Math.max(0, made.until(Temporal.PlainDate.from(today), { largestUnit: 'years' }).years);
  return { years, old: years >= oldTireYears };
}

/** What the bay is told of a code it typed: when the tire was made, and that it is too old to fit without the counter. */
export function dotAgeNote(dot: DotCode, today: string): { years: number; old: boolean; note: string } {
  const age = dotAge(dot, today);
  const when = `Made in week ${dot.week} of ${dot.year}`;
  return { ...age, note: age.old ? `${when}: ${age.years} years old; ask the counter before fitting it` : when };
}

/**
 * A stored code as every list shows it (the counter's panel, the bay's card): in its groups, with when the tire
 * was made, flagged when it is too old to fit, and flagged as misread when it does not read on `today` (a code
 * saved before this rule: a week not come yet, a letter a code never has).
 */
export interface ShownDot {
  text: string;
  note: string;
  tone: 'ok' | 'old' | 'misread';
}

export function showDot(stored: string, today: string): ShownDot {
  const parsed = parseDot(stored, today);
  if (!parsed.ok) return { text: stored, note: `Misread: ${parsed.message}`, tone: 'misread' };
  const { dot } = parsed;
  const age = dotAge(dot, today);
  const when = `made in week ${dot.week} of ${dot.year}`;
  return age.old
    ? { text: formatDot(dot), note: `${age.years} years old (${when})`, tone: 'old' }
    : { text: formatDot(dot), note: when.replace(/^m/, 'M'), tone: 'ok' };
}

/** How many of a visit's tires have a code that reads: a misread one is not counted as recorded. */
export function dotsRead(codes: readonly (string | null)[], today: string): number {
  return codes.filter((code) => code !== null && parseDot(code, today).ok).length;
}
