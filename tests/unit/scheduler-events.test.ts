import { describe, expect, it } from 'vitest';
import { isOpenFields } from '../../src/contract/store-week.ts';
import type {
  BlockedTime,
  Customer,
  CustomerVehicle,
  RecurringBlockedTime,
  ScheduledService,
  ScheduledVisit,
  StoreService,
} from '../../src/contract/entities.ts';
import { displayName, licenceText } from '../../src/domain/people/display-name.ts';
import { durationProblems, snapDuration } from '../../src/domain/calendar/durations.ts';
import {
  byTechnician,
  eventIdOf,
  noTechnicianColumn,
  schedulerEvents,
  viewDays,
  weeklyOccurrences,
  type SchedulerRows,
} from '../../src/domain/scheduler/scheduler-events.ts';
import { gridHours, placementWarnings } from '../../src/domain/scheduler/scheduler-rules.ts';
import { defaultWeekdayHours } from '../../src/domain/store/store-hours.ts';
import { wallClockIsoToInstant } from '../../src/domain/calendar/time-zone.ts';

const zone = 'America/Chicago';
const customer = { customerId: 'c1', firstName: 'Dana', lastName: 'Reyes', companyName: null } as Customer;
const vehicle = {
  vehicleId: 'v1',
  customerId: 'c1',
  year: 2019,
  make: 'Honda',
  model: 'Civic',
  trim: null,
  vehicleLicensePlateState: 'IL',
  vehicleLicensePlateNumber: 'ABC123',
} as CustomerVehicle;
const visit = (extra: Partial<ScheduledVisit> = {}): ScheduledVisit => ({
  scheduledVisitId: 'visit-1',
  scheduledVisitHashId: 'h',
  customerId: 'c1',
  vehicleId: 'v1',
  customerVehicleStatus: 1,
  description: null,
  staffNotes: null,
  customerComments: null,
  keyTag: '12',
  isExternal: false,
  scheduledBy: 'Uma',
  tractionInvoiceNumber: null,
  visitAppointmentCount: 1,
  scheduledCustomerCheckIn: null,
  pickUpTime: null,
  confirmationDate: '2026-11-20T15:00:00Z',
  cancelDate: null,
  checkInDate: null,
  workStartDate: null,
  workCompleteDate: null,
  readyForPickupDate: null,
  checkOutDate: null,
  vehicleStatusId: null,
  vehicleInspectionStatus: null,
  inspectionReportId: null,
  legacyVisitId: null,
  tireQuoteId: null,
  ...extra,
});
const service = (id: string, wall: string, minutes: number, extra: Partial<ScheduledService> = {}): ScheduledService => {
  const startDate = wallClockIsoToInstant(wall, zone);
  return {
    scheduledServiceId: id,
    scheduledVisitId: 'visit-1',
    storeServiceId: 'oil',
    resourceId: 'bay-1',
    startDate,
    endDate: new Date(Date.parse(startDate) + minutes * 60_000).toISOString(),
    durationInMinutes: minutes,
    serviceNotes: null,
    selectedTechnician: null,
    ...extra,
  };
};
const rows = (extra: Partial<SchedulerRows> = {}): SchedulerRows => ({
  visits: new Map([['visit-1', visit()]]),
  services: [service('s1', '2026-11-23T09:00:00', 60)],
  blockedTimes: [],
  recurringBlockedTimes: [],
  customers: new Map([['c1', customer]]),
  vehicles: new Map([['v1', vehicle]]),
  storeServices: new Map([['oil', { storeServiceId: 'oil', name: 'Oil Change' } as StoreService]]),
  resources: new Map([
    ['bay-1', { name: 'Bay 1', assignedTechnicianId: 'tech-ana' }],
    ['bay-2', { name: 'Bay 2', assignedTechnicianId: null }],
  ]),
  people: new Map([
    ['tech-ana', 'Ana Ruiz'],
    ['tech-ben', 'Ben Cole'],
  ]),
  ...extra,
});
const monday = { from: '2026-11-23', to: '2026-11-24', timeZone: zone };

describe('the names an entry shows (spec section 3)', () => {
  it.each([
    [{ name: 'Lunch', companyName: 'Acme', firstName: 'A', lastName: 'B' }, 'Lunch'],
    [{ name: null, companyName: 'Acme Fleet', firstName: 'A', lastName: 'B' }, 'Acme Fleet'],
    [{ name: null, companyName: null, firstName: 'Dana', lastName: 'Reyes' }, 'Dana Reyes'],
    [{ name: null, companyName: null, firstName: null, lastName: 'Reyes' }, 'Reyes'],
  ])('%j is shown as %s', (row, shown) => {
    expect(displayName(row)).toBe(shown);
  });

  it('writes a licence as plate state then number', () => {
    expect(licenceText({ vehicleLicensePlateState: 'IL', vehicleLicensePlateNumber: 'ABC123' })).toBe('IL ABC123');
    expect(licenceText({ vehicleLicensePlateState: null, vehicleLicensePlateNumber: 'ABC123' })).toBe('ABC123');
  });

  it('composes an event id of the row id and the event type', () => {
    expect(eventIdOf('abc', 1)).toBe('abc:1');
    expect(eventIdOf('abc', 3)).toBe('abc:3');
  });
});

