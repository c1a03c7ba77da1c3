// Pure rotation of the home banner slider (SPEC §2 Home: autoplay, loops).

/** The slide `step` places after `current` among `count` slides, wrapping at both ends. */
export function nextSlide(current: number, count: number, step = 1): number {
  if (count <= 0) return 0;
  return (((current + step) % count) + count) % count;
}
