// The paid images' lightbox (SPEC §2): zoom with its buttons and double tap, no pinch or wheel zoom, no swiping
// the picture around, and it loops from the last image to the first.
import Lightbox from 'yet-another-react-lightbox';
import Zoom from 'yet-another-react-lightbox/plugins/zoom';
import 'yet-another-react-lightbox/styles.css';
import { useLingui } from '@lingui/react/macro';

export interface PhotoLightboxProps {
  slides: { src: string; alt: string }[];
  index: number;
  onClose: () => void;
}

export default function PhotoLightbox({ slides, index, onClose }: PhotoLightboxProps) {
  const { t } = useLingui();
  return (
    <Lightbox
      open
      close={onClose}
      index={index}
      slides={slides}
      plugins={[Zoom]}
      carousel={{ finite: false }}
      zoom={{ scrollToZoom: false, pinchZoomDistanceFactor: 0, wheelZoomDistanceFactor: 0 }}
      controller={{ closeOnPullDown: false, closeOnBackdropClick: true }}
      labels={{
        Previous: t`ภาพก่อนหน้า`,
        Next: t`ภาพถัดไป`,
        Close: t`ปิด`,
        'Zoom in': t`ขยาย`,
        'Zoom out': t`ย่อ`,
        Lightbox: t`ดูภาพ`,
        Carousel: t`ภาพ`,
        Slide: t`ภาพ`,
      }}
    />
  );
}
