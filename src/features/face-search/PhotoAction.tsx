// The one action of a result photo (SPEC §2 Event page): Download on free-download events (the photo full size,
// never the preview), otherwise Add, or Remove when the photo is already in the cart (atc Y).
import { Trans } from '@lingui/react/macro';
import type { EventDetail } from '../../../core/contract/events';
import type { Photo } from '../../../core/contract/photos';
import { freePhotoUrl } from '../../lib/photo-urls';
import { removeFromCart } from '../cart/cart-store';
import { type CartKind, toCartItem } from '../cart/cart-types';
import { useAddToCart } from '../cart/use-cart';

export interface PhotoActionProps {
  event: Pick<EventDetail, 'event_key' | 'is_free_download'>;
  photo: Photo;
  /** 1-based position in the results, named in the accessible label. */
  number: number;
  inCart: boolean;
  cartKind: CartKind;
}

export function PhotoAction({ event, photo, number, inCart, cartKind }: PhotoActionProps) {
  const add = useAddToCart(cartKind);
  if (event.is_free_download === 'Y') {
    return (
      <a
        className="button photo-action"
        href={freePhotoUrl(event.event_key, photo.id)}
        target="_blank"
        rel="noopener"
        download={photo.original_file_name}
      >
        <Trans>
          ดาวน์โหลด<span className="visually-hidden"> รูปที่ {number}</span>
        </Trans>
      </a>
    );
  }
  return inCart ? (
    <button
      type="button"
      className="button photo-action is-in-cart"
      onClick={() => void removeFromCart(cartKind, photo.id)}
    >
      <Trans>
        ลบออก<span className="visually-hidden"> รูปที่ {number}</span>
      </Trans>
    </button>
  ) : (
    <button
      type="button"
      className="button primary photo-action"
      onClick={() => void add(toCartItem(photo, event.event_key))}
    >
      <Trans>
        เพิ่มลงตะกร้า<span className="visually-hidden"> รูปที่ {number}</span>
      </Trans>
    </button>
  );
}
