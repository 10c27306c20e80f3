import { describe, expect, it } from 'vitest';
import { retailMutations } from '../../workers/retail-mutations.ts';

const storeId = 7;
const addOn = {
  tirePurchaseAddOnId: '5b0c3f7e-8f0a-4f5e-9f59-3a1d2c1b0b01',
  category: 'MiscellaneousItem',
  name: 'Nitrogen fill',
  priceInCents: 500,
  isTaxable: true,
  chargedPer: 'PerTire',
  storeId,
} as const;
const warranty = { storeTireWarrantyId: '5b0c3f7e-8f0a-4f5e-9f59-3a1d2c1b0b02', type: 'PromisePlus', isEnabled: true, priceInCents: 2000, storeId };
const studding = { storeTireServiceId: '5b0c3f7e-8f0a-4f5e-9f59-3a1d2c1b0b03', type: 'TireStudding', isEnabled: false, priceInCents: 1500, storeId };
const settings = {
  storeId,
  websiteUrl: 'https://tires.example.com',
  showPrices: true,
  retailPriceCatalogId: null,
  salesTaxRateInMillionths: 82_500,
  quoteValidForDays: 30,
};

describe("Retail Management's changes made on the device", () => {
  it("create the store's retail settings with a POST while the device has none, new-store values filling the rest", () => {
    const built = retailMutations.saveRetailStoreSettings(storeId, { showPrices: true }).build(undefined)!;
    expect(built.request).toEqual({
      method: 'POST',
      path: '/api/alltrac/retail-store-settings',
      body: { websiteUrl: null, showPrices: true, retailPriceCatalogId: null, salesTaxRateInMillionths: 0, quoteValidForDays: 30 },
    });
    expect(built.next).toMatchObject({ storeId, showPrices: true });
  });

  it('patch only the settings that changed, and queue nothing when none did', () => {
    const built = retailMutations.saveRetailStoreSettings(storeId, { quoteValidForDays: 45, showPrices: true }).build(settings)!;
    expect(built.request).toEqual({
      method: 'PATCH',
      path: '/api/alltrac/retail-store-settings',
      body: [{ op: 'replace', path: '/quoteValidForDays', value: 45 }],
    });
    expect(retailMutations.saveRetailStoreSettings(storeId, { showPrices: true, websiteUrl: settings.websiteUrl }).build(settings)).toBeNull();
    expect(retailMutations.saveRetailStoreSettings(storeId, {}).build(settings)).toBeNull();
  });

  it("refuse settings the server would refuse, in the schema's words, before anything is stored", () => {
    expect(() => retailMutations.saveRetailStoreSettings(storeId, { websiteUrl: 'tires.example.com' }).build(settings)).toThrow(
      'The retail settings were not saved: websiteUrl: Enter the whole address, starting with https://.',
    );
    expect(() => retailMutations.saveRetailStoreSettings(storeId, { salesTaxRateInMillionths: 8.875 }).build(settings)).toThrow(
      'The retail settings were not saved: salesTaxRateInMillionths: Enter the rate in millionths, e.g. 88750 for 8.875%.',
    );
  });

  it('patch the sales tax rate and the days a quote holds like any other setting', () => {
    const built = retailMutations.saveRetailStoreSettings(storeId, { salesTaxRateInMillionths: 88_750, quoteValidForDays: 14 }).build(settings)!;
    expect(built.request).toEqual({
      method: 'PATCH',
      path: '/api/alltrac/retail-store-settings',
      body: expect.arrayContaining([
        { op: 'replace', path: '/salesTaxRateInMillionths', value: 88_750 },
        { op: 'replace', path: '/quoteValidForDays', value: 14 },
      ]),
    });
    expect(built.request.body).toHaveLength(2);
  });

  it('add an add-on with a POST of its device-made id, its name trimmed and its price in cents', () => {
    const { storeId: _, ...body } = addOn;
    const built = retailMutations.createTirePurchaseAddOn(storeId, { ...body, name: '  Nitrogen fill ' }).build(undefined)!;
    expect(built.request).toEqual({ method: 'POST', path: '/api/alltrac/tire-purchase-add-ons', body });
    expect(built.next).toEqual(addOn);
  });

  it("patch an add-on's changed price alone, and nothing for an unchanged one", () => {
    const built = retailMutations
      .updateTirePurchaseAddOn(addOn.tirePurchaseAddOnId, { priceInCents: 650, name: 'Nitrogen fill', isTaxable: true })
      .build(addOn)!;
    expect(built.request).toEqual({
      method: 'PATCH',
      path: `/api/alltrac/tire-purchase-add-ons/${addOn.tirePurchaseAddOnId}`,
      body: [{ op: 'replace', path: '/priceInCents', value: 650 }],
    });
    expect(retailMutations.updateTirePurchaseAddOn(addOn.tirePurchaseAddOnId, { priceInCents: 500 }).build(addOn)).toBeNull();
  });

  it('refuse an add-on with a negative price or no name', () => {
    expect(() => retailMutations.updateTirePurchaseAddOn(addOn.tirePurchaseAddOnId, { priceInCents: -1 }).build(addOn)).toThrow(
      /^The add-on was not saved: priceInCents/,
    );
    expect(() =>
      retailMutations.createTirePurchaseAddOn(storeId, { tirePurchaseAddOnId: addOn.tirePurchaseAddOnId, category: 'Mounting', name: '   ', priceInCents: 0 }),
    ).toThrow('The add-on was not saved: name: Name the add-on.');
  });

  it('delete an add-on the device has, and send nothing for one already gone', () => {
    expect(retailMutations.deleteTirePurchaseAddOn(addOn.tirePurchaseAddOnId).build(addOn)).toEqual({
      next: null,
      request: { method: 'DELETE', path: `/api/alltrac/tire-purchase-add-ons/${addOn.tirePurchaseAddOnId}` },
    });
    expect(retailMutations.deleteTirePurchaseAddOn(addOn.tirePurchaseAddOnId).build(undefined)).toBeNull();
  });

  it("patch a warranty's price and a tire service's switch with JSON patch documents, never the type, and nothing when unchanged", () => {
    const price = retailMutations.updateStoreTireWarranty(warranty.storeTireWarrantyId, { priceInCents: 2499 }).build(warranty)!;
    expect(price.request).toEqual({
      method: 'PATCH',
      path: `/api/product-information/store-tire-warranties/${warranty.storeTireWarrantyId}`,
      body: [{ op: 'replace', path: '/priceInCents', value: 2499 }],
    });
    const on = retailMutations.updateStoreTireService(studding.storeTireServiceId, { isEnabled: true, type: 'Other' } as never).build(studding)!;
    expect(on.request).toEqual({
      method: 'PATCH',
      path: `/api/product-information/store-tire-services/${studding.storeTireServiceId}`,
      body: [{ op: 'replace', path: '/isEnabled', value: true }],
    });
    expect(on.next).toMatchObject({ type: 'TireStudding', isEnabled: true });
    expect(retailMutations.updateStoreTireWarranty(warranty.storeTireWarrantyId, { priceInCents: 2000, isEnabled: true }).build(warranty)).toBeNull();
  });

  it('refuse a change to a row the device has not received yet', () => {
    expect(() => retailMutations.updateStoreTireWarranty(warranty.storeTireWarrantyId, { priceInCents: 1 }).build(undefined)).toThrow('not on this device yet');
  });

  describe('install packages', () => {
    const truck = {
      tireInstallPackageId: '5b0c3f7e-8f0a-4f5e-9f59-3a1d2c1b0b10',
      type: 'LightTruck',
      pricingType: 'TotalPricing',
      priceInCents: 3999,
      isTaxable: true,
      addOnIds: [addOn.tirePurchaseAddOnId],
      storeId,
    } as const;
    const at = `/api/alltrac/tire-install-packages/${truck.tireInstallPackageId}`;

    it('add a package with a POST of its device-made id, each add-on once, sent after add-ons still waiting to be sent', () => {
      const { storeId: _, ...body } = truck;
      const mutation = retailMutations.createTireInstallPackage(storeId, { ...body, addOnIds: [addOn.tirePurchaseAddOnId, addOn.tirePurchaseAddOnId] });
      expect(mutation.refs).toEqual([`tirePurchaseAddOns/${addOn.tirePurchaseAddOnId}`]);
      const built = mutation.build(undefined)!;
      expect(built.request).toEqual({ method: 'POST', path: '/api/alltrac/tire-install-packages', body });
      expect(built.next).toEqual(truck);
    });

    it("refuse a total price without a price per tire, in the schema's words, before anything is stored", () => {
      expect(() =>
        retailMutations.createTireInstallPackage(storeId, { tireInstallPackageId: truck.tireInstallPackageId, type: 'Winter', pricingType: 'TotalPricing' }),
      ).toThrow('The install package was not saved: priceInCents: Give the package a price per tire, or itemize it.');
      expect(() => retailMutations.updateTireInstallPackage(truck.tireInstallPackageId, { priceInCents: null }).build(truck)).toThrow(
        /^The install package was not saved: priceInCents/,
      );
    });

    it('patch only the changed fields, the add-ons as one whole list, and nothing when nothing changed', () => {
      const other = '5b0c3f7e-8f0a-4f5e-9f59-3a1d2c1b0b11';
      const built = retailMutations
        .updateTireInstallPackage(truck.tireInstallPackageId, {
          pricingType: 'ItemizedPricing',
          priceInCents: null,
          addOnIds: [other, addOn.tirePurchaseAddOnId],
          type: 'LightTruck',
        })
        .build(truck)!;
      expect(built.request).toEqual({
        method: 'PATCH',
        path: at,
        body: [
          { op: 'replace', path: '/priceInCents', value: null },
          { op: 'replace', path: '/pricingType', value: 'ItemizedPricing' },
          { op: 'replace', path: '/addOnIds', value: [other, addOn.tirePurchaseAddOnId] },
        ],
      });
      expect(built.next).toMatchObject({ pricingType: 'ItemizedPricing', addOnIds: [other, addOn.tirePurchaseAddOnId] });
      expect(
        retailMutations.updateTireInstallPackage(truck.tireInstallPackageId, { priceInCents: 3999, addOnIds: [addOn.tirePurchaseAddOnId] }).build(truck),
      ).toBeNull();
    });

    it('take a deleted add-on off a package that bundles it, and send nothing for one that does not', () => {
      const built = retailMutations.unbundleAddOn(truck.tireInstallPackageId, addOn.tirePurchaseAddOnId).build(truck)!;
      expect(built.request).toEqual({ method: 'PATCH', path: at, body: [{ op: 'replace', path: '/addOnIds', value: [] }] });
      expect(retailMutations.unbundleAddOn(truck.tireInstallPackageId, addOn.tirePurchaseAddOnId).build({ ...truck, addOnIds: [] })).toBeNull();
      expect(retailMutations.unbundleAddOn(truck.tireInstallPackageId, addOn.tirePurchaseAddOnId).build(undefined)).toBeNull();
    });

    it('delete a package the device has, and send nothing for one already gone', () => {
      expect(retailMutations.deleteTireInstallPackage(truck.tireInstallPackageId).build(truck)).toEqual({
        next: null,
        request: { method: 'DELETE', path: at },
      });
      expect(retailMutations.deleteTireInstallPackage(truck.tireInstallPackageId).build(undefined)).toBeNull();
    });
  });

  describe('state tire fees', () => {
    const fee = {
      tireFeeId: '5b0c3f7e-8f0a-4f5e-9f59-3a1d2c1b0b20',
      name: 'State tire fee',
      amountInCents: 175,
      isTaxable: false,
      effectiveFrom: '2024-01-01',
      effectiveThrough: null,
      storeId,
    };
    const { storeId: _, ...row } = fee;
    const at = `/api/alltrac/tire-fees/${fee.tireFeeId}`;
    const newId = '5b0c3f7e-8f0a-4f5e-9f59-3a1d2c1b0b21';

    it('add an amount with a POST, untaxed and still in force unless it says', () => {
      const built = retailMutations
        .createTireFee(storeId, { tireFeeId: fee.tireFeeId, name: ' State tire fee ', amountInCents: 175, effectiveFrom: '2024-01-01' })
        .build(undefined)!;
      expect(built.request).toEqual({ method: 'POST', path: '/api/alltrac/tire-fees', body: row });
      expect(built.next).toEqual(fee);
    });

    it('refuse an amount that ends before it starts, or is no whole number of cents', () => {
      expect(() => retailMutations.createTireFee(storeId, { ...row, effectiveThrough: '2023-12-31' })).toThrow(
        'The fee was not saved: effectiveThrough: End the fee on or after the day it starts.',
      );
      expect(() => retailMutations.updateTireFee(fee.tireFeeId, { amountInCents: 1.5 }).build(fee)).toThrow(/^The fee was not saved: amountInCents/);
    });

    it('patch only the changed fields, and nothing when nothing changed', () => {
      const built = retailMutations.updateTireFee(fee.tireFeeId, { amountInCents: 180, name: 'State tire fee' }).build(fee)!;
      expect(built.request).toEqual({ method: 'PATCH', path: at, body: [{ op: 'replace', path: '/amountInCents', value: 180 }] });
      expect(retailMutations.updateTireFee(fee.tireFeeId, { amountInCents: 175 }).build(fee)).toBeNull();
    });

    it('change the rate from a date in two steps queued together: the row in force ends the day before, then the new amount, sent after it', () => {
      const [end, add] = retailMutations.changeTireFeeRate(storeId, row, { tireFeeId: newId, effectiveFrom: '2027-01-01', amountInCents: 200 });
      expect(end!.build(fee)).toEqual({
        next: { ...fee, effectiveThrough: '2026-12-31' },
        request: { method: 'PATCH', path: at, body: [{ op: 'replace', path: '/effectiveThrough', value: '2026-12-31' }] },
      });
      expect(add!.refs).toEqual([`tireFees/${fee.tireFeeId}`]);
      const added = { tireFeeId: newId, name: 'State tire fee', amountInCents: 200, isTaxable: false, effectiveFrom: '2027-01-01', effectiveThrough: null };
      expect(add!.build(undefined)).toEqual({ next: { ...added, storeId }, request: { method: 'POST', path: '/api/alltrac/tire-fees', body: added } });
    });

    it('refuse a new rate from the day the amount starts, and one for a row changed on the device since the screen showed it', () => {
      expect(() => retailMutations.changeTireFeeRate(storeId, row, { tireFeeId: newId, effectiveFrom: '2024-01-01', amountInCents: 200 })).toThrow(
        'The new rate was not saved: This amount starts on Jan 1, 2024: change the rate from a later day, or edit this amount.',
      );
      const [end] = retailMutations.changeTireFeeRate(storeId, row, { tireFeeId: newId, effectiveFrom: '2027-01-01', amountInCents: 200 });
      expect(() => end!.build({ ...fee, effectiveThrough: '2025-12-31' })).toThrow('this fee changed meanwhile');
    });

    it('delete an amount the device has, and send nothing for one already gone', () => {
      expect(retailMutations.deleteTireFee(fee.tireFeeId).build(fee)).toEqual({ next: null, request: { method: 'DELETE', path: at } });
      expect(retailMutations.deleteTireFee(fee.tireFeeId).build(undefined)).toBeNull();
    });
  });
});