describe('calendar entries from the replica', () => {
  it("shows an appointment at the store's wall clock with its customer, vehicle, licence, services and status colour", () => {
    const [event] = schedulerEvents(rows(), monday);
    expect(event).toMatchObject({
      eventId: 's1:1',
      eventType: 1,
      startDate: '2026-11-23T09:00:00',
      endDate: '2026-11-23T10:00:00',
      resourceId: 'bay-1',
      displayName: 'Dana Reyes',
      vehicleText: '2019 Honda Civic',
      licence: 'IL ABC123',
      services: ['Oil Change'],
      serviceName: 'Oil Change',
      visitStatus: 'Not Arrived',
      color: '#000000',
      hollow: false,
      editable: true,
      deletable: true,
      timeZone: zone,
    });
  });

  it('keeps 9:00 at 9:00 on the day clocks change', () => {
    const events = schedulerEvents(rows({ services: [service('s1', '2026-11-01T09:00:00', 60)] }), { from: '2026-11-01', to: '2026-11-02', timeZone: zone });
    expect(events[0]).toMatchObject({ startDate: '2026-11-01T09:00:00', endDate: '2026-11-01T10:00:00' });
  });

  it('colours a checked-in visit blue and will not let it be deleted', () => {
    const [event] = schedulerEvents(rows({ visits: new Map([['visit-1', visit({ checkInDate: '2026-11-23T14:55:00Z' })]]) }), monday);
    expect(event).toMatchObject({ visitStatus: 'Checked In', color: '#648FFF', deletable: false, eventType: 1 });
  });

  it('makes a walk-in (confirmed as it was checked in) a visit, type 4', () => {
    const at = '2026-11-23T15:00:00Z';
    const [event] = schedulerEvents(rows({ visits: new Map([['visit-1', visit({ confirmationDate: at, checkInDate: at })]]) }), monday);
    expect(event).toMatchObject({ eventType: 4, eventId: 's1:4' });
  });

  it('draws canceled and picked-up appointments as outlines, the rest filled', () => {
    const canceled = schedulerEvents(rows({ visits: new Map([['visit-1', visit({ cancelDate: '2026-11-22T15:00:00Z' })]]) }), monday)[0]!;
    expect(canceled).toMatchObject({ visitStatus: 'Canceled', hollow: true });
  });

  it('lists every service of a visit on each of its entries, in start order', () => {
    const events = schedulerEvents(
      rows({
        services: [service('s2', '2026-11-23T11:00:00', 30, { storeServiceId: 'rot' }), service('s1', '2026-11-23T09:00:00', 60)],
        storeServices: new Map([
          ['oil', { name: 'Oil Change' } as StoreService],
          ['rot', { name: 'Tire Rotation' } as StoreService],
        ]),
      }),
      monday,
    );
    expect(events.map((e) => [e.eventId, e.services])).toEqual([
      ['s1:1', ['Oil Change', 'Tire Rotation']],
      ['s2:1', ['Oil Change', 'Tire Rotation']],
    ]);
  });

  it('leaves out entries of other days', () => {
    expect(schedulerEvents(rows(), { from: '2026-11-24', to: '2026-11-25', timeZone: zone })).toEqual([]);
  });

  it('draws blocked time hollow and gray, editable; a recurring block repeats weekly until its final date and cannot be dragged', () => {
    const blocked: BlockedTime = {
      blockedTimeId: 'b1',
      resourceId: 'bay-1',
      startDate: wallClockIsoToInstant('2026-11-23T13:00:00', zone),
      endDate: wallClockIsoToInstant('2026-11-23T14:00:00', zone),
      durationInMinutes: 60,
      description: 'Lift service',
    };
    const lunch: RecurringBlockedTime = {
      recurringBlockedTimeId: 'r1',
      resourceId: null,
      startDate: '2026-11-09',
      timeOfDay: '12:00',
      durationInMinutes: 30,
      description: 'Lunch',
      recurrenceEndDate: '2026-11-30',
    };
    const events = schedulerEvents(rows({ services: [], blockedTimes: [blocked], recurringBlockedTimes: [lunch] }), {
      from: '2026-11-23',
      to: '2026-12-14',
      timeZone: zone,
    });
    expect(events.map((e) => [e.eventId, e.startDate, e.hollow, e.color, e.editable, e.displayName])).toEqual([
      ['r1:3', '2026-11-23T12:00:00', true, 'gray', false, 'Lunch'],
      ['b1:2', '2026-11-23T13:00:00', true, 'gray', true, 'Lift service'],
      ['r1:3', '2026-11-30T12:00:00', true, 'gray', false, 'Lunch'],
    ]);
  });

  it('finds the weekly occurrences inside a range, from the first week on', () => {
    expect(weeklyOccurrences({ startDate: '2026-11-25', recurrenceEndDate: null }, '2026-11-23', '2026-12-10')).toEqual([
      '2026-11-25',
      '2026-12-02',
      '2026-12-09',
    ]);
    expect(weeklyOccurrences({ startDate: '2026-01-07', recurrenceEndDate: null }, '2026-11-23', '2026-11-30')).toEqual(['2026-11-25']);
    expect(weeklyOccurrences({ startDate: '2026-11-25', recurrenceEndDate: '2026-11-24' }, '2026-11-23', '2026-12-10')).toEqual([]);
  });

  it('shows a week from Monday to Sunday around the chosen day', () => {
    expect(viewDays('2026-11-26', 'week')).toEqual({ from: '2026-11-23', to: '2026-11-30' });
    expect(viewDays('2026-11-26', 'day')).toEqual({ from: '2026-11-26', to: '2026-11-27' });
  });
});

