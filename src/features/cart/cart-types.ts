// The cart's shapes (SPEC §3 Cart item, Cart state), shared by the store, the hooks and the pages.

import type { CartItem, CartKind } from '../../lib/db/rows';

export type { CartItem, CartKind, MhaoFlag } from '../../lib/db/rows';

/** The page of each cart. */
export const CART_PATHS: Record<CartKind, '/cart' | '/cart-wholesale' | '/cart-manual'> = {
  standard: '/cart',
  wholesale: '/cart-wholesale',
  manual: '/cart-manual',
};

/** A cart item from any photo-shaped value (search result, stage photo), with its event key. */
export function toCartItem(
  photo: Omit<CartItem, 'event_key'> & Record<string, unknown>,
  eventKey: string,
): CartItem {
  return {
    id: photo.id,
    event_id: photo.event_id,
    event_key: eventKey,
    thumbnail_file_name: photo.thumbnail_file_name,
    original_file_name: photo.original_file_name,
    preview_file_name: photo.preview_file_name,
  };
}
