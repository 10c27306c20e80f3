/**
 * Between a page and the service worker (sw/sw.ts): the screens' code is kept in a cache of its own, the store's
 * screens before the worker takes the page, the other screens (build/offline-priority.ts) when a page asks.
 */
export const screensCacheName = 'alltrac-screens';
export const saveLaterMessage = 'SAVE_LATER_SCREENS';
export const laterSavedMessage = 'LATER_SCREENS_SAVED';

/** The worker's answer: how many of the later screens' files it could not keep this time (0: all kept). */
export interface LaterSaved {
  type: typeof laterSavedMessage;
  missing: number;
}
