import { describe, expect, it } from 'vitest';
import { freeSlotAt, freeSlots, nearestFreeSlots, type FreeDay, type SlotAsk, type SlotRows, type SlotStore } from '../../src/domain/scheduler/free-slots.ts';
import { at, minutesAfter } from '../support/store-day-rows.ts';

/*
 * A store in New York open Monday to Friday 8 to 5 and Saturday 8 to 12, on a 30-minute grid. Bay 1 does oil changes
 * and tires, bay 2 oil changes and alignments; bay 3 would do tires but is not in use. Monday 1 June 2026, 7 AM.
 */
const store: SlotStore = {
  timeZone: 'Eastern Standard Time',
  calendarInterval: 30,
  onlineAppointmentsEnabled: true,
  isOpenMondays: true,
  isOpenTuesdays: true,
  isOpenWednesdays: true,
  isOpenThursdays: true,
  isOpenFridays: true,
  isOpenSaturdays: true,
  isOpenSundays: false,
  mondayOpenTime: '08:00',
  mondayCloseTime: '17:00',
  tuesdayOpenTime: '08:00',
  tuesdayCloseTime: '17:00',
  wednesdayOpenTime: '08:00',
  wednesdayCloseTime: '17:00',
  thursdayOpenTime: '08:00',
  thursdayCloseTime: '17:00',
  fridayOpenTime: '08:00',
  fridayCloseTime: '17:00',
  saturdayOpenTime: '08:00',
  saturdayCloseTime: '12:00',
  sundayOpenTime: '08:00',
  sundayCloseTime: '17:00',
  mondayAppointmentsEnabled: true,
  tuesdayAppointmentsEnabled: true,
  wednesdayAppointmentsEnabled: true,
  thursdayAppointmentsEnabled: true,
  fridayAppointmentsEnabled: true,
  saturdayAppointmentsEnabled: true,
  sundayAppointmentsEnabled: true,
};
const oil = { storeServiceId: 'oil', durationInMinutes: 30 };
const tires = { storeServiceId: 'tires', durationInMinutes: 60 };
const alignment = { storeServiceId: 'alignment', durationInMinutes: 90 };
const rows: SlotRows = {
  specialStoreHours: [],
  resources: [
    { schedulerResourceId: 'bay-2', isActive: true, sortOrder: 2 },
    { schedulerResourceId: 'bay-1', isActive: true, sortOrder: 1 },
    { schedulerResourceId: 'bay-3', isActive: false, sortOrder: 3 },
  ],
  resourceServices: [
    { schedulerResourceId: 'bay-1', storeServiceId: 'oil' },
    { schedulerResourceId: 'bay-1', storeServiceId: 'tires' },
    { schedulerResourceId: 'bay-2', storeServiceId: 'oil' },
    { schedulerResourceId: 'bay-2', storeServiceId: 'alignment' },
    { schedulerResourceId: 'bay-3', storeServiceId: 'tires' },
  ],
  scheduledServices: [],
  visits: [],
  requests: [],
  storeServices: [oil, tires, alignment],
  blockedTimes: [],
  recurringBlockedTimes: [],
};
const ask: SlotAsk = {
  services: [oil],
  checkOutMethod: 'Waiting',
  now: new Date(at('2026-06-01T07:00:00')),
  leadMinutes: 0,
  horizonDays: 14,
  dailyCapMinutes: null,
};

/** The wall-clock times from `first` to `last`, every `step` minutes. */
function times(first: string, last: string, step = 30): string[] {
  const minutes = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3));
  const list: string[] = [];
  for (let m = minutes(first); m <= minutes(last); m += step) list.push(`${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`);
  return list;
}

