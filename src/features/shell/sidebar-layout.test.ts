import { describe, expect, it } from 'vitest';
import {
  canStayOpen,
  closesOnNavigation,
  initiallyOpen,
  openAfterResize,
  readSidebarType,
  saveSidebarType,
  sidebarMode,
} from './sidebar-layout';

describe('sidebar by window width', () => {
  it('lies over the page with an overlay under 991 px, beside the content from 991 px', () => {
    expect(sidebarMode(390, true)).toBe('overlay');
    expect(sidebarMode(990, true)).toBe('overlay');
    expect(sidebarMode(991, true)).toBe('docked');
    expect(sidebarMode(1006, true)).toBe('docked');
    expect(sidebarMode(1280, true)).toBe('docked');
    expect(sidebarMode(1280, false)).toBe('closed');
    expect(sidebarMode(390, false)).toBe('closed');
  });

  it('stays open only from 1007 px, where it starts open unless the runner closed it', () => {
    expect(canStayOpen(1006)).toBe(false);
    expect(canStayOpen(1007)).toBe(true);
    expect(initiallyOpen(1280, null)).toBe(true);
    expect(initiallyOpen(1280, 'open')).toBe(true);
    expect(initiallyOpen(1280, 'closed')).toBe(false);
    expect(initiallyOpen(1006, 'open')).toBe(false);
    expect(initiallyOpen(390, null)).toBe(false);
  });

  it('closes when the window shrinks under 1007 px and comes back as stored when it grows again', () => {
    expect(openAfterResize(true, 1280, 1000, 'open')).toBe(false);
    expect(openAfterResize(false, 1000, 1280, 'open')).toBe(true);
    expect(openAfterResize(false, 1000, 1280, null)).toBe(true);
    expect(openAfterResize(false, 1000, 1280, 'closed')).toBe(false);
    // No crossing: the state stays as it is.
    expect(openAfterResize(true, 800, 700, null)).toBe(true);
    expect(openAfterResize(false, 1280, 1400, 'open')).toBe(false);
  });

  it('closes after following a link only where it cannot stay open', () => {
    expect(closesOnNavigation(390)).toBe(true);
    expect(closesOnNavigation(1000)).toBe(true);
    expect(closesOnNavigation(1007)).toBe(false);
  });

  it('keeps SidebarType as open or closed', () => {
    const data = new Map<string, string>();
    const store = {
      getItem: (k: string) => data.get(k) ?? null,
      setItem: (k: string, v: string) => void data.set(k, v),
      removeItem: (k: string) => void data.delete(k),
    };
    expect(readSidebarType(store)).toBeNull();
    saveSidebarType('closed', store);
    expect(data.get('SidebarType')).toBe('closed');
    expect(readSidebarType(store)).toBe('closed');
    data.set('SidebarType', 'compact-wrapper');
    expect(readSidebarType(store)).toBeNull();
  });
});
