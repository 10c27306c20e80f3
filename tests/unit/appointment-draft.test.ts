import { describe, expect, it } from 'vitest';
import type { Customer, SchedulerResource, StoreService } from '../../src/contract/entities.ts';
import {
  type AgreedAppointment,
  type AppointmentDraft,
  appointmentBooking,
  appointmentProblems,
  noTires,
  startingDraft,
  withBay,
  withCustomer,
  withFitting,
  withServices,
} from '../../src/features/scheduler/appointment-draft.ts';
import type { BookingCatalogue } from '../../src/features/scheduler/use-scheduler.ts';

const column = (id: string, technician: string | null): SchedulerResource => ({
  schedulerResourceId: id,
  name: id,
  sortOrder: 1,
  assignedTechnicianId: technician,
  isActive: true,
});
const service = (id: string, minutes: number) => ({ storeServiceId: id, name: id, durationInMinutes: minutes, isActive: true }) as StoreService;
const catalogue: BookingCatalogue = {
  services: [service('oil', 30), service('rotation', 20), service('install4', 60), service('install2', 45)],
  able: [],
  columns: [column('bay1', 'ann'), column('bay2', 'bob')],
  technicians: [
    { userId: 'ann', name: 'Ann' },
    { userId: 'bob', name: 'Bob' },
  ],
};
const pat = { customerId: 'pat', firstName: 'Pat' } as Customer;
const sam = { customerId: 'sam', firstName: 'Sam' } as Customer;
const slot = { resourceId: 'bay1', startDate: '2030-06-04T09:00:00', endDate: '2030-06-04T10:00:00' };
const quote: AgreedAppointment = {
  customer: pat,
  vehicleId: 'car',
  serviceIds: ['install4'],
  staffNotes: 'Quoted: Good, Better',
  tireQuoteId: 'q1',
  tireOptions: [
    {
      name: 'Good',
      tires: [{ tireId: 't1', description: 'Tire A', quantity: 2 }],
      staffNotes: 'Bought: Good',
      install: { serviceIds: ['install2'], minutes: 45 },
    },
    {
      name: 'Better',
      tires: [{ tireId: 't2', description: 'Tire B', quantity: 4 }],
      staffNotes: 'Bought: Better',
      install: { serviceIds: ['install4'], minutes: 60 },
    },
  ],
};
const draft = (changes: Partial<AppointmentDraft> = {}) => ({ ...startingDraft(slot, catalogue), ...changes });

