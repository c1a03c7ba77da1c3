// Whether and how the app can be installed here: Chromium offers its install prompt through
// beforeinstallprompt, which is kept from the moment this module loads (it can fire before any button exists);
// iPhone and iPad Safari have no prompt, only Share → Add to Home Screen, so they get a short how-to; in-app
// browsers there (LINE, Facebook, Instagram) cannot add to the home screen at all, so the how-to says to open the
// page in Safari first. Nothing is offered once the app runs installed.
import { useSyncExternalStore } from 'react';

/** Chromium's install prompt event (not in TypeScript's DOM types). */
interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

export type InstallOffer =
  | { kind: 'prompt'; install: () => Promise<boolean> }
  | { kind: 'ios-howto'; inAppBrowser: boolean }
  | { kind: 'none' };

let deferred: InstallPromptEvent | undefined;
let cached: InstallOffer | undefined;
let installed = false;
const listeners = new Set<() => void>();
const changed = () => {
  cached = undefined;
  for (const listener of listeners) listener();
};

if (typeof window !== 'undefined') {
  window.addEventListener('beforeinstallprompt', (event) => {
    // Kept for our own button instead of the browser's mini-infobar.
    event.preventDefault();
    deferred = event as InstallPromptEvent;
    changed();
  });
  window.addEventListener('appinstalled', () => {
    deferred = undefined;
    installed = true;
    changed();
  });
}

export interface Platform {
  userAgent: string;
  platform: string;
  maxTouchPoints: number;
  /** display-mode: standalone, or iOS's navigator.standalone. */
  standalone: boolean;
}

export const isAppleMobile = (p: Platform) =>
  /iPhone|iPad|iPod/.test(p.userAgent) || (p.platform === 'MacIntel' && p.maxTouchPoints > 1);
export const isInAppBrowser = (p: Platform) => /\bLine\/|FBAN|FBAV|Instagram/.test(p.userAgent);

/** The offer for this platform and this prompt state (pure, for tests). */
export function offerFor(p: Platform, prompt: InstallPromptEvent | undefined, done: boolean): InstallOffer {
  if (p.standalone || done) return { kind: 'none' };
  if (prompt)
    return {
      kind: 'prompt',
      install: async () => {
        await prompt.prompt();
        const { outcome } = await prompt.userChoice;
        // A prompt is used once: the browser fires a new event when it can offer again.
        deferred = undefined;
        changed();
        return outcome === 'accepted';
      },
    };
  if (isAppleMobile(p)) return { kind: 'ios-howto', inAppBrowser: isInAppBrowser(p) };
  return { kind: 'none' };
}

/**
 * Whether this browser may offer the install here at all (its prompt or the iPhone how-to): the page keeps room for
 * the button from the first paint, so a prompt that comes later does not push the page down.
 */
export const mayOfferInstall = (p: Platform, hasPromptEvent: boolean): boolean =>
  !p.standalone && (hasPromptEvent || isAppleMobile(p));

/** mayOfferInstall for this browser: Chromium's browsers are those that know onbeforeinstallprompt. */
export const mayOfferInstallHere = (): boolean =>
  typeof window !== 'undefined' && mayOfferInstall(platform(), 'onbeforeinstallprompt' in window);

const platform = (): Platform => ({
  userAgent: navigator.userAgent,
  platform: navigator.platform,
  maxTouchPoints: navigator.maxTouchPoints ?? 0,
  standalone:
    window.matchMedia?.('(display-mode: standalone)').matches === true ||
    (navigator as Navigator & { standalone?: boolean }).standalone === true,
});

const current = (): InstallOffer => {
  cached ??= offerFor(platform(), deferred, installed);
  return cached;
};
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** What the server renders, and the browser's first render that takes over from it: no offer until mounted. */
const NO_OFFER: InstallOffer = { kind: 'none' };
const onServer = (): InstallOffer => NO_OFFER;

export const useInstallOffer = (): InstallOffer => useSyncExternalStore(subscribe, current, onServer);
