// The runner's word on a result photo, as the panel's state machine takes it: "this is me" moves a "maybe you"
// photo up and searches with the face matched in it (its matches added, each photo once, and how many said);
// "not me" drops the photo and every photo of that likely person, and can be undone. The panel keeps what they
// leave. An answer that comes after a new search or a widening began belongs to a run that is over, and is not
// applied.
import { type Dispatch, useState } from 'react';
import { searchSimilar } from '../../lib/api/facesearch';
import type { PhotoFeedback } from './FeedbackButtons';
import type { SearchAction, SearchState } from './search-machine';

export function usePhotoFeedback(
  state: SearchState,
  dispatch: Dispatch<SearchAction>,
  eventKey: string,
  onNotMine: () => void,
): PhotoFeedback {
  const [searching, setSearching] = useState(false);
  const current = state.current;
  return {
    busy: searching,
    onMine(photo) {
      const face =
        current.step === 'found' ? current.matched?.find((m) => m.photo_id === photo.id) : undefined;
      dispatch({ type: 'mine', photoId: photo.id, searching: face !== undefined });
      if (!face) return;
      const run = state.run;
      setSearching(true);
      searchSimilar(eventKey, face.face_id, photo)
        .then((answer) =>
          dispatch({
            type: 'more-results',
            mode: 'merge',
            photos: answer.images,
            maybe: answer.maybe_images ?? [],
            matched: answer.matched_faces ?? [],
            run,
            fromMine: true,
          }),
        )
        .catch(() => dispatch({ type: 'mine-failed', run }))
        .finally(() => setSearching(false));
    },
    onNotMine(photo) {
      onNotMine();
      dispatch({ type: 'not-mine', photoId: photo.id });
    },
    onUndoNotMine() {
      dispatch({ type: 'undo-not-mine' });
    },
    notice: state.notice,
  };
}
