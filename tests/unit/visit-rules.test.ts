import { describe, expect, it } from 'vitest';
import { milestoneChanges, notCheckedIn, type Milestone } from '../../src/domain/visit-rules.ts';

const at = '2030-06-04T15:00:00.000Z';
const earlier = '2030-06-04T14:00:00.000Z';
const visit = (extra: Partial<Parameters<typeof milestoneChanges>[0]> = {}) => ({
  cancelDate: null, confirmationDate: '2030-06-01T12:00:00.000Z', checkInDate: earlier, workStartDate: null, workCompleteDate: null,
  readyForPickupDate: null, checkOutDate: null, ...extra,
});

describe('a visit\'s steps through the bay (issue 24 item 13)', () => {
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
