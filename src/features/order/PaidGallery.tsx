import { Trans } from '@lingui/react/macro';
import { lazy, Suspense, useState } from 'react';
import type { PaidImage } from '../../../core/contract/order';
import { photoImage } from '../../lib/sized-image';

const PhotoLightbox = lazy(() => import('./PhotoLightbox'));

/** Thumbnails of the paid images, each with View (or View+logo) opening the lightbox at it. */
export function PaidGallery({ images, logo }: { images: PaidImage[]; logo: boolean }) {
  const [open, setOpen] = useState<number | undefined>();
  const slides = images.map((image) => ({
    src: logo ? image.image_logo : image.image,
    alt: image.original_file_name,
  }));
  return (
    <>
      <ul className="order-thumbnails paid">
        {images.map((image, i) => {
          const name = image.original_file_name;
          return (
            <li key={image.id}>
              <img
                {...photoImage(image.image_thumbnail)}
                alt={image.original_file_name}
                width={480}
                height={480}
                loading="lazy"
              />
              <button type="button" className="button view-photo" onClick={() => setOpen(i)}>
                {logo ? <Trans>ดูภาพ+โลโก้</Trans> : <Trans>ดูภาพ</Trans>}
                <span className="visually-hidden"> {name}</span>
              </button>
            </li>
          );
        })}
      </ul>
      {open !== undefined && (
        <Suspense fallback={null}>
          <PhotoLightbox slides={slides} index={open} onClose={() => setOpen(undefined)} />
        </Suspense>
      )}
    </>
  );
}