describe("the new appointment's draft", () => {
  it("starts on the slot's bay with that bay's technician and the slot's length", () => {
    expect(draft()).toMatchObject({ resourceId: 'bay1', technicianId: 'ann', date: '2030-06-04', time: '09:00', minutes: 60, fitting: null });
  });

  it("starts, by technician, on the technician's own bay", () => {
    expect(startingDraft({ ...slot, resourceId: null, technicianId: 'bob' }, catalogue)).toMatchObject({ resourceId: 'bay2', technicianId: 'bob' });
  });

  it("starts with an agreed quote's services, their minutes and the only option's tires", () => {
    const one = { ...quote, tireOptions: quote.tireOptions!.slice(0, 1) };
    expect(startingDraft(slot, catalogue, one)).toMatchObject({ customer: pat, serviceIds: ['install4'], minutes: 60, fitting: '0' });
  });

  it('takes the minutes of the services chosen (50) to the nearest quarter hour, and keeps them when none is left', () => {
    const chosen = withServices(draft(), catalogue, ['oil', 'rotation']);
    expect(chosen.minutes).toBe(45);
    expect(withServices(chosen, catalogue, []).minutes).toBe(45);
  });

  it('moves the technician with the bay, unless someone else was chosen for the job', () => {
    expect(withBay(draft(), catalogue, 'bay2').technicianId).toBe('bob');
    expect(withBay(draft({ technicianId: null }), catalogue, 'bay2').technicianId).toBeNull();
  });

  it('forgets the vehicle when another customer is chosen', () => {
    expect(withCustomer(draft({ customer: pat, vehicleId: 'car' }), sam)).toMatchObject({ customer: sam, vehicleId: null });
  });

  it("takes the bought option's notes, install and minutes while nobody changed the quote's", () => {
    const start = startingDraft(slot, catalogue, quote);
    expect(withFitting(start, quote, '0')).toMatchObject({ staffNotes: 'Bought: Good', serviceIds: ['install2'], minutes: 45 });
    const edited = { ...start, staffNotes: 'Customer waits', serviceIds: ['oil'] };
    expect(withFitting(edited, quote, '0')).toMatchObject({ staffNotes: 'Customer waits', serviceIds: ['oil'] });
    expect(withFitting(withFitting(start, quote, '0'), quote, '1')).toMatchObject({ staffNotes: 'Bought: Better', serviceIds: ['install4'], minutes: 60 });
  });

  it('says what is missing, by field', () => {
    expect(appointmentProblems(draft({ resourceId: null, time: '9', minutes: 10 }), catalogue, quote)).toEqual({
      customer: 'Choose the customer, or create one.',
      resource: 'Choose the bay.',
      time: 'Enter the start time, such as 09:30.',
      minutes: expect.any(String),
      tires: 'Choose the option the customer is buying, or no tires.',
    });
    expect(appointmentProblems(draft({ customer: pat }), catalogue)).toEqual({});
  });

  it('refuses fewer minutes than the services need one after another', () => {
    const chosen = { ...withServices(draft({ customer: pat }), catalogue, ['oil', 'install4']), minutes: 30 };
    expect(appointmentProblems(chosen, catalogue).minutes).toBe('These services need at least 45 minutes one after another.');
  });
});

describe('the booking a draft makes', () => {
  let n = 0;
  const context = { timeZone: 'America/Chicago', today: '2030-06-04', newId: () => `id${++n}`, newHashId: () => 'hash' };

  it("books the services one after another on the bay, the last taking what is left, in the store's zone", () => {
    const chosen = { ...withServices(draft({ customer: pat }), catalogue, ['oil', 'rotation']), minutes: 90 };
    const { visit, services } = appointmentBooking({ ...chosen, customer: pat }, catalogue, context);
    expect(services.map((s) => [s.storeServiceId, s.startDate, s.durationInMinutes, s.resourceId, s.selectedTechnician])).toEqual([
      ['oil', '2030-06-04T14:00:00.000Z', 30, 'bay1', 'ann'],
      ['rotation', '2030-06-04T14:30:00.000Z', 60, 'bay1', 'ann'],
    ]);
    expect(visit).toMatchObject({ customerId: 'pat', scheduledCustomerCheckIn: '2030-06-04T14:00:00.000Z', walkIn: false, tireQuoteId: null });
  });

  it('checks a walk-in in only today', () => {
    const walkIn = draft({ customer: pat, walkIn: true });
    expect(appointmentBooking({ ...walkIn, customer: pat }, catalogue, context).visit.walkIn).toBe(true);
    expect(appointmentBooking({ ...walkIn, customer: pat }, catalogue, { ...context, today: '2030-06-05' }).visit.walkIn).toBe(false);
  });

  it("fits a row per tire of the option bought and keeps the quote only for the quote's customer", () => {
    const bought = withFitting(startingDraft(slot, catalogue, quote), quote, '1');
    const booking = appointmentBooking({ ...bought, customer: pat }, catalogue, { ...context, initial: quote });
    expect(booking.tires.map((t) => [t.tireId, t.position])).toEqual([
      ['t2', 0],
      ['t2', 1],
      ['t2', 2],
      ['t2', 3],
    ]);
    expect(booking.visit.tireQuoteId).toBe('q1');
    expect(appointmentBooking({ ...bought, customer: sam }, catalogue, { ...context, initial: quote }).visit.tireQuoteId).toBeNull();
    expect(appointmentBooking({ ...withFitting(bought, quote, noTires), customer: pat }, catalogue, { ...context, initial: quote }).tires).toEqual([]);
  });
});
