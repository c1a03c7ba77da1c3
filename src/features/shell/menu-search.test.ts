import { setupI18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { describe, expect, it } from 'vitest';
import { MENU_SEARCH_RESULTS_MAX } from '../../../core/constants';
import { eventEntry, pageEntries, translatorsOf } from './menu-items';
import { normalizeForSearch, searchMenu } from './menu-search';

const item = (...names: string[]) => ({ names });

describe('menu search', () => {
  const items = [
    item('หน้าแรก', 'Home'),
    item('วิธีสั่งซื้อภาพ', 'How to order photos'),
    item('ค้นหาคำสั่งซื้อ', 'Find your order'),
    item('บางกอก ซิตี้ มาราธอน 2026', 'bangkok-city-marathon-2026'),
    item('โคราช ฮาล์ฟมาราธอน 2026', 'korat-half-marathon-2026'),
  ];

  it('finds Thai names and English names', () => {
    expect(searchMenu(items, 'สั่งซื้อ')).toEqual([items[1], items[2]]);
    expect(searchMenu(items, 'คำสั่งซื้อ')).toEqual([items[2]]);
    expect(searchMenu(items, 'ORDER')).toEqual([items[1], items[2]]);
    expect(searchMenu(items, 'มาราธอน')).toEqual([items[3], items[4]]);
  });

  it('matches an event key written with spaces, and words in any order', () => {
    expect(searchMenu(items, 'city marathon')).toEqual([items[3]]);
    expect(searchMenu(items, 'marathon korat')).toEqual([items[4]]);
  });

  it('ranks names that start with the query first, then word starts, then anything inside', () => {
    const list = [item('Stop order'), item('Orderly'), item('Border')];
    expect(searchMenu(list, 'order')).toEqual([list[1], list[0], list[2]]);
  });

  it('gives nothing for an empty query or no match, and at most 8 results', () => {
    expect(searchMenu(items, '   ')).toEqual([]);
    expect(searchMenu(items, 'zzz')).toEqual([]);
    const many = Array.from({ length: 20 }, (_, i) => item(`Event ${i}`));
    expect(searchMenu(many, 'event')).toHaveLength(MENU_SEARCH_RESULTS_MAX);
    expect(MENU_SEARCH_RESULTS_MAX).toBe(8);
  });

  it('normalizes case, dashes and spaces', () => {
    expect(normalizeForSearch('  Bangkok-City_Marathon   2026 ')).toBe('bangkok city marathon 2026');
  });
});

describe('menu entries', () => {
  it('name every page in both catalogs, skipping untranslated messages', () => {
    const home = msg`หน้าแรก`;
    const about = msg`เกี่ยวกับเรา`;
    const translators = translatorsOf({
      th: { [home.id]: 'หน้าแรก', [about.id]: 'เกี่ยวกับเรา' },
      en: { [home.id]: 'Home' },
    });
    const thai = setupI18n({
      locale: 'th',
      messages: { th: { [home.id]: 'หน้าแรก', [about.id]: 'เกี่ยวกับเรา' } },
    });
    const entries = pageEntries((d) => thai._(d), translators);
    const homeEntry = entries.find((e) => e.id === 'page:home');
    expect(homeEntry).toMatchObject({ path: '/', label: 'หน้าแรก', names: ['หน้าแรก', 'Home'] });
    expect(entries.find((e) => e.id === 'page:about')?.names).toEqual(['เกี่ยวกับเรา']);
    expect(entries.map((e) => e.path)).toEqual([
      '/',
      '/how-to-order',
      '/find-order',
      '/cart',
      '/about',
      '/refund-policy',
      '/terms-of-use',
      '/how-to-use',
    ]);
  });

  it('make an event entry from its key and title', () => {
    expect(eventEntry({ event_key: 'phuket-beach-run-2026', title: 'ภูเก็ต บีชรัน 2026' })).toEqual({
      id: 'event:phuket-beach-run-2026',
      kind: 'event',
      path: '/phuket-beach-run-2026',
      label: 'ภูเก็ต บีชรัน 2026',
      names: ['ภูเก็ต บีชรัน 2026', 'phuket-beach-run-2026'],
      icon: 'calendar',
    });
  });
});
