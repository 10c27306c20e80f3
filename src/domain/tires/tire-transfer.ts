import { Temporal } from 'temporal-polyfill';
import type { LogisticsTransfer, SpecialStoreHours } from '../../contract/entities.ts';
import type { TransferStoreRow } from '../../contract/transfer-stores.ts';
import { hoursOn, minutesOf, type WeekdayHours } from '../store/store-hours.ts';
import { storeTimeZone } from '../calendar/time-zone.ts';

/** A store as a transfer needs it: its number, its clock, its week and its special days (closed, or other hours). */
export interface TransferStore {
  storeId: number;
  storeNumber: number;
  /** IANA zone: the store's own clock. */
  timeZone: string;
  hours: WeekdayHours;
  specialDays: readonly Pick<SpecialStoreHours, 'date' | 'isClosed' | 'openTime' | 'closeTime'>[];
}

/** A store as the server names it (GET /api/logistics/stores), on its own clock. */
export function transferStoreOf(row: TransferStoreRow): TransferStore {
  const { storeId, storeNumber, timeZone, specialDays, ...hours } = row;
  return { storeId, storeNumber, timeZone: storeTimeZone(timeZone), hours, specialDays };
}

export type TransferPath = Pick<LogisticsTransfer, 'fromStoreId' | 'toStoreId' | 'transitDays' | 'cutOffTime' | 'arrivesByTime'>;

/** Another store's stock of one tire. */
export interface StockAt {
  storeId: number;
  quantityOnHand: number;
}

export interface TransferAnswer {
  storeId: number;
  storeNumber: number;
  quantityOnHand: number;
  /** It has the tires wanted, all of them. */
  enough: boolean;
  /** The day the tires reach this store if ordered now (this store's calendar); null when no transfer can bring them. */
  arrivesOn: string | null;
  /** HH:MM at this store the truck arrives by, when the path says. */
  arrivesBy: string | null;
  /** HH:MM at this store's clock an order must be in by to leave today, when it still can. */
  orderBefore: string | null;
  /** A person at the counter reads this beside the tire. */
  words: string;
}

/** How far ahead a transfer is looked for: a store closed longer than this is not waited for. */
export const transferHorizonDays = 28;

const clockWords = (time: string) => {
  const minutes = minutesOf(time);
  const [h, m] = [Math.floor(minutes / 60), minutes % 60];
  const hour = h % 12 === 0 ? 12 : h % 12;
  return `${hour}${m === 0 ? '' : `:${String(m).padStart(2, '0')}`} ${h < 12 ? 'am' : 'pm'}`;
};

function dayWords(day: Temporal.PlainDate, today: Temporal.PlainDate): string {
  const days = today.until(day, { largestUnit: 'days' }).days;
  if (days === 0) return 'today';
  if (days === 1) return 'tomorrow';
  return day.toLocaleString('en-US', { weekday: 'long', month: 'short', day: 'numeric' });
}

const hhmm = (time: Temporal.PlainTime) => time.toString().slice(0, 5);
const earlier = (a: string, b: string) => (minutesOf(a) <= minutesOf(b) ? a : b);
const later = (a: string, b: string) => (minutesOf(a) >= minutesOf(b) ? a : b);

/**
 * The day the truck leaves the sending store, at that store's clock: the first day it is open whose cut-off (the
 * path's, or its closing when that is earlier or the path has none) is still ahead. With the instant that
 * cut-off falls at. Null when the store opens on no such day within the horizon.
 */
function leaves(from: TransferStore, path: TransferPath, now: Temporal.Instant): { day: Temporal.PlainDate; cutOff: Temporal.Instant } | null {
  const local = now.toZonedDateTimeISO(from.timeZone);
  for (let i = 0; i <= transferHorizonDays; i++) {
    const day = local.toPlainDate().add({ days: i });
    const hours = hoursOn(from.hours, from.specialDays, day.toString());
    if (!hours) continue;
    const cutOff = path.cutOffTime === null ? hours.close : earlier(path.cutOffTime, hours.close);
    if (i === 0 && minutesOf(hhmm(local.toPlainTime())) >= minutesOf(cutOff)) continue;
    const at = day.toPlainDateTime(Temporal.PlainTime.from(cutOff)).toZonedDateTime(from.timeZone, { disambiguation: 'compatible' });
    return { day, cutOff: at.toInstant() };
  }
  return null;
}

/**
 * The day the tires reach the receiving store: the transit's days after they leave (a truck runs every day), or
 * the first day after that the store is open and still open when the truck comes. The time is the path's, or the
 * store's opening when it opens later that day.
 */
