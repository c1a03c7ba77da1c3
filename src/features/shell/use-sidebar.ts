// The sidebar's open state over window resizes and the wide-screen choice kept as SidebarType (rules in
// sidebar-layout.ts).
import { useCallback, useEffect, useRef, useState } from 'react';
import { useHydrated } from '../../lib/hydration';
import {
  canStayOpen,
  initiallyOpen,
  openAfterResize,
  readSidebarType,
  type SidebarMode,
  saveSidebarType,
  sidebarMode,
} from './sidebar-layout';

const viewportWidth = () => (typeof window === 'undefined' ? 1024 : window.innerWidth);

export interface SidebarControl {
  open: boolean;
  mode: SidebarMode;
  toggle: () => void;
  close: () => void;
  /** Closes it after a link was followed when the window is too narrow to keep it open. */
  closeAfterNavigation: () => void;
}

export function useSidebar(): SidebarControl {
  const stored = useRef(readSidebarType());
  const [width, setWidth] = useState(viewportWidth);
  const [open, setOpen] = useState(() => initiallyOpen(viewportWidth(), stored.current));
  const lastWidth = useRef(width);

  useEffect(() => {
    const onResize = () => {
      const after = viewportWidth();
      const before = lastWidth.current;
      lastWidth.current = after;
      setWidth(after);
      setOpen((wasOpen) => openAfterResize(wasOpen, before, after, stored.current));
    };
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);

  const setAndRemember = useCallback((next: boolean) => {
    setOpen(next);
    // Only a wide screen's choice is remembered: narrow screens always start closed.
    if (canStayOpen(lastWidth.current)) {
      stored.current = next ? 'open' : 'closed';
      saveSidebarType(stored.current);
    }
  }, []);

  const close = useCallback(() => setAndRemember(false), [setAndRemember]);
  const closeAfterNavigation = useCallback(() => {
    if (!canStayOpen(lastWidth.current)) setOpen(false);
  }, []);

  // The server cannot know the window's width: its page (and the browser's render that hydrates it) leaves the
  // layout to the stylesheet, and the next render, before the first paint, takes the device's.
  const hydrated = useHydrated();
  return {
    open: hydrated && open,
    mode: hydrated ? sidebarMode(width, open) : 'auto',
    toggle: () => setAndRemember(!open),
    close,
    closeAfterNavigation,
  };
}
