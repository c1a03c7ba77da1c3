// What a search found: the grid, the buttons under it, a second selfie to widen it, the nearby frames ("you may be
// in these too") and the lightbox over both. Loaded with the first search (or kept results), not with the event page:
// it is the part of the panel that needs the cart database. "Photos of you" first, "maybe you" below (folded on a
// phone for each new answer), then "at your finish, maybe you" (the finish photographers' frames around the runner's
// finish time), each photo with "this is me" / "not me" (what the last one did said above them, with undo). A bib search's results say their bib; a face search's photos found by the runner's bib alone are marked
// so. An event without face search (its organiser's choice) has no face to widen with, nor "this is me" / "not me".
import { Plural, Trans } from '@lingui/react/macro';
import { useCallback, useState } from 'react';
import type { BibStanding } from '../../../core/contract/bibsearch';
import type { EventDetail } from '../../../core/contract/events';
import type { Photo } from '../../../core/contract/photos';
import { useCartIds } from '../cart/use-cart';
import { BibNearbyHeading, BibResultsHeading } from './BibSearch';
import type { PhotoFeedback } from './FeedbackButtons';
import { FeedbackNotice } from './FeedbackNotice';
import type { MoreLikeThisControlsProps } from './MoreLikeThis';
import { ResultButtons } from './ResultButtons';
import { ResultLightbox } from './ResultLightbox';
import { ResultsGrid } from './ResultsGrid';
import type { FoundByBib, WidenOutcome } from './search-machine';
import { WidenSearch } from './WidenSearch';

export interface FaceResultsProps {
  event: EventDetail;
  variant: 'event' | 'wholesale';
  cartKind: 'standard' | 'wholesale';
  photos: Photo[];
  /** "Maybe you": photos below the confident tier. */
  maybe: readonly Photo[];
  /** "At your finish, maybe you": the finish photographers' frames around the runner's finish time. */
  finish: readonly Photo[];
  /** The bib number searched, when the results are a bib search's. */
  searchedBib?: string | undefined;
  /** Where the searched bib stands with the event's start list (marked when it is not on it). */
  bibStanding?: BibStanding;
  /** The runner's bib found under their faces, and the photos found by it alone. */
  byBib?: FoundByBib | undefined;
  /** The runner's word on each photo. */
  feedback: PhotoFeedback;
  /** The same photographers' frames around the matches, not among them. */
  nearby: readonly Photo[];
  /** The photo open in the lightbox, if any: an index into the matches then the nearby frames. */
  open: number | undefined;
  onOpen: (index: number | undefined) => void;
  onMore: MoreLikeThisControlsProps['onApply'];
  /** A second selfie is being searched (the picker is disabled meanwhile). */
  busy: boolean;
  widened: WidenOutcome | undefined;
  onWiden: (file: File) => void;
  /** The search's run: "maybe you" folds again (on a phone) for each new answer. */
  run: number;
}

