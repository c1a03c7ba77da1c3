// The matches of a search: their count and a grid of photos. The photo is the card: a tap opens the lightbox (every
// action is there); on its corners, one round button adds it to the cart (or downloads it) and, where the runner's
// word is asked, a small menu holds "this is me" / "not me". The nearby frames' row is the same grid under its own
// heading, numbered after the matches. Photos found by the runner's bib alone carry it.
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import type { EventDetail } from '../../../core/contract/events';
import type { Photo } from '../../../core/contract/photos';
import { photoImageUrls } from '../../lib/photo-urls';
import { photoImage } from '../../lib/sized-image';
import type { CartKind } from '../cart/cart-types';
import { FeedbackMenu, type PhotoFeedback } from './FeedbackButtons';
import { PhotoAction } from './PhotoAction';

/** Thumbnails are at most 480 px long (server/services/photo-import.ts); the grid shows them 3:2. */
const THUMB_WIDTH = 480;
const THUMB_HEIGHT = 320;

export interface ResultsGridProps {
  event: Pick<EventDetail, 'event_key' | 'is_free_download'>;
  photos: readonly Photo[];
  cartIds: ReadonlySet<number>;
  cartKind: CartKind;
  /** Told the photo's index counted from the first match (firstIndex + its place here). */
  onOpen(index: number): void;
  /** Instead of the matches' count; null: no heading (the grid is under one already). */
  heading?: ReactNode | null;
  /** The index (and number - 1) of this grid's first photo among all shown. */
  firstIndex?: number;
  /** The runner's word on each photo: "this is me" and "not me". */
  feedback?: PhotoFeedback;
  /** Photos found by the runner's bib alone: marked with it, and said under the heading. */
  foundByBib?: { bib: string; photoIds: readonly number[] };
}

export function ResultsGrid({
  event,
  photos,
  cartIds,
  cartKind,
  onOpen,
  heading,
  firstIndex = 0,
  feedback,
  foundByBib,
}: ResultsGridProps) {
  const { t } = useLingui();
  const count = photos.length;
  const byBib = new Set(foundByBib?.photoIds ?? []);
  const bib = foundByBib?.bib ?? '';
  return (
    <>
      {heading !== null && (
        <h3 className="face-results-count">
          {heading ?? <Plural value={count} one="พบ # รูปที่ตรงกับใบหน้าของคุณ" other="พบ # รูปที่ตรงกับใบหน้าของคุณ" />}
        </h3>
      )}
      {byBib.size > 0 && (
        <p className="found-by-bib-note">
          <Plural
            value={byBib.size}
            one={`รวม # รูปที่พบจากหมายเลขบิบ ${bib} ของคุณ เช่น รูปที่ไม่เห็นหน้า`}
            other={`รวม # รูปที่พบจากหมายเลขบิบ ${bib} ของคุณ เช่น รูปที่ไม่เห็นหน้า`}
          />
        </p>
      )}
      <ul className="face-results">
        {photos.map((photo, i) => {
          const number = firstIndex + i + 1;
          return (
            <li key={photo.id} className={`face-result${cartIds.has(photo.id) ? ' is-in-cart' : ''}`}>
              {byBib.has(photo.id) && (
                <span className="found-by-bib">
                  <Trans>พบจากบิบ {bib}</Trans>
                </span>
              )}
              <button type="button" className="face-result-open" onClick={() => onOpen(firstIndex + i)}>
                <img
                  {...photoImage(photoImageUrls(event.event_key, photo).thumbnail)}
                  alt={t`ดูรูปที่ ${number} ขนาดใหญ่`}
                  width={THUMB_WIDTH}
                  height={THUMB_HEIGHT}
                  loading="lazy"
                  decoding="async"
                />
              </button>
              {feedback && <FeedbackMenu photo={photo} number={number} feedback={feedback} />}
              <PhotoAction
                event={event}
                photo={photo}
                number={number}
                inCart={cartIds.has(photo.id)}
                cartKind={cartKind}
                compact
              />
            </li>
          );
        })}
      </ul>
    </>
  );
}
