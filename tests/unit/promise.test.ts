import { describe, expect, it } from 'vitest';
import type { ScheduledService, ScheduledVisit } from '../../src/contract/entities.ts';
import {
  expectedReadyTimes,
  promiseRisk,
  promiseRiskReader,
  promiseTooEarly,
  proposedPickUpTime,
  visitsAtRisk,
  type FloorRows,
  type PromiseStore,
} from '../../src/domain/scheduler/promise.ts';
import { dateFormats } from '../../src/domain/calendar/date-format.ts';
import { at, service, visit } from '../support/store-day-rows.ts';

/*
 * A store in New York open Monday to Friday 8 to 5 and Saturday 8 to 12, closed Sundays. Bay 1 is Ana's, bay 2
 * Ben's, bay 3 nobody's. Monday 1 June 2026 unless a case says otherwise. The clock is given to every call.
 */
const store: PromiseStore = {
  timeZone: 'Eastern Standard Time',
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
};
const openSundays: PromiseStore = { ...store, isOpenSundays: true };
const resources = [
  { schedulerResourceId: 'bay-1', assignedTechnicianId: 'ana' },
  { schedulerResourceId: 'bay-2', assignedTechnicianId: 'ben' },
  { schedulerResourceId: 'bay-3', assignedTechnicianId: null },
];
const floor = (visits: ScheduledVisit[], services: ScheduledService[], extra: Partial<FloorRows> = {}): FloorRows => ({
  visits,
  services,
  resources,
  specialStoreHours: [],
  ...extra,
});
const monday = (time: string) => at(`2026-06-01T${time}:00`);
const tuesday = (time: string) => at(`2026-06-02T${time}:00`);
const wednesday = (time: string) => at(`2026-06-03T${time}:00`);
const saturday = (time: string) => at(`2026-06-06T${time}:00`);
const nextMonday = (time: string) => at(`2026-06-08T${time}:00`);
const bay1 = { resourceId: 'bay-1' };
const bay2 = { resourceId: 'bay-2' };

/** The new visit, checked in at `now` (a walk-in) unless it says otherwise, with its services. */
const newVisit = (now: string, minutes: number[], where: Partial<ScheduledService> = bay1, extra: Partial<ScheduledVisit> = {}) => {
  let start = Date.parse(now);
  return {
    visit: visit('new', { checkInDate: now, ...extra }),
    services: minutes.map((m, i) => {
      const s = service(`new-${i}`, 'new', new Date(start).toISOString(), m, where);
      start += m * 60_000;
      return s;
    }),
  };
};

