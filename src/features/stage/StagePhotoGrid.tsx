import { Trans, useLingui } from '@lingui/react/macro';
import type { Photo } from '../../../core/contract/photos';
import { photoImageUrls } from '../../lib/photo-urls';
import { photoImage } from '../../lib/sized-image';
import { removeFromCart } from '../cart/cart-store';
import { toCartItem } from '../cart/cart-types';
import { useAddToCart, useCartIds } from '../cart/use-cart';

/** The photos of a stage search page, each with Add or Remove for the manual (stage) cart. */
export function StagePhotoGrid({ photos, eventKey }: { photos: Photo[]; eventKey: string }) {
  const { t } = useLingui();
  const inCart = useCartIds('manual');
  const add = useAddToCart('manual');
  return (
    <ul className="stage-grid">
      {photos.map((photo) => {
        const added = inCart.has(photo.id);
        const name = photo.original_file_name;
        return (
          <li key={photo.id} className={added ? 'in-cart' : undefined}>
            <img
              {...photoImage(photoImageUrls(eventKey, photo).thumbnail)}
              alt={t`ภาพ ${name}`}
              width={480}
              height={480}
              loading="lazy"
              decoding="async"
            />
            {added ? (
              <button
                type="button"
                className="button stage-remove"
                onClick={() => void removeFromCart('manual', photo.id)}
              >
                <Trans>นำออก</Trans>
                <span className="visually-hidden"> {name}</span>
              </button>
            ) : (
              <button
                type="button"
                className="button primary stage-add"
                onClick={() => void add(toCartItem(photo, eventKey))}
              >
                <Trans>เพิ่มลงตะกร้า</Trans>
                <span className="visually-hidden"> {name}</span>
              </button>
            )}
          </li>
        );
      })}
    </ul>
  );
}
