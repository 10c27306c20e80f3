import { describe, expect, it } from 'vitest';
import { fillPath } from '../../src/contract/fill-path.ts';
import { apiPaths, publicPagePaths } from '../../src/contract/routes.ts';

describe('filling a path of the contract', () => {
  it('puts the value in the place of its parameter', () => {
    expect(fillPath(apiPaths.tireQuote, { tireQuoteId: 'q1' })).toBe('/api/alltrac/tire-quotes/q1');
  });

  it('fills every parameter of a path with two, each in its own place', () => {
    expect(fillPath(apiPaths.inspectionItemFix, { inspectionReportId: 'r1', itemId: 'i2' })).toBe('/api/alltrac/inspection-reports/r1/items/i2/fix');
    expect(fillPath(apiPaths.storeContact, { storeId: 7, storeContactId: 'c3' })).toBe('/api/store/7/contacts/c3');
  });

  it('encodes a value as one segment, so a slash, question mark or space cannot reach another path', () => {
    expect(fillPath(apiPaths.messageTemplate, { templateType: 'a/b?c d' })).toBe('/api/alltrac/message-templates/a%2Fb%3Fc%20d');
    expect(fillPath(publicPagePaths.contactForm, { contactFormId: '../x' })).toBe('/contact-us/..%2Fx');
  });

  it('writes a store id (a number) as its digits', () => {
    expect(fillPath(apiPaths.storeLocation, { id: 12 })).toBe('/api/alltrac/store-locations/12');
  });

  it('needs every parameter: one left out or misspelt does not compile, and throws past the types', () => {
    // @ts-expect-error itemId is missing
    expect(() => fillPath(apiPaths.inspectionItem, { inspectionReportId: 'r1' })).toThrow('needs a value for :itemId');
    // @ts-expect-error tireQuoteID is not the parameter's name
    expect(() => fillPath(apiPaths.tireQuote, { tireQuoteID: 'q1' })).toThrow('needs a value for :tireQuoteId');
  });

  it('takes only a path whose parameters its type can read: a plain string does not compile (it fills the same past the types)', () => {
    const somePath: string = apiPaths.tireQuote;
    // @ts-expect-error a plain string's parameters are unknown
    expect(fillPath(somePath, { tireQuoteId: 'q1' })).toBe('/api/alltrac/tire-quotes/q1');
  });

  it('leaves a path without parameters as it is', () => {
    expect(fillPath(apiPaths.tireQuotes, {})).toBe('/api/alltrac/tire-quotes');
  });
});
