import { describe, expect, it } from 'vitest';
import { Temporal } from 'temporal-polyfill';
import { defaultWeekdayHours } from '../../src/domain/store/store-hours.ts';
import { transferOptions, type StockAt, type TransferPath, type TransferStore } from '../../src/domain/tires/tire-transfer.ts';

/** The demo's week: Monday to Saturday, Saturday until 4 pm, closed on Sunday. */
const week = {
  ...defaultWeekdayHours,
  saturdayCloseTime: '16:00',
  isOpenMondays: true,
  isOpenTuesdays: true,
  isOpenWednesdays: true,
  isOpenThursdays: true,
  isOpenFridays: true,
  isOpenSaturdays: true,
  isOpenSundays: false,
};
const store = (storeId: number, timeZone: string, specialDays: TransferStore['specialDays'] = []): TransferStore => ({
  storeId,
  storeNumber: 100 + storeId,
  timeZone,
  hours: week,
  specialDays,
});
const closed = (date: string) => ({ date, isClosed: true, openTime: null, closeTime: null });
const open = (date: string, openTime: string, closeTime: string) => ({ date, isClosed: false, openTime, closeTime });

const central = 'America/Chicago';
const here = store(1, central);
const riverside = store(2, central);
const lakeview = store(3, 'America/Los_Angeles');
const mesa = store(4, 'America/Phoenix');
const path = (fromStoreId: number, transitDays: number): TransferPath => ({
  fromStoreId,
  toStoreId: here.storeId,
  transitDays,
  cutOffTime: '15:00',
  arrivesByTime: '10:00',
});
const paths = [path(2, 1), path(3, 3), path(4, 1), { fromStoreId: 1, toStoreId: 5, transitDays: 1, cutOffTime: '15:00', arrivesByTime: '10:00' }];
const at = (storeId: number, quantityOnHand: number): StockAt => ({ storeId, quantityOnHand });
/** An instant, as a wall clock in a zone reads it (the counter's, unless told). */
const when = (wallClock: string, zone = central) => Temporal.PlainDateTime.from(wallClock).toZonedDateTime(zone).toInstant();

function words(now: Temporal.Instant, options: { from?: TransferStore; to?: TransferStore; quantity?: number } = {}): string[] {
  const from = options.from ?? riverside;
  const to = options.to ?? here;
  return transferOptions({
    wanted: 4,
    here: to,
    stock: [at(from.storeId, options.quantity ?? 6)],
    stores: new Map([
      [from.storeId, from],
      [to.storeId, to],
    ]),
    paths,
    now,
  }).map((a) => a.words);
}

describe('when a transfer from another store arrives, across a week', () => {
  // Monday, November 30, 2026 to Sunday, December 6: both stores Central, one day on the road, cut-off 3 pm.
  it.each([
    ['Monday 11 am', '2026-11-30T11:00', 'a transfer ordered before 3 pm arrives tomorrow by 10 am'],
    ['Monday at the cut-off', '2026-11-30T15:00', 'a transfer ordered now arrives Wednesday, Dec 2 by 10 am'],
    ['Wednesday 2:59 pm', '2026-12-02T14:59', 'a transfer ordered before 3 pm arrives tomorrow by 10 am'],
    [
      'Friday 4:10 pm: the truck leaves Saturday and comes on the Monday, the store being closed on Sunday',
      '2026-12-04T16:10',
      'a transfer ordered now arrives Monday, Dec 7 by 10 am',
    ],
    ['Saturday 10 am: it leaves today, and Sunday both stores are closed', '2026-12-05T10:00', 'a transfer ordered before 3 pm arrives Monday, Dec 7 by 10 am'],
    ['Saturday 3:30 pm: nothing leaves until Monday', '2026-12-05T15:30', 'a transfer ordered now arrives Tuesday, Dec 8 by 10 am'],
    ['Sunday noon: the sending store is closed', '2026-12-06T12:00', 'a transfer ordered now arrives Tuesday, Dec 8 by 10 am'],
  ])('%s', (_, now, expected) => {
    expect(words(when(now))).toEqual([`Store #102 has 6; ${expected}`]);
  });
});