describe("a catalogue's rule changed on the device", () => {
  const catalogId = '5b0c3f7e-8f0a-4f5e-9f59-3a1d2c1b0c01';
  const tireId = '5b0c3f7e-8f0a-4f5e-9f59-3a1d2c1b0c02';
  const catalog = {
    retailPriceCatalogId: catalogId,
    name: 'Standard',
    description: null,
    isSubscribable: true,
    marginInBasisPoints: null,
    priceEndingInCents: null,
    storeId: null,
  };

  it('patches only the margin and ending that changed, queues nothing when neither did, and refuses a margin out of range before queuing', () => {
    const built = retailMutations.updateRetailPriceRule(catalogId, { marginInBasisPoints: 3500, priceEndingInCents: null }).build(catalog)!;
    expect(built.request).toEqual({
      method: 'PATCH',
      path: `/api/alltrac/retail-price-catalog/${catalogId}`,
      body: [{ op: 'replace', path: '/marginInBasisPoints', value: 3500 }],
    });
    expect(retailMutations.updateRetailPriceRule(catalogId, { marginInBasisPoints: null }).build(catalog)).toBeNull();
    expect(() => retailMutations.updateRetailPriceRule(catalogId, { marginInBasisPoints: 60_000 }).build(catalog)).toThrow(/500% or less/);
  });

  it('sets a fixed price with one PUT (none when it is the price already) and removes it with a DELETE', () => {
    const path = `/api/alltrac/retail-price-catalog/${catalogId}/prices/${tireId}`;
    const set = retailMutations.setFixedTirePrice(catalogId, tireId, 12_999);
    expect(set.key).toBe(`${catalogId}/${tireId}`);
    expect(set.build(undefined)!.request).toEqual({ method: 'PUT', path, body: { priceInCents: 12_999 } });
    expect(set.build({ retailPriceCatalogId: catalogId, tireId, priceInCents: 12_999 })).toBeNull();
    expect(() => retailMutations.setFixedTirePrice(catalogId, tireId, -1)).toThrow(/0 or more/);
    expect(retailMutations.removeFixedTirePrice(catalogId, tireId).build({ retailPriceCatalogId: catalogId, tireId, priceInCents: 1 })!.request).toEqual({
      method: 'DELETE',
      path,
    });
    expect(retailMutations.removeFixedTirePrice(catalogId, tireId).build(undefined)).toBeNull();
  });
});

