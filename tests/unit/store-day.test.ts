import { describe, expect, it } from 'vitest';
import type { InspectionItem, InspectionReport, ScheduledVisit, SchedulerResource, UnconfirmedVisit } from '../../src/contract/entities.ts';
import {
  dayIndexOf,
  inspectionsAwaitingAnswer,
  jobsNobodyHas,
  lateJobs,
  nextArrivals,
  readyForPickup,
  requestsToConfirm,
  storeCalendar,
  storeDayAt,
  technicianLoad,
  vehiclesHere,
  visitSpans,
  visitsByStatus,
} from '../../src/domain/store/store-day.ts';
import { at, hour, ny, service, visit } from '../support/store-day-rows.ts';

const ids = (rows: readonly { visit: ScheduledVisit }[]) => rows.map((r) => r.visit.scheduledVisitId);

describe("the store's days", () => {
  it.each([
    ['a spring-forward day in New York', '2026-03-08', '2026-03-09', ny, [23]],
    ['a fall-back day in New York', '2026-11-01', '2026-11-02', ny, [25]],
    ['the days around the spring change', '2026-03-07', '2026-03-10', ny, [24, 23, 24]],
    ['the spring-forward day in Sydney, in October', '2026-10-04', '2026-10-05', 'Australia/Sydney', [23]],
    ['a day in Tokyo, where clocks never change', '2026-03-08', '2026-03-09', 'Asia/Tokyo', [24]],
    ['an empty period', '2026-06-09', '2026-06-09', ny, []],
  ])('last as long as the store lives them on %s', (_name, from, to, timeZone, hours) => {
    const { bounds, dates } = storeCalendar({ from, to, timeZone });
    expect(dates).toHaveLength(hours.length);
    expect(dates.map((_, i) => (bounds[i + 1]! - bounds[i]!) / hour)).toEqual(hours);
  });

  it.each([
    ['the last second before midnight belongs to the day before', at('2026-03-07T23:59:59'), 0],
    ['midnight starts the day', at('2026-03-08T00:00:00'), 1],
    ['3:00 right after the skipped hour is the same day', '2026-03-08T07:00:00.000Z', 1],
    ['the next midnight starts the next day', at('2026-03-09T00:00:00'), 2],
    ['the end of the period is outside it', at('2026-03-10T00:00:00'), -1],
    ['a time before the period is outside it', '2026-03-01T12:00:00.000Z', -1],
  ])('place an instant: %s', (_name, instant, index) => {
    const calendar = storeCalendar({ from: '2026-03-07', to: '2026-03-10', timeZone: ny });
    expect(dayIndexOf(calendar, Date.parse(instant))).toBe(index);
  });

  it('place nothing in an empty period', () => {
    expect(dayIndexOf(storeCalendar({ from: '2026-06-09', to: '2026-06-09', timeZone: ny }), Date.parse('2026-06-09T12:00:00Z'))).toBe(-1);
  });

  it("take today from the store's clock, not UTC's: 23:30 on the spring-forward evening is still that day, 23 hours long", () => {
    const day = storeDayAt(new Date('2026-03-09T03:30:00Z'), ny);
    expect(day).toMatchObject({ date: '2026-03-08', start: Date.parse(at('2026-03-08T00:00:00')), now: Date.parse('2026-03-09T03:30:00Z') });
    expect((day.end - day.start) / hour).toBe(23);
    expect(storeDayAt(new Date('2026-03-09T03:30:00Z'), 'Asia/Tokyo').date).toBe('2026-03-09');
  });
});

