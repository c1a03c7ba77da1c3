// The widths the masonry layout depends on: the window's (the spec's breakpoints) and the gallery's own box.
import { type RefObject, useLayoutEffect } from 'react';
import { useDeviceState } from '../../lib/hydration';

export interface GalleryWidths {
  viewport: number;
  container: number;
}

const NO_WIDTHS: GalleryWidths = { viewport: 0, container: 0 };

const viewportWidth = () => (typeof window === 'undefined' ? 0 : window.innerWidth);

/**
 * Measures before the first paint (no frame with a wrong layout) and again whenever the box or the window changes.
 * Without a measurable box (no layout engine, e.g. tests) the gallery is taken as wide as the window.
 */
export function useGalleryWidths(ref: RefObject<HTMLElement | null>): GalleryWidths {
  // The server knows no width: its page (and the browser's hydration of it) lays out nothing, and the layout
  // effect below measures before the first paint of the hydrated page.
  const [widths, setWidths] = useDeviceState<GalleryWidths>(
    () => ({ viewport: viewportWidth(), container: viewportWidth() }),
    NO_WIDTHS,
  );
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => {
      const viewport = viewportWidth();
      const container = element.clientWidth || viewport;
      setWidths((old) =>
        old.viewport === viewport && old.container === container ? old : { viewport, container },
      );
    };
    measure();
    window.addEventListener('resize', measure);
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(measure);
    observer?.observe(element);
    return () => {
      window.removeEventListener('resize', measure);
      observer?.disconnect();
    };
  }, [ref]);
  return widths;
}
