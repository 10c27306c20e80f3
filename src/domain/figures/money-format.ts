const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** Whole cents as a person reads them: 1250 → $12.50. */
export const formatCents = (cents: number): string => dollars.format(cents / 100);
