import type { NotificationPreference } from '../../contract/entities.ts';
import { userNotificationKinds, type UserNotificationKind } from '../../contract/enum-values.ts';

/** What each kind covers, in the words of the notification settings page. */
export const kindDescriptions: Record<UserNotificationKind, string> = {
  message: 'A customer texts, emails or writes through the website contact form.',
  rating: 'A customer rates a visit.',
  'appointment-request': 'A customer asks for an appointment online and it waits to be confirmed.',
  system: 'Planned maintenance and what is new in the app.',
};

/**
 * A user's choice for one kind. Without a saved choice every kind is shown, so a kind added later is never
 * silently missed.
 */
export function preferenceFor(preferences: readonly NotificationPreference[], identityId: string, kind: UserNotificationKind): NotificationPreference {
  return preferences.find((p) => p.identityId === identityId && p.kind === kind) ?? { identityId, kind, inApp: true };
}

/** Every kind with the user's choice, in the order the settings page lists them. */
export function allPreferences(preferences: readonly NotificationPreference[], identityId: string): NotificationPreference[] {
  return userNotificationKinds.values.map((kind) => preferenceFor(preferences, identityId, kind));
}

/** The kinds the user turned off in the app: kept in the notifications list, left out of the bell and its count. */
export function kindsHiddenInApp(preferences: readonly Pick<NotificationPreference, 'kind' | 'inApp'>[]): UserNotificationKind[] {
  return preferences.filter((p) => !p.inApp).map((p) => p.kind);
}