describe('who does each job (issue 24 item 12)', () => {
  const technicians = [
    { userId: 'tech-ana', name: 'Ana Ruiz' },
    { userId: 'tech-ben', name: 'Ben Cole' },
  ];
  const resources = rows().resources;

  it.each([
    ['the technician chosen for it', { selectedTechnician: 'tech-ben' }, 'tech-ben', 'Ben Cole'],
    ["its bay's technician when nobody was chosen", {}, 'tech-ana', 'Ana Ruiz'],
    ['nobody when nobody was chosen and its bay has no technician', { resourceId: 'bay-2' }, null, null],
  ])('names %s', (_, extra, technicianId, technicianName) => {
    const [event] = schedulerEvents(rows({ services: [service('s1', '2026-11-23T09:00:00', 60, extra)] }), monday);
    expect(event).toMatchObject({ technicianId, technicianName });
  });

  it('names the bay of each entry, and no bay for a block of the whole store', () => {
    const whole: BlockedTime = {
      blockedTimeId: 'b1',
      resourceId: null,
      startDate: wallClockIsoToInstant('2026-11-23T12:00:00', zone),
      endDate: wallClockIsoToInstant('2026-11-23T12:30:00', zone),
      durationInMinutes: 30,
      description: 'Lunch',
    };
    const events = schedulerEvents(rows({ blockedTimes: [whole] }), monday);
    expect(events.map((e) => [e.eventId, e.resourceName])).toEqual([
      ['s1:1', 'Bay 1'],
      ['b1:2', null],
    ]);
  });

  it("puts each job in its technician's column by technician, the jobs nobody does in their own column, and keeps each job's bay", () => {
    const events = schedulerEvents(
      rows({
        services: [
          service('s1', '2026-11-23T09:00:00', 60),
          service('s2', '2026-11-23T10:00:00', 60, { selectedTechnician: 'tech-ben' }),
          service('s3', '2026-11-23T11:00:00', 60, { resourceId: 'bay-2' }),
        ],
      }),
      monday,
    );
    const view = byTechnician(events, technicians, resources);
    expect(view.columns).toEqual([{ id: 'tech-ana', title: 'Ana Ruiz' }, { id: 'tech-ben', title: 'Ben Cole' }, noTechnicianColumn]);
    expect(view.events.map((e) => [e.eventId, e.resourceId, e.sourceResourceId])).toEqual([
      ['s1:1', 'tech-ana', 'bay-1'],
      ['s2:1', 'tech-ben', 'bay-1'],
      ['s3:1', noTechnicianColumn.id, 'bay-2'],
    ]);
  });

  it("adds a column for someone doing a job who is not one of the store's technicians", () => {
    const events = schedulerEvents(
      rows({ services: [service('s1', '2026-11-23T09:00:00', 60, { selectedTechnician: 'admin-1' })], people: new Map([['admin-1', 'Pat Admin']]) }),
      monday,
    );
    expect(byTechnician(events, technicians, resources).columns.map((c) => c.title)).toEqual(['Ana Ruiz', 'Ben Cole', 'Pat Admin', noTechnicianColumn.title]);
  });

  it("shows a bay's block in its technician's column, a store block in every column, and no block of a bay nobody works at", () => {
    const block = (id: string, resourceId: string | null): BlockedTime => ({
      blockedTimeId: id,
      resourceId,
      startDate: wallClockIsoToInstant('2026-11-23T13:00:00', zone),
      endDate: wallClockIsoToInstant('2026-11-23T14:00:00', zone),
      durationInMinutes: 60,
      description: id,
    });
    const events = schedulerEvents(
      rows({ services: [], blockedTimes: [block('ana-bay', 'bay-1'), block('store', null), block('empty-bay', 'bay-2')] }),
      monday,
    );
    expect(byTechnician(events, technicians, resources).events.map((e) => [e.displayName, e.resourceId])).toEqual([
      ['ana-bay', 'tech-ana'],
      ['store', null],
    ]);
  });

  it('reads the day by technician as one day', () => {
    expect(viewDays('2026-11-26', 'technicians')).toEqual({ from: '2026-11-26', to: '2026-11-27' });
  });
});

