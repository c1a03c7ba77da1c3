// The runner's bookmarks: pages and events saved in the sidebar, at most SIDEBAR_BOOKMARKS_MAX (SPEC §9),
// kept in the browser under "bookmarks".
import { SIDEBAR_BOOKMARKS_MAX } from '../../../core/constants';
import { type KeyValueStore, readJson, writeJson } from './browser-store';

export const BOOKMARKS_KEY = 'bookmarks';

export interface Bookmark {
  /** The page's address inside the app, e.g. "/about" or "/bangkok-city-marathon-2026". */
  path: string;
  /** The page's title when it was bookmarked (shown for pages that are not in the menu). */
  title: string;
}

export type AddBookmarkResult = 'added' | 'exists' | 'full';

const isBookmark = (value: unknown): value is Bookmark =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as Bookmark).path === 'string' &&
  (value as Bookmark).path.startsWith('/') &&
  typeof (value as Bookmark).title === 'string';

export function addBookmark(
  list: readonly Bookmark[],
  bookmark: Bookmark,
): { list: readonly Bookmark[]; result: AddBookmarkResult } {
  if (list.some((b) => b.path === bookmark.path)) return { list, result: 'exists' };
  if (list.length >= SIDEBAR_BOOKMARKS_MAX) return { list, result: 'full' };
  return { list: [...list, bookmark], result: 'added' };
}

export const removeBookmark = (list: readonly Bookmark[], path: string): readonly Bookmark[] =>
  list.filter((b) => b.path !== path);

export const isBookmarked = (list: readonly Bookmark[], path: string): boolean =>
  list.some((b) => b.path === path);

/** The stored bookmarks; anything malformed is dropped, and never more than the limit. */
export function readBookmarks(store?: KeyValueStore): readonly Bookmark[] {
  const value = readJson(BOOKMARKS_KEY, store);
  if (!Array.isArray(value)) return [];
  const seen = new Set<string>();
  return value
    .filter(isBookmark)
    .filter((b) => !seen.has(b.path) && seen.add(b.path))
    .slice(0, SIDEBAR_BOOKMARKS_MAX)
    .map(({ path, title }) => ({ path, title }));
}

export function saveBookmarks(list: readonly Bookmark[], store?: KeyValueStore): void {
  writeJson(BOOKMARKS_KEY, list, store);
}

/** A page's own title from the document title ("About us | RunFoto" → "About us"). */
export function pageTitleOf(documentTitle: string, productName: string): string {
  const suffix = ` | ${productName}`;
  const title = documentTitle.endsWith(suffix) ? documentTitle.slice(0, -suffix.length) : documentTitle;
  return title.trim() || productName;
}
