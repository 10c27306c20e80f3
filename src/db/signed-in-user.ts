let signedInUserId: string | null = null;

/**
 * The user signed in in this tab (the subject of the sign-in client's user), set once at boot. Screens read
 * only their session and replicas: another user's data on a shared device is never shown.
 */
export function setSignedInUser(userId: string | null): void {
  signedInUserId = userId;
}

export const signedInUser = () => signedInUserId;
