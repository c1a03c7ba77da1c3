// What a search found: the grid, the buttons under it and the lightbox. Loaded with the first search, not with the
// event page: it is the part of the panel that needs the cart database.
import type { EventDetail } from '../../../core/contract/events';
import type { Photo } from '../../../core/contract/photos';
import { useCartIds } from '../cart/use-cart';
import { ResultButtons } from './ResultButtons';
import { ResultLightbox } from './ResultLightbox';
import { ResultsGrid } from './ResultsGrid';

export interface FaceResultsProps {
  event: EventDetail;
  variant: 'event' | 'wholesale';
  cartKind: 'standard' | 'wholesale';
  photos: Photo[];
  /** The photo open in the lightbox, if any. */
  open: number | undefined;
  onOpen: (index: number | undefined) => void;
  onMore: (more: Photo[], mode: 'merge' | 'replace') => void;
}

export default function FaceResults({
  event,
  variant,
  cartKind,
  photos,
  open,
  onOpen,
  onMore,
}: FaceResultsProps) {
  const cartIds = useCartIds(cartKind);
  return (
    <>
      <div className="face-results-area">
        <ResultsGrid event={event} photos={photos} cartIds={cartIds} cartKind={cartKind} onOpen={onOpen} />
        <ResultButtons event={event} variant={variant} cartKind={cartKind} photos={photos} />
      </div>
      {open !== undefined && photos[open] && (
        <ResultLightbox
          event={event}
          photos={photos}
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