/** A scheduled service of a visit on a resource, from a wall-clock time at the store. */
const booked = (visitId: string, resourceId: string | null, wall: string, minutes: number) => {
  const startDate = at(wall);
  return { scheduledVisitId: visitId, resourceId, startDate, endDate: minutesAfter(startDate, minutes), durationInMinutes: minutes };
};
const blocked = (resourceId: string | null, wall: string, minutes: number) => {
  const startDate = at(wall);
  return { resourceId, startDate, endDate: minutesAfter(startDate, minutes) };
};
const request = (storeServiceId: string, wall: string, declinedOn: string | null = null) => ({
  storeServiceId,
  requestedStartDate: at(wall),
  confirmedVisitId: null,
  declinedOn,
});
const special = (date: string, openTime: string | null, closeTime: string | null) => ({ date, openTime, closeTime, isClosed: openTime === null });

interface Case {
  store?: Partial<SlotStore>;
  rows?: Partial<SlotRows>;
  ask?: Partial<SlotAsk>;
}
const dayOf = (change: Case, date: string): FreeDay | undefined =>
  freeSlots({ ...store, ...change.store }, { ...rows, ...change.rows }, { ...ask, ...change.ask }).find((d) => d.date === date);

describe('free appointment times', () => {
  // Tuesday 2 June unless the case says otherwise.
  it.each<[string, Case, string, string[]]>([
    ['a weekday offers every half hour from opening until the work would end after closing', {}, '2026-06-02', times('08:00', '16:30')],
    ['a 15-minute calendar interval offers every quarter hour', { store: { calendarInterval: 15 } }, '2026-06-02', times('08:00', '16:30', 15)],
    ["Saturday's short hours end the times at 11:30", {}, '2026-06-06', times('08:00', '11:30')],
    [
      'a special day with short hours offers only those hours',
      { rows: { specialStoreHours: [special('2026-06-02', '10:00', '13:00')] } },
      '2026-06-02',
      times('10:00', '12:30'),
    ],
    [
      'a special day opens a Sunday the store is usually closed',
      { rows: { specialStoreHours: [special('2026-06-07', '09:00', '11:00')] } },
      '2026-06-07',
      times('09:00', '10:30'),
    ],
    [
      'the lead time keeps the times before it (now 9:10, two hours ahead)',
      { ask: { now: new Date(at('2026-06-02T09:10:00')), leadMinutes: 120 } },
      '2026-06-02',
      times('11:30', '16:30'),
    ],
    [
      'a blocked time on the only bay for tires takes its hours (9 to 12)',
      { ask: { services: [tires] }, rows: { blockedTimes: [blocked('bay-1', '2026-06-02T09:00:00', 180)] } },
      '2026-06-02',
      ['08:00', ...times('12:00', '16:00')],
    ],
    [
      'a blocked time of the whole store blocks every bay (12 to 1)',
      { rows: { blockedTimes: [blocked(null, '2026-06-02T12:00:00', 60)] } },
      '2026-06-02',
      [...times('08:00', '11:30'), ...times('13:00', '16:30')],
    ],
    [
      'a weekly blocked time takes its hours every week (Tuesdays 1 to 3)',
      {
        ask: { services: [tires] },
        rows: {
          recurringBlockedTimes: [{ resourceId: 'bay-1', startDate: '2026-05-05', timeOfDay: '13:00', durationInMinutes: 120, recurrenceEndDate: null }],
        },
      },
      '2026-06-02',
      [...times('08:00', '12:00'), ...times('15:00', '16:00')],
    ],
    [
      'a weekly blocked time ended the week before takes nothing',
      {
        ask: { services: [tires] },
        rows: {
          recurringBlockedTimes: [
            { resourceId: 'bay-1', startDate: '2026-05-05', timeOfDay: '13:00', durationInMinutes: 120, recurrenceEndDate: '2026-05-26' },
          ],
        },
      },
      '2026-06-02',
      times('08:00', '16:00'),
    ],
    [
      'bookings on both bays for oil fill the morning',
      {
        rows: { scheduledServices: [booked('v1', 'bay-1', '2026-06-02T08:00:00', 120), booked('v2', 'bay-2', '2026-06-02T08:00:00', 150)] },
      },
      '2026-06-02',
      times('10:00', '16:30'),
    ],
    [
      'a booking on one bay leaves the other for oil',
      { rows: { scheduledServices: [booked('v1', 'bay-1', '2026-06-02T08:00:00', 540)] } },
      '2026-06-02',
      times('08:00', '16:30'),
    ],
    [
      'a bay not linked to tires takes none, however free; nor does a bay out of use',
      {
        ask: { services: [tires] },
        rows: { scheduledServices: [booked('v1', 'bay-1', '2026-06-02T08:00:00', 540)] },
      },
      '2026-06-02',
      [],
    ],
    [
      'a canceled visit takes no time',
      {
        rows: {
          scheduledServices: [booked('v1', 'bay-1', '2026-06-02T08:00:00', 540), booked('v1', 'bay-2', '2026-06-02T08:00:00', 540)],
          visits: [{ scheduledVisitId: 'v1', cancelDate: '2026-06-01T12:00:00.000Z' }],
        },
      },
      '2026-06-02',
      times('08:00', '16:30'),
    ],
    [
      'a visit not yet confirmed takes its time like any other',
      {
        rows: {
          scheduledServices: [booked('v1', 'bay-1', '2026-06-02T08:00:00', 540), booked('v1', 'bay-2', '2026-06-02T08:00:00', 540)],
          visits: [{ scheduledVisitId: 'v1', cancelDate: null }],
        },
      },
      '2026-06-02',
      [],
    ],
    [
      "an open request holds its service's time on the first bay free then",
      { ask: { services: [tires] }, rows: { requests: [request('tires', '2026-06-02T10:00:00')] } },
      '2026-06-02',
      [...times('08:00', '09:00'), ...times('11:00', '16:00')],
    ],
    [
      'a declined request holds nothing',
      { ask: { services: [tires] }, rows: { requests: [request('tires', '2026-06-02T10:00:00', '2026-06-01T12:00:00.000Z')] } },
      '2026-06-02',
      times('08:00', '16:00'),
    ],
    [
      'two open requests for oil at 10 take both bays',
      { rows: { requests: [request('oil', '2026-06-02T10:00:00'), request('oil', '2026-06-02T10:00:00')] } },
      '2026-06-02',
      [...times('08:00', '09:30'), ...times('10:30', '16:30')],
    ],
    ['two services in sequence on a bay that does both end by closing (1 h 30)', { ask: { services: [oil, tires] } }, '2026-06-02', times('08:00', '15:30')],
    [
      'two services no bay does both of go in parallel, the longer ending by closing',
      { ask: { services: [tires, alignment] } },
      '2026-06-02',
      times('08:00', '15:30'),
    ],
    [
      "a waiter's work cannot wait for a bay: not while it is busy (2 to 3), nor when it would run into it",
      {
        ask: { services: [alignment] },
        rows: { scheduledServices: [booked('v1', 'bay-2', '2026-06-02T14:00:00', 60)] },
      },
      '2026-06-02',
      [...times('08:00', '12:30'), ...times('15:00', '15:30')],
    ],
    [
      "a dropped-off car's work waits for the bay's next free time that ends by closing",
      {
        ask: { services: [alignment], checkOutMethod: 'DropOff' },
        rows: { scheduledServices: [booked('v1', 'bay-2', '2026-06-02T14:00:00', 60)] },
      },
      '2026-06-02',
      times('08:00', '15:30'),
    ],
    [
      'the daily cap admits work that reaches it exactly (7 h 30 booked on no bay, 30 min asked, 8 h cap)',
      {
        ask: { dailyCapMinutes: 480 },
        rows: { scheduledServices: [booked('v1', null, '2026-06-02T08:00:00', 450)] },
      },
      '2026-06-02',
      times('08:00', '16:30'),
    ],
  ])('%s', (_name, change, date, expected) => {
    const day = dayOf(change, date);
    expect(day?.unavailable).toBeNull();
    expect(day?.slots.map((s) => s.time)).toEqual(expected);
  });

  it.each<[string, Case, string, string]>([
    ['a weekday the store is closed (Sunday)', {}, '2026-06-07', 'closed'],
    ['a special day closed', { rows: { specialStoreHours: [special('2026-06-02', null, null)] } }, '2026-06-02', 'closed'],
    ['a weekday with appointments off', { store: { tuesdayAppointmentsEnabled: false } }, '2026-06-02', 'appointmentsOff'],
    [
      'a special day on a weekday with appointments off',
      { store: { sundayAppointmentsEnabled: false }, rows: { specialStoreHours: [special('2026-06-07', '09:00', '11:00')] } },
      '2026-06-07',
      'appointmentsOff',
    ],
    ['every day when online appointments are off', { store: { onlineAppointmentsEnabled: false } }, '2026-06-02', 'appointmentsOff'],
    [
      'a day the asked work would take past the daily cap (7 h 30 booked, 1 h asked, 8 h cap)',
      {
        ask: { services: [tires], dailyCapMinutes: 480 },
        rows: { scheduledServices: [booked('v1', null, '2026-06-02T08:00:00', 450)] },
      },
      '2026-06-02',
      'dailyCap',
    ],
    [
      'a day at the cap through an open request',
      {
        ask: { dailyCapMinutes: 60 },
        rows: { requests: [request('tires', '2026-06-02T10:00:00')] },
      },
      '2026-06-02',
      'dailyCap',
    ],
  ])('offer nothing on %s, and say why', (_name, change, date, why) => {
    const day = dayOf(change, date);
    expect(day).toEqual({ date, unavailable: why, slots: [] });
  });

  it('count canceled visits out of the daily cap', () => {
    const day = dayOf(
      {
        ask: { dailyCapMinutes: 480 },
        rows: {
          scheduledServices: [booked('v1', null, '2026-06-02T08:00:00', 480)],
          visits: [{ scheduledVisitId: 'v1', cancelDate: '2026-06-01T12:00:00.000Z' }],
        },
      },
      '2026-06-02',
    );
    expect(day?.slots).toHaveLength(18);
  });

  it("list every day of the horizon from the store's today, and none after", () => {
    const days = freeSlots(store, rows, { ...ask, horizonDays: 3 });
    expect(days.map((d) => [d.date, d.slots.length])).toEqual([
      ['2026-06-01', 18],
      ['2026-06-02', 18],
      ['2026-06-03', 18],
    ]);
  });

  it("take today from the store's clock: 11 PM in New York is already tomorrow in UTC", () => {
    const days = freeSlots(store, rows, { ...ask, now: new Date(at('2026-06-01T23:00:00')), horizonDays: 1 });
    expect(days.map((d) => [d.date, d.slots.length])).toEqual([['2026-06-01', 0]]);
  });

  it('narrow to the asked dates within the horizon', () => {
    const days = freeSlots(store, rows, { ...ask, horizonDays: 7, dates: { from: '2026-06-05', to: '2026-06-20' } });
    expect(days.map((d) => d.date)).toEqual(['2026-06-05', '2026-06-06', '2026-06-07']);
  });

  it('place each service of a sequence after the one before on the first bay free, by sort order', () => {
    const slot = dayOf({ ask: { services: [oil, tires] } }, '2026-06-02')?.slots[0];
    expect(slot).toEqual({
      startDate: at('2026-06-02T08:00:00'),
      time: '08:00',
      jobs: [
        { storeServiceId: 'oil', resourceId: 'bay-1', startDate: at('2026-06-02T08:00:00'), endDate: at('2026-06-02T08:30:00'), durationInMinutes: 30 },
        { storeServiceId: 'tires', resourceId: 'bay-1', startDate: at('2026-06-02T08:30:00'), endDate: at('2026-06-02T09:30:00'), durationInMinutes: 60 },
      ],
    });
  });

  it('start services in parallel together on a bay each', () => {
    const slot = dayOf({ ask: { services: [tires, alignment] } }, '2026-06-02')?.slots[0];
    expect(slot?.jobs.map((j) => [j.storeServiceId, j.resourceId, j.startDate, j.endDate])).toEqual([
      ['tires', 'bay-1', at('2026-06-02T08:00:00'), at('2026-06-02T09:00:00')],
      ['alignment', 'bay-2', at('2026-06-02T08:00:00'), at('2026-06-02T09:30:00')],
    ]);
  });

  it("put a dropped-off car's work where the bay is next free, after it arrives", () => {
    const day = dayOf(
      { ask: { services: [alignment], checkOutMethod: 'DropOff' }, rows: { scheduledServices: [booked('v1', 'bay-2', '2026-06-02T14:00:00', 60)] } },
      '2026-06-02',
    );
    const slot = day?.slots.find((s) => s.time === '13:00');
    expect(slot?.jobs).toEqual([
      { storeServiceId: 'alignment', resourceId: 'bay-2', startDate: at('2026-06-02T15:00:00'), endDate: at('2026-06-02T16:30:00'), durationInMinutes: 90 },
    ]);
  });

  it('take an oil change on bay 2 when bay 1 is booked', () => {
    const day = dayOf({ rows: { scheduledServices: [booked('v1', 'bay-1', '2026-06-02T08:00:00', 540)] } }, '2026-06-02');
    expect(new Set(day?.slots.flatMap((s) => s.jobs.map((j) => j.resourceId)))).toEqual(new Set(['bay-2']));
  });
});

