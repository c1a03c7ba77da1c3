// The runner's word on a result photo (issue 32), as the panel's state machine takes it: "this is me" moves a
// "maybe you" photo up and searches with the face matched in it (its matches added, each photo once); "not me"
// drops the photo and every photo of that likely person. What is kept for the event follows (the photos of you).
import { type Dispatch, useState } from 'react';
import type { Photo } from '../../../core/contract/photos';
import { searchSimilar } from '../../lib/api/facesearch';
import type { PhotoFeedback } from './FeedbackButtons';
import { type SearchAction, type SearchState, searchReducer } from './search-machine';

export function usePhotoFeedback(
  state: SearchState,
  dispatch: Dispatch<SearchAction>,
  eventKey: string,
  keep: (photos: readonly Photo[]) => Promise<void>,
  onNotMine: () => void,
): PhotoFeedback {
  const [searching, setSearching] = useState(false);
  /** Dispatches the action and keeps what it leaves; answers the state it leaves. */
  const act = (from: SearchState, action: SearchAction): SearchState => {
    const next = searchReducer(from, action);
    dispatch(action);
    if (next !== from && (next.current.step === 'found' || next.current.step === 'not-found'))
      keep(next.current.step === 'found' ? next.current.photos : []).catch(() => undefined);
    return next;
  };
  const current = state.current;
  return {
    busy: searching,
    onMine(photo) {
      const next = act(state, { type: 'mine', photoId: photo.id });
      const face =
        current.step === 'found' ? current.matched?.find((m) => m.photo_id === photo.id) : undefined;
      if (!face) return;
      setSearching(true);
      searchSimilar(eventKey, face.face_id, photo)
        .then((answer) =>
          act(next, {
            type: 'more-results',
            mode: 'merge',
            photos: answer.images,
            maybe: answer.maybe_images ?? [],
            matched: answer.matched_faces ?? [],
          }),
        )
        .catch(() => undefined)
        .finally(() => setSearching(false));
    },
    onNotMine(photo) {
      onNotMine();
      act(state, { type: 'not-mine', photoId: photo.id });
    },
  };
}
