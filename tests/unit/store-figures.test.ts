import { Temporal } from 'temporal-polyfill';
import { describe, expect, it } from 'vitest';
import type {
  BlockedTime,
  InspectionItem,
  Rating,
  RecurringBlockedTime,
  SchedulerResource,
  SpecialStoreHours,
  StoreMessage,
} from '../../src/contract/entities.ts';
import { isOpenFields } from '../../src/contract/store-week.ts';
import type { TireQuote } from '../../src/contract/tire-pricing.ts';
import { visitSpans, visitStatuses, type VisitStatus } from '../../src/domain/store/store-day.ts';
import {
  appointmentsByStatusPerDay,
  bayUtilisation,
  carCount,
  firstReplyTimes,
  inspectionDecisions,
  noShowsAndCancellations,
  ratingsByIsoWeek,
  technicianUtilisation,
  timePerJob,
  tireQuotesBooked,
  tireQuotesSent,
  type UtilisationRows,
} from '../../src/domain/figures/store-figures.ts';
import { defaultWeekdayHours, type WeekdayHours } from '../../src/domain/store/store-hours.ts';
import { at, ny, service, visit } from '../support/store-day-rows.ts';

const message = (storeMessageId: string, sentOn: string, extra: Partial<StoreMessage> = {}): StoreMessage => ({
  storeMessageId,
  customerId: null,
  visitId: null,
  name: null,
  email: null,
  phoneNumber: null,
  preferredContactMethod: 'Sms',
  messageDeliveryMethod: 'Sms',
  messageDirection: 'Inbound',
  templateType: 'Incoming',
  content: 'Is my car ready?',
  sentOn,
  customerInquiryType: null,
  storeServiceId: null,
  isArchived: false,
  repliedToByUserId: null,
  repliedToByUserName: null,
  deliveryStatus: null,
  deliveryProblem: null,
  ...extra,
});
const reply = (storeMessageId: string, sentOn: string, extra: Partial<StoreMessage> = {}) =>
  message(storeMessageId, sentOn, {
    messageDirection: 'Outbound',
    templateType: 'FreeForm',
    content: 'It is, see you soon.',
    deliveryStatus: 'Delivered',
    ...extra,
  });
const statuses = (counts: Partial<Record<VisitStatus, number>>) => ({ ...Object.fromEntries(visitStatuses.map((s) => [s, 0])), ...counts });

describe('the car count', () => {
  it("counts the cars checked in each store day, 23 hours on the spring-forward day, leaving out canceled visits and the period's end", () => {
    const count = carCount(
      [
        visit('a', { checkInDate: at('2026-03-07T23:59:00') }),
        visit('b', { checkInDate: '2026-03-08T07:00:00.000Z' }),
        visit('c', { checkInDate: at('2026-03-08T23:59:00') }),
        visit('d', { checkInDate: at('2026-03-09T00:00:00') }),
        visit('e', { checkInDate: at('2026-03-09T10:00:00'), cancelDate: at('2026-03-09T10:30:00') }),
        visit('f', { checkInDate: at('2026-03-10T00:00:00') }),
        visit('g'),
      ],
      { from: '2026-03-07', to: '2026-03-10', timeZone: ny },
    );
    expect(count).toEqual({
      total: 4,
      perDay: [
        { date: '2026-03-07', count: 1 },
        { date: '2026-03-08', count: 2 },
        { date: '2026-03-09', count: 1 },
      ],
    });
  });

  it.each([
    // 23:59 and 00:00 in Kolkata; both on the afternoon of 9 June in New York.
    ['Asia/Kolkata', 1],
    [ny, 2],
  ])("counts the same check-ins by the midnight of the store's zone (%s: %i)", (timeZone, total) => {
    const visits = [visit('a', { checkInDate: '2026-06-09T18:29:00.000Z' }), visit('b', { checkInDate: '2026-06-09T18:30:00.000Z' })];
    expect(carCount(visits, { from: '2026-06-09', to: '2026-06-10', timeZone }).total).toBe(total);
  });
});

