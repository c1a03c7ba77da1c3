import { describe, expect, it, vi } from 'vitest';
import { reveal } from './reveal';

function element(top: number, bottom: number) {
  return {
    getBoundingClientRect: () => ({ top, bottom }),
    scrollIntoView: vi.fn(),
  } as unknown as Element & { scrollIntoView: ReturnType<typeof vi.fn> };
}
const phone = (reduced: boolean) =>
  ({ innerHeight: 844, matchMedia: (q: string) => ({ matches: reduced && q.includes('reduce') }) }) as never;

describe('reveal (results brought into view on a phone)', () => {
  it('scrolls results that start below the fold to the top, smoothly', () => {
    const results = element(800, 2400);
    reveal(results, phone(false));
    expect(results.scrollIntoView).toHaveBeenCalledWith({ behavior: 'smooth', block: 'start' });
  });

  it('jumps without animation when the buyer asked for reduced motion', () => {
    const results = element(900, 2400);
    reveal(results, phone(true));
    expect(results.scrollIntoView).toHaveBeenCalledWith({ behavior: 'auto', block: 'start' });
  });

  it('leaves results that are in view, or start high on the screen, where they are', () => {
    for (const [top, bottom] of [
      [100, 600],
      [200, 2000],
    ]) {
      const results = element(top as number, bottom as number);
      reveal(results, phone(false));
      expect(results.scrollIntoView).not.toHaveBeenCalled();
    }
  });

  it('brings back results scrolled above the view', () => {
    const results = element(-500, 300);
    reveal(results, phone(false));
    expect(results.scrollIntoView).toHaveBeenCalled();
  });
});
