// Zip downloads are blocked in in-app and web-view browsers (SPEC §5): they cannot save a large file.
import { IN_APP_BROWSER_MARKERS } from '../../../core/constants';

/** Whether the user agent is an in-app browser or a web view (LINE, Facebook, Instagram, TikTok, X, Android wv). */
export function isInAppBrowser(userAgent: string): boolean {
  const ua = userAgent.toLowerCase();
  return IN_APP_BROWSER_MARKERS.some((marker) =>
    // "wv" is the Android web-view token "; wv)"; as a bare substring it would match ordinary words.
    marker === 'wv' ? /[;(\s]wv[;)\s]/.test(ua) : ua.includes(marker),
  );
}