describe('free appointment times on the days New York changes its clocks', () => {
  const march = { ...ask, now: new Date('2026-03-01T12:00:00Z') };
  const november = { ...ask, now: new Date('2026-10-25T12:00:00Z') };

  it.each<[string, SlotAsk, ReturnType<typeof special>, [string, string][]]>([
    [
      'spring forward: 2:00 and 2:30 do not exist, and 1:30 is 30 minutes before 3:00',
      march,
      special('2026-03-08', '01:00', '04:00'),
      [
        ['01:00', '2026-03-08T06:00:00.000Z'],
        ['01:30', '2026-03-08T06:30:00.000Z'],
        ['03:00', '2026-03-08T07:00:00.000Z'],
        ['03:30', '2026-03-08T07:30:00.000Z'],
      ],
    ],
    [
      "spring forward: a waiter's hour from 1:30 ends at 3:30 by the clock, before closing",
      { ...march, services: [tires] },
      special('2026-03-08', '01:00', '04:00'),
      [
        ['01:00', '2026-03-08T06:00:00.000Z'],
        ['01:30', '2026-03-08T06:30:00.000Z'],
        ['03:00', '2026-03-08T07:00:00.000Z'],
      ],
    ],
    [
      'spring forward: daytime hours are in daylight time',
      march,
      special('2026-03-08', '08:00', '09:00'),
      [
        ['08:00', '2026-03-08T12:00:00.000Z'],
        ['08:30', '2026-03-08T12:30:00.000Z'],
      ],
    ],
    [
      'fall back: every time of the grid once, the repeated hour at its first pass',
      november,
      special('2026-11-01', '00:00', '03:00'),
      [
        ['00:00', '2026-11-01T04:00:00.000Z'],
        ['00:30', '2026-11-01T04:30:00.000Z'],
        ['01:00', '2026-11-01T05:00:00.000Z'],
        ['01:30', '2026-11-01T05:30:00.000Z'],
        ['02:00', '2026-11-01T07:00:00.000Z'],
        ['02:30', '2026-11-01T07:30:00.000Z'],
      ],
    ],
    [
      "fall back: a waiter's hour from 2:30 would end after closing at 3:00",
      { ...november, services: [tires] },
      special('2026-11-01', '00:00', '03:00'),
      [
        ['00:00', '2026-11-01T04:00:00.000Z'],
        ['00:30', '2026-11-01T04:30:00.000Z'],
        ['01:00', '2026-11-01T05:00:00.000Z'],
        ['01:30', '2026-11-01T05:30:00.000Z'],
        ['02:00', '2026-11-01T07:00:00.000Z'],
      ],
    ],
    [
      'fall back: daytime hours are in standard time',
      november,
      special('2026-11-01', '08:00', '09:00'),
      [
        ['08:00', '2026-11-01T13:00:00.000Z'],
        ['08:30', '2026-11-01T13:30:00.000Z'],
      ],
    ],
  ])('%s', (_name, asked, day, expected) => {
    const found = freeSlots(store, { ...rows, specialStoreHours: [day] }, asked).find((d) => d.date === day.date);
    expect(found?.slots.map((s) => [s.time, s.startDate])).toEqual(expected);
  });

  it.each([
    ['the Saturday before spring forward is in standard time', march, '2026-03-07', '2026-03-07T13:00:00.000Z'],
    ['the Monday after spring forward is in daylight time', march, '2026-03-09', '2026-03-09T12:00:00.000Z'],
    ['the Saturday before fall back is in daylight time', november, '2026-10-31', '2026-10-31T12:00:00.000Z'],
    ['the Monday after fall back is in standard time', november, '2026-11-02', '2026-11-02T13:00:00.000Z'],
  ])("open at 8 by the store's clock on %s", (_name, asked, date, first) => {
    expect(freeSlots(store, rows, asked).find((d) => d.date === date)?.slots[0]?.startDate).toBe(first);
  });

  it('block a weekly time at its wall-clock hour across the change', () => {
    const weekly = { resourceId: null, startDate: '2026-03-02', timeOfDay: '08:00', durationInMinutes: 60, recurrenceEndDate: null };
    const days = freeSlots(store, { ...rows, recurringBlockedTimes: [weekly] }, march);
    expect(days.find((d) => d.date === '2026-03-02')?.slots[0]?.time).toBe('09:00');
    expect(days.find((d) => d.date === '2026-03-09')?.slots[0]?.startDate).toBe('2026-03-09T13:00:00.000Z');
  });
});

