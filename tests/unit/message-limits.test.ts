import { describe, expect, it } from 'vitest';
import { defaultMessageLimits, messageLimitReached, type RecentMessages } from '../../src/domain/messages/message-limits.ts';

const quiet = { minute: 0, day: 0 };
const limits = { perPersonPerMinute: 3, perPersonPerDay: 10, perStorePerMinute: 5, perStorePerDay: 20 };

describe('how many messages may leave a store', () => {
  it.each<[string, RecentMessages, RegExp | null]>([
    ['a quiet store and person', { store: quiet, person: quiet }, null],
    ["a person at their minute's most", { store: { minute: 3, day: 3 }, person: { minute: 3, day: 3 } }, /^You have sent 3 messages in the last minute/],
    ["a person at their day's most", { store: { minute: 0, day: 10 }, person: { minute: 0, day: 10 } }, /^You have sent 10 messages in the last 24 hours/],
    ["a store at its minute's most, whoever sends", { store: { minute: 5, day: 5 }, person: quiet }, /^The store has sent 5 messages in the last minute/],
    [
      "the server's own message at the store's day most",
      { store: { minute: 0, day: 20 }, person: null },
      /^The store has sent 20 messages in the last 24 hours/,
    ],
    ["the server's own message however many a person sent", { store: { minute: 1, day: 1 }, person: null }, null],
  ])('%s', (_, recent, words) => {
    const reached = messageLimitReached(recent, limits);
    if (words === null) expect(reached).toBeNull();
    else expect(reached?.words).toMatch(words);
  });

  it('lets a person send a few a minute and a busy store a few hundred a day by default', () => {
    expect(messageLimitReached({ store: { minute: 9, day: 400 }, person: { minute: 9, day: 150 } }, defaultMessageLimits)).toBeNull();
  });
});
