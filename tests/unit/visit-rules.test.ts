import { describe, expect, it } from 'vitest';
import type { InspectionReport, ScheduledVisit } from '../../src/contract/entities.ts';
import { movesWithResource } from '../../src/domain/store/resource-rules.ts';
import { inspectionsAwaitingAnswer, readyForPickup, vehiclesHere } from '../../src/domain/store/store-day.ts';
import { isOpenJob } from '../../src/domain/scheduler/technician-rules.ts';
import { isCancelable, isVisitOpen, milestoneChanges, notCheckedIn, type Milestone } from '../../src/domain/scheduler/visit-rules.ts';
import { visit as storeVisit } from '../support/store-day-rows.ts';

const at = '2030-06-04T15:00:00.000Z';
const earlier = '2030-06-04T14:00:00.000Z';
const visit = (extra: Partial<Parameters<typeof milestoneChanges>[0]> = {}) => ({
  cancelDate: null,
  confirmationDate: '2030-06-01T12:00:00.000Z',
  checkInDate: earlier,
  workStartDate: null,
  workCompleteDate: null,
  readyForPickupDate: null,
  checkOutDate: null,
  ...extra,
});

describe("a visit's steps through the bay (issue 24 item 13)", () => {
  it.each<[string, Partial<Parameters<typeof milestoneChanges>[0]>, Milestone]>([
    ['confirmed but not arrived', { checkInDate: null }, 'work-start'],
    ['never confirmed', { checkInDate: null, confirmationDate: null }, 'work-start'],
    ['not arrived, marked complete', { checkInDate: null }, 'work-complete'],
    ['not arrived, marked ready', { checkInDate: null }, 'ready-for-pickup'],
  ])('refuses work on a car %s, saying the counter checks it in', (_, state, milestone) => {
    expect(milestoneChanges(visit(state), milestone, at)).toEqual({ refused: notCheckedIn });
  });

  it('starts work on a checked-in car at the given time, and leaves its check-in as it was', () => {
    expect(milestoneChanges(visit(), 'work-start', at)).toEqual({ workStartDate: at });
  });

  it('records the skipped steps after check-in with the one marked', () => {
    expect(milestoneChanges(visit(), 'ready-for-pickup', at)).toEqual({ workStartDate: at, workCompleteDate: at, readyForPickupDate: at });
  });

  it('changes nothing for a step already reached, and refuses any step of a canceled visit', () => {
    expect(milestoneChanges(visit({ workStartDate: earlier }), 'work-start', at)).toBeNull();
    expect(milestoneChanges(visit({ cancelDate: earlier }), 'work-start', at)).toEqual({ refused: 'This visit was canceled: restore it first.' });
  });
});

describe('whether a visit is still open (issue 46 item 18)', () => {
  const t = '2030-06-04T16:00:00.000Z';
  const table: [string, Partial<ScheduledVisit>, boolean][] = [
    ['booked, not arrived', { checkInDate: null }, true],
    ['checked in', {}, true],
    ['in the bay', { workStartDate: at }, true],
    ['ready for pickup', { workStartDate: at, workCompleteDate: at, readyForPickupDate: at }, true],
    ['picked up', { readyForPickupDate: at, checkOutDate: t }, false],
    ['canceled before arriving', { checkInDate: null, cancelDate: t }, false],
    ['canceled after check-in', { cancelDate: t }, false],
    ['canceled and picked up (older data)', { cancelDate: t, checkOutDate: t }, false],
  ];

  it.each(table)('answers for a visit %s', (_, state, open) => {
    expect(isVisitOpen(visit(state))).toBe(open);
  });

  it.each(table)('is the rule the counter, the bay and the home figures follow, for a visit %s', (_, state, open) => {
    const row = storeVisit('v', { ...visit(state), checkInDate: visit(state).checkInDate ?? null });
    const now = new Date('2030-06-04T18:00:00.000Z');
    expect(isCancelable(row)).toBe(open);
    // A car that is still open and in the store's hands is listed; a closed one never is.
    const here = vehiclesHere([row], now);
    expect(Object.values(here).flat().length > 0).toBe(open && row.checkInDate !== null);
    expect(readyForPickup([row], now).length > 0).toBe(open && row.readyForPickupDate !== null);
    expect(isOpenJob(row)).toBe(open && row.workCompleteDate === null);
    expect(movesWithResource({ resourceId: 'bay', startDate: '2030-06-05T15:00:00.000Z' }, row, 'bay', now)).toBe(
      open && row.workStartDate === null && row.workCompleteDate === null && row.readyForPickupDate === null,
    );
    const report = { inspectionReportId: 'r', scheduledVisitId: 'v', sentAt: at } as InspectionReport;
    const waiting = inspectionsAwaitingAnswer([report], [{ inspectionReportId: 'r', status: 'Failed', customerDecision: null }], [row], now);
    expect(waiting.length > 0).toBe(open);
  });
});
