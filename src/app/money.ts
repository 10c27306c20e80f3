/*
 * Money as the screens show and take it: the contract keeps whole cents; a person reads and types dollars.
 */

const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** Whole cents as a person reads them: 1250 → $12.50. */
export const formatCents = (cents: number): string => dollars.format(cents / 100);

/** A money field's value as typed (dollars) in whole cents; NaN when empty or not a number. */
export function centsOf(value: number | string): number {
  if (value === '' || value === '-') return Number.NaN;
  const typed = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(typed) ? Math.round(typed * 100) : Number.NaN;
}

/** Cents as a money field shows them (dollars), empty for no price. */
export const dollarsOf = (cents: number | null): number | string => (cents === null ? '' : cents / 100);
