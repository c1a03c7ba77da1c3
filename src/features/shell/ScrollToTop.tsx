import { useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { SCROLL_TOP_AFTER_PX } from '../../../core/constants';
import { Icon } from './icons';

/** Shown once the page is scrolled more than SCROLL_TOP_AFTER_PX (SPEC §9). */
export const showsScrollToTop = (scrollY: number): boolean => scrollY > SCROLL_TOP_AFTER_PX;

/** The "back to top" button; it then puts keyboard focus on the main content. */
export function ScrollToTop() {
  const { t } = useLingui();
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    let frame = 0;
    const update = () => {
      frame = 0;
      setVisible(showsScrollToTop(window.scrollY));
    };
    const onScroll = () => {
      frame ||= requestAnimationFrame(update);
    };
    update();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      cancelAnimationFrame(frame);
    };
  }, []);

  if (!visible) return null;
  const toTop = () => {
    const still = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    window.scrollTo({ top: 0, behavior: still ? 'auto' : 'smooth' });
    document.getElementById('main')?.focus({ preventScroll: true });
  };
  return (
    <button
      type="button"
      className="scroll-top"
      aria-label={t`กลับขึ้นด้านบน`}
      title={t`กลับขึ้นด้านบน`}
      onClick={toTop}
    >
      <Icon name="arrowUp" />
    </button>
  );
}
