import { describe, expect, it } from 'vitest';
import { millionthsOfPercent, percentOfMillionths } from '../../src/domain/store/sales-tax.ts';

describe('a sales tax rate typed as a percent', () => {
  it.each([
    ['8.875', 88_750],
    ['8.875%', 88_750],
    [' 8.875 % ', 88_750],
    ['7', 70_000],
    ['7.', 70_000],
    ['.5', 5000],
    ['0', 0],
    ['0.07', 700],
    ['8.8755', 88_755],
    ['25', 250_000],
    ['10.2500', 102_500],
    ['1.0001', 10_001],
  ])('reads %j as %i millionths, exactly', (typed, millionths) => {
    expect(millionthsOfPercent(typed)).toBe(millionths);
  });

  it.each(['', ' ', '.', '-1', '8.87501', '8,875', 'eight', '8.8.7', '1e2', '%'])('is not a rate when typed as %j', (typed) => {
    expect(millionthsOfPercent(typed)).toBeNaN();
  });

  it.each([
    [88_750, '8.875'],
    [80_000, '8'],
    [0, '0'],
    [700, '0.07'],
    [88_755, '8.8755'],
    [250_000, '25'],
    [5, '0.0005'],
  ])('shows %i millionths as %s percent', (millionths, shown) => {
    expect(percentOfMillionths(millionths)).toBe(shown);
    expect(millionthsOfPercent(shown)).toBe(millionths);
  });
});
