// The sidebar's rules by window width (SPEC §4 Interface, §9): it closes under 1007 px, and when opened under
// 991 px it lies over the page with an overlay; from 991 px up an open sidebar sits beside the content. On wide
// screens (1007 px and up) the runner's choice to keep it open or closed is kept as SidebarType.
import { SIDEBAR_CLOSE_BREAKPOINT_PX, SIDEBAR_OVERLAY_BREAKPOINT_PX } from '../../../core/constants';
import { type KeyValueStore, readText, writeText } from './browser-store';

export const SIDEBAR_TYPE_KEY = 'SidebarType';
export type SidebarType = 'open' | 'closed';

/**
 * `auto`: the server's page, and the browser's until it has hydrated it: the stylesheet lays the sidebar out by
 * the window's width alone (docked from 1007 px, closed below), as `initiallyOpen` does with nothing stored.
 */
export type SidebarMode = 'closed' | 'docked' | 'overlay' | 'auto';

export function sidebarMode(width: number, open: boolean): SidebarMode {
  if (!open) return 'closed';
  return width < SIDEBAR_OVERLAY_BREAKPOINT_PX ? 'overlay' : 'docked';
}

/** Wide enough for the sidebar to stay open. */
export const canStayOpen = (width: number): boolean => width >= SIDEBAR_CLOSE_BREAKPOINT_PX;

/** Open at load: only on a wide screen, unless the runner closed it there. */
export const initiallyOpen = (width: number, stored: SidebarType | null): boolean =>
  canStayOpen(width) && stored !== 'closed';

/** After a resize: crossing below 1007 px closes it; crossing back up restores the stored choice. */
export function openAfterResize(
  open: boolean,
  before: number,
  after: number,
  stored: SidebarType | null,
): boolean {
  if (canStayOpen(before) && !canStayOpen(after)) return false;
  if (!canStayOpen(before) && canStayOpen(after)) return stored !== 'closed';
  return open;
}

/** Following a link closes a sidebar that cannot stay open. */
export const closesOnNavigation = (width: number): boolean => !canStayOpen(width);

export function readSidebarType(store?: KeyValueStore): SidebarType | null {
  const value = readText(SIDEBAR_TYPE_KEY, store);
  return value === 'open' || value === 'closed' ? value : null;
}

export function saveSidebarType(type: SidebarType, store?: KeyValueStore): void {
  writeText(SIDEBAR_TYPE_KEY, type, store);
}
