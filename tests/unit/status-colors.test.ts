import { describe, expect, it } from 'vitest';
import { statusColors } from '../../src/domain/scheduler/visit-status.ts';
import { textOn } from '../../src/features/scheduler/status-colors.ts';

describe("the text on a scheduler entry's status colour", () => {
  it.each([
    ['Unconfirmed', '#ffffff'],
    ['Not Arrived', '#ffffff'],
    ['Checked In', '#1a1b1e'],
    ['Service Started', '#1a1b1e'],
    ['Service Finished', '#1a1b1e'],
    ['Ready For Pickup', '#ffffff'],
    ['Picked Up', '#ffffff'],
  ] as const)('on %s is %s, the one that contrasts more', (status, text) => {
    expect(textOn(statusColors[status])).toBe(text);
  });

  it('is white on a colour it cannot read (a named one)', () => {
    expect(textOn('gray')).toBe('#ffffff');
  });
});
