// The question asked when a photo of another event is added to a cart that holds photos of one event (the buyer
// is warned at the moment of adding and offered a new cart): asked by whoever adds, answered by OtherEventDialog.
import { atom } from 'jotai';
import type { CartItem, CartKind } from './cart-types';

export interface OtherEventPrompt {
  kind: CartKind;
  /** What the buyer tried to add. */
  photos: CartItem[];
  /** The event the cart holds now, and how many of its photos. */
  cartEvent: { eventKey: string; count: number };
  /** After starting a new cart: open it (a buy-all) or stay on the page (one photo). */
  thenOpenCart: boolean;
}

export const otherEventPromptAtom = atom<OtherEventPrompt | undefined>(undefined);
