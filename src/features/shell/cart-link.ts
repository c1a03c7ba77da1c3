// Which cart the header's cart icon shows (SPEC §1): the manual (stage) cart when the current path ends in
// "manual", otherwise the standard cart.
export type HeaderCartKind = 'standard' | 'manual';

export const headerCartKind = (pathname: string): HeaderCartKind =>
  pathname.replace(/\/+$/, '').endsWith('manual') ? 'manual' : 'standard';

export const headerCartPath = (kind: HeaderCartKind): string =>
  kind === 'manual' ? '/cart-manual' : '/cart';
