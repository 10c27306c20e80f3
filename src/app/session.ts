import { liveQuery } from 'dexie';
import { useSyncExternalStore } from 'react';
import type { SpecialStoreHours } from '../contract/entities.ts';
import type { Role } from '../contract/enum-values.ts';
import type { StoreLocation } from '../contract/store-location.ts';
import type { CurrentUser, UserSettings } from '../contract/user.ts';
import { chooseActiveStore, selectableStores } from '../domain/store/active-store.ts';
import { rolesAtStore } from '../domain/people/roles.ts';
import { GlobalDb } from '../db/global-db.ts';
import { signedInUser } from '../db/signed-in-user.ts';
import { replicaOf } from '../db/use-replica.ts';
import { defaultPickupSettings } from '../domain/store/pickup-rules.ts';
import { defaultWeekdayHours } from '../domain/store/store-hours.ts';

/** This tab's read side of the global db (the sync worker writes it). */
export const globalDb = new GlobalDb();

/** Who is signed in, where, and what they may do there (spec section 4, "Access" and "Active store"). */
export interface Session {
  user: CurrentUser;
  settings: UserSettings;
  /** The stores this user may select, by store number. */
  stores: StoreLocation[];
  activeStore: StoreLocation | null;
  /** The roles that count at the active store (identity roles plus that store's). */
  roles: Role[];
}

/**
 * The active store as its replica holds it: its row and special hours arrive with the change feed (and a
 * change made here shows at once), where the session's copy is only as new as its last refresh.
 */
async function asReplicated(store: StoreLocation): Promise<StoreLocation> {
  const replica = replicaOf(store.id);
  const [row, specialStoreHours] = await Promise.all([
    replica.rows<StoreLocation>('storeLocations').get(store.id),
    replica.rows<SpecialStoreHours>('specialStoreHours').orderBy('date').toArray(),
  ]);
  return { ...fieldsAddedLater, ...store, ...row, specialStoreHours: row ? specialStoreHours : store.specialStoreHours };
}

/**
 * Store fields added after a session could first be saved on a device: an app updated while offline opens
 * with them at their defaults until the store's row arrives.
 */
const fieldsAddedLater = {
  ...defaultWeekdayHours,
  ...defaultPickupSettings,
  googleReviewUrl: null,
  yelpReviewUrl: null,
  addressLine1: null,
  city: null,
  state: null,
  postalCode: null,
  phoneNumber: null,
} satisfies Partial<StoreLocation>;

/**
 * The session as the screens of this tab see it, or the error its read ended in. Replaced, never changed, so React
 * sees each answer. While no watch is live, any read of the session (the router's check) sets it, so the first
 * screen draws with the session just read instead of waiting for a second read; once a watch is live, only its
 * answers do, so an older one-off read never overwrites a newer answer.
 */
let snapshot: { session: Session | null | undefined; error?: { thrown: unknown } } = { session: undefined };

async function readSession(): Promise<Session | null> {
  const session = await readSessionRows();
  if (!sessionWatch.subscription) snapshot = { session };
  return session;
}

async function readSessionRows(): Promise<Session | null> {
  const userId = signedInUser();
  if (!userId) return null;
  const row = await globalDb.sessions.get(userId);
  if (!row) return null;
  const chosen = chooseActiveStore(row.settings.allTracCurrentStoreLocation, row.user.roles, selectableStores(row.user.roles, row.stores));
  const activeStore = chosen && (await asReplicated(chosen));
  const stores = selectableStores(row.user.roles, row.stores).map((s) => (s.id === activeStore?.id ? activeStore : s));
  return { user: row.user, settings: row.settings, stores, activeStore, roles: rolesAtStore(row.user.roles, activeStore?.id ?? null) };
}

/**
 * The session as every screen of the tab watches it: one live read shared by all of them (a shell and its screen
 * hold several), started by the first to watch and stopped with the last.
 */
const sessionWatch = {
  listeners: new Set<() => void>(),
  subscription: null as { unsubscribe: () => void } | null,
  subscribe(listener: () => void): () => void {
    sessionWatch.listeners.add(listener);
    sessionWatch.subscription ??= liveQuery(readSession).subscribe({
      next: (session) => sessionWatch.answer({ session }),
      error: (thrown: unknown) => sessionWatch.answer({ session: snapshot.session, error: { thrown } }),
    });
    return () => {
      sessionWatch.listeners.delete(listener);
      if (sessionWatch.listeners.size > 0) return;
      sessionWatch.subscription?.unsubscribe();
      sessionWatch.subscription = null;
      // The next watch reads afresh: an error is not shown again before it has answered.
      if (snapshot.error) snapshot = { session: snapshot.session };
    };
  },
  answer(next: typeof snapshot) {
    snapshot = next;
    for (const listener of sessionWatch.listeners) listener();
  },
};

/** The session, live: undefined while it is first read in this tab, null when nobody has signed in on this device. */
export function useSession(): Session | null | undefined {
  const current = useSyncExternalStore(sessionWatch.subscribe, () => snapshot);
  if (current.error) throw current.error.thrown;
  return current.session;
}

/** Resolves with the session once it is there (the sync worker loads it after a sign-in), or null after `ms`. */
export async function waitForSession(ms: number): Promise<Session | null> {
  const now = await readSession();
  if (now || ms <= 0) return now;
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      subscription.unsubscribe();
      resolve(null);
    }, ms);
    const subscription = liveQuery(readSession).subscribe({
      next: (session) => {
        if (!session) return;
        clearTimeout(timer);
        subscription.unsubscribe();
        resolve(session);
      },
      error: () => {
        clearTimeout(timer);
        resolve(null);
      },
    });
  });
}

export const hasAnyRole = (session: Session, roles: readonly Role[] | null) => roles === null || roles.some((r) => session.roles.includes(r));
