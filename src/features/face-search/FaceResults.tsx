// What a search found: the grid, the buttons under it, a second selfie to widen it, the nearby frames ("you may be
// in these too") and the lightbox over both. Loaded with the first search (or kept results), not with the event page:
// it is the part of the panel that needs the cart database.
import { Plural } from '@lingui/react/macro';
import type { EventDetail } from '../../../core/contract/events';
import type { Photo } from '../../../core/contract/photos';
import { useCartIds } from '../cart/use-cart';
import { ResultButtons } from './ResultButtons';
import { ResultLightbox } from './ResultLightbox';
import { ResultsGrid } from './ResultsGrid';
import type { WidenOutcome } from './search-machine';
import { WidenSearch } from './WidenSearch';

export interface FaceResultsProps {
  event: EventDetail;
  variant: 'event' | 'wholesale';
  cartKind: 'standard' | 'wholesale';
  photos: Photo[];
  /** The same photographers' frames around the matches, not among them. */
  nearby: readonly Photo[];
  /** The photo open in the lightbox, if any: an index into the matches then the nearby frames. */
  open: number | undefined;
  onOpen: (index: number | undefined) => void;
  onMore: (more: Photo[], mode: 'merge' | 'replace') => void;
  /** A second selfie is being searched (the picker is disabled meanwhile). */
  busy: boolean;
  widened: WidenOutcome | undefined;
  onWiden: (file: File) => void;
}

export default function FaceResults({
  event,
  variant,
  cartKind,
  photos,
  nearby,
  open,
  onOpen,
  onMore,
  busy,
  widened,
  onWiden,
}: FaceResultsProps) {
  const cartIds = useCartIds(cartKind);
  const shown = nearby.length > 0 ? [...photos, ...nearby] : photos;
  return (
    <>
      <div className="face-results-area">
        <ResultsGrid event={event} photos={photos} cartIds={cartIds} cartKind={cartKind} onOpen={onOpen} />
        <ResultButtons event={event} variant={variant} cartKind={cartKind} photos={photos} />
        <WidenSearch disabled={busy} outcome={widened} onFile={onWiden} />
        {nearby.length > 0 && (
          <section className="nearby-frames">
            <ResultsGrid
              event={event}
              photos={nearby}
              cartIds={cartIds}
              cartKind={cartKind}
              onOpen={onOpen}
              firstIndex={photos.length}
              heading={
                <Plural
                  value={nearby.length}
                  one="คุณอาจอยู่ในภาพเหล่านี้ด้วย: # รูปที่ช่างภาพคนเดียวกันถ่ายไว้ก่อนและหลังไม่กี่วินาที"
                  other="คุณอาจอยู่ในภาพเหล่านี้ด้วย: # รูปที่ช่างภาพคนเดียวกันถ่ายไว้ก่อนและหลังไม่กี่วินาที"
                />
              }
            />
          </section>
        )}
      </div>
      {open !== undefined && shown[open] && (
        <ResultLightbox
          event={event}
          photos={shown}
          index={open}
          cartIds={cartIds}
          cartKind={cartKind}
          onIndex={onOpen}
          onClose={() => onOpen(undefined)}
          onMore={onMore}
        />
      )}
    </>
  );
}
