// The results lightbox (SPEC §2: zoom allowed, loops): a modal dialog over the page with the photo's preview,
// previous/next (buttons, arrow keys, swipe), Escape to close, a zoom toggle (+/- keys), the photo's action, the
// runner's "this is me" / "not me" on a match, and "more like this one". Focus stays inside while it is open and
// returns to the thumbnail that opened it.
import { Trans, useLingui } from '@lingui/react/macro';
import { type KeyboardEvent, type TouchEvent, useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { PREVIEW_LONG_SIDE } from '../../../core/constants';
import type { EventDetail } from '../../../core/contract/events';
import type { Photo } from '../../../core/contract/photos';
import { photoImageUrls } from '../../lib/photo-urls';
import { photoImage } from '../../lib/sized-image';
import type { CartKind } from '../cart/cart-types';
import { FeedbackButtons, type PhotoFeedback } from './FeedbackButtons';
import { commandForKey, commandForSwipe, type LightboxCommand, loopIndex, trapTarget } from './lightbox-nav';
import { FaceBoxes, MoreLikeThisControls, type MoreLikeThisControlsProps } from './MoreLikeThis';
import { PhotoAction } from './PhotoAction';
import { useMoreLikeThis } from './use-more-like-this';

/** A preview's box before it loads: at most PREVIEW_LONG_SIDE long, 3:2 as most camera photos. */
const PREVIEW_WIDTH = PREVIEW_LONG_SIDE;
const PREVIEW_HEIGHT = Math.round((PREVIEW_LONG_SIDE * 2) / 3);

const FOCUSABLE = 'button:not([disabled]), a[href], [tabindex]:not([tabindex="-1"])';

export interface ResultLightboxProps {
  event: Pick<EventDetail, 'event_key' | 'is_free_download' | 'face_search'>;
  photos: readonly Photo[];
  index: number;
  cartIds: ReadonlySet<number>;
  cartKind: CartKind;
  onIndex(index: number): void;
  onClose(): void;
  onMore: MoreLikeThisControlsProps['onApply'];
  /** The runner's word, asked of the first `feedbackFor` photos (the matches); told when given. */
  feedback?: PhotoFeedback;
  feedbackFor?: number;
  onFeedbackDone?: () => void;
}

/** Before the photos are there: no photo to ask about. */
const NO_PHOTO = { id: 0 } as const;

export function ResultLightbox(props: ResultLightboxProps) {
  const { event, photos, index, cartIds, cartKind, onIndex, onClose, onMore } = props;
  const { feedback, feedbackFor = 0, onFeedbackDone } = props;
  const { t } = useLingui();
  const dialog = useRef<HTMLDivElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const touchStart = useRef<{ x: number; y: number } | undefined>(undefined);
  const [zoomed, setZoomed] = useState(false);
  const photo = photos[index];
  const more = useMoreLikeThis(event.event_key, photo ?? NO_PHOTO);
  const count = photos.length;
  const number = index + 1;

  // Opened: focus inside, the page behind does not scroll; closed: focus back where it was.
  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    closeButton.current?.focus();
    return () => {
      document.body.style.overflow = overflow;
      opener?.focus?.();
    };
  }, []);

  if (!photo) return null;

  const run = (command: LightboxCommand) => {
    if (command === 'close') onClose();
    else if (command === 'zoom-in') setZoomed(true);
    else if (command === 'zoom-out') setZoomed(false);
    else if (count > 1) {
      setZoomed(false);
      onIndex(loopIndex(index, command === 'next' ? 1 : -1, count));
    }
  };

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Tab' && dialog.current) {
      const focusable = [...dialog.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
      const target = trapTarget(focusable, document.activeElement as HTMLElement | null, e.shiftKey);
      if (target) {
        e.preventDefault();
        target.focus();
      }
      return;
    }
    const command = commandForKey(e.key);
    if (command) {
      e.preventDefault();
      run(command);
    }
  };
  const onTouchStart = (e: TouchEvent) => {
    const touch = e.touches[0];
    touchStart.current =
      touch && e.touches.length === 1 && !zoomed ? { x: touch.clientX, y: touch.clientY } : undefined;
  };
  const onTouchEnd = (e: TouchEvent) => {
    const start = touchStart.current;
    const touch = e.changedTouches[0];
    touchStart.current = undefined;
    if (!start || !touch) return;
    const command = commandForSwipe(touch.clientX - start.x, touch.clientY - start.y);
    if (command) run(command);
  };

  const searching = more.state.step === 'searching' || more.state.step === 'loading-faces';
  return createPortal(
    <div
      ref={dialog}
      className="result-lightbox"
      role="dialog"
      aria-modal="true"
      aria-label={t`รูปที่ ${number} จาก ${count}`}
      onKeyDown={onKeyDown}
    >
      <div className="result-lightbox-bar">
        <p className="result-lightbox-count" aria-hidden="true">
          {number} / {count}
        </p>
        <button
          type="button"
          className="lightbox-button"
          aria-pressed={zoomed}
          onClick={() => setZoomed(!zoomed)}
        >
          {zoomed ? <Trans>ย่อ</Trans> : <Trans>ขยาย</Trans>}
        </button>
        <button ref={closeButton} type="button" className="lightbox-button" onClick={onClose}>
          <Trans>ปิด</Trans>
        </button>
      </div>
      <div
        className={`result-lightbox-stage${zoomed ? ' is-zoomed' : ''}`}
        onTouchStart={onTouchStart}
        onTouchEnd={onTouchEnd}
      >
        <figure className="result-lightbox-figure">
          <img
            key={photo.id}
            {...photoImage(photoImageUrls(event.event_key, photo).preview)}
            alt={t`รูปที่ ${number}`}
            width={PREVIEW_WIDTH}
            height={PREVIEW_HEIGHT}
            decoding="async"
          />
          <FaceBoxes more={more} busy={searching} />
        </figure>
      </div>
      {count > 1 && (
        <>
          <button
            type="button"
            className="lightbox-button lightbox-nav lightbox-previous"
            onClick={() => run('previous')}
            aria-label={t`รูปก่อนหน้า`}
          >
            ‹
          </button>
          <button
            type="button"
            className="lightbox-button lightbox-nav lightbox-next"
            onClick={() => run('next')}
            aria-label={t`รูปถัดไป`}
          >
            ›
          </button>
        </>
      )}
      <div className="result-lightbox-tools">
        <PhotoAction
          event={event}
          photo={photo}
          number={number}
          inCart={cartIds.has(photo.id)}
          cartKind={cartKind}
        />
        {feedback && index < feedbackFor && (
          <FeedbackButtons photo={photo} number={number} feedback={feedback} onDone={onFeedbackDone} />
        )}
        {/* A photo kept from an older answer has no pass: the store would not tell its faces. An event without
            face search keeps none. */}
        {photo.pass && event.face_search !== 'N' ? (
          <MoreLikeThisControls key={photo.id} more={more} shown={photos} onApply={onMore} />
        ) : null}
      </div>
    </div>,
    document.body,
  );
}
