import { describe, expect, it } from 'vitest';
import { retailMutations } from '../../workers/retail-mutations.ts';

const storeId = 7;
const addOn = {
  tirePurchaseAddOnId: '5b0c3f7e-8f0a-4f5e-9f59-3a1d2c1b0b01', category: 'MiscellaneousItem', name: 'Nitrogen fill', priceInCents: 500,
  isTaxable: true, chargedPer: 'PerTire', storeId,
} as const;
const warranty = { storeTireWarrantyId: '5b0c3f7e-8f0a-4f5e-9f59-3a1d2c1b0b02', type: 'PromisePlus', isEnabled: true, priceInCents: 2000, storeId };
const studding = { storeTireServiceId: '5b0c3f7e-8f0a-4f5e-9f59-3a1d2c1b0b03', type: 'TireStudding', isEnabled: false, priceInCents: 1500, storeId };
const settings = { storeId, websiteUrl: 'https://tires.example.com', showPrices: true, onlineBookingLeadTimeHours: 2, retailPriceCatalogId: null };

describe('Retail Management\'s changes made on the device', () => {
  it('create the store\'s retail settings with a POST while the device has none, new-store values filling the rest', () => {
    const built = retailMutations.saveRetailStoreSettings(storeId, { showPrices: true }).build(undefined)!;
    expect(built.request).toEqual({
      method: 'POST', path: '/api/alltrac/retail-store-settings',
      body: { websiteUrl: null, showPrices: true, onlineBookingLeadTimeHours: 2, retailPriceCatalogId: null },
    });
    expect(built.next).toMatchObject({ storeId, showPrices: true });
  });

  it('patch only the settings that changed, and queue nothing when none did', () => {
    const built = retailMutations.saveRetailStoreSettings(storeId, { onlineBookingLeadTimeHours: 24, showPrices: true }).build(settings)!;
    expect(built.request).toEqual({ method: 'PATCH', path: '/api/alltrac/retail-store-settings', body: [{ op: 'replace', path: '/onlineBookingLeadTimeHours', value: 24 }] });
    expect(retailMutations.saveRetailStoreSettings(storeId, { showPrices: true, websiteUrl: settings.websiteUrl }).build(settings)).toBeNull();
    expect(retailMutations.saveRetailStoreSettings(storeId, {}).build(settings)).toBeNull();
  });

  it('refuse settings the server would refuse, in the schema\'s words, before anything is stored', () => {
    expect(() => retailMutations.saveRetailStoreSettings(storeId, { websiteUrl: 'tires.example.com' }).build(settings))
      .toThrow('The retail settings were not saved: websiteUrl: Enter the whole address, starting with https://.');
  });

  it('add an add-on with a POST of its device-made id, its name trimmed and its price in cents', () => {
    const { storeId: _, ...body } = addOn;
    const built = retailMutations.createTirePurchaseAddOn(storeId, { ...body, name: '  Nitrogen fill ' }).build(undefined)!;
    expect(built.request).toEqual({ method: 'POST', path: '/api/alltrac/tire-purchase-add-ons', body });
    expect(built.next).toEqual(addOn);
  });

  it('patch an add-on\'s changed price alone, and nothing for an unchanged one', () => {
    const built = retailMutations.updateTirePurchaseAddOn(addOn.tirePurchaseAddOnId, { priceInCents: 650, name: 'Nitrogen fill', isTaxable: true }).build(addOn)!;
    expect(built.request).toEqual({ method: 'PATCH', path: `/api/alltrac/tire-purchase-add-ons/${addOn.tirePurchaseAddOnId}`, body: [{ op: 'replace', path: '/priceInCents', value: 650 }] });
    expect(retailMutations.updateTirePurchaseAddOn(addOn.tirePurchaseAddOnId, { priceInCents: 500 }).build(addOn)).toBeNull();
  });

  it('refuse an add-on with a negative price or no name', () => {
    expect(() => retailMutations.updateTirePurchaseAddOn(addOn.tirePurchaseAddOnId, { priceInCents: -1 }).build(addOn)).toThrow(/^The add-on was not saved: priceInCents/);
    expect(() => retailMutations.createTirePurchaseAddOn(storeId, { tirePurchaseAddOnId: addOn.tirePurchaseAddOnId, category: 'Mounting', name: '   ', priceInCents: 0 })).toThrow('The add-on was not saved: name: Name the add-on.');
  });

  it('delete an add-on the device has, and send nothing for one already gone', () => {
    expect(retailMutations.deleteTirePurchaseAddOn(addOn.tirePurchaseAddOnId).build(addOn)).toEqual({
      next: null, request: { method: 'DELETE', path: `/api/alltrac/tire-purchase-add-ons/${addOn.tirePurchaseAddOnId}` },
    });
    expect(retailMutations.deleteTirePurchaseAddOn(addOn.tirePurchaseAddOnId).build(undefined)).toBeNull();
  });

  it('patch a warranty\'s price and a tire service\'s switch with JSON patch documents, never the type, and nothing when unchanged', () => {
    const price = retailMutations.updateStoreTireWarranty(warranty.storeTireWarrantyId, { priceInCents: 2499 }).build(warranty)!;
    expect(price.request).toEqual({
      method: 'PATCH', path: `/api/product-information/store-tire-warranties/${warranty.storeTireWarrantyId}`, body: [{ op: 'replace', path: '/priceInCents', value: 2499 }],
    });
    const on = retailMutations.updateStoreTireService(studding.storeTireServiceId, { isEnabled: true, type: 'Other' } as never).build(studding)!;
    expect(on.request).toEqual({
      method: 'PATCH', path: `/api/product-information/store-tire-services/${studding.storeTireServiceId}`, body: [{ op: 'replace', path: '/isEnabled', value: true }],
    });
    expect(on.next).toMatchObject({ type: 'TireStudding', isEnabled: true });
    expect(retailMutations.updateStoreTireWarranty(warranty.storeTireWarrantyId, { priceInCents: 2000, isEnabled: true }).build(warranty)).toBeNull();
  });

  it('refuse a change to a row the device has not received yet', () => {
    expect(() => retailMutations.updateStoreTireWarranty(warranty.storeTireWarrantyId, { priceInCents: 1 }).build(undefined)).toThrow('not on this device yet');
  });
});
