import { describe, expect, it } from 'vitest';
import { Temporal } from 'temporal-polyfill';
import { transferAnswer, type StockAt } from '../../src/domain/tire-transfer.ts';

const here = 1;
const paths = [
  { fromStoreId: 2, toStoreId: here, transitDays: 1, cutOffTime: '15:00', arrivesByTime: '10:00' },
  { fromStoreId: 3, toStoreId: here, transitDays: 3, cutOffTime: null, arrivesByTime: null },
  { fromStoreId: here, toStoreId: 4, transitDays: 1, cutOffTime: '15:00', arrivesByTime: '10:00' },
];
const at = (storeId: number, quantityOnHand: number): StockAt => ({ storeId, storeNumber: 100 + storeId, quantityOnHand });
const tuesday = (time: string) => Temporal.PlainDateTime.from(`2026-11-24T${time}`);

describe('where a tire not in stock here can come from', () => {
  it('names the store whose transfer arrives first, with the cut-off still ahead', () => {
    expect(transferAnswer({ wanted: 4, here, stock: [at(2, 6), at(3, 12)], paths, now: tuesday('11:30') })?.words)
      .toBe('Store #102 has 6; a transfer ordered before 3 pm arrives tomorrow by 10 am');
  });

  it('past the cut-off, the truck leaves tomorrow: the tires arrive a day later', () => {
    const answer = transferAnswer({ wanted: 4, here, stock: [at(2, 6)], paths, now: tuesday('15:00') });
    expect(answer?.arrivesOn).toBe('2026-11-26');
    expect(answer?.words).toBe('Store #102 has 6; a transfer ordered now arrives Thursday, Nov 26 by 10 am');
  });

  it('prefers a store with enough over a nearer one with too few, and says so when none has enough', () => {
    expect(transferAnswer({ wanted: 4, here, stock: [at(2, 2), at(3, 8)], paths, now: tuesday('09:00') })?.words)
      .toBe('Store #103 has 8; a transfer ordered now arrives Friday, Nov 27');
    expect(transferAnswer({ wanted: 4, here, stock: [at(2, 2)], paths, now: tuesday('09:00') })?.words)
      .toBe('Store #102 has 2 of the 4; a transfer ordered before 3 pm arrives tomorrow by 10 am');
  });

  it('is silent when no other store has the tire, or none has a path here', () => {
    expect(transferAnswer({ wanted: 4, here, stock: [at(here, 9), at(2, 0)], paths, now: tuesday('09:00') })).toBeNull();
    expect(transferAnswer({ wanted: 4, here, stock: [at(4, 9)], paths, now: tuesday('09:00') })).toBeNull();
  });
});
