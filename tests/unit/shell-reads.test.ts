import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { readIncomingMessages } from '../../src/app/shell/incoming-messages-popup.tsx';
import { readNotificationsPopup } from '../../src/app/shell/notifications-popup.tsx';
import { readRatingSummary } from '../../src/app/shell/use-rating-summary.ts';
import { withDerivedFields } from '../../src/db/derived-fields.ts';
import { StoreDb } from '../../src/db/store-db.ts';
import { ratingSummary } from '../../src/domain/figures/ratings.ts';

const owner = { userId: '11111111-1111-4111-8111-111111111111', storeId: 4 };
const replica = () => new StoreDb(owner, { indexedDB: new IDBFactory(), IDBKeyRange });

describe("the shell's rating summary, read by index", () => {
  it("gives what the rule gives over every rating, with half stars from older data and a visit date written with an offset at the window's edge", async () => {
    const db = replica();
    // Los Angeles: the seven days that end on Tuesday 9 June start on Wednesday 3 June, 07:00 UTC.
    const now = new Date('2026-06-09T18:00:00.000Z');
    const ratings = [
      { ratingId: 'old', score: 1, visitDate: '2026-01-10T15:00:00.000Z', isRead: true },
      { ratingId: 'half', score: 2.5, visitDate: '2026-05-20T15:00:00.000Z', isRead: true },
      { ratingId: 'before-window', score: 3, visitDate: '2026-06-02T23:59:00-07:00', isRead: true },
      { ratingId: 'window-edge', score: 5, visitDate: '2026-06-03T00:00:00-07:00', isRead: false },
      { ratingId: 'recent', score: 4, visitDate: '2026-06-09T06:00:00.000Z', isRead: false },
      { ratingId: 'recent-too', score: 4, visitDate: '2026-06-08T21:00:00.000Z', isRead: true },
    ];
    await db.collection('ratings').bulkPut(ratings.map((r) => withDerivedFields('ratings', { ...r })));

    const summary = await readRatingSummary(db, now, 'America/Los_Angeles');
    expect(summary).toEqual(ratingSummary(ratings, now, 'America/Los_Angeles'));
    expect(summary.recent).toEqual({ average: 13 / 3, count: 3 });
    expect(summary.overall).toEqual({ average: 19.5 / 6, count: 6 });
    db.close();
  });

  it('has no average, and a count of none, for a store with no ratings yet', async () => {
    const db = replica();
    expect(await readRatingSummary(db, new Date('2026-06-09T18:00:00.000Z'), 'America/Los_Angeles')).toEqual({
      recent: { average: null, count: 0 },
      overall: { average: null, count: 0 },
    });
    db.close();
  });
});

describe("the incoming-messages popup's read", () => {
  const message = (id: string, sentOn: string, fields: Record<string, unknown> = {}) =>
    withDerivedFields('storeMessages', {
      storeMessageId: id,
      messageDirection: 'Inbound',
      isArchived: false,
      repliedToByUserId: null,
      sentOn,
      storeServiceId: null,
      ...fields,
    });

  it('reads the messages still to answer, newest first, with the names of their services, and none answered, archived or sent', async () => {
    const db = replica();
    await db.collection('storeServices').bulkPut([
      { storeServiceId: 'oil', name: 'Oil change' },
      { storeServiceId: 'tires', name: 'Tire rotation' },
    ]);
    await db
      .collection('storeMessages')
      .bulkPut([
        message('older', '2026-06-08T10:00:00.000Z', { storeServiceId: 'oil' }),
        message('newer', '2026-06-09T10:00:00.000Z'),
        message('answered', '2026-06-09T11:00:00.000Z', { repliedToByUserId: 'u1', storeServiceId: 'tires' }),
        message('archived', '2026-06-09T12:00:00.000Z', { isArchived: true }),
        message('sent', '2026-06-09T13:00:00.000Z', { messageDirection: 'Outbound' }),
      ]);

    const read = await readIncomingMessages(db, []);
    expect(read.fresh.map((m) => m.storeMessageId)).toEqual(['newer', 'older']);
    expect([...read.byId.keys()].sort()).toEqual(['newer', 'older']);
    expect(read.serviceName).toEqual(new Map([['oil', 'Oil change']]));
    db.close();
  });

  it('keeps a message listed at opening once it is answered, so its reply note shows until the popup closes', async () => {
    const db = replica();
    await db.collection('storeServices').put({ storeServiceId: 'tires', name: 'Tire rotation' });
    await db
      .collection('storeMessages')
      .bulkPut([
        message('open', '2026-06-09T10:00:00.000Z'),
        message('replied', '2026-06-09T11:00:00.000Z', { repliedToByUserId: 'u1', storeServiceId: 'tires' }),
      ]);

    const read = await readIncomingMessages(db, ['replied', 'open', 'gone']);
    expect(read.fresh.map((m) => m.storeMessageId)).toEqual(['open']);
    expect(read.byId.get('replied')).toMatchObject({ repliedToByUserId: 'u1' });
    expect(read.byId.has('gone')).toBe(false);
    expect(read.serviceName.get('tires')).toBe('Tire rotation');
    db.close();
  });
});

describe("the notifications popup's read", () => {
  const notification = (id: string, kind: string, dateAdded: string, dateMarkedRead: string | null) =>
    withDerivedFields('userNotifications', {
      userNotificationId: id,
      kind,
      content: id,
      dateAdded,
      dateMarkedRead,
      link: null,
    });

  it('counts the unread notifications of the kinds shown in the app, and lists the ten newest of those kinds', async () => {
    const db = replica();
    await db.collection('notificationPreferences').put({ identityId: owner.userId, kind: 'rating', inApp: false });
    await db
      .collection('userNotifications')
      .bulkPut([
        ...Array.from({ length: 12 }, (_, i) =>
          notification(`read-${i}`, 'message', `2026-06-0${1 + (i % 8)}T0${i % 10}:00:00.000Z`, '2026-06-09T00:00:00.000Z'),
        ),
        notification('unread-message', 'message', '2026-06-09T10:00:00.000Z', null),
        notification('unread-request', 'appointment-request', '2026-06-09T09:00:00.000Z', null),
        notification('unread-rating', 'rating', '2026-06-09T11:00:00.000Z', null),
      ]);

    const read = await readNotificationsPopup(db);
    expect(read.unread).toBe(2);
    expect(read.newest).toHaveLength(10);
    expect(read.newest.slice(0, 2).map((n) => n.userNotificationId)).toEqual(['unread-message', 'unread-request']);
    expect(read.newest.some((n) => n.kind === 'rating')).toBe(false);

    await db.collection('userNotifications').put(notification('unread-message', 'message', '2026-06-09T10:00:00.000Z', '2026-06-09T12:00:00.000Z'));
    expect((await readNotificationsPopup(db)).unread).toBe(1);
    db.close();
  });
});
