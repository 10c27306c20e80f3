import { describe, expect, it } from 'vitest';
import { formatBytes } from '../../src/domain/figures/byte-size.ts';

describe('a size in words', () => {
  it.each([
    [0, '0 bytes'],
    [1, '1 byte'],
    [999, '999 bytes'],
    [1000, '1 kB'],
    [7_569_531, '7.6 MB'],
    [999_960, '1 MB'],
    [1_234_567_890, '1.2 GB'],
    [3_500_000_000_000, '3.5 TB'],
    [4_200_000_000_000_000, '4,200 TB'],
  ])('writes %d bytes as %s', (bytes, words) => {
    expect(formatBytes(bytes)).toBe(words);
  });
});
