import { useSyncExternalStore } from 'react';
import type { Workbox } from 'workbox-window';
import { laterSavedMessage, saveLaterMessage, type LaterSaved } from '../contract/offline-cache.ts';

/**
 * A new version of the app: its service worker installs beside the running one and waits (registerType
 * 'prompt'), so nothing changes under a screen in use. The user takes it with Reload; another tab that took it
 * first leaves this one on code the server may no longer hold, and this tab is asked to reload too.
 */
export type UpdateState = 'none' | 'waiting' | 'taken elsewhere' | 'reloading';

const hourMs = 3_600_000;
let state: UpdateState = 'none';
let workbox: Workbox | null = null;
let changesWritten: () => Promise<void> = async () => undefined;
let reloadingHere = false;
const listeners = new Set<() => void>();

function setState(next: UpdateState): void {
  state = next;
  for (const listener of listeners) listener();
}

/**
 * Registers the service worker and watches for a new version: at each start, hourly while the app stays open
 * (skipped offline: the check would only fail), and when the device comes back online. `written` resolves once
 * every change the screens asked for is on the device, so a reload never drops one.
 */
export function watchForUpdates(wb: Workbox, written: () => Promise<void>, checkEveryMs = hourMs): void {
  workbox = wb;
  changesWritten = written;
  wb.addEventListener('waiting', () => setState('waiting'));
  // The first worker taking a new device's page is no update; a later one, started by another tab, is.
  let controlled = navigator.serviceWorker.controller !== null;
  wb.addEventListener('controlling', () => {
    if (reloadingHere) window.location.reload();
    else if (controlled) setState('taken elsewhere');
    controlled = true;
  });
  askForLaterScreens();
  void wb.register();
  const check = () => {
    if (navigator.onLine) void wb.update().catch(() => undefined);
  };
  setInterval(check, checkEveryMs);
  window.addEventListener('online', check);
}

/** Whether the screens a store's day does not need to open offline are kept too: unknown until the worker says. */
export type LaterScreens = 'unknown' | 'saving' | 'saved' | 'not all saved';
let laterScreens: LaterScreens = 'unknown';
const laterListeners = new Set<() => void>();
function setLaterScreens(next: LaterScreens): void {
  laterScreens = next;
  for (const listener of laterListeners) listener();
}

/**
 * Once a service worker serves this page (at once, or when the first one takes a new device's page), it is asked
 * to keep the other screens' files too (sw/sw.ts), and says when it has. Asked at every start: a file it could
 * not fetch before is tried again.
 */
function askForLaterScreens(): void {
  const ask = () => {
    if (!navigator.serviceWorker.controller) return;
    setLaterScreens('saving');
    navigator.serviceWorker.controller.postMessage({ type: saveLaterMessage });
  };
  navigator.serviceWorker.addEventListener('message', (event) => {
    const data = event.data as LaterSaved | null;
    if (data?.type === laterSavedMessage) setLaterScreens(data.missing === 0 ? 'saved' : 'not all saved');
  });
  navigator.serviceWorker.addEventListener('controllerchange', ask);
  ask();
}

export function useLaterScreens(): LaterScreens {
  return useSyncExternalStore(
    (listener) => {
      laterListeners.add(listener);
      return () => laterListeners.delete(listener);
    },
    () => laterScreens,
  );
}

/** Takes the new version: waits for this tab's changes to be written, then lets the new worker in and reloads. */
export async function reloadIntoNewVersion(): Promise<void> {
  const taken = state === 'taken elsewhere';
  setState('reloading');
  await changesWritten();
  if (taken || !workbox) {
    window.location.reload();
    return;
  }
  reloadingHere = true;
  workbox.messageSkipWaiting();
}

export function useAppUpdate(): UpdateState {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => state,
  );
}

const cssReloadKey = 'alltrac-css-chunk-reload-at';
const cssReloadGuardMs = 60_000;

/**
 * A screen's code that no longer loads (a deploy replaced it and the device has not the old copy) is fetched by a
 * reload. The router does it for a script chunk (lazyRouteComponent reloads once per missing chunk); a style
 * chunk fails in Vite's preload first, as "Unable to preload CSS", which the router does not take for a missing
 * module: reload once for it here, and if that did not mend it within a minute let the error show (the route's
 * error view, with Try again) rather than reload in a loop.
 */
export function reloadOnceOnChunkError(): void {
  window.addEventListener('vite:preloadError', (event) => {
    if (!/Unable to preload CSS/i.test(event.payload instanceof Error ? event.payload.message : String(event.payload))) return;
    const last = Number(sessionStorage.getItem(cssReloadKey) ?? 0);
    if (Date.now() - last < cssReloadGuardMs) return;
    event.preventDefault();
    sessionStorage.setItem(cssReloadKey, String(Date.now()));
    window.location.reload();
  });
}