describe('a chosen time, asked again before it is booked', () => {
  it('is free with where its work goes while nothing took it', () => {
    expect(freeSlotAt(store, rows, ask, at('2026-06-02T10:00:00'))?.jobs.map((j) => j.resourceId)).toEqual(['bay-1']);
  });

  it('goes to the second customer on the other bay, and to no third once both hold a request', () => {
    const first = [request('oil', '2026-06-02T10:00:00')];
    expect(freeSlotAt(store, { ...rows, requests: first }, ask, at('2026-06-02T10:00:00'))?.jobs.map((j) => j.resourceId)).toEqual(['bay-2']);
    const both = [...first, request('oil', '2026-06-02T10:00:00')];
    expect(freeSlotAt(store, { ...rows, requests: both }, ask, at('2026-06-02T10:00:00'))).toBeNull();
  });

  it.each([
    ['off the grid', ask, at('2026-06-02T10:10:00')],
    ['inside the lead time', { ...ask, now: new Date(at('2026-06-02T09:00:00')), leadMinutes: 120 }, at('2026-06-02T10:00:00')],
    ['past the horizon', { ...ask, horizonDays: 1 }, at('2026-06-02T10:00:00')],
    ['in the past', ask, at('2026-05-29T10:00:00')],
    ['on a closed day', ask, at('2026-06-07T10:00:00')],
  ])('is refused %s', (_name, asked, startDate) => {
    expect(freeSlotAt(store, rows, asked, startDate)).toBeNull();
  });
});

describe('the nearest free times to a time that filled', () => {
  const full = { ...rows, scheduledServices: [booked('v1', 'bay-1', '2026-06-02T09:00:00', 120), booked('v2', 'bay-2', '2026-06-02T09:00:00', 120)] };
  const days = freeSlots(store, full, ask);

  it.each([
    [
      'the three nearest, the earlier of two as near first, in time order',
      at('2026-06-02T10:00:00'),
      3,
      ['2026-06-02T08:30:00', '2026-06-02T11:00:00', '2026-06-02T11:30:00'],
    ],
    ["across midnight: the evening's last and the morning's first", at('2026-06-02T00:15:00'), 2, ['2026-06-01T16:30:00', '2026-06-02T08:00:00']],
    ['none when none are asked for', at('2026-06-02T10:00:00'), 0, []],
  ])('are %s', (_name, startDate, count, expected) => {
    expect(nearestFreeSlots(days, startDate, count).map((s) => s.startDate)).toEqual(expected.map((wall) => at(wall)));
  });
});
