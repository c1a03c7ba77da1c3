import { describe, expect, it } from 'vitest';
import { pageCount, pagerItems } from './pager';

const render = (items: ReturnType<typeof pagerItems>) =>
  items.map((i) => (i.kind === 'page' ? String(i.page) : '…')).join(' ');

describe('pageCount', () => {
  it('rounds up and never goes below one', () => {
    expect(pageCount(0, 36)).toBe(1);
    expect(pageCount(36, 36)).toBe(1);
    expect(pageCount(37, 36)).toBe(2);
    expect(pageCount(401, 200)).toBe(3);
  });
});

describe('pagerItems (range 3, margin 4 as on home)', () => {
  it('shows every page when there are few', () => {
    expect(render(pagerItems(1, 2, 3, 4))).toBe('1 2');
    expect(render(pagerItems(5, 9, 3, 4))).toBe('1 2 3 4 5 6 7 8 9');
  });

  it('puts gaps between the margins and the range', () => {
    expect(render(pagerItems(10, 20, 3, 4))).toBe('1 2 3 4 … 9 10 11 … 17 18 19 20');
    expect(render(pagerItems(1, 20, 3, 4))).toBe('1 2 3 4 … 17 18 19 20');
    expect(render(pagerItems(20, 20, 3, 4))).toBe('1 2 3 4 … 17 18 19 20');
  });

  it('fills a one-page gap with the page itself', () => {
    expect(render(pagerItems(7, 20, 3, 4))).toBe('1 2 3 4 5 6 7 8 … 17 18 19 20');
  });

  it('works with margin 3 as on the stage page', () => {
    expect(render(pagerItems(50, 100, 3, 3))).toBe('1 2 3 … 49 50 51 … 98 99 100');
  });
});
