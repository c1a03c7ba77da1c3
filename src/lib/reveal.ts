// Bringing what the buyer asked for into view: after a search or a lookup on a phone, the results land
// below the fold and only their first line shows. Scrolled to once they arrive, smoothly unless the buyer asked
// for reduced motion, and only when they are not already in view.
import { type RefObject, useEffect, useRef } from 'react';

/** Scrolls `element` to the top of the view when its top is not already within it. */
export function reveal(element: Element | null, win: Window = window): void {
  if (!element) return;
  const { top, bottom } = element.getBoundingClientRect();
  const height = win.innerHeight;
  // Wholly in view (or its top at least a third up the screen): the buyer already sees it.
  if (top >= 0 && (bottom <= height || top <= height / 3)) return;
  const reduced = win.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
  element.scrollIntoView({ behavior: reduced ? 'auto' : 'smooth', block: 'start' });
}

/**
 * Reveals the element when `state` goes from `asking` to one of `answers` (a search answered): not when a page opens
 * on answers it kept (the buyer did not just ask).
 */
export function useRevealWhenAnswered(
  ref: RefObject<Element | null>,
  state: string,
  asking: string,
  answers: readonly string[],
): void {
  const previous = useRef(state);
  useEffect(() => {
    if (previous.current === asking && answers.includes(state)) reveal(ref.current);
    previous.current = state;
  }, [state, asking, answers, ref]);
}
