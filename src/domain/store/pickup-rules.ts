import type { StoreLocation } from '../../contract/store-location.ts';
import { minutesOf } from './store-hours.ts';

type PickupFields = Pick<StoreLocation, 'pickupAndDeliveryEnabled' | 'pickupServiceArea' | 'pickupRadiusMiles' | 'pickupPostalCodes' | 'pickupWindows'>;

/** A new store's pickup settings (off until its admin offers it). */
export const defaultPickupSettings = {
  pickupServiceArea: 'radius' as const,
  pickupRadiusMiles: 10,
  pickupPostalCodes: [] as string[],
  pickupFeeInCents: null,
  pickupWindows: [
    { start: '08:00', end: '10:00' },
    { start: '16:00', end: '18:00' },
  ],
};

/** What is wrong with the pickup settings, by field: an offered service needs an area and at least one window. */
export function pickupProblems(store: PickupFields): Record<string, string[]> {
  const problems: Record<string, string[]> = {};
  const badWindow = store.pickupWindows.findIndex((w) => minutesOf(w.end) <= minutesOf(w.start));
  if (badWindow >= 0) problems.pickupWindows = [`Window ${badWindow + 1} must end after it starts`];
  if (!store.pickupAndDeliveryEnabled) return problems;
  if (store.pickupServiceArea === 'radius' && store.pickupRadiusMiles === null)
    problems.pickupRadiusMiles = ['Enter how far from the store you pick up, in miles'];
  if (store.pickupServiceArea === 'postalCodes' && store.pickupPostalCodes.length === 0) problems.pickupPostalCodes = ['Enter at least one ZIP code you serve'];
  if (store.pickupWindows.length === 0) problems.pickupWindows ??= ['Add at least one time window customers can choose'];
  return problems;
}

/** "Within 10 miles, $15, 2 windows": the settings in a line (settings index). */
export function pickupSummary(store: PickupFields & Pick<StoreLocation, 'pickupFeeInCents'>): string {
  if (!store.pickupAndDeliveryEnabled) return 'Not offered';
  const area =
    store.pickupServiceArea === 'radius'
      ? `within ${store.pickupRadiusMiles} miles`
      : `${store.pickupPostalCodes.length} ZIP ${store.pickupPostalCodes.length === 1 ? 'code' : 'codes'}`;
  const fee = store.pickupFeeInCents ? `$${(store.pickupFeeInCents / 100).toFixed(2)}` : 'free';
  return `Offered ${area}, ${fee}, ${store.pickupWindows.length} ${store.pickupWindows.length === 1 ? 'window' : 'windows'} a day`;
}
