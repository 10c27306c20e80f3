import { describe, expect, it } from 'vitest';
import { createAppRouter } from '../../src/routes/router.tsx';

const router = createAppRouter({ requireSession: () => new Promise(() => undefined) });
/** The search a screen opens with, for a link's query. */
const searchOf = (pathname: string, search: Record<string, unknown>) => router.matchRoutes(pathname, search).at(-1)?.search;

describe("the main links' search parameters", () => {
  it("open the scheduler on the link's day and view", () => {
    expect(searchOf('/scheduler-dayview', { date: '2031-03-03', view: 'day' })).toMatchObject({ date: '2031-03-03', view: 'day' });
  });

  it('drop a day the calendar has not, a view it does not show and a quote that is not an id, keeping the rest', () => {
    expect(searchOf('/scheduler-dayview', { date: '3 March', view: 'year', quote: 'nope' })).toEqual({});
    expect(searchOf('/scheduler-dayview', { date: '2031-02-30', view: 'day' })).toEqual({ view: 'day' });
    expect(searchOf('/scheduler-dayview', { date: '2031-13-45' })).toEqual({});
  });

  it("keep a customer search's words up to 200 characters, and drop longer ones", () => {
    expect(searchOf('/customer-search', { q: 'Smith' })).toMatchObject({ q: 'Smith' });
    expect(searchOf('/customer-search', { q: 'x'.repeat(201) })).toEqual({});
  });

  it("open the dashboard on the link's period, view and days, dropping what it does not know", () => {
    expect(searchOf('/dashboard', { period: 'custom', from: '2031-03-01', to: '2031-03-31', view: 'compare' })).toMatchObject({
      period: 'custom',
      from: '2031-03-01',
      to: '2031-03-31',
      view: 'compare',
    });
    expect(searchOf('/dashboard', { period: 'year', from: '2031-02-29', view: 'chain' })).toEqual({});
  });

  it("keep the tire counter's ids, dropping an id that is not one", () => {
    const id = '0f8fad5b-d9cb-469f-a165-70867728950e';
    expect(searchOf('/tires', { customerId: id, vehicleId: 'car', quote: id })).toEqual({ customerId: id, quote: id });
  });
});
