import type { AppSettings } from '../contract/app-settings.ts';
import type { SignedOutNotice } from '../db/global-db.ts';
import { signedInUser } from '../db/signed-in-user.ts';
import { closeReplicas } from '../db/use-replica.ts';
import { onSessionEnded } from '../sync/sync-client.ts';
import { globalDb } from './session.ts';
import { storedUserKey, type StoredUser } from './sign-in-basics.ts';

/*
 * The page's side of a sign-in the server ended (workers/session-end.ts): the leader empties the person's data
 * and leaves a notice on the device; each of their tabs forgets them and shows the notice until someone signs in.
 */

/** Why the server last signed someone out of this device, while nobody has signed in since. */
export async function signedOutNotice(): Promise<SignedOutNotice | undefined> {
  return (await globalDb.signedOutNoticeState.get('signedOutNotice'))?.value;
}

/** Someone signed in: the notice about the last person is no longer the device's news. */
export async function forgetSignedOutNotice(): Promise<void> {
  await globalDb.signedOutNoticeState.delete('signedOutNotice');
}

/**
 * Leaves the app of a user whose sign-in the server ended, now or while this tab was closed: the browser
 * forgets the user, and the reload shows why. A notice about another user ends here (someone signed in since).
 */
export function followEndedSessions(settings: AppSettings, user: StoredUser | null): void {
  const leave = () => {
    closeReplicas();
    window.localStorage.removeItem(storedUserKey(settings));
    window.location.assign('/');
  };
  onSessionEnded((userId) => {
    if (userId === signedInUser()) leave();
  });
  if (!user) return;
  void signedOutNotice().then((notice) => {
    if (notice?.userId === user.sub) leave();
    else if (notice) void forgetSignedOutNotice();
  });
}
