import { describe, expect, it } from 'vitest';
import { createAppRouter } from '../../src/routes/router.tsx';

const router = createAppRouter({ requireSession: () => new Promise(() => undefined) });
/** The search a screen opens with, for a link's query. */
const searchOf = (pathname: string, search: Record<string, unknown>) => router.matchRoutes(pathname, search).at(-1)?.search;

describe("a link's search parameters", () => {
  it("open the scheduler on the link's day and view", () => {
    expect(searchOf('/scheduler-dayview', { date: '2031-03-03', view: 'day' })).toMatchObject({ date: '2031-03-03', view: 'day' });
  });

  it('drop a day the calendar has not, a view it does not show and a quote that is not an id, keeping the rest', () => {
    expect(searchOf('/scheduler-dayview', { date: '2031-02-30x', view: 'year', quote: 'nope' })).toEqual({});
    expect(searchOf('/scheduler-dayview', { date: '2031-13-45', view: 'day' })).toEqual({ view: 'day' });
  });

  it("keep a customer search's words up to 200 characters, and drop longer ones", () => {
    expect(searchOf('/customer-search', { q: 'Smith' })).toMatchObject({ q: 'Smith' });
    expect(searchOf('/customer-search', { q: 'x'.repeat(201) })).toEqual({});
  });

  it("read an inspection report's print flag from the link's text, and fall back to not printing", () => {
    expect(searchOf('/inspection-reports/abc', { print: 'true' })).toMatchObject({ print: true });
    expect(searchOf('/inspection-reports/abc', { print: 'maybe' })).toMatchObject({ print: false });
  });

  it('keep the old work order link whole, whatever else it carries', () => {
    expect(searchOf('/work-order', { id: 'A1', utm: 'sms' })).toMatchObject({ id: 'A1', utm: 'sms' });
  });
});
