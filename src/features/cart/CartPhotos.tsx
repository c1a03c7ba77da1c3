import { useLingui } from '@lingui/react/macro';
import { thumbnailUrl } from '../../lib/photo-urls';
import { photoImage } from '../../lib/sized-image';
import type { CartItem } from './cart-types';

interface CartPhotosProps {
  items: readonly CartItem[];
  /** Standard and manual carts: each photo has a remove control. The wholesale bundle has none. */
  onRemove?: (id: number) => void;
  /** A cart that mixes events names each photo's event (MixedEventPhotos). */
  eventTitle?: string;
}

export function CartPhotos({ items, onRemove, eventTitle }: CartPhotosProps) {
  const { t } = useLingui();
  return (
    <ul className="cart-photos">
      {items.map((item, index) => {
        const number = index + 1;
        return (
          <li key={item.id}>
            <img
              {...photoImage(thumbnailUrl(item.event_key, item.thumbnail_file_name))}
              alt={eventTitle ? t`รูปที่ ${number} จากงาน ${eventTitle}` : t`รูปที่ ${number}`}
              loading="lazy"
              width={300}
              height={200}
            />
            {onRemove && (
              <button
                type="button"
                className="cart-photo-remove"
                aria-label={
                  eventTitle
                    ? t`ลบรูปที่ ${number} จากงาน ${eventTitle} ออกจากตะกร้า`
                    : t`ลบรูปที่ ${number} ออกจากตะกร้า`
                }
                onClick={() => onRemove(item.id)}
              >
                <span aria-hidden="true">×</span>
              </button>
            )}
          </li>
        );
      })}
    </ul>
  );
}
