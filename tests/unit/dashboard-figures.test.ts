import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterEach, describe, expect, it } from 'vitest';
import type {
  InspectionItem,
  Rating,
  RecurringBlockedTime,
  ScheduledService,
  ScheduledVisit,
  SchedulerResource,
  StoreMessage,
  StoreStaff,
} from '../../src/contract/entities.ts';
import type { StoreLocation } from '../../src/contract/store-location.ts';
import { isOpenFields } from '../../src/contract/store-week.ts';
import type { TireQuote } from '../../src/contract/tire-pricing.ts';
import { StoreDb } from '../../src/db/store-db.ts';
import { visitStatuses, type VisitStatus } from '../../src/domain/store/store-day.ts';
import { periodWindow } from '../../src/domain/store/store-headline.ts';
import { defaultWeekdayHours } from '../../src/domain/store/store-hours.ts';
import { serviceStartField } from '../../src/db/derived-fields.ts';
import { markServiceStarts } from '../../src/db/visits-by-service-start.ts';
import { dashboardFigures, readDashboardRows } from '../../workers/dashboard-figures.ts';
import { at, ny, service, visit } from '../support/store-day-rows.ts';

const storeId = 4;
const open: { close(): void }[] = [];
afterEach(() => {
  for (const o of open.splice(0)) o.close();
});

function replica() {
  const db = new StoreDb({ userId: '11111111-1111-4111-8111-111111111111', storeId }, { indexedDB: new IDBFactory(), IDBKeyRange });
  open.push(db);
  return db;
}

/** Saturday to Monday over the night the clocks go forward in New York (8 March 2026): Sunday has 23 hours. */
const range = { from: '2026-03-07', to: '2026-03-10', timeZone: ny };
const now = new Date(at('2026-03-12T12:00:00'));
const quoteHash = 'Qx7fK2mPz9LrT4vWb8NcYa';

