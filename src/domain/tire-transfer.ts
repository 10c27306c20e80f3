import { Temporal } from 'temporal-polyfill';
import type { LogisticsTransfer } from '../contract/entities.ts';

/** Another store's stock of one tire, with its store number for the words. */
export interface StockAt {
  storeId: number;
  storeNumber: number;
  quantityOnHand: number;
}

export interface TransferAnswer {
  storeNumber: number;
  quantityOnHand: number;
  /** The day the tires reach this store if ordered now (the store's calendar). */
  arrivesOn: string;
  /** HH:MM the truck arrives by, when the path says. */
  arrivesBy: string | null;
  /** HH:MM an order must be in by to leave today, when the path says and it is not past. */
  orderBefore: string | null;
  /** A person at the counter reads this beside the quote. */
  words: string;
}

const clockWords = (time: string) => {
  const [h, m] = time.split(':').map(Number) as [number, number];
  const hour = h % 12 === 0 ? 12 : h % 12;
  return `${hour}${m === 0 ? '' : `:${String(m).padStart(2, '0')}`} ${h < 12 ? 'am' : 'pm'}`;
};

function dayWords(day: Temporal.PlainDate, today: Temporal.PlainDate): string {
  const days = today.until(day, { largestUnit: 'days' }).days;
  if (days === 0) return 'today';
  if (days === 1) return 'tomorrow';
  return day.toLocaleString('en-US', { weekday: 'long', month: 'short', day: 'numeric' });
}

/**
 * Where a tire not in stock here can come from, in the words the counter needs: of the stores that have at
 * least `wanted` and a transfer path to this store, the one whose tires arrive first (then the one with more),
 * e.g. "Store #102 has 6; a transfer ordered before 3 pm arrives tomorrow by 10 am". Past the cut-off, the
 * truck leaves tomorrow, so the transit starts a day later. Stores with some but too few are named when no
 * store has enough ("Store #103 has 2 of the 4"). Null when no other store has any.
 */
export function transferAnswer(input: {
  wanted: number;
  here: number;
  stock: readonly StockAt[];
  paths: readonly Pick<LogisticsTransfer, 'fromStoreId' | 'toStoreId' | 'transitDays' | 'cutOffTime' | 'arrivesByTime'>[];
  /** Now at this store's wall clock. */
  now: Temporal.PlainDateTime;
}): TransferAnswer | null {
  const today = input.now.toPlainDate();
  const options = input.stock.filter((s) => s.storeId !== input.here && s.quantityOnHand > 0).flatMap((s) => {
    const path = input.paths.find((p) => p.fromStoreId === s.storeId && p.toStoreId === input.here);
    if (!path) return [];
    const pastCutOff = path.cutOffTime !== null && input.now.toPlainTime().toString().slice(0, 5) >= path.cutOffTime;
    const arrivesOn = today.add({ days: path.transitDays + (pastCutOff ? 1 : 0) });
    return [{ stock: s, path, arrivesOn, orderBefore: pastCutOff ? null : path.cutOffTime }];
  });
  if (options.length === 0) return null;
  const enough = options.filter((o) => o.stock.quantityOnHand >= input.wanted);
  const pool = enough.length > 0 ? enough : options;
  pool.sort((a, b) => Temporal.PlainDate.compare(a.arrivesOn, b.arrivesOn) || b.stock.quantityOnHand - a.stock.quantityOnHand || a.stock.storeNumber - b.stock.storeNumber);
  const best = pool[0]!;
  const has = enough.length > 0 ? `has ${best.stock.quantityOnHand}` : `has ${best.stock.quantityOnHand} of the ${input.wanted}`;
  const when = `${dayWords(best.arrivesOn, today)}${best.path.arrivesByTime ? ` by ${clockWords(best.path.arrivesByTime)}` : ''}`;
  const order = best.orderBefore ? `a transfer ordered before ${clockWords(best.orderBefore)} arrives ${when}` : `a transfer ordered now arrives ${when}`;
  return {
    storeNumber: best.stock.storeNumber, quantityOnHand: best.stock.quantityOnHand, arrivesOn: best.arrivesOn.toString(),
    arrivesBy: best.path.arrivesByTime, orderBefore: best.orderBefore, words: `Store #${best.stock.storeNumber} ${has}; ${order}`,
  };
}
