import { isIosSafari, type InstallDevice } from '../domain/app/install-offer.ts';

/**
 * The browser's offer to install the app (`beforeinstallprompt`, Chromium only), kept for the install sheet
 * (spec section 2). It can fire before React mounts, so src/main.tsx imports this module first: the listener
 * is in place at once, the browser's own mini-bar is held back (preventDefault) and the event kept until the
 * user answers the sheet.
 */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<unknown>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform?: string }>;
}

let deferred: BeforeInstallPromptEvent | null = null;
const listeners = new Set<() => void>();
const changed = () => listeners.forEach((listener) => listener());
const forget = (event: BeforeInstallPromptEvent | null) => {
  if (deferred !== event) return;
  deferred = null;
  changed();
};

if (typeof window !== 'undefined') {
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    deferred = event as BeforeInstallPromptEvent;
    changed();
  });
  // Installed (from the sheet or from the browser's menu): nothing is left to offer.
  window.addEventListener('appinstalled', () => forget(deferred));
}

/** Calls `listener` whenever a prompt is kept or forgotten; returns the unsubscribe (for useSyncExternalStore). */
export function subscribeInstallPrompt(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether the browser's install prompt is kept and may be shown. */
export function installPromptWaiting(): boolean {
  return deferred !== null;
}

/**
 * Shows the browser's install prompt and answers the user's choice. A prompt can be shown once only: whatever
 * the answer, the event is spent and forgotten (the browser may offer a new one later).
 */
export async function promptInstall(): Promise<'accepted' | 'dismissed' | 'unavailable'> {
  const event = deferred;
  if (!event) return 'unavailable';
  try {
    await event.prompt();
    return (await event.userChoice).outcome;
  } catch {
    // Shown already (InvalidStateError), or the browser withdrew it.
    return 'unavailable';
  } finally {
    forget(event);
  }
}

/** This device's facts for the sheet's rule (src/domain/app/install-offer.ts), read as the sheet opens. */
export function readInstallDevice(): InstallDevice {
  const nav = navigator as Navigator & { standalone?: boolean };
  return {
    coarsePointer: window.matchMedia('(pointer: coarse)').matches,
    screenShortSide: Math.min(window.screen.width, window.screen.height),
    standalone: window.matchMedia('(display-mode: standalone), (display-mode: fullscreen)').matches || nav.standalone === true,
    iosSafari: isIosSafari(nav.userAgent, nav.maxTouchPoints ?? 0),
  };
}