describe('durations (spec section 5)', () => {
  it.each([
    [1, 15],
    [14, 15],
    [22, 15],
    [23, 30],
    [50, 45],
    [61, 60],
    [0, 15],
  ])('snaps %i minutes to %i', (minutes, snapped) => {
    expect(snapDuration(minutes)).toBe(snapped);
  });
  it('says what is wrong with a duration', () => {
    expect(durationProblems(10)).toEqual({ durationInMinutes: ['A service lasts at least 15 minutes'] });
    expect(durationProblems(40)).toEqual({ durationInMinutes: ['Durations go in steps of 15 minutes: use 45'] });
    expect(durationProblems(45)).toEqual({});
  });
});

describe('what a move asks about first', () => {
  const store = { ...defaultWeekdayHours, ...Object.fromEntries(isOpenFields.map((f) => [f, f !== 'isOpenSundays'])) } as Parameters<
    typeof placementWarnings
  >[2];
  const events = schedulerEvents(
    rows({
      services: [service('s1', '2026-11-23T09:00:00', 60), service('s9', '2026-11-23T15:00:00', 60, { scheduledVisitId: 'visit-1', resourceId: 'bay-2' })],
      blockedTimes: [
        {
          blockedTimeId: 'b1',
          resourceId: null,
          startDate: wallClockIsoToInstant('2026-11-23T12:00:00', zone),
          endDate: wallClockIsoToInstant('2026-11-23T12:30:00', zone),
          durationInMinutes: 30,
          description: 'Lunch',
        },
      ],
    }),
    monday,
  );
  const names = (id: string | null) => (id === 'bay-1' ? 'Bay 1' : 'Bay 2');

  it('lets a move into a free slot inside hours go ahead', () => {
    expect(
      placementWarnings({ eventId: 's9:1', resourceId: 'bay-2', startDate: '2026-11-23T10:00:00', endDate: '2026-11-23T11:00:00' }, events, store, [], names),
    ).toEqual([]);
  });
  it('asks before moving over another appointment of the same column', () => {
    expect(
      placementWarnings({ eventId: 's9:1', resourceId: 'bay-1', startDate: '2026-11-23T09:30:00', endDate: '2026-11-23T10:30:00' }, events, store, [], names),
    ).toEqual(["It overlaps Dana Reyes's appointment on Bay 1."]);
  });
  it('asks before moving onto blocked time or outside hours', () => {
    expect(
      placementWarnings({ eventId: 's9:1', resourceId: 'bay-2', startDate: '2026-11-23T12:00:00', endDate: '2026-11-23T13:00:00' }, events, store, [], names),
    ).toEqual(['It overlaps blocked time: Lunch.']);
    expect(
      placementWarnings({ eventId: 's9:1', resourceId: 'bay-2', startDate: '2026-11-23T17:30:00', endDate: '2026-11-23T18:30:00' }, events, store, [], names),
    ).toEqual(["It is outside the store's hours (8 AM–6 PM)."]);
    expect(
      placementWarnings(
        { eventId: 's9:1', resourceId: 'bay-2', startDate: '2026-11-26T10:00:00', endDate: '2026-11-26T11:00:00' },
        [],
        store,
        [{ date: '2026-11-26', isClosed: true, openTime: null, closeTime: null, description: 'Thanksgiving' }],
        names,
      ),
    ).toEqual(['The store is closed that day (Thanksgiving).']);
  });
  it('shapes the grid by the hours of the shown days, widened to every entry', () => {
    expect(gridHours(['2026-11-23'], store, [], [])).toEqual({ slotMinTime: '08:00', slotMaxTime: '18:00' });
    expect(gridHours(['2026-11-23'], store, [{ date: '2026-11-23', isClosed: false, openTime: '10:00', closeTime: '14:30', description: null }], [])).toEqual({
      slotMinTime: '10:00',
      slotMaxTime: '15:00',
    });
    expect(gridHours(['2026-11-23'], store, [], [{ startDate: '2026-11-23T07:15:00', endDate: '2026-11-23T08:00:00' }])).toEqual({
      slotMinTime: '07:00',
      slotMaxTime: '18:00',
    });
  });
});
