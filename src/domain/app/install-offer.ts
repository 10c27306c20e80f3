/**
 * The install sheet of spec section 2 ("Install prompt"): whether this device is offered the app, and how.
 * The device's facts are read by src/app/install-prompt.ts; the rule is here, with its table test.
 */

/** What the sheet needs to know about the device it runs on. */
export interface InstallDevice {
  /** `(pointer: coarse)` matches: the main pointer is a finger. */
  coarsePointer: boolean;
  /** The shorter side of the screen, in CSS pixels (a phone turned sideways is still a phone). */
  screenShortSide: number;
  /** The app already runs installed (display-mode standalone, or iOS's `navigator.standalone`). */
  standalone: boolean;
  /** Safari on an iPhone, iPod or iPad: it has no `beforeinstallprompt`, only Share, Add to Home Screen. */
  iosSafari: boolean;
}

/** The widest screen (its shorter side, CSS pixels) that counts as mobile: phones and small tablets. */
export const mobileScreenMax = 768;

/** Mobile: a touch device with a coarse pointer and a narrow screen. A desktop never is, however narrow its window. */
export function isMobileDevice(device: InstallDevice): boolean {
  return device.coarsePointer && device.screenShortSide > 0 && device.screenShortSide <= mobileScreenMax;
}

/** What the sheet offers: the browser's install prompt, the iOS hint (Share, Add to Home Screen), or nothing. */
export type InstallOffer = 'prompt' | 'ios-hint' | null;

/**
 * The sheet shows when a deferred install prompt exists (or, on iOS Safari, which has none, the hint), the
 * device is mobile, the app is not already installed and the user has not chosen to hide it (Not Now saved
 * `allTracHideInstallPrompt`; any time there hides it for good, on every device of theirs).
 */
export function installOffer(device: InstallDevice, state: { promptWaiting: boolean; hiddenAt: string | null }): InstallOffer {
  if (state.hiddenAt !== null || device.standalone || !isMobileDevice(device)) return null;
  if (state.promptWaiting) return 'prompt';
  return device.iosSafari ? 'ios-hint' : null;
}

/** Browsers on iOS that are not Safari (each names itself), and in-app web views (Google, Facebook, Instagram…). */
const notSafari = /CriOS|FxiOS|EdgiOS|OPiOS|OPT\/|YaBrowser|DuckDuckGo|GSA\/|FBAN|FBAV|Instagram|Line\//;

/**
 * Safari on iOS or iPadOS, from the user agent. iPadOS Safari asks for desktop pages as a Mac does: a "Macintosh"
 * with a touch screen is an iPad (`maxTouchPoints` > 1; no Mac has one).
 */
export function isIosSafari(userAgent: string, maxTouchPoints: number): boolean {
  const ios = /iPhone|iPad|iPod/.test(userAgent) || (/Macintosh/.test(userAgent) && maxTouchPoints > 1);
  return ios && /Safari\//.test(userAgent) && /Version\//.test(userAgent) && !notSafari.test(userAgent);
}