describe('today by status', () => {
  // Sunday 8 March 2026, the day New York skips 2:00 to 3:00.
  const visits = [
    visit('early', { cancelDate: '2026-03-06T12:00:00.000Z' }),
    visit('after-skip'),
    visit('checked-in', { checkInDate: at('2026-03-08T08:55:00') }),
    visit('picked-up', {
      checkInDate: at('2026-03-08T09:50:00'),
      workStartDate: at('2026-03-08T10:00:00'),
      workCompleteDate: at('2026-03-08T10:40:00'),
      readyForPickupDate: at('2026-03-08T10:45:00'),
      checkOutDate: at('2026-03-08T11:00:00'),
    }),
    visit('late-night', { confirmationDate: null }),
    visit('eve'),
    visit('next-day'),
    visit('no-services'),
  ];
  const services = [
    service('s-early', 'early', at('2026-03-08T01:30:00'), 30),
    service('s-after-skip', 'after-skip', '2026-03-08T07:00:00.000Z', 60),
    service('s-checked-in', 'checked-in', at('2026-03-08T09:00:00'), 60),
    service('s-picked-up', 'picked-up', at('2026-03-08T10:00:00'), 45),
    // Starts on the 8th, its second service after midnight.
    service('s-late-night-1', 'late-night', at('2026-03-08T23:30:00'), 60),
    service('s-late-night-2', 'late-night', at('2026-03-09T00:30:00'), 30),
    // Starts the evening before and runs into the 8th.
    service('s-eve', 'eve', at('2026-03-07T23:00:00'), 120),
    service('s-next-day', 'next-day', at('2026-03-09T00:00:00'), 60),
  ];
  const spans = visitSpans(services);

  it("lists every status in the spec's order with its colour, count and visits, a visit spanning midnight on the day it starts", () => {
    const tiles = visitsByStatus(visits, spans, storeDayAt(new Date(at('2026-03-08T12:00:00')), ny));
    expect(tiles.map((t) => [t.status, t.color, t.count, t.visitIds])).toEqual([
      ['Canceled', '#898E8C', 1, ['early']],
      ['Unconfirmed', '#DC267F', 1, ['late-night']],
      ['Not Arrived', '#000000', 1, ['after-skip']],
      ['Checked In', '#648FFF', 1, ['checked-in']],
      ['Service Started', '#FFB000', 0, []],
      ['Service Finished', '#FE6100', 0, []],
      ['Ready For Pickup', '#117733', 0, []],
      ['Picked Up', '#785EF0', 1, ['picked-up']],
    ]);
  });

  it('does not count the visit that spans midnight again on the next day', () => {
    const tiles = visitsByStatus(visits, spans, storeDayAt(new Date(at('2026-03-09T12:00:00')), ny));
    expect(tiles.filter((t) => t.count > 0).map((t) => [t.status, t.visitIds])).toEqual([['Not Arrived', ['next-day']]]);
  });

  it('counts both 1:30s of the fall-back day and its last half hour on that day, and the next midnight on the next', () => {
    const fallBack = ['05:30', '06:30'].map((time) => `2026-11-01T${time}:00.000Z`).concat('2026-11-02T04:30:00.000Z', '2026-11-02T05:00:00.000Z');
    const rows = fallBack.map((start, i) => service(`s${i}`, `v${i}`, start, 30));
    const tiles = visitsByStatus(
      rows.map((s) => visit(s.scheduledVisitId)),
      visitSpans(rows),
      storeDayAt(new Date('2026-11-01T17:00:00Z'), ny),
    );
    expect(tiles.find((t) => t.status === 'Not Arrived')?.visitIds).toEqual(['v0', 'v1', 'v2']);
  });

  it.each([
    // 23:30 and 01:00 in New York; 20:30 and 22:00 in Los Angeles; 12:30 and 14:00 the next day in Tokyo.
    [ny, '2026-06-08T16:00:00Z', 1],
    ['America/Los_Angeles', '2026-06-08T19:00:00Z', 2],
    ['Asia/Tokyo', '2026-06-09T03:00:00Z', 2],
    ['Asia/Tokyo', '2026-06-08T03:00:00Z', 0],
  ])("counts the same two visits by the midnight of the store's own zone (%s at %s: %i)", (zone, now, count) => {
    const rows = [service('a', 'a', '2026-06-09T03:30:00.000Z', 30), service('b', 'b', '2026-06-09T05:00:00.000Z', 30)];
    const tiles = visitsByStatus([visit('a'), visit('b')], visitSpans(rows), storeDayAt(new Date(now), zone));
    expect(tiles.reduce((sum, t) => sum + t.count, 0)).toBe(count);
  });
});

