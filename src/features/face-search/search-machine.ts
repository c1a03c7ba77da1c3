// The selfie search as a pure state machine (SPEC §4 Face search): idle → preparing (checks and on-device
// compression) → uploading (percent) → searching → found | not-found | error. The input is disabled while busy
// (the picker clears it as soon as it hands a file over). A file of the wrong type keeps what is shown and adds the
// spec's info message; a file of 5 MB or more raises the 5 s size warning while the run goes on (the newer flow
// compresses it anyway). Results can be replaced or extended by "more like this one". A search the server calls busy
// waits the seconds it asks for, saying so, then asks again (searching → searching, busy → searching).
// Issue 17: results kept from an earlier visit come back (restored), and a second selfie widens the results shown:
// they stay on screen meanwhile (widening), its matches are added, each photo once, and a failure keeps them.
import type { FaceSearchAnswer } from '../../../core/contract/facesearch';
import type { Photo } from '../../../core/contract/photos';

/** Why a run failed, each with the spec's message (SPEC §8). */
export type SearchFailure =
  /** The server answered, but not with success: "error from search, please try again". */
  | 'search'
  /** A request failed (upload refused, no answer): "error from upload or search, please try again". */
  | 'upload-or-search'
  /** A request failed while the device is offline: the search needs the network, so say that plainly. */
  | 'offline';

export type SearchStep =
  | { step: 'idle' }
  | { step: 'preparing' }
  | { step: 'uploading'; percent: number }
  /** `busy`: the server was busy; the search is asked again after `seconds`. */
  | { step: 'searching'; busy?: { seconds: number } }
  | { step: 'found'; photos: Photo[] }
  | { step: 'not-found' }
  | { step: 'error'; failure: SearchFailure };

/** How the last second selfie went: how many photos it added, or why it failed (the results stay). */
export type WidenOutcome = { added: number } | { failure: SearchFailure };

export interface SearchState {
  current: SearchStep;
  /** The results shown while another selfie of the same runner is searched to widen them. */
  widening?: Photo[];
  /** What the last widening did, until the next run. */
  widened?: WidenOutcome;
  /** The spec's info message for a file that is not a jpeg or png, until the next choice. */
  wrongType: boolean;
  /** The 5 s warning for a file of 5 MB or more. */
  sizeWarning: boolean;
}

export type SearchAction =
  | { type: 'rejected-type' }
  /** `widen`: a second selfie, whose matches are added to the results shown. */
  | { type: 'started'; oversize: boolean; widen?: boolean }
  /** Results kept from an earlier search of this event, shown again. */
  | { type: 'restored'; photos: Photo[] }
  | { type: 'compressed' }
  | { type: 'progress'; loaded: number; total: number }
  | { type: 'uploaded' }
  /** The server is busy: the search will be asked again in this many seconds. */
  | { type: 'busy'; seconds: number }
  /** The busy wait is over: asking again. */
  | { type: 'retrying' }
  /** The server deleted the selfie while the search waited (it keeps one under a minute): it is uploaded again. */
  | { type: 'reuploading' }
  | { type: 'answered'; answer: FaceSearchAnswer }
  | { type: 'failed'; failure: SearchFailure | 'wrong-type' }
  | { type: 'size-warning-expired' }
  /** Results of "more like this one": replace the list, or add the new photos after the ones shown. */
  | { type: 'more-results'; photos: Photo[]; mode: 'replace' | 'merge' }
  | { type: 'reset' };

export const initialSearchState: SearchState = {
  current: { step: 'idle' },
  wrongType: false,
  sizeWarning: false,
};

export const isBusy = (state: SearchState): boolean =>
  state.current.step === 'preparing' ||
  state.current.step === 'uploading' ||
  state.current.step === 'searching';

/** Upload progress as a whole percent, 0..100 (an unknown total counts as 0 until the upload completes). */
export function uploadPercent(loaded: number, total: number): number {
  if (!(total > 0) || !(loaded > 0)) return 0;
  return Math.min(100, Math.floor((loaded / total) * 100));
}

/** The photos of `current` then those of `more` that are not already shown, in their order. */
export function mergePhotos(current: readonly Photo[], more: readonly Photo[]): Photo[] {
  const seen = new Set(current.map((p) => p.id));
  return [...current, ...more.filter((p) => !seen.has(p.id) && seen.add(p.id))];
}

export function searchReducer(state: SearchState, action: SearchAction): SearchState {
  const step = state.current.step;
  switch (action.type) {
    case 'rejected-type': {
      // A choice while a run is under way cannot happen (the input is disabled); ignore it if it does.
      if (isBusy(state)) return state;
      const { widened: _, ...rest } = state;
      return { ...rest, wrongType: true, sizeWarning: false };
    }
    case 'started': {
      if (isBusy(state)) return state;
      const widening = action.widen && state.current.step === 'found' ? state.current.photos : undefined;
      return {
        current: { step: 'preparing' },
        wrongType: false,
        sizeWarning: action.oversize,
        ...(widening ? { widening } : {}),
      };
    }
    case 'restored':
      return step === 'idle' && action.photos.length > 0
        ? { ...state, current: { step: 'found', photos: action.photos } }
        : state;
    case 'compressed':
      return step === 'preparing' ? { ...state, current: { step: 'uploading', percent: 0 } } : state;
    case 'progress': {
      if (state.current.step !== 'uploading') return state;
      // Progress only grows: a late event never moves the bar back.
      const percent = Math.max(state.current.percent, uploadPercent(action.loaded, action.total));
      return percent === state.current.percent
        ? state
        : { ...state, current: { step: 'uploading', percent } };
    }
    case 'uploaded':
      return step === 'uploading' ? { ...state, current: { step: 'searching' } } : state;
    case 'busy':
      return step === 'searching'
        ? { ...state, current: { step: 'searching', busy: { seconds: action.seconds } } }
        : state;
    case 'retrying':
      return state.current.step === 'searching' && state.current.busy
        ? { ...state, current: { step: 'searching' } }
        : state;
    case 'reuploading':
      return step === 'searching' ? { ...state, current: { step: 'uploading', percent: 0 } } : state;
    case 'answered': {
      if (step !== 'searching') return state;
      const { widening, ...rest } = state;
      if (widening) {
        const photos = mergePhotos(widening, action.answer.images);
        return {
          ...rest,
          current: { step: 'found', photos },
          widened: { added: photos.length - widening.length },
        };
      }
      return {
        ...rest,
        current:
          action.answer.images.length > 0
            ? { step: 'found', photos: action.answer.images }
            : { step: 'not-found' },
      };
    }
    case 'failed': {
      if (!isBusy(state)) return state;
      const { widening, ...rest } = state;
      if (widening) {
        // The results shown stay; only the second selfie failed.
        const found: SearchStep = { step: 'found', photos: widening };
        return action.failure === 'wrong-type'
          ? { ...rest, current: found, wrongType: true, sizeWarning: false }
          : { ...rest, current: found, widened: { failure: action.failure } };
      }
      return action.failure === 'wrong-type'
        ? { ...rest, current: { step: 'idle' }, wrongType: true, sizeWarning: false }
        : { ...rest, current: { step: 'error', failure: action.failure } };
    }
    case 'size-warning-expired':
      return state.sizeWarning ? { ...state, sizeWarning: false } : state;
    case 'more-results': {
      if (state.current.step !== 'found') return state;
      const photos =
        action.mode === 'replace' ? action.photos : mergePhotos(state.current.photos, action.photos);
      return photos.length > 0 ? { ...state, current: { step: 'found', photos } } : state;
    }
    case 'reset':
      return isBusy(state) ? state : initialSearchState;
  }
}
