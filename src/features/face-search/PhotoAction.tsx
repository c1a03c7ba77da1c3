// The one action of a result photo (SPEC §2 Event page): Download on free-download events (the photo full size,
// never the preview), otherwise Add, or Remove when the photo is already in the cart (atc Y). In the lightbox a
// button with its words; on a thumbnail (`compact`) a round button on the photo's corner: a plus to add, a tick
// once in the cart (a tap takes it out), an arrow to download, each named in full for a screen reader.
import { Trans, useLingui } from '@lingui/react/macro';
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
  /** The thumbnail's round button instead of the words. */
  compact?: boolean;
}

export function PhotoAction(props: PhotoActionProps) {
  return props.compact ? <CompactPhotoAction {...props} /> : <PhotoActionButton {...props} />;
}

function PhotoActionButton({ event, photo, number, inCart, cartKind }: PhotoActionProps) {
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

const ICON_PATHS = {
  add: 'M12 5v14M5 12h14',
  'in-cart': 'M5 12.5l4.5 4.5L19 7.5',
  download: 'M12 4v11m-5-5 5 5 5-5M5 20h14',
} as const;

function ActionIcon({ kind }: { kind: keyof typeof ICON_PATHS }) {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
      <path
        d={ICON_PATHS[kind]}
        fill="none"
        stroke="currentColor"
        strokeWidth="2.6"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

function CompactPhotoAction({ event, photo, number, inCart, cartKind }: PhotoActionProps) {
  const { t } = useLingui();
  const add = useAddToCart(cartKind);
  if (event.is_free_download === 'Y') {
    return (
      <a
        className="card-action"
        href={freePhotoUrl(event.event_key, photo.id)}
        target="_blank"
        rel="noopener"
        download={photo.original_file_name}
        aria-label={t`ดาวน์โหลด รูปที่ ${number}`}
      >
        <ActionIcon kind="download" />
      </a>
    );
  }
  return inCart ? (
    <button
      type="button"
      className="card-action is-in-cart"
      aria-label={t`ลบออก รูปที่ ${number}`}
      onClick={() => void removeFromCart(cartKind, photo.id)}
    >
      <ActionIcon kind="in-cart" />
    </button>
  ) : (
    <button
      type="button"
      className="card-action"
      aria-label={t`เพิ่มลงตะกร้า รูปที่ ${number}`}
      onClick={() => void add(toCartItem(photo, event.event_key))}
    >
      <ActionIcon kind="add" />
    </button>
  );
}
