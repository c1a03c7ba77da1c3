// A masonry gallery of photos (SPEC §2, §9): every image's box is reserved before it loads (no layout shift),
// images load lazily, each opens a larger preview in an accessible lightbox, by mouse, touch or keyboard.
import { useLingui } from '@lingui/react/macro';
import { lazy, Suspense, useMemo, useRef, useState } from 'react';
import { masonryColumnCount, masonryLayout } from './masonry';
import { useGalleryWidths } from './use-gallery-width';
import './gallery.css';
import { photoImage } from '../../lib/sized-image';

export interface GalleryPhoto {
  key: string;
  thumbnail: string;
  preview: string;
  alt: string;
  /** The photo's pixel size when known; otherwise its box is 3:2 and the image fills it. */
  width?: number;
  height?: number;
}

/** Shape of a photo whose size is unknown: the usual landscape frame of event photos. */
export const UNKNOWN_RATIO = 3 / 2;

const ratioOf = (photo: GalleryPhoto) =>
  photo.width && photo.height ? photo.width / photo.height : UNKNOWN_RATIO;

const PhotoLightbox = lazy(() => import('./PhotoLightbox'));

export function MasonryGallery({ photos, label }: { photos: readonly GalleryPhoto[]; label: string }) {
  const { t } = useLingui();
  const listRef = useRef<HTMLUListElement>(null);
  const opener = useRef<HTMLButtonElement | null>(null);
  const [openIndex, setOpenIndex] = useState<number>();
  const { viewport, container } = useGalleryWidths(listRef);
  const columns = masonryColumnCount(viewport, container);
  const ratios = useMemo(() => photos.map(ratioOf), [photos]);
  const layout = useMemo(() => masonryLayout(ratios, container, columns), [ratios, container, columns]);

  return (
    <>
      <ul ref={listRef} className="masonry" aria-label={label} style={{ height: layout.height }}>
        {photos.map((photo, index) => {
          const box = layout.boxes[index];
          if (!box) return null;
          return (
            <li
              key={photo.key}
              style={{ left: box.left, top: box.top, width: box.width, height: box.height }}
            >
              <button
                type="button"
                className="masonry-item"
                aria-haspopup="dialog"
                title={t`ดูภาพขนาดใหญ่`}
                onClick={(e) => {
                  opener.current = e.currentTarget;
                  setOpenIndex(index);
                }}
              >
                <img
                  {...photoImage(photo.thumbnail)}
                  alt={photo.alt}
                  loading="lazy"
                  decoding="async"
                  width={Math.max(1, Math.round(box.width))}
                  height={Math.max(1, Math.round(box.height))}
                />
              </button>
            </li>
          );
        })}
      </ul>
      {openIndex !== undefined && (
        <Suspense fallback={null}>
          <PhotoLightbox
            photos={photos}
            index={openIndex}
            onClose={() => setOpenIndex(undefined)}
            onClosed={() => opener.current?.focus()}
          />
        </Suspense>
      )}
    </>
  );
}
