import { Temporal } from 'temporal-polyfill';
import type { TireFeeRow } from '../../contract/tire-pricing.ts';

/**
 * A store's state tire fees as rows (issue 26): a fee is the rows of one name (case and spaces aside), each an
 * amount per tire from a date through a date (no end: still in force). The quote (feesInForce in tire-quote.ts)
 * needs one amount a day once a fee has started; this says when rows of one fee overlap, in words that name the
 * dates, and how a rate change splits a row. Retail Management checks with it before it queues a change, and the
 * server refuses a write it would refuse (docs/decisions/tire-pricing.md, "Install packages and state tire fees").
 */

type FeeDates = Pick<TireFeeRow, 'name' | 'effectiveFrom' | 'effectiveThrough'>;

/** The fee a row is an amount of: its name, case and surrounding spaces aside. */
export const feeKey = (name: string): string => name.trim().toLowerCase();

/** The calendar day before `date` (YYYY-MM-DD). */
export const dayBefore = (date: string): string => Temporal.PlainDate.from(date).subtract({ days: 1 }).toString();

const dayFormat: Intl.DateTimeFormatOptions = { month: 'short', day: 'numeric', year: 'numeric' };
/** A date as a person reads it: 2027-01-01 → Jan 1, 2027. */
export const formatFeeDate = (date: string): string => Temporal.PlainDate.from(date).toLocaleString('en-US', dayFormat);

/** The days a row is in force, in words: "from Jan 1, 2027" or "from Jan 1, 2024 through Dec 31, 2026". */
export const feeSpan = (row: Pick<FeeDates, 'effectiveFrom' | 'effectiveThrough'>): string =>
  row.effectiveThrough === null
    ? `from ${formatFeeDate(row.effectiveFrom)}`
    : `from ${formatFeeDate(row.effectiveFrom)} through ${formatFeeDate(row.effectiveThrough)}`;

/** Whether two rows have a day in common (both ends included; no end runs on for ever). */
const meet = (a: FeeDates, b: FeeDates) => a.effectiveFrom <= (b.effectiveThrough ?? '9999-12-31') && b.effectiveFrom <= (a.effectiveThrough ?? '9999-12-31');

/**
 * What is wrong with `row` among the store's fee rows `others` (itself, by id, left out): each row of the same
 * fee whose days it shares, with the end date that would part them. Rows of other fees, and a gap between rows
 * (a fee entered ahead of a rate change, or ended), are not its business: the quote names a gap when it meets one.
 */
export function tireFeeOverlaps(others: readonly TireFeeRow[], row: TireFeeRow): string[] {
  return others
    .filter((other) => other.tireFeeId !== row.tireFeeId && feeKey(other.name) === feeKey(row.name) && meet(other, row))
    .sort((a, b) => a.effectiveFrom.localeCompare(b.effectiveFrom))
    .map((other) => {
      const clash = `The ${other.name} has an amount ${feeSpan(other)} already, and this one ${feeSpan(row)} overlaps it`;
      if (other.effectiveFrom < row.effectiveFrom)
        return `${clash}: end that amount on ${formatFeeDate(dayBefore(row.effectiveFrom))}, the day before this one starts`;
      if (row.effectiveFrom < other.effectiveFrom)
        return `${clash}: end this one on ${formatFeeDate(dayBefore(other.effectiveFrom))}, the day before that one starts`;
      return `${clash}: two amounts of a fee cannot start on the same day, so change that amount instead`;
    });
}

/** The store's fee rows as Retail Management lists them: by name, then by the day each starts. */
export const feesInOrder = <T extends FeeDates>(rows: readonly T[]): T[] =>
  [...rows].sort((a, b) => feeKey(a.name).localeCompare(feeKey(b.name)) || a.effectiveFrom.localeCompare(b.effectiveFrom));

/** The row of a fee in force on `date`, if one is (rows of one fee never overlap, so there is at most one). */
export const feeRowOn = <T extends FeeDates>(rows: readonly T[], name: string, date: string): T | undefined =>
  rows.find((row) => feeKey(row.name) === feeKey(name) && row.effectiveFrom <= date && (row.effectiveThrough === null || date <= row.effectiveThrough));

export interface RateChange {
  /** The new row's device-made id. */
  tireFeeId: string;
  /** The first day of the new amount. */
  effectiveFrom: string;
  amountInCents: number;
}

export type RateChangeResult = { ok: true; ended: TireFeeRow; added: TireFeeRow } | { ok: false; problem: string };

/**
 * A new amount of a fee from a date: the row in force that day ends the day before, and the new amount runs from
 * that day to where the row ran (on and on, for the row still in force). The new row keeps the fee's name and
 * whether it is taxed. Starting on the row's own first day is no change of rate: that is the row's amount to edit.
 */
export function rateChange(row: TireFeeRow, change: RateChange): RateChangeResult {
  if (change.effectiveFrom <= row.effectiveFrom) {
    return { ok: false, problem: `This amount starts on ${formatFeeDate(row.effectiveFrom)}: change the rate from a later day, or edit this amount` };
  }
  if (row.effectiveThrough !== null && change.effectiveFrom > row.effectiveThrough) {
    return {
      ok: false,
      problem: `This amount ends on ${formatFeeDate(row.effectiveThrough)}: change the rate from a day up to then, or add an amount from a later day`,
    };
  }
  return {
    ok: true,
    ended: { ...row, effectiveThrough: dayBefore(change.effectiveFrom) },
    added: {
      tireFeeId: change.tireFeeId,
      name: row.name,
      amountInCents: change.amountInCents,
      isTaxable: row.isTaxable,
      effectiveFrom: change.effectiveFrom,
      effectiveThrough: row.effectiveThrough,
    },
  };
}