function arrives(to: TransferStore, path: TransferPath, leftOn: Temporal.PlainDate): { day: Temporal.PlainDate; by: string | null } | null {
  const first = leftOn.add({ days: path.transitDays });
  for (let i = 0; i <= transferHorizonDays; i++) {
    const day = first.add({ days: i });
    const hours = hoursOn(to.hours, to.specialDays, day.toString());
    if (!hours) continue;
    if (path.arrivesByTime !== null && minutesOf(path.arrivesByTime) >= minutesOf(hours.close)) continue;
    return { day, by: path.arrivesByTime === null ? null : later(path.arrivesByTime, hours.open) };
  }
  return null;
}

/** One store's stock and how a transfer from it reaches `here`. */
function answerFor(
  stock: StockAt,
  from: TransferStore,
  here: TransferStore,
  path: TransferPath | undefined,
  wanted: number,
  now: Temporal.Instant,
): TransferAnswer {
  const enough = stock.quantityOnHand >= wanted;
  const has = `Store #${from.storeNumber} has ${stock.quantityOnHand}${enough ? '' : ` of the ${wanted}`}`;
  const base = {
    storeId: from.storeId,
    storeNumber: from.storeNumber,
    quantityOnHand: stock.quantityOnHand,
    enough,
    arrivesOn: null,
    arrivesBy: null,
    orderBefore: null,
  };
  if (!path) return { ...base, words: `${has}; no transfer path from it to this store` };
  const leaving = leaves(from, path, now);
  const arriving = leaving && arrives(here, path, leaving.day);
  if (!leaving || !arriving) return { ...base, words: `${has}; no transfer leaves and arrives in the next ${transferHorizonDays} days (the stores' hours)` };
  const hereNow = now.toZonedDateTimeISO(here.timeZone);
  const today = hereNow.toPlainDate();
  // A truck that comes the same day at a time already past would read as a promise broken: it comes today.
  const by =
    arriving.by !== null && Temporal.PlainDate.compare(arriving.day, today) === 0 && minutesOf(arriving.by) <= minutesOf(hhmm(hereNow.toPlainTime()))
      ? null
      : arriving.by;
  const leavesToday = Temporal.PlainDate.compare(leaving.day, now.toZonedDateTimeISO(from.timeZone).toPlainDate()) === 0;
  const orderBefore = leavesToday ? hhmm(leaving.cutOff.toZonedDateTimeISO(here.timeZone).toPlainTime()) : null;
  const when = `${dayWords(arriving.day, today)}${by ? ` by ${clockWords(by)}` : ''}`;
  const order = orderBefore ? `a transfer ordered before ${clockWords(orderBefore)} arrives ${when}` : `a transfer ordered now arrives ${when}`;
  return { ...base, arrivesOn: arriving.day.toString(), arrivesBy: by, orderBefore, words: `${has}; ${order}` };
}

/**
 * Where a tire short here can come from, in the words the counter needs, for every other store of the company
 * that has some: e.g. "Store #102 has 6; a transfer ordered before 3 pm arrives tomorrow by 10 am". The truck
 * leaves the sending store on a day it is open, by the path's cut-off at that store's clock (or its closing, when
 * earlier); past it, on its next open day. It arrives the transit's days later, or on the receiving store's next
 * day open until after the truck comes. Days are each store's own: its week, its special days, its zone. The
 * cut-off is shown at this store's clock. Stores with enough come first, then the earliest arrival, then the most.
 * `now` is given, never read: a test, the worker and the screen get the same answer.
 */
export function transferOptions(input: {
  wanted: number;
  here: TransferStore;
  stock: readonly StockAt[];
  stores: ReadonlyMap<number, TransferStore>;
  paths: readonly TransferPath[];
  now: Temporal.Instant;
}): TransferAnswer[] {
  const { wanted, here, now } = input;
  const answers = input.stock.flatMap((s) => {
    const from = input.stores.get(s.storeId);
    if (s.storeId === here.storeId || s.quantityOnHand <= 0 || !from) return [];
    const path = input.paths.find((p) => p.fromStoreId === s.storeId && p.toStoreId === here.storeId);
    return [answerFor(s, from, here, path, wanted, now)];
  });
  const arrival = (a: TransferAnswer) => a.arrivesOn ?? '9999-12-31';
  return answers.sort(
    (a, b) =>
      Number(b.enough) - Number(a.enough) || arrival(a).localeCompare(arrival(b)) || b.quantityOnHand - a.quantityOnHand || a.storeNumber - b.storeNumber,
  );
}
