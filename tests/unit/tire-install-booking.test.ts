import { describe, expect, it } from 'vitest';
import { tireInstallBooking } from '../../src/domain/tires/tire-install-booking.ts';
import { quoteNotes } from '../../src/domain/tires/tire-quote-notes.ts';

const service = (storeServiceId: string, name: string, durationInMinutes: number, isActive = true) => ({ storeServiceId, name, durationInMinutes, isActive });
const four = service('i4', 'Tire Installation (4)', 60);
const two = service('i2', 'Tire Installation (2)', 30);
const rotation = service('r', 'Tire Rotation', 30);
const booked = (services: ReturnType<typeof service>[], tires: number) => {
  const booking = tireInstallBooking(services, tires);
  return booking && [booking.service.storeServiceId, booking.minutes];
};

describe('the install booked for the tires bought', () => {
  it("is the store's install service for that many tires, with its minutes", () => {
    expect(booked([rotation, four, two], 2)).toEqual(['i2', 30]);
    expect(booked([rotation, four, two], 4)).toEqual(['i4', 60]);
  });

  it('without one for that many, takes the nearest and its minutes in proportion, in 15-minute steps', () => {
    expect(booked([rotation, four], 2)).toEqual(['i4', 30]);
    expect(booked([rotation, four], 1)).toEqual(['i4', 15]);
    expect(booked([rotation, four, two], 6)).toEqual(['i4', 90]);
  });

  it('prefers a service naming no count to a wrong count, and books none the store does not offer', () => {
    expect(booked([four, service('m', 'Mount and balance tires', 45)], 2)).toEqual(['m', 45]);
    expect(booked([service('old', 'Tire Installation (2)', 30, false), four], 2)).toEqual(['i4', 30]);
    expect(booked([rotation], 4)).toBeNull();
  });

  it('with no tires chosen yet, is the install of a set of four', () => {
    expect(booked([two, four], 0)).toEqual(['i4', 60]);
    expect(booked([two], 0)).toEqual(['i2', 60]);
  });
});

describe("the staff notes of a quote's install", () => {
  const line = (description: string, quantity: number) => ({
    kind: 'Tire' as const,
    description,
    quantity,
    unitInCents: 100,
    totalInCents: 100 * quantity,
    isTaxable: true,
  });
  const option = (name: string, tires: ReturnType<typeof line>[]) => ({
    name,
    lines: tires,
    tireCount: 4,
    subtotalInCents: 0,
    feesInCents: 0,
    taxableInCents: 0,
    taxInCents: 0,
    totalInCents: 0,
    perTireInCents: null,
  });
  const quote = {
    createdOn: '2026-11-25',
    validUntil: '2026-12-25',
    options: [option('Good', [line('Cooper CS5 225/65R17 102T', 4)]), option('Better', [line('Nokian WR G4 225/65R17 102H', 2)])],
  };

  it('name the option bought and only its tires, once the counter said which', () => {
    expect(quoteNotes(quote, 1)).toBe('Tire quote of 2026-11-25, Better bought: 2 × Nokian WR G4 225/65R17 102H.');
  });

  it('list every option until then', () => {
    expect(quoteNotes(quote)).toBe('Tire quote of 2026-11-25. Good: 4 × Cooper CS5 225/65R17 102T; Better: 2 × Nokian WR G4 225/65R17 102H.');
  });
});
