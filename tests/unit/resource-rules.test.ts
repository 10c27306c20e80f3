import { describe, expect, it } from 'vitest';
import { movesWithResource, resourceProblems } from '../../src/domain/store/resource-rules.ts';

const now = new Date('2030-06-03T15:00:00.000Z');
const visit = (more: Record<string, string | null> = {}) => ({
  cancelDate: null,
  workStartDate: null,
  workCompleteDate: null,
  readyForPickupDate: null,
  checkOutDate: null,
  ...more,
});

describe('which appointments move with a resource to its technician', () => {
  it('moves a coming appointment on the resource whose work has not started', () => {
    expect(movesWithResource({ resourceId: 'r1', startDate: '2030-06-03T15:00:00.000Z' }, visit(), 'r1', now)).toBe(true);
    expect(movesWithResource({ resourceId: 'r1', startDate: '2030-06-04T09:00:00.000Z' }, undefined, 'r1', now)).toBe(true);
  });

  it("leaves past ones, other resources' ones, and started, canceled or finished visits where they are", () => {
    expect(movesWithResource({ resourceId: 'r1', startDate: '2030-06-03T14:59:59.000Z' }, visit(), 'r1', now)).toBe(false);
    expect(movesWithResource({ resourceId: 'r2', startDate: '2030-06-04T09:00:00.000Z' }, visit(), 'r1', now)).toBe(false);
    for (const field of ['cancelDate', 'workStartDate', 'workCompleteDate', 'readyForPickupDate', 'checkOutDate']) {
      expect(
        movesWithResource({ resourceId: 'r1', startDate: '2030-06-04T09:00:00.000Z' }, visit({ [field]: '2030-06-03T10:00:00.000Z' }), 'r1', now),
        field,
      ).toBe(false);
    }
  });

  it('asks a resource for a name', () => {
    expect(resourceProblems({ name: '  ', sortOrder: 0 }).name?.[0]).toMatch(/Enter a name/);
    expect(resourceProblems({ name: 'Bay 1', sortOrder: 0 })).toEqual({});
  });
});
