// Keeps keyboard focus inside a container while it is modal (the overlaid sidebar): focus moves in when it
// opens, Tab and Shift+Tab wrap around, Escape closes, and focus goes back to what opened it.
import { type RefObject, useEffect } from 'react';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export function focusableIn(container: HTMLElement): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (el) => !el.closest('[inert]') && el.getAttribute('aria-hidden') !== 'true',
  );
}

export interface FocusTrapOptions {
  active: boolean;
  container: RefObject<HTMLElement | null>;
  /** Must keep its identity between renders (useCallback). */
  onEscape: () => void;
  /** What gets focus first; else the first focusable element. */
  initialFocus?: RefObject<HTMLElement | null>;
  /** What gets focus back on closing (the opener may have been made inert meanwhile); else the opener. */
  returnFocus?: RefObject<HTMLElement | null>;
}

export function useFocusTrap({
  active,
  container,
  onEscape,
  initialFocus,
  returnFocus,
}: FocusTrapOptions): void {
  useEffect(() => {
    const root = container.current;
    if (!active || !root) return;
    const active0 = document.activeElement;
    const opener = active0 instanceof HTMLElement && active0 !== document.body ? active0 : null;
    (initialFocus?.current ?? focusableIn(root)[0] ?? root).focus();

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        onEscape();
        return;
      }
      if (event.key !== 'Tab') return;
      const items = focusableIn(root);
      const first = items[0];
      const last = items[items.length - 1];
      if (!first || !last) return;
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      const target = returnFocus?.current ?? opener;
      if (target?.isConnected) target.focus();
    };
  }, [active, container, onEscape, initialFocus, returnFocus]);
}
