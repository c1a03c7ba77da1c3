// The runner's own word on a result photo: "this is me" searches with the face matched in it too (and moves a
// "maybe you" photo up), "not me" drops it and every photo of that likely person from the results (undone from the
// notice it leaves). On a thumbnail the two sit in a small menu (the photo itself stays the card: a tap opens it);
// in the lightbox they are buttons beside the photo's action.
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useId, useRef, useState } from 'react';
import type { Photo } from '../../../core/contract/photos';
import type { FeedbackNotice } from './search-machine';

export interface PhotoFeedback {
  onMine(photo: Photo): void;
  onNotMine(photo: Photo): void;
  /** Takes back the last "not me". */
  onUndoNotMine?(): void;
  /** What the last word did, to say it. */
  notice?: FeedbackNotice | undefined;
  /** A "this is me" search is under way: the buttons wait. */
  busy?: boolean;
}

interface FeedbackProps {
  photo: Photo;
  number: number;
  feedback: PhotoFeedback;
  /** Told after either word was given (the lightbox closes: the photo moved or went). */
  onDone?: () => void;
}

/** "This is me" and "not me" as two buttons (the lightbox). */
export function FeedbackButtons(props: FeedbackProps) {
  return (
    <div className="face-feedback">
      <WordButton {...props} mine />
      <WordButton {...props} mine={false} />
    </div>
  );
}

/** "This is me" (`mine`) or "not me". */
function WordButton({ photo, number, feedback, onDone, mine }: FeedbackProps & { mine: boolean }) {
  return (
    <button
      type="button"
      className={`button ${mine ? 'face-feedback-mine' : 'face-feedback-not-mine'}`}
      disabled={feedback.busy}
      onClick={() => {
        if (mine) feedback.onMine(photo);
        else feedback.onNotMine(photo);
        onDone?.();
      }}
    >
      {mine ? (
        <Trans>
          ใช่ฉัน<span className="visually-hidden"> รูปที่ {number}</span>
        </Trans>
      ) : (
        <Trans>
          ไม่ใช่ฉัน<span className="visually-hidden"> รูปที่ {number}</span>
        </Trans>
      )}
    </button>
  );
}

/**
 * The two words in a small menu on a thumbnail: a round button on the photo's corner opens them (a disclosure: Escape
 * or a tap elsewhere closes it, and focus comes back to the button).
 */
export function FeedbackMenu({ photo, number, feedback }: FeedbackProps) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const menu = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const listId = useId();
  useEffect(() => {
    if (!open) return;
    const closeOutside = (e: Event) => {
      if (!menu.current?.contains(e.target as Node)) setOpen(false);
    };
    const closeOnEscape = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(false);
      toggle.current?.focus();
    };
    document.addEventListener('pointerdown', closeOutside);
    document.addEventListener('keydown', closeOnEscape);
    return () => {
      document.removeEventListener('pointerdown', closeOutside);
      document.removeEventListener('keydown', closeOnEscape);
    };
  }, [open]);
  return (
    <div ref={menu} className="face-menu">
      <button
        ref={toggle}
        type="button"
        className="face-menu-button"
        aria-expanded={open}
        aria-controls={listId}
        aria-label={t`ใช่คุณไหม? รูปที่ ${number}`}
        onClick={() => setOpen(!open)}
      >
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
          <circle cx="5" cy="12" r="2.2" fill="currentColor" />
          <circle cx="12" cy="12" r="2.2" fill="currentColor" />
          <circle cx="19" cy="12" r="2.2" fill="currentColor" />
        </svg>
      </button>
      {open && (
        <div id={listId} className="face-menu-list">
          <FeedbackButtons photo={photo} number={number} feedback={feedback} onDone={() => setOpen(false)} />
        </div>
      )}
    </div>
  );
}
