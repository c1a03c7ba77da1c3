// The runner's own word on a result photo (issue 32): "this is me" searches with the face matched in it too (and
// moves a "maybe you" photo up), "not me" drops it and every photo of that likely person from the results.
import { Trans } from '@lingui/react/macro';
import type { Photo } from '../../../core/contract/photos';

export interface PhotoFeedback {
  onMine(photo: Photo): void;
  onNotMine(photo: Photo): void;
  /** A "this is me" search is under way: the buttons wait. */
  busy?: boolean;
}

export function FeedbackButtons({
  photo,
  number,
  feedback,
}: {
  photo: Photo;
  number: number;
  feedback: PhotoFeedback;
}) {
  return (
    <div className="face-feedback">
      <button
        type="button"
        className="button face-feedback-mine"
        disabled={feedback.busy}
        onClick={() => feedback.onMine(photo)}
      >
        <Trans>
          ใช่ฉัน<span className="visually-hidden"> รูปที่ {number}</span>
        </Trans>
      </button>
      <button
        type="button"
        className="button face-feedback-not-mine"
        disabled={feedback.busy}
        onClick={() => feedback.onNotMine(photo)}
      >
        <Trans>
          ไม่ใช่ฉัน<span className="visually-hidden"> รูปที่ {number}</span>
        </Trans>
      </button>
    </div>
  );
}
