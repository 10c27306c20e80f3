import { describe, expect, it } from 'vitest';
import { isPublicPath } from '../../src/contract/public-pages.ts';
import { matchPublicPage } from '../../src/features/public/public-pages.tsx';
import { oldWorkOrderVisit, printRequested, ratingLinkVisit } from '../../src/features/public/public-route.ts';

const query = (search: Record<string, string>) => new URLSearchParams(search);

describe("the customers' pages by their address", () => {
  it.each([
    ['/rating', 'Rate your visit', {}],
    ['/inspection-reports/abc', 'Inspection Report', { id: 'abc' }],
    ['/tire-quotes/Q1', 'Tire Quote', { id: 'Q1' }],
    ['/work-order', 'Work Order', {}],
    ['/work-order/V1/', 'Work Order', { visitHashId: 'V1' }],
    ['/contact-us/c%20f', 'Contact us', { contactFormId: 'c f' }],
    ['/book/cf1', 'Book an appointment', { contactFormId: 'cf1' }],
  ])('open %s as "%s" with its named parts', (pathname, title, params) => {
    expect(isPublicPath(pathname)).toBe(true);
    const match = matchPublicPage(pathname);
    expect(match?.page.title).toBe(title);
    expect(match?.params).toEqual(params);
  });

  it.each(['/', '/scheduler-dayview', '/ratings', '/tires', '/book', '/book/a/b', '/contact-us/%E0%A4%A'])("open no customers' page at %s", (pathname) => {
    expect(matchPublicPage(pathname)).toBeNull();
  });

  it("leave the staff app's screens to the staff app", () => {
    for (const pathname of ['/', '/ratings', '/scheduler-dayview', '/tires', '/appointment-rating/1']) expect(isPublicPath(pathname)).toBe(false);
  });
});

describe("the customers' pages' query", () => {
  it("read an inspection report's print flag from the link's text, and fall back to not printing", () => {
    expect(printRequested(query({ print: 'true' }))).toBe(true);
    expect(printRequested(query({ print: 'maybe' }))).toBe(false);
    expect(printRequested(query({}))).toBe(false);
  });

  it("keep a rating link's visit, dropping one longer than a visit's id can be", () => {
    expect(ratingLinkVisit(query({ visit: 'abc123' }))).toBe('abc123');
    expect(ratingLinkVisit(query({ visit: 'x'.repeat(64) }))).toBe('x'.repeat(64));
    expect(ratingLinkVisit(query({ visit: 'x'.repeat(65) }))).toBeUndefined();
  });

  it("find the old work order link's visit by any of its names, whatever else it carries", () => {
    const visit = 'Q2FyLTEyMzQ1Njc4OTA';
    expect(oldWorkOrderVisit(query({ id: visit, utm: 'sms' }))).toBe(visit);
    expect(oldWorkOrderVisit(query({ visitHashId: visit }))).toBe(visit);
    expect(oldWorkOrderVisit(query({ visit }))).toBe(visit);
    expect(oldWorkOrderVisit(query({ id: 'A1', utm: 'sms' }))).toBeUndefined();
  });
});