const message = (storeMessageId: string, sentOn: string, extra: Partial<StoreMessage> = {}): StoreMessage => ({
  storeMessageId,
  customerId: 'c1',
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
const item = (inspectionReportId: string, itemId: string, customerDecision: InspectionItem['customerDecision'], decidedAt: string | null) =>
  ({
    inspectionReportId,
    itemId,
    status: 'Failed',
    notes: null,
    measurement: null,
    customerDecision,
    decidedAt,
    decidedByName: null,
    fix: null,
  }) as InspectionItem;
const resource = (schedulerResourceId: string, name: string, sortOrder: number, assignedTechnicianId: string | null): SchedulerResource =>
  ({ schedulerResourceId, name, sortOrder, assignedTechnicianId, isActive: true }) as SchedulerResource;

async function seed(db: StoreDb) {
  const everyDay = { ...defaultWeekdayHours, ...Object.fromEntries(isOpenFields.map((f) => [f, true])) };
  await db.rows<StoreLocation>('storeLocations').put({ id: storeId, name: 'Springfield', ...everyDay } as StoreLocation);
  await db.rows<SchedulerResource>('schedulerResources').bulkPut([resource('bay1', 'Bay 1', 0, 't1'), resource('bay2', 'Bay 2', 1, null)]);
  await db.rows<StoreStaff>('storeStaff').bulkPut([
    // The replica keeps the staff by store and person.
    { storeId, userId: 't1', name: 'Theo', email: 't@x.test', roles: ['AllTracTechnician'] } as StoreStaff,
    { storeId, userId: 'u1', name: 'Uma', email: 'u@x.test', roles: ['AllTracUser'] } as StoreStaff,
  ]);
  // Weekly from a Monday: its one occurrence in the period is Monday 9 March, noon to one, on Bay 1.
  await db.rows<RecurringBlockedTime>('recurringBlockedTimes').put({
    recurringBlockedTimeId: 'lunch',
    resourceId: 'bay1',
    startDate: '2026-03-02',
    timeOfDay: '12:00',
    durationInMinutes: 60,
    description: 'Lunch',
    recurrenceEndDate: null,
  } as RecurringBlockedTime);
  await db.rows<ScheduledService>('scheduledServices').bulkPut([
    // Friday's visit: before the period, though its inspection's answer comes in it.
    service('s0', 'friday', at('2026-03-06T15:00:00'), 60, { resourceId: 'bay1' }),
    // Saturday night into Sunday: one visit, counted on Saturday, both services booked.
    service('s1', 'late', at('2026-03-07T23:30:00'), 60, { resourceId: 'bay1' }),
    service('s2', 'late', at('2026-03-08T00:30:00'), 60, { resourceId: 'bay1' }),
    service('s3', 'sunday', at('2026-03-08T10:00:00'), 60, { resourceId: 'bay1' }),
    service('s4', 'noShow', at('2026-03-09T09:00:00'), 60, { resourceId: 'bay2' }),
    service('s5', 'canceled', at('2026-03-09T10:00:00'), 60, { resourceId: 'bay2' }),
    // Left overnight: checked in at 0:40 on Monday, which a day of 24 hours from Saturday's midnight would put on Sunday.
    service('s6', 'keyDrop', at('2026-03-09T08:00:00'), 30, { resourceId: 'bay2' }),
    service('s7', 'after', at('2026-03-10T09:00:00'), 60, { resourceId: 'bay2' }),
  ]);
  await db.rows<ScheduledVisit>('scheduledVisits').bulkPut([
    visit('friday', { checkInDate: at('2026-03-06T14:55:00'), inspectionReportId: 'r0' }),
    visit('late', {
      checkInDate: at('2026-03-07T23:25:00'),
      workStartDate: at('2026-03-07T23:35:00'),
      workCompleteDate: at('2026-03-08T00:25:00'),
      inspectionReportId: 'r1',
    }),
    visit('sunday', {
      checkInDate: at('2026-03-08T09:55:00'),
      workStartDate: at('2026-03-08T10:00:00'),
      workCompleteDate: at('2026-03-08T10:50:00'),
      readyForPickupDate: at('2026-03-08T10:55:00'),
      checkOutDate: at('2026-03-08T11:10:00'),
    }),
    visit('noShow'),
    visit('canceled', { cancelDate: at('2026-03-08T18:00:00') }),
    visit('keyDrop', { checkInDate: at('2026-03-09T00:40:00') }),
    visit('after', { checkInDate: at('2026-03-10T08:55:00') }),
    // Booked from Monday's quote for the week after, far outside the services read: found through the quote's customer.
    visit('install', { customerId: 'c1', tireQuoteId: 'q1' }),
  ]);
  await db.rows<InspectionItem>('inspectionItems').bulkPut([
    item('r0', 'i1', 'Approved', at('2026-03-07T09:00:00')),
    item('r1', 'i1', 'Declined', at('2026-03-08T08:00:00')),
    item('r1', 'i2', 'Approved', at('2026-03-08T08:01:00')),
    // Answered the day after the period.
    item('r1', 'i3', 'Approved', at('2026-03-10T08:00:00')),
    item('r1', 'i4', null, null),
  ]);
  await db.rows<StoreMessage>('storeMessages').bulkPut([
    message('in1', at('2026-03-08T09:00:00')),
    message('re1', at('2026-03-08T09:30:00'), { messageDirection: 'Outbound', templateType: 'FreeForm', content: 'Yes, at ten.', deliveryStatus: 'Delivered' }),
    message('quote', at('2026-03-09T12:00:00'), {
      messageDirection: 'Outbound',
      templateType: 'FreeForm',
      content: `Your quote: https://tires.example.com/tire-quotes/${quoteHash}`,
      deliveryStatus: 'Delivered',
    }),
  ]);
  await db
    .rows<Rating>('ratings')
    .bulkPut([
      { ratingId: 'g1', visitDate: at('2026-03-08T11:10:00'), score: 5 } as Rating,
      { ratingId: 'g2', visitDate: at('2026-03-09T15:00:00'), score: 4 } as Rating,
      { ratingId: 'g3', visitDate: at('2026-03-09T16:00:00'), score: 3 } as Rating,
    ]);
  await db
    .rows<TireQuote>('tireQuotes')
    .bulkPut([
      { tireQuoteId: 'q1', tireQuoteHashId: quoteHash, customerId: 'c1', createdOn: '2026-03-09' } as TireQuote,
      { tireQuoteId: 'q2', tireQuoteHashId: 'Zz7fK2mPz9LrT4vWb8NcYa', customerId: 'c1', createdOn: '2026-03-10' } as TireQuote,
    ]);
}

const statuses = (counts: Partial<Record<VisitStatus, number>>) => ({ ...Object.fromEntries(visitStatuses.map((s) => [s, 0])), ...counts });

describe("the dashboard's figures in the sync worker", () => {
  it("reads a period over the spring-forward night from the replica and counts each figure on the store's own days", async () => {
    const db = replica();
    await seed(db);
    const figures = dashboardFigures(await readDashboardRows(db, storeId, range), range, now);
    expect(figures.headline).toEqual({
      carCount: 3,
      booked: 5,
      noShows: 1,
      cancellations: 1,
      // Bay 1: the late visit's two hours and Sunday's one; Bay 2: the no-show's hour and the key drop's half; 3 days of 10 hours, less lunch on Bay 1.
      bays: { bookedMinutes: 270, openMinutes: 1800 + 1740, utilisation: 270 / 3540 },
      inspections: { approved: 2, declined: 1, approvalRate: 2 / 3 },
      replies: { answered: 1, unanswered: 0, averageMinutes: 30 },
      ratings: { count: 3, average: 4 },
      tireQuotes: { saved: 1, sent: 1, booked: 1 },
    });
    expect(figures.carsPerDay).toEqual([
      { date: '2026-03-07', count: 1 },
      { date: '2026-03-08', count: 1 },
      { date: '2026-03-09', count: 1 },
    ]);
    expect(figures.byStatus).toEqual([
      { date: '2026-03-07', total: 1, byStatus: statuses({ 'Service Finished': 1 }) },
      { date: '2026-03-08', total: 1, byStatus: statuses({ 'Picked Up': 1 }) },
      { date: '2026-03-09', total: 3, byStatus: statuses({ 'Not Arrived': 1, Canceled: 1, 'Checked In': 1 }) },
    ]);
    expect(figures.noShowsPerDay.map((d) => [d.date, d.booked, d.noShows, d.cancellations])).toEqual([
      ['2026-03-07', 1, 0, 0],
      ['2026-03-08', 1, 0, 0],
      ['2026-03-09', 3, 1, 1],
    ]);
    expect(figures.bays).toEqual([
      { schedulerResourceId: 'bay1', name: 'Bay 1', bookedMinutes: 180, openMinutes: 1740, utilisation: 180 / 1740 },
      { schedulerResourceId: 'bay2', name: 'Bay 2', bookedMinutes: 90, openMinutes: 1800, utilisation: 90 / 1800 },
    ]);
    expect(figures.technicians).toEqual([{ technicianId: 't1', name: 'Theo', bookedMinutes: 180, openMinutes: 1740, utilisation: 180 / 1740 }]);
    expect(figures.jobs).toEqual({ count: 2, averageActualMinutes: 50, averageBookedMinutes: 90, actualToBooked: 100 / 180 });
    expect(figures.weeks.map((w) => [w.week, w.count, w.average])).toEqual([
      ['2026-W10', 1, 5],
      ['2026-W11', 2, 3.5],
    ]);
  });

  it("answers plain data that crosses to the screen's thread as it is", async () => {
    const db = replica();
    await seed(db);
    const figures = dashboardFigures(await readDashboardRows(db, storeId, range), range, now);
    expect(structuredClone(figures)).toEqual(figures);
  });

  it("counts no no-show while the visit's day is still going: a late customer may still come", async () => {
    const db = replica();
    await seed(db);
    const monday = new Date(at('2026-03-09T17:00:00'));
    expect(dashboardFigures(await readDashboardRows(db, storeId, range), range, monday).headline.noShows).toBe(0);
  });

  it('takes a store whose row has not reached the device as never open, not as open on hours it may not keep', async () => {
    const db = replica();
    await seed(db);
    await db.rows<StoreLocation>('storeLocations').delete(storeId);
    const figures = dashboardFigures(await readDashboardRows(db, storeId, range), range, now);
    expect(figures.headline.bays).toEqual({ bookedMinutes: 270, openMinutes: 0, utilisation: null });
  });
});

describe("a period's visits, found by a start of their services", () => {
  const ids = (rows: { visits: readonly ScheduledVisit[] }) => rows.visits.map((v) => v.scheduledVisitId);
  const marked = async (db: StoreDb, id: string) =>
    (await db.rows<ScheduledVisit & { [serviceStartField]?: string }>('scheduledVisits').get(id))?.[serviceStartField];
  /** Reads the period and marks what the read found by key, as the dashboard's watch does. */
  async function readAndMark(db: StoreDb) {
    const rows = await readDashboardRows(db, storeId, range);
    await markServiceStarts(db, rows.marks);
    return rows;
  }

  it('are read by key the first time and from the index after, in the order of their services, with the same figures', async () => {
    const db = replica();
    await seed(db);
    const first = await readAndMark(db);
    expect([...first.marks]).toEqual([
      ['friday', at('2026-03-06T15:00:00')],
      ['late', at('2026-03-07T23:30:00')],
      ['sunday', at('2026-03-08T10:00:00')],
      ['keyDrop', at('2026-03-09T08:00:00')],
      ['noShow', at('2026-03-09T09:00:00')],
      ['canceled', at('2026-03-09T10:00:00')],
      ['after', at('2026-03-10T09:00:00')],
    ]);
    const second = await readDashboardRows(db, storeId, range);
    expect(second.marks.size).toBe(0);
    expect(ids(second)).toEqual([...new Set(second.services.map((s) => s.scheduledVisitId))]);
    expect(ids(second)).toEqual(ids(first));
    expect(dashboardFigures(second, range, now)).toEqual(dashboardFigures(first, range, now));
  });

  it('still include a visit whose row the sync replaced (without its mark) or whose service came into the period, and leave out one whose service left it', async () => {
    const db = replica();
    await seed(db);
    await readAndMark(db);
    // The server's newer copy of the no-show's visit, as the sync writes it: the device's mark is not on it.
    await db.rows<ScheduledVisit>('scheduledVisits').put(visit('noShow', { confirmationDate: at('2026-03-05T10:00:00') }));
    // The canceled visit's only service moves to April; a visit booked in January moves into the Monday of the period.
    await db.rows<ScheduledService>('scheduledServices').update('s5', { startDate: at('2026-04-20T10:00:00') });
    await db.rows<ScheduledVisit>('scheduledVisits').put(visit('january', { checkInDate: at('2026-03-09T13:55:00') }));
    await db.rows<ScheduledService>('scheduledServices').put(service('s8', 'january', at('2026-03-09T14:00:00'), 60, { resourceId: 'bay1' }));

    const rows = await readAndMark(db);
    expect([...ids(rows)].sort()).toEqual(['after', 'friday', 'january', 'keyDrop', 'late', 'noShow', 'sunday']);
    expect(rows.visits.find((v) => v.scheduledVisitId === 'noShow')?.confirmationDate).toBe(at('2026-03-05T10:00:00'));
    expect(dashboardFigures(rows, range, now).headline).toMatchObject({ carCount: 4, cancellations: 0 });
    // The canceled visit's mark is taken off: the index no longer gives it to this period's reads.
    expect([...rows.marks]).toEqual([
      ['canceled', null],
      ['noShow', at('2026-03-09T09:00:00')],
      ['january', at('2026-03-09T14:00:00')],
    ]);
    expect(await marked(db, 'canceled')).toBeUndefined();
    expect((await readDashboardRows(db, storeId, range)).marks.size).toBe(0);
  });

  it('are marked on the newest copy of each visit: a change the sync wrote after the read is kept', async () => {
    const db = replica();
    await seed(db);
    const rows = await readDashboardRows(db, storeId, range);
    await db.rows<ScheduledVisit>('scheduledVisits').put(visit('noShow', { cancelDate: at('2026-03-09T08:00:00') }));
    await markServiceStarts(db, rows.marks);
    expect(await db.rows<ScheduledVisit>('scheduledVisits').get('noShow')).toMatchObject({
      cancelDate: at('2026-03-09T08:00:00'),
      [serviceStartField]: at('2026-03-09T09:00:00'),
    });
  });

  it("are not written again when already marked so, as every write calls the watches' reads again", async () => {
    const db = replica();
    await seed(db);
    const rows = await readAndMark(db);
    let writes = 0;
    db.rows('scheduledVisits').hook('updating', () => {
      writes++;
    });
    db.rows('scheduledVisits').hook('creating', () => {
      writes++;
    });
    await markServiceStarts(db, rows.marks);
    expect(writes).toBe(0);
  });
});

describe('the windows a period is read in', () => {
  it("start and end at the store's midnights, a week of services before and a day after, and a week of messages either side", () => {
    expect(periodWindow(range)).toEqual({
      from: '2026-03-07T05:00:00.000Z',
      to: '2026-03-10T04:00:00.000Z',
      servicesFrom: '2026-02-28T05:00:00.000Z',
      servicesTo: '2026-03-11T04:00:00.000Z',
      messagesFrom: '2026-02-28T05:00:00.000Z',
      messagesTo: '2026-03-17T04:00:00.000Z',
    });
  });
});