describe('appointments by status per day', () => {
  it('lists each day of the fall-back weekend with its visits by status, a visit across midnight on its first day', () => {
    const services = [
      service('1', 'a', at('2026-10-31T10:00:00'), 60),
      service('2', 'b', '2026-11-01T06:30:00.000Z', 30),
      service('3', 'c', at('2026-11-01T23:30:00'), 90),
      service('4', 'd', at('2026-11-02T09:00:00'), 60),
      service('5', 'e', at('2026-11-03T09:00:00'), 60),
    ];
    const visits = [
      visit('a'),
      visit('b', { checkInDate: '2026-11-01T06:25:00.000Z' }),
      visit('c', { cancelDate: '2026-10-30T12:00:00.000Z' }),
      visit('d', {
        checkInDate: at('2026-11-02T08:55:00'),
        workStartDate: at('2026-11-02T09:00:00'),
        workCompleteDate: at('2026-11-02T09:50:00'),
        readyForPickupDate: at('2026-11-02T09:55:00'),
        checkOutDate: at('2026-11-02T10:10:00'),
      }),
      visit('e'),
    ];
    expect(appointmentsByStatusPerDay(visits, visitSpans(services), { from: '2026-10-31', to: '2026-11-03', timeZone: ny })).toEqual([
      { date: '2026-10-31', total: 1, byStatus: statuses({ 'Not Arrived': 1 }) },
      { date: '2026-11-01', total: 2, byStatus: statuses({ 'Checked In': 1, Canceled: 1 }) },
      { date: '2026-11-02', total: 1, byStatus: statuses({ 'Picked Up': 1 }) },
    ]);
  });
});

describe('no-shows and cancellations', () => {
  const services = [
    service('1', 'n1', at('2026-03-07T10:00:00'), 60),
    service('2', 'n2', '2026-03-08T07:30:00.000Z', 60),
    service('3', 'n3', at('2026-03-08T09:00:00'), 60),
    service('4', 'n4', at('2026-03-08T10:00:00'), 60),
    service('5', 'n5', at('2026-03-08T11:00:00'), 60),
    service('6', 'n6', at('2026-03-09T09:00:00'), 60),
    service('7', 'n7', at('2026-03-09T10:00:00'), 60),
    service('8', 'n8', at('2026-03-08T23:30:00'), 60),
  ];
  const visits = [
    visit('n1'),
    visit('n2'),
    visit('n3', { confirmationDate: null }),
    visit('n4', { cancelDate: '2026-03-06T12:00:00.000Z' }),
    visit('n5', { checkInDate: at('2026-03-08T10:55:00') }),
    visit('n6'),
    visit('n7', { cancelDate: '2026-03-08T12:00:00.000Z' }),
    visit('n8'),
  ];

  it('counts a confirmed visit never checked in once its day is over, and cancellations on the day they were booked for', () => {
    const figures = noShowsAndCancellations(
      visits,
      visitSpans(services),
      { from: '2026-03-07', to: '2026-03-10', timeZone: ny },
      new Date(at('2026-03-09T12:00:00')),
    );
    expect(figures).toEqual({
      booked: 8,
      noShows: 3,
      cancellations: 2,
      perDay: [
        { date: '2026-03-07', booked: 1, noShows: 1, cancellations: 0 },
        { date: '2026-03-08', booked: 5, noShows: 2, cancellations: 1 },
        { date: '2026-03-09', booked: 2, noShows: 0, cancellations: 1 },
      ],
    });
  });
});