describe('when a transfer arrives around holidays and special hours', () => {
  const holidays = [open('2026-12-24', '08:00', '12:00'), closed('2026-12-25')];
  const sender = store(2, central, holidays);
  const receiver = store(1, central, [closed('2026-12-25')]);

  it('on Christmas Eve the cut-off is the early closing, and nothing arrives on Christmas Day', () => {
    expect(words(when('2026-12-24T11:00'), { from: sender, to: receiver })).toEqual([
      'Store #102 has 6; a transfer ordered before 12 pm arrives Saturday, Dec 26 by 10 am',
    ]);
  });

  it('past the early closing the truck waits for the next day the store opens', () => {
    expect(words(when('2026-12-24T12:30'), { from: sender, to: receiver })).toEqual([
      'Store #102 has 6; a transfer ordered now arrives Monday, Dec 28 by 10 am',
    ]);
  });

  it('a receiving store closing before the truck comes takes it the next day it opens; opening late, at its opening', () => {
    const shortDay = store(1, central, [open('2026-12-01', '08:00', '09:00'), open('2026-12-02', '12:00', '17:00')]);
    expect(words(when('2026-11-30T11:00'), { to: shortDay })).toEqual(['Store #102 has 6; a transfer ordered before 3 pm arrives Wednesday, Dec 2 by 12 pm']);
  });

  it('a store closed for longer than the horizon is named, with no promise', () => {
    const away = store(
      2,
      central,
      Array.from({ length: 40 }, (_, i) => closed(Temporal.PlainDate.from('2026-11-30').add({ days: i }).toString())),
    );
    expect(words(when('2026-11-30T11:00'), { from: away })).toEqual([
      "Store #102 has 6; no transfer leaves and arrives in the next 28 days (the stores' hours)",
    ]);
  });
});

describe('each store keeps its own clock', () => {
  it("a Pacific store's 3 pm cut-off is 5 pm at a Central counter", () => {
    expect(words(when('2026-11-30T16:30'), { from: lakeview })).toEqual(['Store #103 has 6; a transfer ordered before 5 pm arrives Thursday, Dec 3 by 10 am']);
    expect(words(when('2026-11-30T17:05'), { from: lakeview })).toEqual(['Store #103 has 6; a transfer ordered now arrives Friday, Dec 4 by 10 am']);
  });

  it('across the change to daylight saving time, a store that keeps no daylight time has its cut-off an hour later at the counter', () => {
    // Arizona keeps standard time: 3 pm there is 4 pm Central in winter and 5 pm from Sunday, March 8, 2026.
    expect(words(when('2026-03-06T11:00'), { from: mesa })).toEqual(['Store #104 has 6; a transfer ordered before 4 pm arrives tomorrow by 10 am']);
    expect(words(when('2026-03-09T11:00'), { from: mesa })).toEqual(['Store #104 has 6; a transfer ordered before 5 pm arrives tomorrow by 10 am']);
    expect(words(when('2026-03-06T16:30'), { from: mesa })).toEqual(['Store #104 has 6; a transfer ordered now arrives Monday, Mar 9 by 10 am']);
    expect(words(when('2026-03-09T16:30'), { from: mesa })).toEqual(['Store #104 has 6; a transfer ordered before 5 pm arrives tomorrow by 10 am']);
  });

  it('answers the same whatever zone the device is in: the instant is what counts', () => {
    const now = when('2026-11-30T22:30', 'UTC'); // 4:30 pm Central, 2:30 pm Pacific
    expect(words(now, { from: lakeview })).toEqual(['Store #103 has 6; a transfer ordered before 5 pm arrives Thursday, Dec 3 by 10 am']);
  });
});

describe('which stores the counter reads about', () => {
  const stores = new Map([
    [1, here],
    [2, riverside],
    [3, lakeview],
    [5, store(5, central)],
  ]);
  const answer = (stock: StockAt[]) => transferOptions({ wanted: 4, here, stock, stores, paths, now: when('2026-11-30T09:00') });

  it('every other store that has some, those with enough first, then the earliest arrival', () => {
    expect(answer([at(2, 2), at(3, 8)]).map((a) => a.words)).toEqual([
      'Store #103 has 8; a transfer ordered before 5 pm arrives Thursday, Dec 3 by 10 am',
      'Store #102 has 2 of the 4; a transfer ordered before 3 pm arrives tomorrow by 10 am',
    ]);
    expect(answer([at(3, 12), at(2, 6)]).map((a) => [a.storeNumber, a.arrivesOn, a.arrivesBy, a.orderBefore])).toEqual([
      [102, '2026-12-01', '10:00', '15:00'],
      [103, '2026-12-03', '10:00', '17:00'],
    ]);
  });

  it('names a store with no path here, and leaves out this store, stores with none and stores it cannot name', () => {
    expect(answer([at(1, 9), at(2, 0), at(5, 3), at(77, 9)]).map((a) => a.words)).toEqual([
      'Store #105 has 3 of the 4; no transfer path from it to this store',
    ]);
    expect(answer([])).toEqual([]);
  });
});