describe('a warranty or tire service switched on on the device', () => {
  it.each([
    [
      'a warranty switched on with no price',
      () =>
        retailMutations
          .updateStoreTireWarranty(warranty.storeTireWarrantyId, { isEnabled: true, priceInCents: null })
          .build({ ...warranty, isEnabled: false, priceInCents: null }),
      'The warranty was not saved: Enter a price per tire to offer Promise Plus, or switch it off.',
    ],
    [
      'the price of an offered warranty taken away',
      () => retailMutations.updateStoreTireWarranty(warranty.storeTireWarrantyId, { priceInCents: null }).build(warranty),
      'The warranty was not saved: Enter a price per tire to offer Promise Plus, or switch it off.',
    ],
    [
      'studding switched on with no price',
      () => retailMutations.updateStoreTireService(studding.storeTireServiceId, { isEnabled: true }).build({ ...studding, priceInCents: null }),
      'The tire service was not saved: Enter a price per tire to offer Tire Studding, or switch it off.',
    ],
  ])('is refused when it is %s, before anything is stored or queued', (_what, build, message) => {
    expect(build).toThrow(message);
  });

  it('is queued switched off with no price, or switched on with one', () => {
    const off = retailMutations.updateStoreTireWarranty(warranty.storeTireWarrantyId, { isEnabled: false, priceInCents: null }).build(warranty)!.request
      .body as unknown[];
    expect(off).toHaveLength(2);
    expect(off).toEqual(
      expect.arrayContaining([
        { op: 'replace', path: '/isEnabled', value: false },
        { op: 'replace', path: '/priceInCents', value: null },
      ]),
    );
    expect(retailMutations.updateStoreTireService(studding.storeTireServiceId, { isEnabled: true }).build(studding)!.request.body).toEqual([
      { op: 'replace', path: '/isEnabled', value: true },
    ]);
  });
});