describe('bay and technician utilisation', () => {
  const week: WeekdayHours = { ...defaultWeekdayHours, ...Object.fromEntries(isOpenFields.map((f) => [f, f !== 'isOpenSundays'])) } as WeekdayHours;
  const special = (date: string, openTime: string | null, closeTime: string | null): SpecialStoreHours => ({
    specialStoreHoursId: `special-${date}`,
    storeLocationId: 1,
    date,
    openTime,
    closeTime,
    isClosed: openTime === null,
    description: null,
  });
  const resource = (schedulerResourceId: string, sortOrder: number, assignedTechnicianId: string | null, isActive = true): SchedulerResource => ({
    schedulerResourceId,
    name: schedulerResourceId.replace('bay-', 'Bay '),
    assignedTechnicianId,
    sortOrder,
    isActive,
  });
  const block = (blockedTimeId: string, resourceId: string | null, from: string, to: string): BlockedTime => ({
    blockedTimeId,
    resourceId,
    startDate: at(from),
    endDate: at(to),
    durationInMinutes: (Date.parse(at(to)) - Date.parse(at(from))) / 60_000,
    description: null,
  });
  const weekly = (
    recurringBlockedTimeId: string,
    resourceId: string | null,
    startDate: string,
    timeOfDay: string,
    durationInMinutes: number,
    recurrenceEndDate: string | null = null,
  ): RecurringBlockedTime => ({
    recurringBlockedTimeId,
    resourceId,
    startDate,
    timeOfDay,
    durationInMinutes,
    description: null,
    recurrenceEndDate,
  });
  // Monday 2 and Tuesday 3 November 2026: open 8:00 to 18:00 on Monday (600 minutes), 10:00 to 14:00 on Tuesday (240).
  const services = [
    service('u1', 'u1', at('2026-11-02T09:00:00'), 120, { resourceId: 'bay-1' }),
    service('u2', 'u2', at('2026-11-03T10:00:00'), 60, { resourceId: 'bay-1' }),
    service('u3', 'u3', at('2026-11-02T14:00:00'), 60, { resourceId: 'bay-2', selectedTechnician: 'tech-ana' }),
    service('u4', 'u4', at('2026-11-02T15:00:00'), 90, { resourceId: 'bay-1' }),
    service('u5', 'u5', at('2026-11-04T09:00:00'), 60, { resourceId: 'bay-1' }),
    service('u6', 'u6', at('2026-11-02T16:00:00'), 30, { resourceId: 'bay-4' }),
    service('u7', 'u7', at('2026-11-03T11:00:00'), 45, { selectedTechnician: 'tech-ben' }),
  ];
  const rows: UtilisationRows = {
    hours: week,
    specialHours: [special('2026-11-03', '10:00', '14:00'), special('2026-11-05', null, null)],
    services,
    visits: ['u1', 'u2', 'u3', 'u5', 'u6', 'u7'].map((id) => visit(id)).concat(visit('u4', { cancelDate: '2026-11-01T12:00:00.000Z' })),
    spans: visitSpans(services),
    resources: [resource('bay-2', 1, null), resource('bay-1', 0, 'tech-ana'), resource('bay-3', 2, null, false), resource('bay-4', 3, null, false)],
    blockedTimes: [
      block('b1', 'bay-1', '2026-11-02T12:00:00', '2026-11-02T13:00:00'),
      // Overlaps the first: together they take 12:00 to 13:30 once.
      block('b2', 'bay-1', '2026-11-02T12:30:00', '2026-11-02T13:30:00'),
      // Runs past closing: only 17:30 to 18:00 was open.
      block('b3', 'bay-2', '2026-11-02T17:30:00', '2026-11-02T19:00:00'),
      // The whole store, from before opening: 10:00 to 10:30 of Tuesday's hours.
      block('b4', null, '2026-11-03T07:00:00', '2026-11-03T10:30:00'),
    ],
    recurringBlockedTimes: [
      weekly('r1', 'bay-1', '2026-10-06', '12:00', 60),
      weekly('r2', null, '2026-10-05', '17:45', 30),
      weekly('r3', 'bay-2', '2026-10-05', '09:00', 60, '2026-10-26'),
    ],
  };
  const range = { from: '2026-11-02', to: '2026-11-04', timeZone: ny };

  it("sets each column's booked minutes against its open ones, less its blocks and the store's, merged and clipped to the hours", () => {
    expect(bayUtilisation(rows, range)).toEqual([
      // 840 open, less 90 (Monday's two blocks), 15 (the store's 17:45), 30 (the store's Tuesday morning) and 60 (Tuesday's weekly block).
      { schedulerResourceId: 'bay-1', name: 'Bay 1', bookedMinutes: 180, openMinutes: 645, utilisation: 180 / 645 },
      // 840 less 17:30–18:00, which the store's 17:45 block falls inside, and Tuesday's 30.
      { schedulerResourceId: 'bay-2', name: 'Bay 2', bookedMinutes: 60, openMinutes: 780, utilisation: 60 / 780 },
      { schedulerResourceId: 'bay-4', name: 'Bay 4', bookedMinutes: 30, openMinutes: 795, utilisation: 30 / 795 },
    ]);
  });

  it("gives each technician their jobs against the store's hours less the blocks of their columns, the listed ones first", () => {
    expect(technicianUtilisation(rows, range, ['tech-cy', 'tech-ana'])).toEqual([
      { technicianId: 'tech-cy', bookedMinutes: 0, openMinutes: 795, utilisation: 0 },
      { technicianId: 'tech-ana', bookedMinutes: 240, openMinutes: 645, utilisation: 240 / 645 },
      { technicianId: 'tech-ben', bookedMinutes: 45, openMinutes: 795, utilisation: 45 / 795 },
    ]);
  });

  it.each([
    ['the spring-forward night', '2026-03-08', 180],
    ['the fall-back night', '2026-11-01', 300],
    ['an ordinary night', '2026-06-07', 240],
  ])('counts the hours of a store open 1:00 to 5:00 on %s as the clock runs them (%i minutes)', (_name, date, minutes) => {
    const night: UtilisationRows = { ...rows, specialHours: [special(date, '01:00', '05:00')], services: [], blockedTimes: [], recurringBlockedTimes: [] };
    const [bay1] = bayUtilisation(night, { from: date, to: Temporal.PlainDate.from(date).add({ days: 1 }).toString(), timeZone: ny });
    expect(bay1).toMatchObject({ openMinutes: minutes, bookedMinutes: 0, utilisation: 0 });
  });
});