describe('the next arrivals', () => {
  const visits = [
    visit('overdue'),
    visit('drop-off', { scheduledCustomerCheckIn: at('2026-06-09T09:45:00') }),
    visit('eleven'),
    visit('canceled', { cancelDate: '2026-06-08T12:00:00.000Z' }),
    visit('in-early', { checkInDate: at('2026-06-09T09:20:00') }),
    visit('unconfirmed', { confirmationDate: null }),
    visit('one'),
    visit('tomorrow'),
  ];
  const spans = visitSpans([
    service('1', 'overdue', at('2026-06-09T09:00:00'), 60),
    service('2', 'drop-off', at('2026-06-09T10:00:00'), 60),
    service('3', 'eleven', at('2026-06-09T11:00:00'), 60),
    service('4', 'canceled', at('2026-06-09T10:15:00'), 60),
    service('5', 'in-early', at('2026-06-09T10:30:00'), 60),
    service('6', 'unconfirmed', at('2026-06-09T12:00:00'), 60),
    service('7', 'one', at('2026-06-09T13:00:00'), 60),
    service('8', 'tomorrow', at('2026-06-10T08:00:00'), 60),
  ]);
  const day = storeDayAt(new Date(at('2026-06-09T09:30:00')), ny);

  it.each([
    [3, ['drop-off', 'eleven', 'unconfirmed']],
    [10, ['drop-off', 'eleven', 'unconfirmed', 'one']],
    [0, []],
  ])("are today's customers still to come from now, soonest first, at most %i", (limit, expected) => {
    expect(ids(nextArrivals(visits, spans, day, limit))).toEqual(expected);
  });

  it('expect a customer at their booked check-in rather than their first service', () => {
    expect(nextArrivals(visits, spans, day, 1)[0]?.arrivesAt).toBe(at('2026-06-09T09:45:00'));
  });
});

describe('the vehicles here now', () => {
  const now = new Date('2026-06-09T16:00:00Z');
  const here = vehiclesHere(
    [
      visit('w1', { checkInDate: '2026-06-09T15:30:00.000Z' }),
      visit('w2', {
        checkInDate: '2026-06-09T14:00:00.000Z',
        workStartDate: '2026-06-09T14:10:00.000Z',
        workCompleteDate: '2026-06-09T15:40:00.000Z',
        readyForPickupDate: '2026-06-09T15:50:00.000Z',
      }),
      // A device clock a minute ahead checked this one in: it has waited no time, not minus one minute.
      visit('ahead', { checkInDate: '2026-06-09T16:01:00.000Z' }),
      visit('d1', { customerVehicleStatus: 2, checkInDate: '2026-06-08T14:00:00.000Z' }),
      visit('p1', { customerVehicleStatus: 3, checkInDate: '2026-06-09T15:00:00.000Z' }),
      visit('n1', { customerVehicleStatus: null, checkInDate: '2026-06-09T15:59:30.000Z' }),
      visit('gone', { checkInDate: '2026-06-09T13:00:00.000Z', checkOutDate: '2026-06-09T15:00:00.000Z' }),
      visit('canceled', { checkInDate: '2026-06-09T13:00:00.000Z', cancelDate: '2026-06-09T13:30:00.000Z' }),
      visit('not-in'),
    ],
    now,
  );

  it('split waiting, dropped off, pickup & delivery and not said, with whole minutes since check-in, longest first', () => {
    const shown = (list: { visit: ScheduledVisit; minutesWaited: number }[]) => list.map((v) => [v.visit.scheduledVisitId, v.minutesWaited]);
    expect(shown(here.waiting)).toEqual([
      ['w2', 120],
      ['w1', 30],
      ['ahead', 0],
    ]);
    expect(shown(here.droppedOff)).toEqual([['d1', 1560]]);
    expect(shown(here.pickupAndDelivery)).toEqual([['p1', 60]]);
    expect(shown(here.notSaid)).toEqual([['n1', 0]]);
  });

  it('are ready for pickup when marked ready and not picked up, longest ready first', () => {
    const ready = readyForPickup(
      [
        visit('r1', { checkInDate: '2026-06-09T14:00:00.000Z', readyForPickupDate: '2026-06-09T15:40:00.000Z' }),
        visit('r2', { checkInDate: '2026-06-09T13:00:00.000Z', readyForPickupDate: '2026-06-09T14:30:00.000Z' }),
        visit('r3', { readyForPickupDate: '2026-06-09T14:30:00.000Z', checkOutDate: '2026-06-09T15:00:00.000Z' }),
        visit('r4', { readyForPickupDate: '2026-06-09T14:30:00.000Z', cancelDate: '2026-06-09T15:00:00.000Z' }),
        visit('r5', { checkInDate: '2026-06-09T14:00:00.000Z' }),
      ],
      now,
    );
    expect(ready.map((r) => [r.visit.scheduledVisitId, r.minutesReady])).toEqual([
      ['r2', 90],
      ['r1', 20],
    ]);
  });
});

