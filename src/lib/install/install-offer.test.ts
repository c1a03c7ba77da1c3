import { describe, expect, it, vi } from 'vitest';
import { isAppleMobile, isInAppBrowser, mayOfferInstall, offerFor, type Platform } from './install-offer';

const android: Platform = {
  userAgent: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/131.0 Mobile Safari/537.36',
  platform: 'Linux armv8l',
  maxTouchPoints: 5,
  standalone: false,
};
const iphone: Platform = {
  userAgent:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 Version/18.1 Mobile/15E148 Safari/604.1',
  platform: 'iPhone',
  maxTouchPoints: 5,
  standalone: false,
};
const ipadDesktopMode: Platform = {
  userAgent:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 Version/18.1 Safari/605.1.15',
  platform: 'MacIntel',
  maxTouchPoints: 5,
  standalone: false,
};
const iphoneLine: Platform = { ...iphone, userAgent: `${iphone.userAgent} Line/14.19.0` };
const mac: Platform = { ...ipadDesktopMode, maxTouchPoints: 0 };

const promptEvent = (outcome: 'accepted' | 'dismissed') =>
  Object.assign(new Event('beforeinstallprompt'), {
    prompt: vi.fn(async () => undefined),
    userChoice: Promise.resolve({ outcome }),
  });

describe('the install offer', () => {
  it('uses the browser’s prompt where it gives one, and says whether the buyer installed', async () => {
    const event = promptEvent('accepted');
    const offer = offerFor(android, event, false);
    expect(offer.kind).toBe('prompt');
    if (offer.kind !== 'prompt') return;
    expect(await offer.install()).toBe(true);
    expect(event.prompt).toHaveBeenCalledOnce();
    const dismissed = offerFor(android, promptEvent('dismissed'), false);
    expect(dismissed.kind === 'prompt' && (await dismissed.install())).toBe(false);
  });

  it('gives iPhone and iPad a how-to, which in LINE or Facebook starts with opening Safari', () => {
    expect(isAppleMobile(iphone)).toBe(true);
    expect(isAppleMobile(ipadDesktopMode)).toBe(true);
    expect(isAppleMobile(mac)).toBe(false);
    expect(offerFor(iphone, undefined, false)).toEqual({ kind: 'ios-howto', inAppBrowser: false });
    expect(offerFor(iphoneLine, undefined, false)).toEqual({ kind: 'ios-howto', inAppBrowser: true });
    expect(isInAppBrowser({ ...iphone, userAgent: `${iphone.userAgent} [FBAN/FBIOS;FBAV/480.0]` })).toBe(
      true,
    );
  });

  it('offers nothing once installed, running installed, or where the browser cannot install', () => {
    expect(offerFor({ ...iphone, standalone: true }, undefined, false)).toEqual({ kind: 'none' });
    expect(offerFor(android, promptEvent('accepted'), true)).toEqual({ kind: 'none' });
    expect(offerFor(android, undefined, false)).toEqual({ kind: 'none' });
    expect(offerFor(mac, undefined, false)).toEqual({ kind: 'none' });
  });

  it('keeps room for the button where an offer may come: Chromium’s prompt or the iPhone how-to, not installed', () => {
    expect(mayOfferInstall(android, true)).toBe(true);
    expect(mayOfferInstall(iphone, false)).toBe(true);
    expect(mayOfferInstall(ipadDesktopMode, false)).toBe(true);
    expect(mayOfferInstall({ ...android, standalone: true }, true)).toBe(false);
    expect(mayOfferInstall({ ...iphone, standalone: true }, false)).toBe(false);
    // Firefox and Safari on a Mac have no prompt event and no how-to.
    expect(mayOfferInstall(mac, false)).toBe(false);
  });
});
