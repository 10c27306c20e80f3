import { noMapsKey } from '../../contract/app-settings.ts';
import type { StoreLocation } from '../../contract/store-location.ts';

/** Where the store map's frames come from (the page's Content-Security-Policy allows it only with a maps key). */
export const mapOrigin = 'https://www.google.com';

/** Whether the server has a maps key: without one the General settings show the map position as plain fields. */
export const mapsEnabled = (mapsKey: string) => mapsKey.trim() !== '' && mapsKey !== noMapsKey;

/** The embedded map of a store: its Google place when it has one, else its latitude and longitude. */
export function storeMapUrl(mapsKey: string, store: Pick<StoreLocation, 'googlePlaceId' | 'latitude' | 'longitude'>): string {
  const place = store.googlePlaceId.trim() ? `place_id:${store.googlePlaceId.trim()}` : `${store.latitude},${store.longitude}`;
  return `${mapOrigin}/maps/embed/v1/place?key=${encodeURIComponent(mapsKey)}&q=${encodeURIComponent(place)}`;
}
