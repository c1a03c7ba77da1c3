// jsdom has no matchMedia; the toaster asks it for reduced motion, layouts for the phone's width. A stub that
// answers `matches(query)` (no query matches by default). Undone by vi.unstubAllGlobals().
import { vi } from 'vitest';

export function stubMatchMedia(matches: (query: string) => boolean = () => false) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: matches(query),
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}