describe('proposedPickUpTime: the earliest ready-by time the floor can keep', () => {
  const cases: { name: string; now: string; ask: ReturnType<typeof newVisit>; rows?: FloorRows; store?: PromiseStore; ready: string | null }[] = [
    { name: 'one service on an empty floor ends its length after now', now: monday('09:00'), ask: newVisit(monday('09:00'), [60]), ready: monday('10:00') },
    {
      name: 'services of the visit on one bay go one after another',
      now: monday('09:00'),
      ask: newVisit(monday('09:00'), [30, 60]),
      ready: monday('10:30'),
    },
    { name: 'the time is rounded up to the quarter hour', now: monday('09:07'), ask: newVisit(monday('09:07'), [30]), ready: monday('09:45') },
    {
      name: 'a car checked in ahead on the same bay is done first',
      now: monday('09:00'),
      ask: newVisit(monday('09:00'), [60]),
      rows: floor([visit('a', { checkInDate: monday('08:20') })], [service('a1', 'a', monday('08:30'), 90, bay1)]),
      ready: monday('11:30'),
    },
    {
      name: 'work begun ahead counts only what is left of it',
      now: monday('09:30'),
      ask: newVisit(monday('09:30'), [60]),
      rows: floor([visit('a', { checkInDate: monday('08:20'), workStartDate: monday('08:30') })], [service('a1', 'a', monday('08:30'), 90, bay1)]),
      ready: monday('11:00'),
    },
    {
      name: "the technician's jobs ahead count on whatever bay they are",
      now: monday('09:00'),
      ask: newVisit(monday('09:00'), [60]),
      rows: floor([visit('a', { checkInDate: monday('08:50') })], [service('a1', 'a', monday('08:30'), 60, { ...bay2, selectedTechnician: 'ana' })]),
      ready: monday('11:00'),
    },
    {
      name: 'jobs on another technician do not hold this one up',
      now: monday('09:00'),
      ask: newVisit(monday('09:00'), [60]),
      rows: floor([visit('a', { checkInDate: monday('08:50') })], [service('a1', 'a', monday('08:30'), 120, bay2)]),
      ready: monday('10:00'),
    },
    {
      name: 'a car due earlier and not arrived holds no place ahead',
      now: monday('09:00'),
      ask: newVisit(monday('09:00'), [60]),
      rows: floor([visit('a')], [service('a1', 'a', monday('08:00'), 120, bay1)]),
      ready: monday('10:00'),
    },
    {
      name: 'a car booked later is not ahead of a walk-in now',
      now: monday('09:00'),
      ask: newVisit(monday('09:00'), [60]),
      rows: floor([visit('a')], [service('a1', 'a', monday('09:30'), 120, bay1)]),
      ready: monday('10:00'),
    },
    { name: 'before opening the work starts at opening', now: monday('07:00'), ask: newVisit(monday('07:00'), [60]), ready: monday('09:00') },
    {
      name: 'a job that does not fit before closing starts the next open day',
      now: monday('16:30'),
      ask: newVisit(monday('16:30'), [60]),
      ready: tuesday('09:00'),
    },
    {
      name: 'a special day closed is skipped',
      now: monday('16:30'),
      ask: newVisit(monday('16:30'), [60]),
      rows: floor([], [], { specialStoreHours: [{ date: '2026-06-02', isClosed: true, openTime: null, closeTime: null }] }),
      ready: wednesday('09:00'),
    },
    {
      name: 'a special day with short hours is kept to them',
      now: monday('16:30'),
      ask: newVisit(monday('16:30'), [60]),
      rows: floor([], [], { specialStoreHours: [{ date: '2026-06-02', isClosed: false, openTime: '10:00', closeTime: '14:00' }] }),
      ready: tuesday('11:00'),
    },
    {
      name: 'Saturday closes at noon and Sunday is closed, so late Saturday work is ready Monday',
      now: saturday('11:30'),
      ask: newVisit(saturday('11:30'), [60]),
      ready: nextMonday('09:00'),
    },
    {
      name: 'a visit booked for later is ready its length after its booked start',
      now: monday('09:00'),
      ask: newVisit(tuesday('10:00'), [60], bay1, { checkInDate: null }),
      ready: tuesday('11:00'),
    },
    {
      name: 'a job longer than a day runs on into the next open day',
      now: monday('09:00'),
      ask: newVisit(monday('09:00'), [600]),
      ready: tuesday('10:00'),
    },
    {
      name: 'a job on no bay and no technician has a lane of its own',
      now: monday('09:00'),
      ask: newVisit(monday('09:00'), [45], { resourceId: null }),
      rows: floor([visit('a', { checkInDate: monday('08:50') })], [service('a1', 'a', monday('08:30'), 120, { resourceId: null })]),
      ready: monday('09:45'),
    },
    {
      name: 'on the day clocks spring forward, Sunday opens at 8 daylight time',
      now: at('2026-03-07T11:30:00'),
      ask: newVisit(at('2026-03-07T11:30:00'), [60]),
      store: openSundays,
      ready: '2026-03-08T13:00:00.000Z',
    },
    {
      name: 'on the day clocks fall back, Sunday opens at 8 standard time',
      now: at('2026-10-31T11:30:00'),
      ask: newVisit(at('2026-10-31T11:30:00'), [60]),
      store: openSundays,
      ready: '2026-11-01T14:00:00.000Z',
    },
    {
      name: 'a store closed every day has no time to promise',
      now: monday('09:00'),
      ask: newVisit(monday('09:00'), [60]),
      store: {
        ...store,
        isOpenMondays: false,
        isOpenTuesdays: false,
        isOpenWednesdays: false,
        isOpenThursdays: false,
        isOpenFridays: false,
        isOpenSaturdays: false,
      },
      ready: null,
    },
  ];
  it.each(cases)('$name', ({ now, ask, rows, store: shop, ready }) => {
    expect(proposedPickUpTime(shop ?? store, rows ?? floor([], []), ask, new Date(now))).toBe(ready);
  });

  it('names the earliest time when the counter promises earlier, and nothing when it promises later', () => {
    const time = dateFormats('America/New_York').time;
    expect(promiseTooEarly(monday('09:30'), monday('10:00'), time)).toBe('The floor can have it ready by 10:00 AM at the earliest: promise that or later.');
    expect(promiseTooEarly(monday('10:30'), monday('10:00'), time)).toBeNull();
    expect(promiseTooEarly(monday('10:00'), null, time)).toMatch(/no open time/);
  });
});

