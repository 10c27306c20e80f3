/**
 * How many texts and emails may leave a store (issue 24 item 11: twenty texts to twenty strangers went out in a
 * second). A person sends a few a minute at most while replying at the counter; a busy store sends a few hundred a
 * day, reminders and thank-yous included. Messages the server sends on its own count toward the store's volume,
 * not toward a person. The numbers are the server's settings (README).
 */
export interface MessageLimits {
  perPersonPerMinute: number;
  perPersonPerDay: number;
  perStorePerMinute: number;
  perStorePerDay: number;
}

export const defaultMessageLimits: MessageLimits = { perPersonPerMinute: 10, perPersonPerDay: 300, perStorePerMinute: 60, perStorePerDay: 2000 };

/** Messages queued in the last minute and the last 24 hours, by the store and (for a person's send) by that person. */
export interface RecentMessages {
  store: { minute: number; day: number };
  person: { minute: number; day: number } | null;
}

/** Why one more message may not go now, with when to try again (seconds); null when it may. */
export function messageLimitReached(recent: RecentMessages, limits: MessageLimits): { words: string; retryAfterSeconds: number } | null {
  if (recent.person && recent.person.minute >= limits.perPersonPerMinute) {
    return {
      words: `You have sent ${limits.perPersonPerMinute} messages in the last minute, the most one person sends: wait a minute and send it again.`,
      retryAfterSeconds: 60,
    };
  }
  if (recent.person && recent.person.day >= limits.perPersonPerDay) {
    return {
      words: `You have sent ${limits.perPersonPerDay} messages in the last 24 hours, the most one person sends in a day: ask a manager if more must go today.`,
      retryAfterSeconds: 3600,
    };
  }
  if (recent.store.minute >= limits.perStorePerMinute) {
    return {
      words: `The store has sent ${limits.perStorePerMinute} messages in the last minute, its most: wait a minute and send it again.`,
      retryAfterSeconds: 60,
    };
  }
  if (recent.store.day >= limits.perStorePerDay) {
    return {
      words: `The store has sent ${limits.perStorePerDay} messages in the last 24 hours, its most in a day: the rest go tomorrow, or call the customer.`,
      retryAfterSeconds: 3600,
    };
  }
  return null;
}
