import { describe, expect, it } from 'vitest';
import { durationProblem, durationText, storeServiceProblems } from '../../src/domain/store/store-service-rules.ts';

describe('a service duration', () => {
  it.each([15, 30, 45, 60, 90, 720])('of %i minutes is taken', (minutes) => {
    expect(durationProblem(minutes)).toBeNull();
  });

  it.each([
    [10, 'A service takes at least 15 minutes'],
    [0, 'A service takes at least 15 minutes'],
    [-15, 'A service takes at least 15 minutes'],
    [22.5, 'Use steps of 15 minutes: 15 or 30'],
    [Number.NaN, 'Enter how long the service takes, in minutes'],
    [20, 'Use steps of 15 minutes: 15 or 30'],
    [50, 'Use steps of 15 minutes: 45 or 60'],
    [735, 'Keep a service under 12 hours; book longer work as several services'],
  ])('of %s minutes is refused: "%s"', (minutes, message) => {
    expect(durationProblem(minutes)).toBe(message);
  });

  it('reads as hours and minutes in the catalogue', () => {
    expect([15, 60, 90, 135].map(durationText)).toEqual(['15 min', '1 h', '1 h 30 min', '2 h 15 min']);
  });
});

describe('a store service', () => {
  it('needs a name, a duration on the grid and a price of 0 or more (or none)', () => {
    expect(storeServiceProblems({ name: ' ', durationInMinutes: 20, priceInCents: -1 })).toEqual({
      name: ['Enter the service name'],
      durationInMinutes: ['Use steps of 15 minutes: 15 or 30'],
      priceInCents: ['Enter a price of 0 or more'],
    });
    expect(storeServiceProblems({ name: 'Oil change', durationInMinutes: 30, priceInCents: null })).toEqual({});
    expect(storeServiceProblems({ name: 'Fleet contract', durationInMinutes: 30, priceInCents: 100_000_000 })).toEqual({
      priceInCents: ['Enter a price under $1,000,000'],
    });
  });
});