describe('promiseRisk: an open visit expected ready after its promise is at risk, with the reason', () => {
  const risk = (rows: FloorRows, now: string, id = 'v', shop = store) => {
    const v = rows.visits.find((x) => x.scheduledVisitId === id)!;
    return promiseRisk(v, expectedReadyTimes(shop, rows, new Date(now)).get(id), new Date(now));
  };
  const checkedIn = (extra: Partial<ScheduledVisit> = {}) => visit('v', { checkInDate: monday('08:45'), ...extra });

  const cases: { name: string; rows: FloorRows; now: string; atRisk: boolean; reason: string }[] = [
    {
      name: 'a job not started with time to spare is on track',
      rows: floor([checkedIn({ pickUpTime: monday('11:00') })], [service('s', 'v', monday('09:00'), 60, bay1)]),
      now: monday('09:30'),
      atRisk: false,
      reason: 'work not started, 1 h of work left, 1 h 30 min to the promise',
    },
    {
      name: 'a job that starts late passes its promise',
      rows: floor([checkedIn({ pickUpTime: monday('10:25') })], [service('s', 'v', monday('09:00'), 40, bay1)]),
      now: monday('10:00'),
      atRisk: true,
      reason: 'work not started, 40 min of work left, 25 min to the promise',
    },
    {
      name: 'work started on time is on track',
      rows: floor([checkedIn({ pickUpTime: monday('10:30'), workStartDate: monday('09:00') })], [service('s', 'v', monday('09:00'), 60, bay1)]),
      now: monday('09:30'),
      atRisk: false,
      reason: 'work started, 30 min of work left, 1 h to the promise',
    },
    {
      name: 'approved work added to started work passes the promise',
      rows: floor(
        [checkedIn({ pickUpTime: monday('10:30'), workStartDate: monday('09:00') })],
        [service('s', 'v', monday('09:00'), 60, bay1), service('brakes', 'v', monday('10:00'), 45, bay1)],
      ),
      now: monday('09:30'),
      atRisk: true,
      reason: 'work started, 1 h 15 min of work left, 1 h to the promise',
    },
    {
      name: 'a job behind another on its technician counts the jobs ahead',
      rows: floor(
        [checkedIn({ pickUpTime: monday('11:00') }), visit('a', { checkInDate: monday('08:00'), workStartDate: monday('08:30') })],
        [service('a1', 'a', monday('08:30'), 120, bay1), service('s', 'v', monday('09:00'), 60, bay1)],
      ),
      now: monday('09:00'),
      atRisk: true,
      reason: 'work not started, 1 h of work left, 1 job ahead, 2 h to the promise',
    },
    {
      name: 'the same job reassigned to a free technician keeps the promise',
      rows: floor(
        [checkedIn({ pickUpTime: monday('11:00') }), visit('a', { checkInDate: monday('08:00'), workStartDate: monday('08:30') })],
        [service('a1', 'a', monday('08:30'), 120, bay1), service('s', 'v', monday('09:00'), 60, { ...bay1, selectedTechnician: 'ben' })],
      ),
      now: monday('09:00'),
      atRisk: false,
      reason: 'work not started, 1 h of work left, 2 h to the promise',
    },
    {
      name: 'work running over its length past the promise is at risk',
      rows: floor([checkedIn({ pickUpTime: monday('10:00'), workStartDate: monday('09:00') })], [service('s', 'v', monday('09:00'), 60, bay1)]),
      now: monday('10:15'),
      atRisk: true,
      reason: 'work running over, promise passed 15 min ago',
    },
    {
      name: 'work that cannot finish before closing misses a promise for today',
      rows: floor([checkedIn({ pickUpTime: monday('17:00') })], [service('s', 'v', monday('09:00'), 60, bay1)]),
      now: monday('16:30'),
      atRisk: true,
      reason: 'work not started, 1 h of work left, 30 min to the promise',
    },
    {
      name: 'a car not checked in yet with its booked time ahead is on track',
      rows: floor([visit('v', { pickUpTime: monday('12:00') })], [service('s', 'v', monday('10:00'), 60, bay1)]),
      now: monday('09:00'),
      atRisk: false,
      reason: 'not checked in yet, 1 h of work left, 3 h to the promise',
    },
    {
      name: 'work complete and not marked ready after the promise is at risk',
      rows: floor(
        [checkedIn({ pickUpTime: monday('10:00'), workStartDate: monday('09:00'), workCompleteDate: monday('09:55') })],
        [service('s', 'v', monday('09:00'), 60, bay1)],
      ),
      now: monday('10:05'),
      atRisk: true,
      reason: 'work complete, not marked ready for pickup, promise passed 5 min ago',
    },
    {
      name: 'work complete before the promise is on track',
      rows: floor(
        [checkedIn({ pickUpTime: monday('10:00'), workStartDate: monday('09:00'), workCompleteDate: monday('09:50') })],
        [service('s', 'v', monday('09:00'), 60, bay1)],
      ),
      now: monday('09:55'),
      atRisk: false,
      reason: 'work complete, not marked ready for pickup, 5 min to the promise',
    },
    {
      name: 'a car ready for pickup is never at risk',
      rows: floor(
        [
          checkedIn({
            pickUpTime: monday('10:00'),
            workStartDate: monday('09:00'),
            workCompleteDate: monday('09:50'),
            readyForPickupDate: monday('09:52'),
          }),
        ],
        [service('s', 'v', monday('09:00'), 60, bay1)],
      ),
      now: monday('10:30'),
      atRisk: false,
      reason: 'ready for pickup',
    },
  ];
  it.each(cases)('$name', ({ rows, now, atRisk, reason }) => {
    expect(risk(rows, now)).toEqual({ atRisk, reason });
  });

  it('a visit without a promise has no risk to show', () => {
    expect(risk(floor([checkedIn()], [service('s', 'v', monday('09:00'), 60, bay1)]), monday('09:30'))).toBeNull();
  });

  it('work begun on Saturday goes on after the clocks spring forward on Sunday', () => {
    const rows = floor(
      [visit('v', { checkInDate: at('2026-03-07T10:55:00'), workStartDate: at('2026-03-07T11:00:00'), pickUpTime: at('2026-03-08T09:00:00') })],
      [service('s', 'v', at('2026-03-07T11:00:00'), 120, bay1)],
    );
    const now = new Date(at('2026-03-07T11:30:00'));
    const expected = expectedReadyTimes(openSundays, rows, now).get('v')!;
    // 30 minutes before Saturday's noon closing, the other 60 from Sunday's 8 AM, daylight time (UTC-4).
    expect(expected.readyAt).toBe('2026-03-08T13:00:00.000Z');
    // From 11:30 Saturday to 9 Sunday reads 21 h 30 min on the wall, but the night is an hour short.
    expect(promiseRisk(rows.visits[0]!, expected, now)).toEqual({ atRisk: false, reason: 'work started, 1 h 30 min of work left, 20 h 30 min to the promise' });
  });

  it('canceled and picked-up visits have no expected time, and hold no lane', () => {
    const rows = floor(
      [
        checkedIn({ pickUpTime: monday('10:00') }),
        visit('gone', { checkInDate: monday('08:00'), cancelDate: monday('08:10') }),
        visit('out', { checkInDate: monday('08:00'), checkOutDate: monday('08:40') }),
      ],
      [service('g', 'gone', monday('08:00'), 120, bay1), service('o', 'out', monday('08:00'), 120, bay1), service('s', 'v', monday('09:00'), 60, bay1)],
    );
    const expected = expectedReadyTimes(store, rows, new Date(monday('09:00')));
    expect([...expected.keys()]).toEqual(['v']);
    expect(expected.get('v')!.readyAt).toBe(new Date(monday('10:00')).toISOString());
  });
});