export default function FaceResults({
  event,
  variant,
  cartKind,
  photos,
  maybe,
  finish,
  searchedBib,
  bibStanding,
  byBib,
  feedback,
  nearby,
  open,
  onOpen,
  onMore,
  busy,
  widened,
  onWiden,
  run,
}: FaceResultsProps) {
  const cartIds = useCartIds(cartKind);
  const faceSearch = event.face_search !== 'N';
  const faceFeedback = faceSearch ? { feedback } : {};
  // A nearby frame already among "maybe you" or the finish frames shows there only.
  const tierIds = new Set([...maybe, ...finish].map((p) => p.id));
  const frames = tierIds.size > 0 ? nearby.filter((p) => !tierIds.has(p.id)) : nearby;
  const shown = frames.length > 0 || tierIds.size > 0 ? [...photos, ...maybe, ...finish, ...frames] : photos;
  // The runner's word is asked of every tier of theirs: the matches and the finish frames.
  const judged = photos.length + maybe.length + finish.length;
  // Folded on a phone (the photos of you fill its screen), open on a wider one; the runner's choice then stands
  // until the next answer. With no photo of you, "maybe you" is all there is: open.
  const [maybeChoice, setMaybeChoice] = useState<{ run: number; open: boolean } | undefined>(undefined);
  const maybeOpen =
    maybeChoice?.run === run
      ? maybeChoice.open
      : photos.length === 0 || !window.matchMedia?.('(max-width: 600px)').matches;
  const notice = feedback.notice;
  const undo = useCallback(() => feedback.onUndoNotMine?.(), [feedback.onUndoNotMine]);
  // The lightbox's word on a photo closes it: the photo moved up or went.
  // Asked only of the matches: a nearby frame has no matched face to say "me" or "not me" about.
  const lightboxFeedback = faceSearch
    ? { feedback, feedbackFor: judged, onFeedbackDone: () => onOpen(undefined) }
    : {};
  return (
    <>
      <div className="face-results-area">
        {notice && <FeedbackNotice notice={notice} empty={judged === 0} onUndo={undo} />}
        {photos.length > 0 && (
          <>
            {searchedBib && (
              <BibResultsHeading bib={searchedBib} count={photos.length} standing={bibStanding} />
            )}
            <ResultsGrid
              event={event}
              photos={photos}
              cartIds={cartIds}
              cartKind={cartKind}
              onOpen={onOpen}
              {...faceFeedback}
              {...(searchedBib ? { heading: null } : {})}
              {...(byBib && byBib.photoIds.length > 0 ? { foundByBib: byBib } : {})}
            />
            <ResultButtons event={event} variant={variant} cartKind={cartKind} photos={photos} />
          </>
        )}
        {maybe.length > 0 && (
          <details
            className="maybe-you"
            open={maybeOpen}
            onToggle={(e) => {
              const open = (e.currentTarget as HTMLDetailsElement).open;
              if (open !== maybeOpen) setMaybeChoice({ run, open });
            }}
          >
            <summary>
              <Plural value={maybe.length} one="อาจเป็นคุณ (# รูป)" other="อาจเป็นคุณ (# รูป)" />
            </summary>
            <p className="maybe-you-hint">
              <Trans>
                รูปเหล่านี้คล้ายคุณแต่เราไม่แน่ใจ แตะปุ่ม ⋯ บนรูปหรือเปิดรูป แล้วเลือก "ใช่ฉัน"
                เพื่อย้ายขึ้นไปและค้นหาด้วยใบหน้าในรูปนั้นเพิ่ม หรือ "ไม่ใช่ฉัน" เพื่อซ่อนรูปของคนนั้นทั้งหมด
              </Trans>
            </p>
            <ResultsGrid
              event={event}
              photos={maybe}
              cartIds={cartIds}
              cartKind={cartKind}
              onOpen={onOpen}
              firstIndex={photos.length}
              {...faceFeedback}
              heading={null}
            />
          </details>
        )}
        {finish.length > 0 && (
          <section className="finish-frames" data-testid="finish-frames">
            <ResultsGrid
              event={event}
              photos={finish}
              cartIds={cartIds}
              cartKind={cartKind}
              onOpen={onOpen}
              firstIndex={photos.length + maybe.length}
              {...faceFeedback}
              heading={
                <Plural value={finish.length} one="ที่เส้นชัย อาจเป็นคุณ (# รูป)" other="ที่เส้นชัย อาจเป็นคุณ (# รูป)" />
              }
            />
            <p className="finish-frames-hint">
              <Trans>
                ช่างภาพที่เส้นชัยถ่ายรูปเหล่านี้ในไม่กี่วินาทีที่คุณเข้าเส้นชัยตามเวลาในผลการแข่งขัน ใบหน้าหรือบิบของคุณอาจไม่เห็นชัด
              </Trans>{' '}
              {faceSearch && <Trans>ถ้าเป็นคุณ แตะปุ่ม ⋯ บนรูปแล้วเลือก "ใช่ฉัน" เพื่อย้ายขึ้นไป</Trans>}
            </p>
          </section>
        )}
        {faceSearch && <WidenSearch disabled={busy} outcome={widened} onFile={onWiden} />}
        {faceSearch && !searchedBib && (
          <p className="remove-me-link">
            <a href="/privacy/remove">
              <Trans>นำฉันออกจากรูปเหล่านี้</Trans>
            </a>
          </p>
        )}
        {frames.length > 0 && (
          <section className="nearby-frames">
            <ResultsGrid
              event={event}
              photos={frames}
              cartIds={cartIds}
              cartKind={cartKind}
              onOpen={onOpen}
              firstIndex={judged}
              heading={
                searchedBib ? (
                  <BibNearbyHeading bib={searchedBib} count={frames.length} />
                ) : (
                  <Plural
                    value={frames.length}
                    one="คุณอาจอยู่ในภาพเหล่านี้ด้วย: # รูปที่ช่างภาพคนเดียวกันถ่ายไว้ก่อนและหลังไม่กี่วินาที"
                    other="คุณอาจอยู่ในภาพเหล่านี้ด้วย: # รูปที่ช่างภาพคนเดียวกันถ่ายไว้ก่อนและหลังไม่กี่วินาที"
                  />
                )
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
          {...lightboxFeedback}
        />
      )}
    </>
  );
}
