import { describe, expect, it } from 'vitest';
import type { SystemNotification } from '../../src/contract/entities.ts';
import { applicationName } from '../../src/contract/application-name.ts';
import { activeSystemNotifications, nextNoticeChange, stillDismissed } from '../../src/domain/messages/system-notifications.ts';

const at = (iso: string) => new Date(iso);
const notice = (over: Partial<SystemNotification>): SystemNotification => ({
  systemNotificationId: '00000000-0000-4000-8000-000000000001',
  content: 'x',
  severityLevel: 'Low',
  application: applicationName,
  dateStarted: '2026-11-21T10:00:00.000Z',
  dateEnded: '2026-11-21T12:00:00.000Z',
  storeIds: null,
  ...over,
});

describe('system notifications', () => {
  it.each([
    ['before it starts', '2026-11-21T09:59:59Z', false],
    ['when it starts', '2026-11-21T10:00:00Z', true],
    ['while it runs', '2026-11-21T11:00:00Z', true],
    ['once it ended', '2026-11-21T12:00:00Z', false],
  ])('are shown only while active: %s', (_, now, shown) => {
    expect(activeSystemNotifications([notice({})], at(now))).toHaveLength(shown ? 1 : 0);
  });

  it('of another application are never shown', () => {
    expect(activeSystemNotifications([notice({ application: 'OtherProduct', severityLevel: 'High' })], at('2026-11-21T11:00:00Z'))).toEqual([]);
  });

  it('for some stores are shown at those stores only; one for every store everywhere, with a store or before one is chosen', () => {
    const now = at('2026-11-21T11:00:00Z');
    const some = notice({ systemNotificationId: '00000000-0000-4000-8000-000000000002', storeIds: [101, 102] });
    const every = notice({});
    expect(activeSystemNotifications([some, every], now, 101)).toEqual([some, every]);
    expect(activeSystemNotifications([some, every], now, 103)).toEqual([every]);
    expect(activeSystemNotifications([some, every], now, null)).toEqual([every]);
  });
});

describe("the shell's next look at its notices", () => {
  it.each([
    ['at the start of one not started yet', '2026-11-21T09:00:00Z', '2026-11-21T10:00:00.000Z'],
    ['at the end of one showing', '2026-11-21T11:00:00Z', '2026-11-21T12:00:00.000Z'],
    ['never, once all have ended', '2026-11-21T12:00:00Z', null],
  ])('is %s', (_, now, next) => {
    expect(nextNoticeChange([notice({})], at(now))?.toISOString() ?? null).toBe(next);
  });

  it('is within a day, however far the next change', () => {
    expect(nextNoticeChange([notice({ dateEnded: '2027-01-01T00:00:00.000Z' })], at('2026-11-21T11:00:00Z'))?.toISOString()).toBe('2026-11-22T11:00:00.000Z');
  });
});

describe('dismissed notices', () => {
  it('stay dismissed while shown, and are forgotten once gone or no longer Low', () => {
    const low = notice({});
    const raised = notice({ systemNotificationId: '00000000-0000-4000-8000-000000000003', severityLevel: 'Medium' });
    expect(stillDismissed([low.systemNotificationId, raised.systemNotificationId, '00000000-0000-4000-8000-000000000009'], [low, raised])).toEqual([
      low.systemNotificationId,
    ]);
  });
});
