// The notifications box's unread marker: a dot shows until the runner has opened the box once since the news
// last changed (the news version is kept in the browser).
import { type KeyValueStore, readText, writeText } from './browser-store';

export const NOTIFICATIONS_SEEN_KEY = 'notifications_seen';
/** Change this when the news text changes, so the dot shows again. */
export const NEWS_VERSION = '2026-11-1';

export const hasUnreadNews = (store?: KeyValueStore): boolean =>
  readText(NOTIFICATIONS_SEEN_KEY, store) !== NEWS_VERSION;

export const markNewsRead = (store?: KeyValueStore): void =>
  writeText(NOTIFICATIONS_SEEN_KEY, NEWS_VERSION, store);
