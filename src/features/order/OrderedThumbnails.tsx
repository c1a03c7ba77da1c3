import { Plural, Trans } from '@lingui/react/macro';
import { photoImage } from '../../lib/sized-image';
import type { OrderedThumbnail } from './order-view';

/** The ordered images of a waiting order (public samples); none left means the sale period has passed. */
export function OrderedThumbnails({ images }: { images: OrderedThumbnail[] }) {
  if (images.length === 0) {
    return (
      <section className="order-images">
        <p className="order-expired" role="status">
          <Trans>ปิดการขายแล้ว (พ้นระยะเวลาเก็บภาพของงานนี้)</Trans>
        </p>
      </section>
    );
  }
  const count = images.length;
  return (
    <section className="order-images" aria-labelledby="ordered-images-heading">
      <h2 id="ordered-images-heading">
        <Plural value={count} one="ภาพที่สั่งซื้อ # ภาพ" other="ภาพที่สั่งซื้อ # ภาพ" />
      </h2>
      <ul className="order-thumbnails">
        {images.map((image) => (
          <li key={image.key}>
            <img
              {...photoImage(image.thumbnail)}
              alt={image.originalFileName}
              width={480}
              height={480}
              loading="lazy"
            />
          </li>
        ))}
      </ul>
    </section>
  );
}
