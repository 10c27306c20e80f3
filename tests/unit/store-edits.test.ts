import { describe, expect, it } from 'vitest';
import type { StoreLocation } from '../../src/contract/store-location.ts';
import { textingNumberOf } from '../../src/domain/people/phone.ts';
import { placedRefusal, storeDraftOf, storeEdits } from '../../src/features/admin/store-edits.ts';

/** The fields the edit dialog reads; the rest of a store does not enter into it. */
const store = {
  id: 7,
  alltracCompanyId: 1001,
  name: 'Demo Tire & Auto Downtown',
  storeNumber: 101,
  timeZone: 'Central Standard Time',
  latitude: 39.7817,
  longitude: -89.6501,
  googlePlaceId: 'ChIJdemo101',
  twilioPhoneNumber: '+15550100101',
  serviceKey: 'TRACTION-101',
  hasServiceKey: true,
} as StoreLocation;

describe("a texting number as the platform's admin types it", () => {
  it('reads any usual form of a US number as E.164', () => {
    for (const typed of ['(555) 010-2000', '555-010-2000', '555.010.2000', '5550102000', '1 555 010 2000', '+1 (555) 010-2000']) {
      expect(textingNumberOf(typed)).toBe('+15550102000');
    }
  });

  it('takes a number abroad only with its country code, and never reads it as a US number', () => {
    expect(textingNumberOf('+44 20 7946 0958')).toBe('+442079460958');
    expect(textingNumberOf('+44 2079 4609')).toBe('+4420794609');
    for (const typed of ['555-0102', '+1 555 0102', 'call us', '+0 555 010 2000']) expect(textingNumberOf(typed)).toBeNull();
  });
});

describe("the store edit dialog's changes", () => {
  it('are nothing when nothing was changed, the texting number shown formatted included', () => {
    const draft = storeDraftOf(store);
    expect(draft.twilioPhoneNumber).toBe('(555) 010-0101');
    expect(storeEdits(store, draft)).toEqual({ changes: {}, problems: {} });
    expect(storeEdits(store, { ...draft, name: ` ${store.name} `, twilioPhoneNumber: '555.010.0101' }).changes).toEqual({});
  });

  it('are the changed fields only', () => {
    const draft = { ...storeDraftOf(store), name: 'Downtown', latitude: '39.8', twilioPhoneNumber: '' };
    expect(storeEdits(store, draft)).toEqual({ changes: { name: 'Downtown', latitude: 39.8, twilioPhoneNumber: null }, problems: {} });
  });

  it('name each field to fix in words a person acts on', () => {
    const draft = { ...storeDraftOf(store), name: ' ', storeNumber: '', latitude: 91, googlePlaceId: '', twilioPhoneNumber: '555-0102' };
    expect(Object.keys(storeEdits(store, draft).problems).sort()).toEqual(['googlePlaceId', 'latitude', 'name', 'storeNumber', 'twilioPhoneNumber']);
    expect(storeEdits(store, draft).problems.latitude).toBe('Enter a latitude from -90 to 90');
  });

  it('need a time zone: a store without one is given one before anything else of it is saved', () => {
    const draft = { ...storeDraftOf(store), timeZone: null };
    expect(storeEdits(store, draft).problems).toEqual({ timeZone: "Choose the store's time zone" });
    const zoneless = { ...store, timeZone: null };
    expect(storeEdits(zoneless, { ...storeDraftOf(zoneless), name: 'Downtown' }).problems).toEqual({ timeZone: "Choose the store's time zone" });
  });

  it('leave alone a service key the caller does not read, and clear one they do when emptied', () => {
    const withheld = { ...store, serviceKey: undefined } as StoreLocation;
    expect(storeEdits(withheld, storeDraftOf(withheld)).changes).toEqual({});
    expect(storeEdits(store, { ...storeDraftOf(store), serviceKey: '' }).changes).toEqual({ serviceKey: null });
  });
});

describe('a refusal of a store form', () => {
  const refusal = {
    problem: 'Store number 101 is already used by Demo Tire & Auto Springfield: choose another number.',
    fields: { storeNumber: 'Store number 101 is already used by Demo Tire & Auto Springfield: choose another number' },
  };

  it("is shown in the server's own words beside the field it names", () => {
    expect(placedRefusal(refusal, ['name', 'storeNumber'])).toEqual(refusal.fields);
  });

  it('names no field of the form: its detail is what the form says', () => {
    expect(() => placedRefusal(refusal, ['name'])).toThrow(refusal.problem);
    expect(() => placedRefusal({ problem: "Only the platform's administrators may do this.", fields: {} }, ['name'])).toThrow('Only the platform');
  });
});
