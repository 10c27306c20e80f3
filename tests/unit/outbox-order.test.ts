import { describe, expect, it } from 'vitest';
import type { OutboxEntry } from '../../src/db/store-db.ts';
import { nextToSend, orderClock, type DeviceEntry } from '../../workers/outbox-order.ts';

let seq = 0;
const entry = (storeId: number, entity: string, order: number, more: Partial<OutboxEntry> = {}): DeviceEntry => ({
  storeId,
  entry: {
    seq: ++seq,
    entity,
    collection: 'customers',
    key: entity.split('/')[1]!,
    method: 'PATCH',
    path: '/x',
    idempotencyKey: `k-${seq}-abcdef`,
    description: entity,
    status: 'pending',
    attempts: 0,
    createdAt: '2026-11-02T10:00:00.000Z',
    order,
    ...more,
  },
});
const now = Date.parse('2026-11-02T12:00:00.000Z');
const next = (entries: DeviceEntry[]) => {
  const { next: found, retryAt } = nextToSend(entries, now);
  return { next: found ? `${found.storeId}:${found.entry.entity}@${found.entry.order}` : null, retryAt };
};

describe('the next change to send', () => {
  it.each([
    [
      'the earliest change of the device, whatever store holds it',
      [entry(102, 'customers/a', 2), entry(101, 'customers/a', 1), entry(101, 'customers/a', 3)],
      '101:customers/a@1',
    ],
    [
      'the next row when the earliest one was refused',
      [entry(101, 'customers/a', 1, { status: 'failed' }), entry(101, 'customers/a', 2), entry(102, 'customers/b', 3)],
      '102:customers/b@3',
    ],
    [
      'nothing of a refused row, nor of rows that refer to it',
      [
        entry(101, 'customers/a', 1, { status: 'failed' }),
        entry(101, 'customerVehicles/v', 2, { refs: ['customers/a'] }),
        entry(101, 'customerVehicles/w', 3, { refs: ['customerVehicles/v'] }),
      ],
      null,
    ],
    [
      'the later changes of a report whose send the server refused (a server action holds back nothing)',
      [
        entry(101, 'inspectionReports/r', 1, { status: 'failed', serverAction: true }),
        entry(101, 'inspectionReports/r', 2),
        entry(101, 'inspectionItems/r/i', 3, { refs: ['inspectionReports/r'] }),
      ],
      '101:inspectionReports/r@2',
    ],
    ['a row whose retry is due', [entry(101, 'customers/a', 1, { retryAt: now - 1 })], '101:customers/a@1'],
    ['the next row while one waits out its retry', [entry(101, 'customers/a', 1, { retryAt: now + 5000 }), entry(101, 'customers/b', 2)], '101:customers/b@2'],
    [
      'an entry queued before orders existed, by the time it was made',
      [
        entry(101, 'customers/a', 0, { order: undefined, createdAt: '2026-11-02T11:00:00.000Z' }),
        entry(101, 'customers/b', Date.parse('2026-11-02T10:00:00.000Z') * 1000),
      ],
      '101:customers/b@1793613600000000',
    ],
  ])('is %s', (_name, entries, expected) => {
    expect(next(entries).next).toBe(expected);
  });

  it('says when the first held-back retry falls due, when nothing can go now', () => {
    expect(
      next([entry(101, 'customers/a', 1, { retryAt: now + 9000 }), entry(101, 'customers/a', 2), entry(101, 'customers/b', 3, { retryAt: now + 4000 })]),
    ).toEqual({ next: null, retryAt: now + 4000 });
  });
});

describe('the device-wide order of new changes', () => {
  it('always grows, even when the clock stands still or steps back', () => {
    const times = [1000, 1000, 999, 1001];
    const order = orderClock(() => times.shift()!);
    const orders = [order(), order(), order(), order()];
    expect(orders).toEqual([1_000_000, 1_000_001, 1_000_002, 1_001_000]);
  });
});
