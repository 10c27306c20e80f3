import { describe, expect, it } from 'vitest';
import { noMapsKey } from '../../src/contract/app-settings.ts';
import { mapsEnabled, storeMapUrl } from '../../src/domain/store/store-map.ts';

describe("the store's map on the General settings", () => {
  it('shows only where the server has a real maps key', () => {
    expect(mapsEnabled(noMapsKey)).toBe(false);
    expect(mapsEnabled(' ')).toBe(false);
    expect(mapsEnabled('AIza-real-key')).toBe(true);
  });

  it("shows the store's Google place, else its position", () => {
    expect(storeMapUrl('k&1', { googlePlaceId: 'ChIJ123', latitude: 39.8, longitude: -89.6 })).toBe(
      'https://www.google.com/maps/embed/v1/place?key=k%261&q=place_id%3AChIJ123',
    );
    expect(storeMapUrl('k', { googlePlaceId: ' ', latitude: 39.8, longitude: -89.6 })).toBe('https://www.google.com/maps/embed/v1/place?key=k&q=39.8%2C-89.6');
  });
});
