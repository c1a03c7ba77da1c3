// The shapes the app keeps in the browser (SPEC §3 Cart item, Cart state): the cart features build on them and
// src/lib/db/app-db.ts stores them.

/** Which cart: the standard cart (/cart, /cartopn), the wholesale bundle (/cart-wholesale), the stage cart (/cart-manual). */
export type CartKind = 'standard' | 'wholesale' | 'manual';

/** One photo in a cart: enough to show its thumbnail and to order it. */
export interface CartItem {
  id: number;
  event_id: number;
  event_key: string;
  thumbnail_file_name: string;
  original_file_name: string;
  preview_file_name: string;
}

/** is_mhao_flag: YES when the unlimited (mhao) package is chosen for this cart. */
export type MhaoFlag = 'YES' | 'NO';
