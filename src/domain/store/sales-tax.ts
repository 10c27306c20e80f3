/**
 * A sales tax rate as people type and read it (a percent, 8.875) and as the contract keeps it (millionths of the
 * price, 88750: retailStoreSettings.salesTaxRateInMillionths). Converted as text, digit by digit: a percent of
 * up to 4 decimals is a whole number of millionths, and multiplying the typed number instead would bring float
 * error in (0.07 × 10,000 is 700.0000000000001).
 */

/** Decimals of a percent that millionths hold (8.8755% is 88755 millionths). */
export const salesTaxPercentDecimals = 4;

/** A rate typed as a percent ("8.875", "8.875%", "7", ".5") in millionths; NaN when it is not such a number. */
export function millionthsOfPercent(text: string): number {
  const match = /^\s*(\d*)(?:\.(\d*))?\s*%?\s*$/.exec(text);
  if (!match) return Number.NaN;
  const [, whole = '', fraction = ''] = match;
  if (whole === '' && fraction === '') return Number.NaN;
  if (whole.length > 6 || fraction.length > salesTaxPercentDecimals) return Number.NaN;
  return Number(whole || '0') * 10 ** salesTaxPercentDecimals + Number(fraction.padEnd(salesTaxPercentDecimals, '0'));
}

/** Millionths as a percent to read and edit, without trailing zeros: 88750 → "8.875", 80000 → "8", 0 → "0". */
export function percentOfMillionths(millionths: number): string {
  const scale = 10 ** salesTaxPercentDecimals;
  const fraction = String(millionths % scale)
    .padStart(salesTaxPercentDecimals, '0')
    .replace(/0+$/, '');
  return fraction ? `${Math.trunc(millionths / scale)}.${fraction}` : String(Math.trunc(millionths / scale));
}