describe("the counter's waiting answers", () => {
  const request = (unconfirmedVisitId: string, requestedStartDate: string, extra: Partial<UnconfirmedVisit> = {}): UnconfirmedVisit => ({
    unconfirmedVisitId,
    firstName: 'Rae',
    lastName: null,
    email: null,
    phoneNumber: null,
    preferredContactMethod: 'Phone',
    vehicleDescription: null,
    storeServiceId: null,
    requestedStartDate,
    customerComments: null,
    submittedOn: '2026-05-30T12:00:00.000Z',
    confirmedVisitId: null,
    declinedOn: null,
    declineReason: null,
    textConsent: false,
    scheduledVisitId: null,
    ...extra,
  });

  it('lists the appointment requests nobody confirmed or declined, soonest requested first, one whose time passed included', () => {
    const open = requestsToConfirm([
      request('a', '2026-06-12T14:00:00.000Z'),
      request('b', '2026-06-10T14:00:00.000Z'),
      request('c', '2026-06-09T14:00:00.000Z', { confirmedVisitId: 'v' }),
      request('d', '2026-06-09T15:00:00.000Z', { declinedOn: '2026-06-01T12:00:00.000Z', declineReason: 'Closed' }),
      request('e', '2026-06-01T14:00:00.000Z'),
    ]);
    expect(open.map((r) => r.unconfirmedVisitId)).toEqual(['e', 'b', 'a']);
  });

  const report = (id: string, sentAt: string | null): InspectionReport => ({
    inspectionReportId: id,
    inspectionReportHashId: `report-hash-of-${id}-0000`,
    scheduledVisitId: `visit-${id}`,
    vehicleId: null,
    technicianId: null,
    groups: [],
    startedAt: '2026-06-09T11:00:00.000Z',
    completedAt: '2026-06-09T11:40:00.000Z',
    sentAt,
    approvedByName: null,
    approvedAt: null,
    decisionLog: [],
  });
  const item = (
    inspectionReportId: string,
    itemId: string,
    status: InspectionItem['status'],
    customerDecision: InspectionItem['customerDecision'] = null,
  ): InspectionItem => ({
    inspectionReportId,
    itemId,
    status,
    notes: 'Worn',
    measurement: null,
    customerDecision,
    decidedAt: customerDecision ? '2026-06-09T15:30:00.000Z' : null,
    decidedByName: customerDecision ? 'Rae' : null,
    fix: null,
  });

  it('lists inspections sent with a Failed or Warning item unanswered, for cars still here, longest waiting first', () => {
    const waiting = inspectionsAwaitingAnswer(
      [
        report('A', '2026-06-09T15:00:00.000Z'),
        report('B', '2026-06-09T14:00:00.000Z'),
        report('C', null),
        report('D', '2026-06-09T14:00:00.000Z'),
        report('E', '2026-06-09T13:00:00.000Z'),
        report('F', '2026-06-09T12:00:00.000Z'),
      ],
      [
        item('A', 'a1', 'Failed'),
        item('A', 'a2', 'Failed', 'Approved'),
        item('A', 'a3', 'Warning'),
        item('A', 'a4', 'Passed'),
        item('B', 'b1', 'Failed', 'Declined'),
        item('C', 'c1', 'Failed'),
        item('D', 'd1', 'Failed'),
        item('E', 'e1', 'Passed'),
        item('E', 'e2', 'NotInspected'),
        item('F', 'f1', 'Warning'),
      ],
      [visit('visit-A'), visit('visit-D', { checkInDate: '2026-06-09T10:00:00.000Z', checkOutDate: '2026-06-09T15:30:00.000Z' }), visit('visit-F')],
      new Date('2026-06-09T16:00:00Z'),
    );
    expect(waiting.map((w) => [w.report.inspectionReportId, w.unanswered, w.minutesSinceSent])).toEqual([
      ['F', 1, 240],
      ['A', 2, 60],
    ]);
  });
});

