// Work the first screen does not need (the cart database, the service worker's registration, the closed sidebar's
// menu) waits until that screen is shown, so it never competes with it for the phone's network or CPU:
// - the document has loaded and something has been painted;
// - the images the page marked as its main one (fetchpriority="high": a cover, the first event cards) have loaded;
// - then the browser is idle for a moment.
// Once the first screen has been shown, it resolves at once for the rest of the visit. It never waits longer than
// LONGEST_WAIT_MS, whatever the browser supports or the network does.
import { useEffect, useState } from 'react';

const LONGEST_WAIT_MS = 3000;
const IDLE_TIMEOUT_MS = 500;

let shown: Promise<void> | undefined;
let done = false;

const loaded = () =>
  new Promise<void>((resolve) => {
    if (document.readyState === 'complete') resolve();
    else window.addEventListener('load', () => resolve(), { once: true });
  });

const painted = () =>
  new Promise<void>((resolve) => {
    // A browser without paint timing would ignore the observer: nothing to wait for there.
    const timed =
      typeof PerformanceObserver !== 'undefined' &&
      PerformanceObserver.supportedEntryTypes?.includes('paint');
    if (!timed || performance.getEntriesByName('first-contentful-paint').length) {
      resolve();
      return;
    }
    const observer = new PerformanceObserver(() => {
      observer.disconnect();
      resolve();
    });
    observer.observe({ type: 'paint', buffered: true });
  });

/** The main images in the page now (fetchpriority="high") have loaded, or failed. */
const mainImagesDone = () =>
  Promise.all(
    [...document.querySelectorAll<HTMLImageElement>('img[fetchpriority="high"]')]
      .filter((image) => !image.complete)
      .map(
        (image) =>
          new Promise<void>((resolve) => {
            image.addEventListener('load', () => resolve(), { once: true });
            image.addEventListener('error', () => resolve(), { once: true });
          }),
      ),
  );

const idle = () =>
  new Promise<void>((resolve) => {
    if ('requestIdleCallback' in window)
      window.requestIdleCallback(() => resolve(), { timeout: IDLE_TIMEOUT_MS });
    else setTimeout(resolve, 50);
  });

async function firstScreenShown(): Promise<void> {
  await loaded();
  await painted();
  // A paint of the frame alone may come before the route's content: one more frame for its main image to be in.
  await new Promise((resolve) =>
    typeof requestAnimationFrame === 'function' ? requestAnimationFrame(resolve) : setTimeout(resolve, 16),
  );
  await mainImagesDone();
  await idle();
}

/** Resolves once the page's first screen has been shown (at most LONGEST_WAIT_MS after the first call). */
export function afterFirstScreen(): Promise<void> {
  shown ??= Promise.race([
    firstScreenShown(),
    new Promise<void>((resolve) => setTimeout(resolve, LONGEST_WAIT_MS)),
  ]).then(() => {
    done = true;
  });
  return shown;
}

/** False until the page's first screen has been shown (see afterFirstScreen). */
export function useAfterFirstScreen(): boolean {
  const [shownNow, setShown] = useState(done);
  useEffect(() => {
    if (shownNow) return;
    let alive = true;
    void afterFirstScreen().then(() => {
      if (alive) setShown(true);
    });
    return () => {
      alive = false;
    };
  }, [shownNow]);
  return shownNow;
}
