import { describe, expect, it } from 'vitest';
import { installOffer, isIosSafari, isMobileDevice, type InstallDevice } from '../../src/domain/app/install-offer.ts';

const phone: InstallDevice = { coarsePointer: true, screenShortSide: 390, standalone: false, iosSafari: false };
const iPhoneSafari: InstallDevice = { ...phone, iosSafari: true };
const hiddenAt = '2026-11-25T18:00:00.000Z';

describe('which devices count as mobile', () => {
  it.each<[string, InstallDevice, boolean]>([
    ['a phone', phone, true],
    ['a small tablet (768 wide in portrait)', { ...phone, screenShortSide: 768 }, true],
    ['a big tablet', { ...phone, screenShortSide: 1024 }, false],
    ['a desktop with a mouse', { ...phone, coarsePointer: false, screenShortSide: 900 }, false],
    ['a narrow desktop window (its screen is wide) with a mouse', { ...phone, coarsePointer: false, screenShortSide: 1080 }, false],
    ['a touch screen too wide for a phone', { ...phone, screenShortSide: 1080 }, false],
    ['a device that reports no screen', { ...phone, screenShortSide: 0 }, false],
  ])('%s: %s', (_name, device, mobile) => {
    expect(isMobileDevice(device)).toBe(mobile);
  });
});

describe('what the install sheet offers', () => {
  it.each<[string, InstallDevice, boolean, string | null, ReturnType<typeof installOffer>]>([
    ['a phone with a deferred install prompt is offered it', phone, true, null, 'prompt'],
    ['a phone without one is offered nothing', phone, false, null, null],
    ['a phone whose user said Not Now is offered nothing', phone, true, hiddenAt, null],
    ['a phone already running the installed app is offered nothing', { ...phone, standalone: true }, true, null, null],
    ['a desktop is never offered it, prompt or not', { ...phone, coarsePointer: false, screenShortSide: 900 }, true, null, null],
    ['iOS Safari, which has no prompt, gets the Share hint', iPhoneSafari, false, null, 'ios-hint'],
    ['iOS Safari whose user said Not Now gets nothing', iPhoneSafari, false, hiddenAt, null],
    ['iOS Safari already on the home screen gets nothing', { ...iPhoneSafari, standalone: true }, false, null, null],
    ['an iPad too big to count as mobile gets nothing', { ...iPhoneSafari, screenShortSide: 1024 }, false, null, null],
  ])('%s', (_name, device, promptWaiting, hidden, offer) => {
    expect(installOffer(device, { promptWaiting, hiddenAt: hidden })).toBe(offer);
  });
});

describe('telling iOS Safari from the other browsers', () => {
  it.each<[string, string, number, boolean]>([
    [
      'Safari on an iPhone',
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      5,
      true,
    ],
    [
      'Safari on an iPad asking for desktop pages',
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
      5,
      true,
    ],
    ['Safari on a Mac', 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15', 0, false],
    [
      'Chrome on an iPhone',
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0.6478.54 Mobile/15E148 Safari/604.1',
      5,
      false,
    ],
    [
      'Firefox on an iPhone',
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/127.0 Mobile/15E148 Safari/605.1.15',
      5,
      false,
    ],
    [
      'Edge on an iPhone',
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 EdgiOS/126.0.2592.56 Mobile/15E148 Safari/605.1.15',
      5,
      false,
    ],
    [
      'the Google app on an iPhone',
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) GSA/323.0.647062479 Mobile/15E148 Safari/604.1',
      5,
      false,
    ],
    ['Chrome on Android', 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36', 5, false],
  ])('%s: %s', (_name, userAgent, maxTouchPoints, ios) => {
    expect(isIosSafari(userAgent, maxTouchPoints)).toBe(ios);
  });
});
