import { Trans } from '@lingui/react/macro';
import { lazy, Suspense, useState } from 'react';
import type { PaidImage } from '../../../core/contract/order';
import { paidThumbnailUrl } from '../../lib/photo-urls';
import { photoImage } from '../../lib/sized-image';

const PhotoLightbox = lazy(() => import('./PhotoLightbox'));
const FinisherCardDialog = lazy(() => import('./FinisherCardDialog'));

/**
 * Thumbnails of the paid images, each with View (or View+logo) opening the lightbox at it. They are the buyer's own,
 * without the public mark; the public (marked) one stands in when those cannot be had (offline). With `cardsOf` (the
 * event's key, when its results are in), each also offers "make my finisher card".
 */
export function PaidGallery({
  q,
  images,
  logo,
  cardsOf,
}: {
  q: string;
  images: PaidImage[];
  logo: boolean;
  cardsOf?: string;
}) {
  const [open, setOpen] = useState<number | undefined>();
  const [card, setCard] = useState<PaidImage | undefined>();
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
                src={paidThumbnailUrl(q, image.id)}
                onError={({ currentTarget }) => {
                  if (currentTarget.dataset.fallback) return;
                  currentTarget.dataset.fallback = 'public';
                  currentTarget.src = photoImage(image.image_thumbnail).src;
                }}
                alt={image.original_file_name}
                width={480}
                height={480}
                loading="lazy"
              />
              <button type="button" className="button view-photo" onClick={() => setOpen(i)}>
                {logo ? <Trans>ดูภาพ+โลโก้</Trans> : <Trans>ดูภาพ</Trans>}
                <span className="visually-hidden"> {name}</span>
              </button>
              {cardsOf && (
                <button type="button" className="button make-card" onClick={() => setCard(image)}>
                  <Trans>ทำการ์ดนักวิ่ง</Trans>
                  <span className="visually-hidden"> {name}</span>
                </button>
              )}
            </li>
          );
        })}
      </ul>
      {open !== undefined && (
        <Suspense fallback={null}>
          <PhotoLightbox slides={slides} index={open} onClose={() => setOpen(undefined)} />
        </Suspense>
      )}
      {card && cardsOf && (
        <Suspense fallback={null}>
          <FinisherCardDialog q={q} image={card} eventKey={cardsOf} onClose={() => setCard(undefined)} />
        </Suspense>
      )}
    </>
  );
}
