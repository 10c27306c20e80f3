import { describe, expect, it } from 'vitest';
import type { InspectionFix } from '../../src/contract/inspection-fix.ts';
import {
  followUps,
  openFollowUps,
  type FollowUpItem,
  type FollowUpRecords,
  type FollowUpReport,
  type FollowUpVisit,
} from '../../src/domain/inspections/declined-work.ts';

/** The clock every case reads the follow-ups at, injected. */
const now = new Date('2026-11-25T15:00:00.000Z');
const daysBefore = (days: number) => new Date(now.getTime() - days * 86_400_000).toISOString();
const daysAfter = (days: number) => new Date(now.getTime() + days * 86_400_000).toISOString();

const groups = [
  {
    groupId: 'g',
    name: 'Under the hood',
    items: [
      { itemId: 'battery', name: 'Battery', measurement: 'none' as const },
      { itemId: 'wipers', name: 'Wiper blades', measurement: 'none' as const },
    ],
  },
];
const report = (id: string, vehicleId: string | null, startedAt: string, more: Partial<FollowUpReport> = {}): FollowUpReport => ({
  inspectionReportId: id,
  scheduledVisitId: id,
  vehicleId,
  groups,
  startedAt,
  completedAt: startedAt,
  sentAt: startedAt,
  ...more,
});
const priced = (totalInCents: number) => ({ priced: { totalInCents } }) as unknown as InspectionFix;
const item = (
  reportId: string,
  itemId: string,
  status: FollowUpItem['status'],
  decision: FollowUpItem['customerDecision'],
  more: Partial<FollowUpItem> = {},
): FollowUpItem => ({
  inspectionReportId: reportId,
  itemId,
  status,
  notes: null,
  customerDecision: decision,
  decidedAt: decision ? daysBefore(20) : null,
  fix: null,
  ...more,
});
const visit = (id: string, vehicleId: string, checkIn: string, more: Partial<FollowUpVisit> = {}): FollowUpVisit => ({
  scheduledVisitId: id,
  customerId: 'dana',
  vehicleId,
  scheduledCustomerCheckIn: checkIn,
  cancelDate: null,
  workCompleteDate: checkIn,
  readyForPickupDate: null,
  checkOutDate: null,
  ...more,
});
const vehicles = [
  { vehicleId: 'car', customerId: 'dana', year: 2018, make: 'Honda', model: 'Civic' },
  { vehicleId: 'van', customerId: 'dana', year: 2020, make: 'Ford', model: 'Transit' },
];
/** One visit of the car twenty days ago whose inspection found what `items` say. */
const first = (items: FollowUpItem[], more: Partial<FollowUpRecords> = {}): FollowUpRecords => ({
  reports: [report('r1', 'car', daysBefore(20))],
  items,
  visits: [visit('r1', 'car', daysBefore(20))],
  vehicles,
  ...more,
});
const summary = (records: FollowUpRecords) =>
  followUps(records, now).map((f) => ({
    item: f.itemName,
    reason: f.reason,
    due: f.dueAt.slice(0, 10),
    overdue: f.overdue,
    open: f.state.open,
    closedBy: f.state.open ? null : f.state.closedBy,
  }));

