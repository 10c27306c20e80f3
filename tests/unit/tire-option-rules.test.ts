import { describe, expect, it } from 'vitest';
import { tireOptionProblems } from '../../src/domain/tires/tire-option-rules.ts';

describe('a store tire service or warranty, as Retail Management sets it', () => {
  it.each([
    [{ type: 'PromisePlus', isEnabled: true, priceInCents: 2000 }, {}],
    [{ type: 'PromisePlus', isEnabled: true, priceInCents: 0 }, {}],
    [{ type: 'PromisePlus', isEnabled: false, priceInCents: null }, {}],
    [{ type: 'PromisePlusNational', isEnabled: false, priceInCents: 3500 }, {}],
    [{ type: 'PromisePlus', isEnabled: true, priceInCents: null }, { priceInCents: ['Enter a price per tire to offer Promise Plus, or switch it off'] }],
    [
      { type: 'PromisePlusAllWheelDrive', isEnabled: true, priceInCents: null },
      { priceInCents: ['Enter a price per tire to offer Promise Plus All-Wheel Drive, or switch it off'] },
    ],
    [{ type: 'TireStudding', isEnabled: true, priceInCents: null }, { priceInCents: ['Enter a price per tire to offer Tire Studding, or switch it off'] }],
  ] as const)('%j: %j', (option, problems) => {
    expect(tireOptionProblems(option)).toEqual(problems);
  });
});
