import { Temporal } from 'temporal-polyfill';

/**
 * A tire's DOT code (its Tire Identification Number, moulded on the sidewall): "DOT", the plant (2 or 3
 * characters), the size code (2), the maker's own code (up to 4) and the week and year it was made (4 digits,
 * WWYY: 5023 is week 50 of 2023). A store records it for each tire it fits, for the maker's recalls and the
 * customer's registration; the bay types it from the sidewall, so spaces, case and a missing "DOT" are forgiven.
 *
 * Letters the code never uses (G, I, O, Q, S, Z: read as digits) are named in the message, as is a date that is
 * no week; codes made before 2000 carried 3 date digits and are too old to fit.
 */
export interface DotCode {
  /** As stored and shown: "DOT " and the characters without spaces (DOT U2LLLMLR5023). */
  code: string;
  week: number;
  year: number;
}

/** Tires older than this from their week of making are not fitted at most stores: the bay is told. */
export const oldTireYears = 6;

const unused = /[GIOQSZ]/;

export function parseDot(typed: string): { ok: true; dot: DotCode } | { ok: false; message: string } {
  const compact = typed.toUpperCase().replace(/[\s-]/g, '').replace(/^DOT/, '');
  if (compact === '') return { ok: false, message: 'Type the DOT code from the sidewall, e.g. DOT U2LL LMLR 5023' };
  if (!/^[A-Z0-9]+$/.test(compact)) return { ok: false, message: 'A DOT code has only letters and digits' };
  if (/^\d{3,4}$/.test(compact)) return { ok: false, message: 'Type the whole DOT code, from the plant to the date (e.g. DOT U2LL LMLR 5023), not the date alone' };
  if (compact.length < 8) return { ok: false, message: 'A DOT code has 8 to 13 characters after DOT: the plant, the size code, and the 4-digit date' };
  if (compact.length > 13) return { ok: false, message: 'A DOT code has at most 13 characters after DOT: check for a character typed twice' };
  const date = compact.slice(-4);
  if (!/^\d{4}$/.test(date)) return { ok: false, message: 'A DOT code ends with 4 digits, the week and year it was made (5023: week 50 of 2023)' };
  const letter = unused.exec(compact.slice(0, -4));
  if (letter) return { ok: false, message: `A DOT code never uses the letter ${letter[0]}: is it ${({ G: '6', I: '1', O: '0', Q: '0', S: '5', Z: '2' } as Record<string, string>)[letter[0]]}?` };
  const week = Number(date.slice(0, 2));
  if (week < 1 || week > 53) return { ok: false, message: `The date ${date} names week ${date.slice(0, 2)}: a year has weeks 01 to 53` };
  const year = 2000 + Number(date.slice(2));
  const weeks = Temporal.PlainDate.from({ year, month: 12, day: 28 }).weekOfYear!;
  if (week > weeks) return { ok: false, message: `The date ${date} names week ${week} of ${year}, which has ${weeks} weeks: check the code` };
  return { ok: true, dot: { code: `DOT ${compact}`, week, year } };
}

/**
 * The tire's age in whole years on `today` (YYYY-MM-DD), from the Monday of its week of making (ISO weeks), and
 * what the bay is told of it: when it was made, that it is too old to fit, or that the week has not come yet
 * (a misread code).
 */
export function dotAgeNote(dot: DotCode, today: string): { years: number; note: string } {
  const jan4 = Temporal.PlainDate.from({ year: dot.year, month: 1, day: 4 });
  const made = jan4.subtract({ days: jan4.dayOfWeek - 1 }).add({ weeks: dot.week - 1 });
  const on = Temporal.PlainDate.from(today);
  const when = `Made in week ${dot.week} of ${dot.year}`;
  if (Temporal.PlainDate.compare(made, on) > 0) return { years: 0, note: `${when}: that week has not come yet; check the code` };
  const years = made.until(on, { largestUnit: 'years' }).years;
  return { years, note: years >= oldTireYears ? `${when}: ${years} years old; ask the counter before fitting it` : when };
}