describe('time per job against booked time', () => {
  it('measures work start to work complete on the visits of the period, across the hour the clocks go back', () => {
    const services = [
      service('1', 'j1', at('2026-10-31T09:00:00'), 60),
      service('2a', 'j2', '2026-11-01T05:00:00.000Z', 30),
      service('2b', 'j2', '2026-11-01T05:30:00.000Z', 45),
      service('3', 'j3', at('2026-10-31T11:00:00'), 60),
      service('4', 'j4', at('2026-10-31T12:00:00'), 60),
      service('5', 'j5', at('2026-11-02T09:00:00'), 60),
      service('6', 'j6', at('2026-10-31T13:00:00'), 60),
    ];
    const visits = [
      visit('j1', { checkInDate: at('2026-10-31T08:55:00'), workStartDate: at('2026-10-31T09:10:00'), workCompleteDate: at('2026-10-31T10:50:00') }),
      // 1:30 EDT to 1:15 EST: the clock reads earlier, 45 minutes went by.
      visit('j2', { checkInDate: '2026-11-01T05:00:00.000Z', workStartDate: '2026-11-01T05:30:00.000Z', workCompleteDate: '2026-11-01T06:15:00.000Z' }),
      // Work complete marked without a start: both at one moment, nothing measured.
      visit('j3', { checkInDate: at('2026-10-31T10:55:00'), workStartDate: at('2026-10-31T11:40:00'), workCompleteDate: at('2026-10-31T11:40:00') }),
      visit('j4', {
        checkInDate: at('2026-10-31T11:55:00'),
        workStartDate: at('2026-10-31T12:00:00'),
        workCompleteDate: at('2026-10-31T12:30:00'),
        cancelDate: at('2026-10-31T13:00:00'),
      }),
      visit('j5', { checkInDate: at('2026-11-02T08:55:00'), workStartDate: at('2026-11-02T09:00:00'), workCompleteDate: at('2026-11-02T09:30:00') }),
      visit('j6', { checkInDate: at('2026-10-31T12:55:00'), workStartDate: at('2026-10-31T13:00:00') }),
    ];
    expect(timePerJob(visits, visitSpans(services), { from: '2026-10-31', to: '2026-11-02', timeZone: ny })).toEqual({
      jobs: [
        { scheduledVisitId: 'j1', actualMinutes: 100, bookedMinutes: 60 },
        { scheduledVisitId: 'j2', actualMinutes: 45, bookedMinutes: 75 },
      ],
      averageActualMinutes: 72.5,
      averageBookedMinutes: 67.5,
      actualToBooked: 145 / 135,
    });
  });
});