describe("the lead technician's bay", () => {
  const resources: SchedulerResource[] = [
    { schedulerResourceId: 'bay-1', name: 'Bay 1', assignedTechnicianId: 'tech-ana', sortOrder: 0, isActive: true },
    { schedulerResourceId: 'bay-2', name: 'Bay 2', assignedTechnicianId: null, sortOrder: 1, isActive: true },
  ];
  const visits = [
    visit('v1', { checkInDate: at('2026-06-09T08:50:00') }),
    visit('v2'),
    visit('v3', { checkInDate: at('2026-06-09T10:20:00') }),
    visit('v4', { checkInDate: at('2026-06-09T07:50:00'), workStartDate: at('2026-06-09T08:00:00'), workCompleteDate: at('2026-06-09T08:55:00') }),
    visit('v5', { cancelDate: at('2026-06-09T07:00:00') }),
    visit('v6'),
    visit('v7'),
  ];
  const services = [
    service('s1', 'v1', at('2026-06-09T09:00:00'), 60, { resourceId: 'bay-1' }),
    service('s2', 'v2', at('2026-06-09T10:00:00'), 30, { resourceId: 'bay-2' }),
    service('s3', 'v3', at('2026-06-09T10:30:00'), 60, { selectedTechnician: 'tech-ben' }),
    service('s4', 'v4', at('2026-06-09T08:00:00'), 60, { resourceId: 'bay-2' }),
    service('s9', 'v4', at('2026-06-09T08:00:00'), 45, { resourceId: 'bay-1' }),
    service('s5', 'v5', at('2026-06-09T12:00:00'), 60, { resourceId: 'bay-2' }),
    service('s6', 'v6', at('2026-06-10T09:00:00'), 60, { resourceId: 'bay-2' }),
    // One visit across midnight: both its jobs are today's.
    service('s7', 'v7', at('2026-06-09T23:00:00'), 60, { resourceId: 'bay-1' }),
    service('s8', 'v7', at('2026-06-10T00:30:00'), 30, { selectedTechnician: 'tech-ana' }),
  ];
  const spans = visitSpans(services);
  const day = storeDayAt(new Date(at('2026-06-09T11:00:00')), ny);

  it("shows the open jobs of today nobody has, neither chosen nor on a technician's column", () => {
    expect(jobsNobodyHas(services, visits, spans, resources, day).map((j) => j.service.scheduledServiceId)).toEqual(['s2']);
  });

  it("shows today's unfinished jobs past their booked end, latest first, with the minutes they run over", () => {
    expect(lateJobs(services, visits, spans, day).map((j) => [j.service.scheduledServiceId, j.minutesLate])).toEqual([
      ['s1', 60],
      ['s2', 30],
    ]);
  });

  it('gives each technician listed their load, idle ones at 0, then anyone else with work, minutes left without finished jobs', () => {
    expect(technicianLoad(services, visits, spans, resources, day, ['tech-ana', 'tech-cy'])).toEqual([
      { technicianId: 'tech-ana', jobs: 4, bookedMinutes: 195, minutesLeft: 150 },
      { technicianId: 'tech-cy', jobs: 0, bookedMinutes: 0, minutesLeft: 0 },
      { technicianId: 'tech-ben', jobs: 1, bookedMinutes: 60, minutesLeft: 60 },
    ]);
  });
});
