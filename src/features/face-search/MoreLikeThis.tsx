// "More like this one" inside the lightbox: find the faces in the photo, let the runner tap theirs (drawn as boxes
// over the photo by FaceBoxes), search the event with it, then add the new photos to the results or show only them.
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useEffect } from 'react';
import type { MatchedFace } from '../../../core/contract/facesearch';
import type { Photo } from '../../../core/contract/photos';
import { mergePhotos } from './search-machine';
import type { MoreLikeThis as MoreLikeThisHook, MoreLikeThisState } from './use-more-like-this';

/** The faces to draw over the photo while the runner may pick one. */
export function pickableFaces(state: MoreLikeThisState) {
  return state.step === 'idle' || state.step === 'loading-faces' ? [] : state.faces;
}

/** Boxes over the photo, one button per face (positions are fractions of the photo). */
export function FaceBoxes({ more, busy }: { more: MoreLikeThisHook; busy: boolean }) {
  const { t } = useLingui();
  const faces = pickableFaces(more.state);
  const chosen = 'faceId' in more.state ? more.state.faceId : undefined;
  if (faces.length === 0) return null;
  return (
    <div className="face-boxes">
      {faces.map((face, i) => {
        const number = i + 1;
        return (
          <button
            key={face.face_id}
            type="button"
            className={`face-box${face.face_id === chosen ? ' is-chosen' : ''}`}
            style={{
              left: `${face.box.x * 100}%`,
              top: `${face.box.y * 100}%`,
              width: `${face.box.width * 100}%`,
              height: `${face.box.height * 100}%`,
            }}
            aria-label={t`ค้นหาด้วยใบหน้าที่ ${number}`}
            aria-pressed={face.face_id === chosen}
            disabled={busy}
            onClick={() => more.choose(face.face_id)}
          />
        );
      })}
    </div>
  );
}

/** The rest of a search's answer: "maybe you" and the face matched in each photo. */
export interface MoreTiers {
  maybe: Photo[];
  matched: MatchedFace[];
}

export interface MoreLikeThisControlsProps {
  more: MoreLikeThisHook;
  shown: readonly Photo[];
  onApply(photos: Photo[], mode: 'merge' | 'replace', tiers?: MoreTiers): void;
}

export function MoreLikeThisControls({ more, shown, onApply }: MoreLikeThisControlsProps) {
  const { state, choose } = more;
  // One face in the photo: no need to ask which one.
  const only = state.step === 'choosing' && state.faces.length === 1 ? state.faces[0] : undefined;
  useEffect(() => {
    if (only) choose(only.face_id);
  }, [only, choose]);

  return (
    <div className="more-like-this" role="status" aria-live="polite">
      {state.step === 'idle' && (
        <button type="button" className="button" onClick={more.start}>
          <Trans>ค้นหารูปอื่นด้วยใบหน้าในรูปนี้</Trans>
        </button>
      )}
      {state.step === 'loading-faces' && (
        <p>
          <Trans>กำลังหาใบหน้าในรูปนี้…</Trans>
        </p>
      )}
      {state.step === 'choosing' && state.faces.length > 1 && (
        <p>
          <Trans>แตะกรอบที่ใบหน้าของคุณในรูป</Trans>
        </p>
      )}
      {state.step === 'searching' && (
        <p>
          <Trans>กำลังค้นหารูปที่คล้ายกัน…</Trans>
        </p>
      )}
      {state.step === 'found' && (
        <FoundMore
          photos={state.answer.images}
          tiers={{ maybe: state.answer.maybe_images ?? [], matched: state.answer.matched_faces ?? [] }}
          shown={shown}
          onApply={onApply}
        />
      )}
      {state.step === 'not-found' && (
        <p>
          {state.reason === 'no-faces' ? (
            <Trans>ไม่พบใบหน้าในรูปนี้</Trans>
          ) : (
            <Trans>ไม่พบรูปอื่นที่คล้ายกัน ลองแตะใบหน้าอื่น</Trans>
          )}
        </p>
      )}
      {state.step === 'error' && (
        <>
          <p className="more-like-this-error">
            <Trans>เกิดข้อผิดพลาดจากการค้นหา กรุณาลองใหม่อีกครั้ง</Trans>
          </p>
          {state.during === 'faces' && (
            <button type="button" className="button" onClick={more.start}>
              <Trans>ลองใหม่</Trans>
            </button>
          )}
        </>
      )}
    </div>
  );
}

function FoundMore({
  photos,
  tiers,
  shown,
  onApply,
}: {
  photos: Photo[];
  tiers: MoreTiers;
  shown: readonly Photo[];
  onApply: MoreLikeThisControlsProps['onApply'];
}) {
  const fresh = mergePhotos(shown, photos).length - shown.length;
  const count = photos.length;
  return (
    <>
      <p>
        <Plural value={count} one="พบ # รูปที่คล้ายกัน" other="พบ # รูปที่คล้ายกัน" />{' '}
        <Plural value={fresh} _0="(ไม่มีรูปใหม่)" one="(รูปใหม่ # รูป)" other="(รูปใหม่ # รูป)" />
      </p>
      <div className="more-like-this-actions">
        {fresh > 0 && (
          <button type="button" className="button primary" onClick={() => onApply(photos, 'merge', tiers)}>
            <Trans>เพิ่มในผลการค้นหา</Trans>
          </button>
        )}
        <button type="button" className="button" onClick={() => onApply(photos, 'replace', tiers)}>
          <Trans>แสดงเฉพาะรูปเหล่านี้</Trans>
        </button>
      </div>
    </>
  );
}
