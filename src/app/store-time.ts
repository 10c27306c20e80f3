import type { StoreLocation } from '../contract/store-location.ts';
import { dateFormats, type DateFormats } from '../domain/calendar/date-format.ts';
import { storeTimeZone } from '../domain/calendar/time-zone.ts';

/** Dates and times of a store, at its wall clock whatever zone the device is in, in the app's one style. */
export function storeFormatters(store: Pick<StoreLocation, 'timeZone'> | null | undefined): DateFormats & { timeZone: string } {
  const timeZone = storeTimeZone(store?.timeZone);
  return { timeZone, ...dateFormats(timeZone) };
}

/** Dates and times of what belongs to no one store (the platform's notices, the stores' messages to support), at the device's clock. */
export const deviceFormatters = (): DateFormats => dateFormats(undefined);
