// The header's cart count without the cart database (Dexie) in the scripts of the first screen: the cart's live
// query loads once that screen has been shown (cart/use-lazy-live.ts), and the badge shows from then on (it sits
// inside the icon, so nothing moves when it appears).
import type { CartKind } from '../cart/cart-types';
import { useLazyLive } from '../cart/use-lazy-live';

export function useLazyCartCount(kind: CartKind): number {
  return useLazyLive((cart) => cart.cartListValue(kind), `cart:${kind}`)?.length ?? 0;
}