describe('inspection findings approved and declined', () => {
  const item = (itemId: string, customerDecision: InspectionItem['customerDecision'], decidedAt: string | null): InspectionItem => ({
    inspectionReportId: 'report',
    itemId,
    status: 'Failed',
    notes: 'Worn',
    measurement: null,
    customerDecision,
    decidedAt,
    decidedByName: customerDecision ? 'Rae' : null,
    fix: null,
  });

  it("counts the answers given on the store's days of the period and the approval rate", () => {
    const decisions = inspectionDecisions(
      [
        item('a', 'Approved', '2026-03-08T07:30:00.000Z'),
        item('b', 'Approved', at('2026-03-08T23:59:00')),
        item('c', 'Approved', at('2026-03-08T10:00:00')),
        item('d', 'Declined', at('2026-03-08T12:00:00')),
        item('e', 'Approved', at('2026-03-09T00:00:00')),
        item('f', null, null),
        item('g', 'Approved', at('2026-03-07T23:59:00')),
      ],
      { from: '2026-03-08', to: '2026-03-09', timeZone: ny },
    );
    expect(decisions).toEqual({ approved: 3, declined: 1, approvalRate: 0.75 });
  });
});

describe("the first-reply time to customers' messages", () => {
  const messages = [
    message('c1-a', at('2026-10-31T09:00:00'), { customerId: 'c1' }),
    message('c1-b', at('2026-10-31T09:05:00'), { customerId: 'c1' }),
    reply('c1-r', at('2026-10-31T09:30:00'), { customerId: 'c1' }),
    // A form from someone who is no customer yet, answered once they are one: the number links the two.
    message('form', at('2026-10-31T10:00:00'), { messageDeliveryMethod: 'Form', phoneNumber: '(555) 010-0001', templateType: 'RetailContactUsFormSubmission' }),
    reply('form-r', at('2026-10-31T11:00:00'), { customerId: 'c2', phoneNumber: '+15550100001' }),
    message('c3-stop', at('2026-10-31T11:00:00'), { customerId: 'c3', content: 'Stop' }),
    reply('c3-r', at('2026-10-31T11:00:00'), { customerId: 'c3', templateType: 'CustomerStopTextConfirmation' }),
    message('c4', at('2026-10-31T12:00:00'), { customerId: 'c4' }),
    reply('c4-reminder', at('2026-10-31T12:10:00'), { customerId: 'c4', templateType: 'AppointmentReminder' }),
    reply('c4-failed', at('2026-10-31T12:20:00'), { customerId: 'c4', deliveryStatus: 'Failed' }),
    message('c5', at('2026-10-31T13:00:00'), { customerId: 'c5', isArchived: true }),
    reply('c5-r', at('2026-10-31T13:30:00'), { customerId: 'c5' }),
    message('c6', at('2026-10-30T23:00:00'), { customerId: 'c6' }),
    reply('c6-r', at('2026-10-31T08:00:00'), { customerId: 'c6' }),
    // 1:50 EDT, answered at 1:10 EST.
    message('c7', '2026-11-01T05:50:00.000Z', { customerId: 'c7' }),
    reply('c7-r', '2026-11-01T06:10:00.000Z', { customerId: 'c7' }),
    message('c8', at('2026-11-01T23:50:00'), { customerId: 'c8' }),
    reply('c8-r', at('2026-11-02T00:20:00'), { customerId: 'c8' }),
    message('c9', at('2026-11-01T09:00:00'), { messageDeliveryMethod: 'Form', email: 'Rae@Example.com', templateType: 'RetailContactUsFormSubmission' }),
    reply('c9-r', at('2026-11-01T09:40:00'), { messageDeliveryMethod: 'Email', email: 'rae@example.com' }),
    message('c10', at('2026-11-02T10:00:00'), { customerId: 'c10' }),
  ];

  it("averages the minutes from a customer's first unanswered message to a person's reply in the same conversation", () => {
    // 30, 60, 20, 30 and 40 minutes; c4 got only a reminder and a failed text.
    const shuffled = [...messages].reverse();
    expect(firstReplyTimes(shuffled, { from: '2026-10-31', to: '2026-11-02', timeZone: ny })).toEqual({ answered: 5, unanswered: 1, averageMinutes: 36 });
  });

  it('has no average in a period without messages', () => {
    expect(firstReplyTimes(messages, { from: '2026-06-01', to: '2026-06-08', timeZone: ny })).toEqual({ answered: 0, unanswered: 0, averageMinutes: null });
  });
});

