import type { StoreLocation } from '../contract/store-location.ts';
import { storeTimeZone } from '../domain/time-zone.ts';

/** Dates and times shown at the store's wall clock, whatever zone the device is in. */
export function storeFormatters(store: Pick<StoreLocation, 'timeZone'> | null | undefined) {
  const timeZone = storeTimeZone(store?.timeZone);
  const date = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone });
  const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short', timeZone });
  const time = new Intl.DateTimeFormat(undefined, { timeStyle: 'short', timeZone });
  return {
    timeZone,
    date: (iso: string) => date.format(new Date(iso)),
    dateTime: (iso: string) => dateTime.format(new Date(iso)),
    time: (iso: string) => time.format(new Date(iso)),
  };
}
