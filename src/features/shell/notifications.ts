// The notifications box's unread marker: a dot shows when the news changed since this device last saw it (the
// news version is kept in the browser). A device that never showed the bell (a new visitor) has read nothing and
// missed nothing: the news as it is on its first visit is where it starts, so its bell shows no dot.
import { type KeyValueStore, readText, writeText } from './browser-store';

export const NOTIFICATIONS_SEEN_KEY = 'notifications_seen';
/** Change this when the news text changes, so the dot shows again on devices that saw the older news. */
export const NEWS_VERSION = '2026-11-1';

/** Whether the news kept as seen on this device is not the current one (nothing kept: never seen). */
export const hasUnreadNews = (store?: KeyValueStore): boolean =>
  readText(NOTIFICATIONS_SEEN_KEY, store) !== NEWS_VERSION;

export const markNewsRead = (store?: KeyValueStore): void =>
  writeText(NOTIFICATIONS_SEEN_KEY, NEWS_VERSION, store);

/**
 * Whether the bell shows its dot on this device: only for news newer than what it saw. On a device with nothing
 * kept, the current news is kept as seen and the answer is no.
 */
export function newsUnreadHere(store?: KeyValueStore): boolean {
  if (readText(NOTIFICATIONS_SEEN_KEY, store) === null) {
    markNewsRead(store);
    return false;
  }
  return hasUnreadNews(store);
}
