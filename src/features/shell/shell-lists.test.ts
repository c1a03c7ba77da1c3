import { describe, expect, it } from 'vitest';
import { SIDEBAR_BOOKMARKS_MAX } from '../../../core/constants';
import { memoryStorage } from '../../test/memory-storage';
import {
  addBookmark,
  type Bookmark,
  isBookmarked,
  pageTitleOf,
  readBookmarks,
  removeBookmark,
  saveBookmarks,
} from './bookmarks';
import { headerCartKind, headerCartPath } from './cart-link';
import { hasUnreadNews, markNewsRead } from './notifications';
import { readPins, savePins, splitPinned, togglePin } from './pins';

const page = (n: number): Bookmark => ({ path: `/page-${n}`, title: `Page ${n}` });

describe('bookmarks', () => {
  it('adds up to 8, refuses the 9th and a second copy', () => {
    let list: readonly Bookmark[] = [];
    for (let n = 1; n <= SIDEBAR_BOOKMARKS_MAX; n++) {
      const step = addBookmark(list, page(n));
      expect(step.result).toBe('added');
      list = step.list;
    }
    expect(list).toHaveLength(8);
    expect(addBookmark(list, page(9))).toEqual({ list, result: 'full' });
    expect(addBookmark(list.slice(0, 3), page(2)).result).toBe('exists');
  });

  it('removes by path and tells whether a path is bookmarked', () => {
    const list = [page(1), page(2)];
    expect(removeBookmark(list, '/page-1')).toEqual([page(2)]);
    expect(isBookmarked(list, '/page-2')).toBe(true);
    expect(isBookmarked(list, '/page-3')).toBe(false);
  });

  it('stores them and drops malformed, duplicated or surplus entries when reading', () => {
    const store = memoryStorage();
    saveBookmarks([page(1)], store);
    expect(readBookmarks(store)).toEqual([page(1)]);
    const messy = [
      page(1),
      page(1),
      { path: 'no-slash', title: 'x' },
      { path: '/x' },
      'text',
      ...[2, 3, 4, 5, 6, 7, 8, 9, 10].map(page),
    ];
    store.setItem('bookmarks', JSON.stringify(messy));
    const read = readBookmarks(store);
    expect(read.map((b) => b.path)).toEqual([1, 2, 3, 4, 5, 6, 7, 8].map((n) => `/page-${n}`));
    store.setItem('bookmarks', '{not json');
    expect(readBookmarks(store)).toEqual([]);
  });

  it('takes the page title out of the document title', () => {
    expect(pageTitleOf('เกี่ยวกับเรา | RunFoto', 'RunFoto')).toBe('เกี่ยวกับเรา');
    expect(pageTitleOf('RunFoto', 'RunFoto')).toBe('RunFoto');
    expect(pageTitleOf(' | RunFoto', 'RunFoto')).toBe('RunFoto');
  });
});

describe('pins', () => {
  it('toggles an id, new pins last', () => {
    expect(togglePin([], 'page:about')).toEqual(['page:about']);
    expect(togglePin(['page:about'], 'event:x')).toEqual(['page:about', 'event:x']);
    expect(togglePin(['page:about', 'event:x'], 'page:about')).toEqual(['event:x']);
  });

  it('splits the menu into pinned entries (in pin order) and the rest (in menu order)', () => {
    const items = [{ id: 'a' }, { id: 'b' }, { id: 'c' }];
    expect(splitPinned(items, ['c', 'gone', 'a'])).toEqual({
      pinned: [{ id: 'c' }, { id: 'a' }],
      others: [{ id: 'b' }],
    });
  });

  it('keeps them under "pins", reading only distinct non-empty strings', () => {
    const store = memoryStorage();
    savePins(['page:about'], store);
    expect(store.data.get('pins')).toBe('["page:about"]');
    store.setItem('pins', JSON.stringify(['a', 'a', '', 3, 'b']));
    expect(readPins(store)).toEqual(['a', 'b']);
    store.setItem('pins', '"a"');
    expect(readPins(store)).toEqual([]);
  });
});

describe('header cart', () => {
  it('points at the manual cart when the path ends in "manual"', () => {
    expect(headerCartKind('/bangkok-city-marathon-2026/manual')).toBe('manual');
    expect(headerCartKind('/bangkok-city-marathon-2026/manual/')).toBe('manual');
    expect(headerCartKind('/cart-manual')).toBe('manual');
    expect(headerCartKind('/bangkok-city-marathon-2026')).toBe('standard');
    expect(headerCartKind('/manual-photos/event')).toBe('standard');
    expect(headerCartPath('manual')).toBe('/cart-manual');
    expect(headerCartPath('standard')).toBe('/cart');
  });
});

describe('news marker', () => {
  it('shows until the news is read once', () => {
    const store = memoryStorage();
    expect(hasUnreadNews(store)).toBe(true);
    markNewsRead(store);
    expect(hasUnreadNews(store)).toBe(false);
    store.setItem('notifications_seen', 'older');
    expect(hasUnreadNews(store)).toBe(true);
  });
});