describe('ratings per ISO week', () => {
  const rating = (ratingId: string, score: number, visitDate: string): Rating => ({
    ratingId,
    customerId: null,
    visitId: null,
    score,
    comment: null,
    visitDate,
    isRead: false,
    previousRatings: [],
  });

  it("lists every ISO week of the period, across the year's end, by the store's Monday, empty weeks without an average", () => {
    const weeks = ratingsByIsoWeek(
      [
        rating('a', 5, at('2026-12-28T10:00:00')),
        // Sunday 23:30 in New York is Monday in UTC: the week before.
        rating('b', 3, at('2027-01-03T23:30:00')),
        rating('c', 2, at('2027-01-04T00:30:00')),
        rating('d', 1, at('2027-01-12T10:00:00')),
        rating('e', 1, at('2026-12-27T10:00:00')),
      ],
      { from: '2026-12-28', to: '2027-01-12', timeZone: ny },
    );
    expect(weeks).toEqual([
      { week: '2026-W53', monday: '2026-12-28', count: 2, average: 4 },
      { week: '2027-W01', monday: '2027-01-04', count: 1, average: 2 },
      { week: '2027-W02', monday: '2027-01-11', count: 0, average: null },
    ]);
  });

  it('counts only the days of a week inside the period', () => {
    const weeks = ratingsByIsoWeek([rating('a', 1, at('2026-06-08T10:00:00')), rating('b', 4, at('2026-06-10T10:00:00'))], {
      from: '2026-06-10',
      to: '2026-06-12',
      timeZone: ny,
    });
    expect(weeks).toEqual([{ week: '2026-W24', monday: '2026-06-08', count: 1, average: 4 }]);
  });
});

describe('tire quotes sent', () => {
  const quote = (tireQuoteHashId: string, createdOn: string): Pick<TireQuote, 'tireQuoteHashId' | 'createdOn'> => ({ tireQuoteHashId, createdOn });
  const link = (hash: string) => `Your quote from Main St Tires: https://app.example/tire-quotes/${hash} Good until 2026-06-30.`;

  it('counts the quotes of the period and those whose link went out in a message that did not fail', () => {
    const quotes = [
      quote('AAAAbbbbCCCCddddEEEE_1', '2026-06-02'),
      quote('AAAAbbbbCCCCddddEEEE_2', '2026-06-03'),
      quote('AAAAbbbbCCCCddddEEEE_3', '2026-06-07'),
      quote('AAAAbbbbCCCCddddEEEE_4', '2026-05-31'),
      quote('AAAAbbbbCCCCddddEEEE_5', '2026-06-08'),
    ];
    const messages = [
      reply('m1', '2026-06-02T15:00:00.000Z', { content: link('AAAAbbbbCCCCddddEEEE_1') }),
      reply('m2', '2026-06-03T15:00:00.000Z', { content: link('AAAAbbbbCCCCddddEEEE_2'), deliveryStatus: 'Failed' }),
      // The customer sent the link back: the store did not send it.
      message('m3', '2026-06-07T15:00:00.000Z', { content: link('AAAAbbbbCCCCddddEEEE_3') }),
      reply('m4', '2026-05-31T15:00:00.000Z', { content: link('AAAAbbbbCCCCddddEEEE_4') }),
    ];
    expect(tireQuotesSent(quotes, messages, { from: '2026-06-01', to: '2026-06-08' })).toEqual({ saved: 3, sent: 1 });
  });
});

