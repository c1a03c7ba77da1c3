import { useLingui } from '@lingui/react/macro';
import { useRouter } from '@tanstack/react-router';
import { type MouseEvent, useEffect, useState, useSyncExternalStore } from 'react';
import { BANNER_AUTOPLAY_MS } from '../../../core/constants';
import type { Banner } from '../../../core/contract/events';
import { sizedImage } from '../../lib/sized-image';
import { nextSlide } from './slider';

const reducedMotionQuery = '(prefers-reduced-motion: reduce)';

function subscribeReducedMotion(onChange: () => void): () => void {
  if (typeof window.matchMedia !== 'function') return () => undefined;
  const query = window.matchMedia(reducedMotionQuery);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

const prefersReducedMotion = () =>
  typeof window.matchMedia === 'function' && window.matchMedia(reducedMotionQuery).matches;

/** Follows the visitor's "reduce motion" setting. */
function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(subscribeReducedMotion, prefersReducedMotion, () => false);
}

/**
 * The home banner slider: one banner at a time, autoplay every BANNER_AUTOPLAY_MS, looping; paused while
 * hovered or focused and when the visitor asks for reduced motion. Nothing shows without banners.
 */
export function BannerSlider({ banners }: { banners: Banner[] }) {
  const { t } = useLingui();
  const router = useRouter();
  const [current, setCurrent] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const reducedMotion = usePrefersReducedMotion();
  const count = banners.length;
  const playing = count > 1 && !hovered && !focused && !reducedMotion;

  useEffect(() => {
    if (!playing) return;
    const timer = window.setInterval(() => setCurrent((i) => nextSlide(i, count)), BANNER_AUTOPLAY_MS);
    return () => window.clearInterval(timer);
  }, [playing, count]);

  if (count === 0) return null;
  const shown = current % count;

  // Links inside the app move through the router, without reloading the page.
  const follow = (event: MouseEvent<HTMLAnchorElement>, href: string) => {
    if (!href.startsWith('/') || href.startsWith('//')) return;
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    void router.navigate({ href });
  };

  return (
    <section
      className="banner-slider"
      aria-roledescription={t`สไลด์`}
      aria-label={t`แบนเนอร์`}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      <div className="banner-viewport">
        <ul className="banner-track" style={{ transform: `translateX(-${shown * 100}%)` }}>
          {banners.map((banner, i) => {
            const position = t`แบนเนอร์ ${i + 1} จาก ${count}`;
            return (
              <li
                key={`${banner.image_url} ${banner.link_url}`}
                className="banner-slide"
                aria-roledescription={t`แบนเนอร์`}
                aria-hidden={i !== shown}
                inert={i !== shown}
              >
                <a href={banner.link_url} aria-label={position} onClick={(e) => follow(e, banner.link_url)}>
                  <img
                    {...sizedImage(banner.image_url, 'wide')}
                    alt=""
                    width={1200}
                    height={450}
                    loading={i === 0 ? 'eager' : 'lazy'}
                    decoding="async"
                  />
                </a>
              </li>
            );
          })}
        </ul>
      </div>
      {count > 1 && (
        <div className="banner-controls">
          <button
            type="button"
            className="banner-arrow"
            aria-label={t`แบนเนอร์ก่อนหน้า`}
            onClick={() => setCurrent(nextSlide(shown, count, -1))}
          >
            <span aria-hidden="true">‹</span>
          </button>
          <ul className="banner-dots">
            {banners.map((banner, i) => (
              <li key={`${banner.image_url} ${banner.link_url}`}>
                <button
                  type="button"
                  aria-label={t`แสดงแบนเนอร์ ${i + 1}`}
                  aria-current={i === shown ? 'true' : undefined}
                  onClick={() => setCurrent(i)}
                />
              </li>
            ))}
          </ul>
          <button
            type="button"
            className="banner-arrow"
            aria-label={t`แบนเนอร์ถัดไป`}
            onClick={() => setCurrent(nextSlide(shown, count))}
          >
            <span aria-hidden="true">›</span>
          </button>
        </div>
      )}
    </section>
  );
}
