// Lightbox navigation and keys as pure functions: the list loops both ways (SPEC §2: the lightbox loops).

/** The index `delta` steps away from `index` in a looping list of `count` items. */
export function loopIndex(index: number, delta: number, count: number): number {
  if (count <= 0) return 0;
  return (((index + delta) % count) + count) % count;
}

export type LightboxCommand = 'previous' | 'next' | 'close' | 'zoom-in' | 'zoom-out';

/** What a key does in the lightbox (undefined: nothing, let the browser have it). */
export function commandForKey(key: string): LightboxCommand | undefined {
  switch (key) {
    case 'ArrowLeft':
      return 'previous';
    case 'ArrowRight':
      return 'next';
    case 'Escape':
      return 'close';
    case '+':
    case '=':
      return 'zoom-in';
    case '-':
      return 'zoom-out';
    default:
      return undefined;
  }
}

/** A horizontal swipe of more than `threshold` px: left shows the next photo, right the previous. */
export function commandForSwipe(dx: number, dy: number, threshold = 50): LightboxCommand | undefined {
  if (Math.abs(dx) < threshold || Math.abs(dx) < Math.abs(dy)) return undefined;
  return dx < 0 ? 'next' : 'previous';
}

/** The element Tab should move to inside a dialog so focus never leaves it (undefined: let Tab move). */
export function trapTarget<T>(focusable: readonly T[], active: T | null, backwards: boolean): T | undefined {
  const first = focusable[0];
  const last = focusable[focusable.length - 1];
  if (first === undefined || last === undefined) return undefined;
  const inside = active !== null && focusable.includes(active);
  if (backwards && (active === first || !inside)) return last;
  if (!backwards && (active === last || !inside)) return first;
  return undefined;
}
