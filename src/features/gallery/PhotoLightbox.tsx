// The larger preview of gallery photos: yet-another-react-lightbox (a modal dialog with keyboard arrows, Escape
// and swipe), loaded only when a photo is opened, with its labels in the page's language.
import { useLingui } from '@lingui/react/macro';
import Lightbox from 'yet-another-react-lightbox';
import 'yet-another-react-lightbox/styles.css';
import type { GalleryPhoto } from './MasonryGallery';

export interface PhotoLightboxProps {
  photos: readonly GalleryPhoto[];
  index: number;
  onClose: () => void;
  /** After the closing animation: the gallery gives focus back to the photo that was opened. */
  onClosed: () => void;
}

const indexToken = '{index}';
const totalToken = '{total}';

export default function PhotoLightbox({ photos, index, onClose, onClosed }: PhotoLightboxProps) {
  const { t } = useLingui();
  return (
    <Lightbox
      open
      index={index}
      close={onClose}
      on={{ exited: onClosed }}
      slides={photos.map((p) => ({ src: p.preview, alt: p.alt, width: p.width, height: p.height }))}
      carousel={{ finite: photos.length < 2 }}
      controller={{ closeOnBackdropClick: true }}
      labels={{
        Lightbox: t`ภาพขนาดใหญ่`,
        Carousel: t`ภาพสไลด์`,
        'Photo gallery': t`แกลเลอรีภาพ`,
        Slide: t`ภาพ`,
        Previous: t`ภาพก่อนหน้า`,
        Next: t`ภาพถัดไป`,
        Close: t`ปิด`,
        // The lightbox fills in these two tokens itself.
        '{index} of {total}': t`ภาพ ${indexToken} จาก ${totalToken}`,
      }}
    />
  );
}
