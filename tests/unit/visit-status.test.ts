import { describe, expect, it } from 'vitest';
import { scheduledEventStatus, statusColors, type EventType, type Milestones } from '../../src/domain/scheduler/visit-status.ts';

const at = '2026-11-02T15:00:00.000Z';
const none: Milestones = {
  cancelDate: null,
  confirmationDate: null,
  checkInDate: null,
  workStartDate: null,
  workCompleteDate: null,
  readyForPickupDate: null,
  checkOutDate: null,
};
const upTo = (fields: (keyof Milestones)[]) => ({ ...none, ...Object.fromEntries(fields.map((f) => [f, at])) });

describe('the status of a scheduled event (spec section 4), read from its dates in order', () => {
  it.each([
    [2, none, 'Blocked Time', 'gray'],
    [3, upTo(['confirmationDate', 'checkInDate']), 'Blocked Time', 'gray'],
    [1, upTo(['cancelDate', 'confirmationDate', 'checkInDate']), 'Canceled', '#898E8C'],
    [1, none, 'Unconfirmed', '#DC267F'],
    [4, upTo(['checkInDate']), 'Unconfirmed', '#DC267F'],
    [1, upTo(['confirmationDate']), 'Not Arrived', '#000000'],
    [1, upTo(['confirmationDate', 'checkInDate']), 'Checked In', '#648FFF'],
    [1, upTo(['confirmationDate', 'checkInDate', 'workStartDate']), 'Service Started', '#FFB000'],
    [1, upTo(['confirmationDate', 'checkInDate', 'workStartDate', 'workCompleteDate']), 'Service Finished', '#FE6100'],
    [1, upTo(['confirmationDate', 'checkInDate', 'workStartDate', 'workCompleteDate', 'readyForPickupDate']), 'Ready For Pickup', '#117733'],
    [4, upTo(['confirmationDate', 'checkInDate', 'workStartDate', 'workCompleteDate', 'readyForPickupDate', 'checkOutDate']), 'Picked Up', '#785EF0'],
  ] as [EventType, Milestones, string, string][])('type %i with %j is %s (%s)', (type, dates, status, colour) => {
    const found = scheduledEventStatus(type, dates);
    expect(found).toBe(status);
    expect(statusColors[found]).toBe(colour);
  });
});