describe('tire quotes turned into visits', () => {
  it('counts the quotes of the period booked as a visit not canceled, once however often they were booked, whenever the visit is', () => {
    const quotes = [
      { tireQuoteId: 'q1', createdOn: '2026-06-02' },
      { tireQuoteId: 'q2', createdOn: '2026-06-03' },
      { tireQuoteId: 'q3', createdOn: '2026-06-05' },
      { tireQuoteId: 'q4', createdOn: '2026-06-07' },
      { tireQuoteId: 'q5', createdOn: '2026-05-30' },
    ];
    const visits = [
      // Booked, canceled, booked again: one quote turned into a visit.
      visit('a', { tireQuoteId: 'q1', cancelDate: '2026-06-04T12:00:00.000Z' }),
      visit('b', { tireQuoteId: 'q1' }),
      // Only canceled: the customer did not come for it.
      visit('c', { tireQuoteId: 'q2', cancelDate: '2026-06-04T12:00:00.000Z' }),
      // Installed after the period ends: still a quote of the period that became a visit.
      visit('d', { tireQuoteId: 'q3' }),
      // A quote of before the period does not count, nor do visits booked without a quote (or synced before the link).
      visit('e', { tireQuoteId: 'q5' }),
      visit('f'),
      { ...visit('g'), tireQuoteId: undefined as unknown as null },
    ];
    expect(tireQuotesBooked(quotes, visits, { from: '2026-06-01', to: '2026-06-08' })).toEqual({ saved: 4, booked: 2 });
    expect(tireQuotesBooked([], visits, { from: '2026-06-01', to: '2026-06-08' })).toEqual({ saved: 0, booked: 0 });
  });
});

describe('an empty period', () => {
  const services = [service('1', 'v', at('2026-06-09T09:00:00'), 60, { resourceId: 'bay-1' })];
  const visits = [
    visit('v', { checkInDate: at('2026-06-09T08:55:00'), workStartDate: at('2026-06-09T09:00:00'), workCompleteDate: at('2026-06-09T09:45:00') }),
  ];
  const empty = { from: '2026-06-09', to: '2026-06-09', timeZone: ny };

  it('has no days, nothing counted and no averages, however busy the day it names', () => {
    const spans = visitSpans(services);
    expect(carCount(visits, empty)).toEqual({ total: 0, perDay: [] });
    expect(appointmentsByStatusPerDay(visits, spans, empty)).toEqual([]);
    expect(noShowsAndCancellations(visits, spans, empty, new Date('2026-06-10T12:00:00Z'))).toEqual({ booked: 0, noShows: 0, cancellations: 0, perDay: [] });
    expect(timePerJob(visits, spans, empty)).toEqual({ jobs: [], averageActualMinutes: null, averageBookedMinutes: null, actualToBooked: null });
    expect(inspectionDecisions([], empty)).toEqual({ approved: 0, declined: 0, approvalRate: null });
    expect(ratingsByIsoWeek([], empty)).toEqual([]);
    expect(tireQuotesSent([], [], empty)).toEqual({ saved: 0, sent: 0 });
  });

  it('leaves each active column never open, with no utilisation rather than a division by zero', () => {
    const rows: UtilisationRows = {
      hours: { ...defaultWeekdayHours, ...Object.fromEntries(isOpenFields.map((f) => [f, true])) } as WeekdayHours,
      specialHours: [],
      services,
      visits,
      spans: visitSpans(services),
      blockedTimes: [],
      recurringBlockedTimes: [],
      resources: [{ schedulerResourceId: 'bay-1', name: 'Bay 1', assignedTechnicianId: 'tech-ana', sortOrder: 0, isActive: true }],
    };
    expect(bayUtilisation(rows, empty)).toEqual([{ schedulerResourceId: 'bay-1', name: 'Bay 1', bookedMinutes: 0, openMinutes: 0, utilisation: null }]);
    expect(technicianUtilisation(rows, empty, [])).toEqual([]);
  });
});
