/*
 * Money as the screens show and take it: the contract keeps whole cents; a person reads and types dollars.
 */

// How cents read is a rule the domain's texts use too (a quote in a visit's notes): it lives there.
export { formatCents } from '../domain/figures/money-format.ts';

/** A money field's value as typed (dollars) in whole cents; NaN when empty or not a number. */
export function centsOf(value: number | string): number {
  if (value === '' || value === '-') return Number.NaN;
  const typed = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(typed) ? Math.round(typed * 100) : Number.NaN;
}

/** Cents as a money field shows them (dollars), empty for no price. */
export const dollarsOf = (cents: number | null): number | string => (cents === null ? '' : cents / 100);