describe('declined work as follow-ups', () => {
  it.each([
    [
      'a Failed finding declined 20 days ago is due 14 days after, so overdue',
      [item('r1', 'battery', 'Failed', 'Declined')],
      [{ item: 'Battery', reason: 'declined', due: '2026-11-19', overdue: true, open: true, closedBy: null }],
    ],
    [
      'a Warning finding declined 20 days ago is due 60 days after, not yet overdue',
      [item('r1', 'wipers', 'Warning', 'Declined')],
      [{ item: 'Wiper blades', reason: 'declined', due: '2027-01-04', overdue: false, open: true, closedBy: null }],
    ],
    [
      'a Failed finding left unanswered a week after it was sent counts as declined then',
      [item('r1', 'battery', 'Failed', null)],
      [{ item: 'Battery', reason: 'unanswered', due: '2026-11-26', overdue: false, open: true, closedBy: null }],
    ],
    ['an approved finding is no follow-up', [item('r1', 'battery', 'Failed', 'Approved')], []],
    ['a passed or uninspected item is no follow-up', [item('r1', 'battery', 'Passed', null), item('r1', 'wipers', 'NotInspected', null)], []],
  ] as [string, FollowUpItem[], unknown[]][])('%s', (_, items, expected) => {
    expect(summary(first(items))).toEqual(expected);
  });

  it('waits for the customer a week after the report was sent before an unanswered finding follows up', () => {
    const records = first([item('r1', 'battery', 'Failed', null)], { reports: [report('r1', 'car', daysBefore(20), { sentAt: daysBefore(6) })] });
    expect(followUps(records, now)).toEqual([]);
    const unsent = first([item('r1', 'battery', 'Failed', null)], { reports: [report('r1', 'car', daysBefore(20), { sentAt: null, completedAt: null })] });
    expect(followUps(unsent, now)).toEqual([]);
  });

  it('keeps the price as quoted and the finding as the technician wrote it', () => {
    const [followUp] = followUps(first([item('r1', 'battery', 'Failed', 'Declined', { fix: priced(23_065), notes: ' Fails the load test ' })]), now);
    expect(followUp).toMatchObject({ priceInCents: 23_065, notes: 'Fails the load test', severity: 'Failed', customerId: 'dana', vehicleId: 'car' });
  });

  it('closes as done when a later inspection of the same vehicle has the item approved or passed, wherever that visit was', () => {
    const declined = item('r1', 'battery', 'Failed', 'Declined');
    for (const later of [item('r2', 'battery', 'Failed', 'Approved'), item('r2', 'battery', 'Passed', null)]) {
      const records = first([declined, later], {
        reports: [report('r1', 'car', daysBefore(20)), report('r2', 'car', daysBefore(2))],
        visits: [visit('r1', 'car', daysBefore(20)), visit('r2', 'car', daysBefore(2))],
      });
      expect(summary(records).find((f) => f.item === 'Battery' && f.reason === 'declined')).toMatchObject({ open: false, closedBy: 'done' });
      expect(openFollowUps(records, now)).toEqual([]);
    }
  });

  it('stays open when another vehicle had that item fixed, or an earlier inspection passed it', () => {
    const records = first([item('r1', 'battery', 'Failed', 'Declined'), item('r0', 'battery', 'Passed', null), item('r2', 'battery', 'Passed', null)], {
      reports: [report('r0', 'car', daysBefore(200)), report('r1', 'car', daysBefore(20)), report('r2', 'van', daysBefore(2))],
      visits: [visit('r0', 'car', daysBefore(200)), visit('r1', 'car', daysBefore(20)), visit('r2', 'van', daysBefore(2))],
    });
    expect(openFollowUps(records, now).map((f) => [f.vehicleId, f.itemName])).toEqual([['car', 'Battery']]);
  });

  it('closes as booked while the vehicle has an open visit booked after the decision, and opens again if it is canceled', () => {
    const booked = visit('v2', 'car', daysAfter(3), { workCompleteDate: null });
    const records = (next: FollowUpVisit) => first([item('r1', 'battery', 'Failed', 'Declined')], { visits: [visit('r1', 'car', daysBefore(20)), next] });
    expect(summary(records(booked))[0]).toMatchObject({ open: false, closedBy: 'booked' });
    expect(summary(records({ ...booked, cancelDate: daysBefore(1) }))[0]).toMatchObject({ open: true });
    expect(summary(records(visit('v2', 'van', daysAfter(3), { workCompleteDate: null })))[0]).toMatchObject({ open: true });
  });

  it('leaves out findings of a deleted vehicle or a deleted visit, and of a report with no vehicle', () => {
    const declined = [item('r1', 'battery', 'Failed', 'Declined')];
    expect(followUps(first(declined, { vehicles: vehicles.filter((v) => v.vehicleId !== 'car') }), now)).toEqual([]);
    expect(followUps(first(declined, { visits: [] }), now)).toEqual([]);
    expect(followUps(first(declined, { reports: [report('r1', null, daysBefore(20))] }), now)).toEqual([]);
  });

  it('lists what is due first, then the larger price, Failed before Warning on the same day', () => {
    const records = first(
      [
        item('r1', 'battery', 'Warning', 'Declined', { decidedAt: daysBefore(70), fix: priced(5_000) }),
        item('r1', 'wipers', 'Failed', 'Declined', { decidedAt: daysBefore(24), fix: priced(9_000) }),
        item('r2', 'battery', 'Failed', 'Declined', { decidedAt: daysBefore(24), fix: priced(30_000) }),
        item('r2', 'wipers', 'Failed', 'Declined', { decidedAt: daysBefore(1) }),
      ],
      {
        reports: [report('r1', 'car', daysBefore(80)), report('r2', 'van', daysBefore(80))],
        visits: [visit('r1', 'car', daysBefore(80)), visit('r2', 'van', daysBefore(80))],
      },
    );
    expect(openFollowUps(records, now).map((f) => [f.vehicleId, f.itemName, f.priceInCents])).toEqual([
      ['van', 'Battery', 30_000],
      ['car', 'Wiper blades', 9_000],
      ['car', 'Battery', 5_000],
      ['van', 'Wiper blades', null],
    ]);
  });
});
