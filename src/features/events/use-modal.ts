// What makes a dialog modal for everyone: the rest of the page is inert (not focusable, hidden from screen
// readers), the page behind does not scroll, focus starts in the dialog, Tab cycles inside it, and focus goes back
// where it was when the dialog closes.
import { type RefObject, useEffect, useLayoutEffect, useState } from 'react';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** The element Tab should move to from `current` inside `container`, or undefined to let the browser move. */
export function nextTrappedFocus(
  focusables: readonly HTMLElement[],
  current: Element | null,
  backwards: boolean,
): HTMLElement | undefined {
  const first = focusables[0];
  const last = focusables.at(-1);
  if (!first || !last) return undefined;
  const index = current ? focusables.indexOf(current as HTMLElement) : -1;
  if (index === -1) return backwards ? last : first;
  if (backwards && index === 0) return last;
  if (!backwards && index === focusables.length - 1) return first;
  return undefined;
}

export function useModal(dialogRef: RefObject<HTMLElement | null>, host: HTMLElement): void {
  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    const before = document.activeElement as HTMLElement | null;
    const madeInert = [...document.body.children].filter((el) => el !== host && !el.hasAttribute('inert'));
    for (const el of madeInert) el.setAttribute('inert', '');
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    dialog.focus();

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Tab') return;
      const focusables = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)];
      const target = nextTrappedFocus(focusables, document.activeElement, event.shiftKey);
      if (target) {
        event.preventDefault();
        target.focus();
      }
    };
    dialog.addEventListener('keydown', onKeyDown);
    return () => {
      dialog.removeEventListener('keydown', onKeyDown);
      for (const el of madeInert) el.removeAttribute('inert');
      document.body.style.overflow = overflow;
      if (before?.isConnected) before.focus();
    };
  }, [dialogRef, host]);
}

/** The element a modal dialog is portalled into: added to the body while the dialog is shown, the rest made inert. */
export function useModalHost(): HTMLElement {
  const [host] = useState(() => {
    const div = document.createElement('div');
    div.className = 'modal-host';
    return div;
  });
  useLayoutEffect(() => {
    document.body.append(host);
    return () => host.remove();
  }, [host]);
  return host;
}