describe('promiseRiskReader: the risk a screen reads as the clock moves', () => {
  it('turns a visit at risk when its job has not started in time, with no change to the rows', () => {
    const v = visit('v', { checkInDate: monday('08:45'), pickUpTime: monday('10:25') });
    const riskAt = promiseRiskReader(store, floor([v], [service('s', 'v', monday('09:00'), 40, bay1)]));
    expect(riskAt(v, new Date(monday('09:30')))).toEqual({ atRisk: false, reason: 'work not started, 40 min of work left, 55 min to the promise' });
    expect(riskAt(v, new Date(monday('10:00')))).toEqual({ atRisk: true, reason: 'work not started, 40 min of work left, 25 min to the promise' });
  });
});

describe('visitsAtRisk: the open visits whose promise is at risk, as home and the calendar list them', () => {
  it('lists only the visits at risk, the soonest promise first, each with its reason', () => {
    const rows = floor(
      [
        visit('late', { checkInDate: monday('08:45'), pickUpTime: monday('10:25') }),
        visit('later', { checkInDate: monday('08:45'), pickUpTime: monday('10:00') }),
        visit('fine', { checkInDate: monday('08:45'), pickUpTime: monday('15:00') }),
        visit('unpromised', { checkInDate: monday('08:45') }),
      ],
      [
        service('s1', 'late', monday('09:00'), 40, bay1),
        service('s2', 'later', monday('09:00'), 60, bay2),
        service('s3', 'fine', monday('09:00'), 60, { resourceId: 'bay-3' }),
        service('s4', 'unpromised', monday('09:30'), 60, { resourceId: null }),
      ],
    );
    expect(visitsAtRisk(store, rows, new Date(monday('10:00')))).toEqual([
      { scheduledVisitId: 'later', pickUpTime: monday('10:00'), reason: 'work not started, 1 h of work left, promise due now' },
      { scheduledVisitId: 'late', pickUpTime: monday('10:25'), reason: 'work not started, 40 min of work left, 25 min to the promise' },
    ]);
  });

  it('lists nothing when every promise can be kept', () => {
    const rows = floor([visit('v', { checkInDate: monday('08:45'), pickUpTime: monday('11:00') })], [service('s', 'v', monday('09:00'), 60, bay1)]);
    expect(visitsAtRisk(store, rows, new Date(monday('09:00')))).toEqual([]);
  });
});
