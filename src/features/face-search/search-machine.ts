// The selfie search as a pure state machine (SPEC §4 Face search): idle → preparing (checks and on-device
// compression) → uploading (percent) → searching → found | not-found | error. The input is disabled while busy
// (the picker clears it as soon as it hands a file over). A file of the wrong type keeps what is shown and adds the
// spec's info message; a file of 5 MB or more raises the 5 s size warning while the run goes on (the newer flow
// compresses it anyway). Results can be replaced or extended by "more like this one". A search the server calls busy
// waits the seconds it asks for, saying so, then asks again (searching → searching, busy → searching).
// Results kept from an earlier visit come back (restored), and a second selfie widens the results shown: they stay
// on screen meanwhile (widening), its matches are added, each photo once, and a failure keeps them.
// Results come in two tiers, "photos of you" (photos) and "maybe you" (maybe), with the face matched in each
// (matched); the runner's "this is me" moves a photo up, "not me" drops it and every photo of that likely person,
// also from what later searches add.
// A search by bib number runs the same machine from searching on (nothing to prepare or upload), and a face
// search's answer may bring the runner's bib: its photos the face missed join the results, marked.
// A selfie whose face looks poor (blurred, dark, turned away, small) is refused before it is searched: the runner
// is told what to do, and may search with it anyway (searching again) or choose another (idle). A search may take
// two selfies of the runner at once (surer results when one selfie's are mostly "maybe you").
import { type BibStanding, bibStandingOf } from '../../../core/contract/bibsearch';
import type {
  FaceBox,
  FaceSearchAnswer,
  MatchedFace,
  SelfieProblem,
} from '../../../core/contract/facesearch';
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
  | {
      step: 'found';
      photos: Photo[];
      /** "Maybe you": below the confident tier, none of them among photos. */
      maybe?: Photo[];
      /**
       * "At your finish, maybe you": frames the finish-line photographers took within seconds of the runner's finish
       * time (from the event's results), nearest first; none of them among photos or maybe.
       */
      finish?: Photo[];
      /** The face matched in each photo, when the store said (both tiers). */
      matched?: MatchedFace[];
      /** Likely people the runner said are not them. */
      notMine?: number[];
      /** The runner's bib read under their matched faces, and the photos found by it alone. */
      byBib?: FoundByBib;
      /** Photos said not to be the runner that no likely person names (found by the bib). */
      notMinePhotos?: number[];
    }
  | { step: 'not-found' }
  | { step: 'error'; failure: SearchFailure }
  /** The store found the selfie's face poor and did not search: what is wrong with it. */
  | { step: 'poor-selfie'; problem: SelfieProblem };

/** The runner's bib, and the photos among those shown that were found by it (not by the face). */
export interface FoundByBib {
  bib: string;
  photoIds: number[];
}

/** How the last second selfie went: how many photos it added, or why it failed (the results stay). */
export type WidenOutcome = { added: number } | { failure: SearchFailure };

export interface SearchState {
  current: SearchStep;
  /** Counts the runs (a search, a widening, a reset): an answer asked for in an earlier run is not applied. */
  run: number;
  /**
   * Counts the changes to the runner's results (RESULT_CHANGES): the page keeps what it shows whenever this moves.
   * Results brought back from an earlier visit are not a change: they are already kept.
   */
  resultsChanged: number;
  /** The results shown while another selfie of the same runner is searched to widen them. */
  widening?: Photo[];
  /** The rest of what was shown while widening: the maybe tier, the matched faces, the people said not to be. */
  wideningTiers?: Tiers;
  /** What the last widening did, until the next run. */
  widened?: WidenOutcome;
  /** The spec's info message for a file that is not a jpeg or png, until the next choice. */
  wrongType: boolean;
  /** The 5 s warning for a file of 5 MB or more. */
  sizeWarning: boolean;
  /**
   * The faces the store found in the last selfie, when it said: 0 is "no face in this photo", not "no match";
   * more than 1, the largest was searched.
   */
  selfieFaces?: number;
  /** Where the last selfie's faces are, when it had several (the searched one first). */
  selfieBoxes?: FaceBox[];
  /** The bib number searched, when the run is a search by bib. */
  bib?: string;
  /** Where the searched bib stands with the event's start list, once answered (undefined: the event has none). */
  bibStanding?: BibStanding;
  /** The run searched with two selfies of the runner. */
  twoSelfies?: boolean;
  /** What the runner's last word on a photo did, said with the results until the next change. */
  notice?: FeedbackNotice;
}

/**
 * What "not me" or "this is me" did: `hidden`, the photos "not me" took away (with what was shown before, for undo);
 * `mine`, the photos "this is me" moved up, then what the search with that photo's face added (`added`), or that it
 * failed.
 */
export type FeedbackNotice =
  | { kind: 'hidden'; count: number; undo: Found }
  | { kind: 'mine'; moved: number; searching: boolean; added?: number; failed?: boolean };

export type SearchAction =
  | { type: 'rejected-type' }
  /**
   * `widen`: a second selfie, whose matches are added to the results shown; `twoSelfies`: a new search with this
   * selfie and the last one together.
   */
  | { type: 'started'; oversize: boolean; widen?: boolean; twoSelfies?: boolean }
  /** A search by bib number: straight to searching (a new run, like a new selfie). */
  | { type: 'bib-started'; bib: string }
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
  /** The store refused the selfie as poor, before searching. */
  | { type: 'poor-selfie'; problem: SelfieProblem }
  /** The runner searches with the poor selfie anyway. */
  | { type: 'search-anyway' }
  /** The store wants the face consent asked again: the run ends without an error (the question shows instead). */
  | { type: 'consent-needed' }
  | { type: 'size-warning-expired' }
  /** Results of "more like this one": replace the list, or add the new photos after the ones shown. */
  | {
      type: 'more-results';
      photos: Photo[];
      mode: 'replace' | 'merge';
      maybe?: Photo[];
      matched?: MatchedFace[];
      /** The run the results were asked in (left out: the current one). */
      run?: number;
      /** The search "this is me" made with the photo's face: its photos added are said. */
      fromMine?: boolean;
    }
  /** The search "this is me" made failed: the photos it moved up stay. */
  | { type: 'mine-failed'; run: number }
  /** "Not me" taken back: what was shown before it comes back. */
  | { type: 'undo-not-mine' }
  /**
   * The runner says a photo shows them: it becomes one of the photos of them; `searching`: its face is searched
   * too (the answer comes as more-results fromMine).
   */
  | { type: 'mine'; photoId: number; searching?: boolean }
  /** The runner says a photo does not: it goes, with every photo of the same likely person. */
  | { type: 'not-mine'; photoId: number }
  | { type: 'reset' };

export const initialSearchState: SearchState = {
  current: { step: 'idle' },
  run: 0,
  resultsChanged: 0,
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

interface Tiers {
  maybe: Photo[];
  finish?: Photo[] | undefined;
  matched: MatchedFace[];
  notMine: number[];
  byBib?: FoundByBib | undefined;
  /** Photos said not to be the runner that have no matched face (found by the bib): they stay hidden. */
  notMinePhotos?: number[] | undefined;
}

export type Found = Extract<SearchStep, { step: 'found' }>;

/** The matched faces of `more` added to `known` (a photo's first one kept). */
function mergeMatched(known: readonly MatchedFace[], more: readonly MatchedFace[] = []): MatchedFace[] {
  const seen = new Set(known.map((m) => m.photo_id));
  return [...known, ...more.filter((m) => !seen.has(m.photo_id) && seen.add(m.photo_id))];
}

/**
 * The found step for these tiers: the maybe tier without the photos of you, both without the people said not to be
 * the runner; or not-found when nothing is left.
 */
export function foundOf(photos: readonly Photo[], tiers: Tiers): Found | { step: 'not-found' };
export function foundOf(photos: readonly Photo[], tiers: Tiers, keepEmpty: true): Found;
export function foundOf(
  photos: readonly Photo[],
  tiers: Tiers,
  keepEmpty = false,
): Found | { step: 'not-found' } {
  const personOf = new Map(tiers.matched.map((m) => [m.photo_id, m.person_id]));
  const rejected = new Set(tiers.notMine);
  const hidden = new Set(tiers.notMinePhotos ?? []);
  const kept = (p: Photo) => {
    const person = personOf.get(p.id);
    return !hidden.has(p.id) && (person === undefined || !rejected.has(person));
  };
  const mine = photos.filter(kept);
  const shown = new Set(mine.map((p) => p.id));
  const maybe = tiers.maybe.filter((p) => kept(p) && !shown.has(p.id) && shown.add(p.id));
  const finish = (tiers.finish ?? []).filter((p) => kept(p) && !shown.has(p.id) && shown.add(p.id));
  if (mine.length === 0 && maybe.length === 0 && finish.length === 0 && !keepEmpty)
    return { step: 'not-found' };
  // The bib's photos that are still shown.
  const byBib = tiers.byBib && {
    bib: tiers.byBib.bib,
    photoIds: tiers.byBib.photoIds.filter((id) => mine.some((p) => p.id === id)),
  };
  return {
    step: 'found',
    photos: mine,
    ...(maybe.length > 0 ? { maybe } : {}),
    ...(finish.length > 0 ? { finish } : {}),
    ...(tiers.matched.length > 0 ? { matched: tiers.matched } : {}),
    ...(tiers.notMine.length > 0 ? { notMine: tiers.notMine } : {}),
    ...(byBib ? { byBib } : {}),
    ...(hidden.size > 0 ? { notMinePhotos: [...hidden] } : {}),
  };
}

/** The photos a found step shows, every tier. */
const shownCount = (found: Found): number =>
  found.photos.length + (found.maybe?.length ?? 0) + (found.finish?.length ?? 0);

const tiersOf = (found: Found): Tiers => ({
  maybe: found.maybe ?? [],
  finish: found.finish,
  matched: found.matched ?? [],
  notMine: found.notMine ?? [],
  byBib: found.byBib,
  notMinePhotos: found.notMinePhotos,
});

/** The runner's bib an answer brought, with its photos the face did not find. */
const bibOfAnswer = (answer: FaceSearchAnswer): FoundByBib | undefined =>
  answer.runner_bib === undefined
    ? undefined
    : { bib: answer.runner_bib, photoIds: (answer.bib_images ?? []).map((p) => p.id) };

/**
 * A second selfie's bib with the first's: its photos join when it is the same bib (or the first had none); another
 * bib is another runner's (the second selfie matched someone else), and its photos are not the runner's.
 */
function mergeBib(known: FoundByBib | undefined, more: FoundByBib | undefined): FoundByBib | undefined {
  if (!known || !more) return known ?? more;
  if (known.bib !== more.bib) return known;
  return { bib: known.bib, photoIds: [...new Set([...known.photoIds, ...more.photoIds])] };
}

/** The photos of `current` then those of `more` that are not already shown, in their order. */
export function mergePhotos(current: readonly Photo[], more: readonly Photo[]): Photo[] {
  const seen = new Set(current.map((p) => p.id));
  return [...current, ...more.filter((p) => !seen.has(p.id) && seen.add(p.id))];
}

/**
 * The actions that change the runner's results when they change what is shown: an answer (a search, a widening),
 * more results, and the runner's word on a photo (or its undo). A failed widening shows the same results again.
 */
const RESULT_CHANGES: ReadonlySet<SearchAction['type']> = new Set([
  'answered',
  'more-results',
  'mine',
  'not-mine',
  'undo-not-mine',
]);

export function searchReducer(state: SearchState, action: SearchAction): SearchState {
  const next = nextState(state, action);
  if (next === state) return state;
  const answered = next.current.step === 'found' || next.current.step === 'not-found';
  const changed = RESULT_CHANGES.has(action.type) && next.current !== state.current && answered;
  return { ...next, resultsChanged: state.resultsChanged + (changed ? 1 : 0) };
}

function nextState(state: SearchState, action: SearchAction): SearchState {
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
      const shown = action.widen && state.current.step === 'found' ? state.current : undefined;
      return {
        current: { step: 'preparing' },
        run: state.run + 1,
        resultsChanged: state.resultsChanged,
        wrongType: false,
        sizeWarning: action.oversize,
        ...(shown ? { widening: shown.photos, wideningTiers: tiersOf(shown) } : {}),
        ...(action.twoSelfies && !shown ? { twoSelfies: true } : {}),
      };
    }
    case 'bib-started':
      if (isBusy(state)) return state;
      return {
        current: { step: 'searching' },
        run: state.run + 1,
        resultsChanged: state.resultsChanged,
        wrongType: false,
        sizeWarning: false,
        bib: action.bib,
      };
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
      const { widening, wideningTiers, selfieFaces: _, selfieBoxes: __, notice: ___, ...kept } = state;
      const answer = action.answer;
      const standing = kept.bib === undefined ? undefined : bibStandingOf(answer);
      const rest = {
        ...kept,
        ...(standing === undefined ? {} : { bibStanding: standing }),
        ...(answer.selfie_faces === undefined ? {} : { selfieFaces: answer.selfie_faces }),
        ...(answer.selfie_boxes && answer.selfie_boxes.length > 1
          ? { selfieBoxes: answer.selfie_boxes }
          : {}),
      };
      if (widening) {
        const before = wideningTiers ?? { maybe: [], matched: [], notMine: [] };
        const byBib = mergeBib(before.byBib, bibOfAnswer(answer));
        const bibPhotos = byBib?.bib === answer.runner_bib ? (answer.bib_images ?? []) : [];
        const current = foundOf(mergePhotos(widening, [...answer.images, ...bibPhotos]), {
          maybe: mergePhotos(before.maybe, answer.maybe_images ?? []),
          finish: mergePhotos(before.finish ?? [], answer.finish_images ?? []),
          matched: mergeMatched(before.matched, answer.matched_faces),
          notMine: before.notMine,
          byBib,
          notMinePhotos: before.notMinePhotos,
        });
        const photos = current.step === 'found' ? current.photos : [];
        return {
          ...rest,
          current: current.step === 'found' ? current : { step: 'found', photos: widening },
          widened: { added: photos.length - widening.length },
        };
      }
      return {
        ...rest,
        // The bib's photos the face did not find join the photos of you, after them.
        current: foundOf(mergePhotos(answer.images, answer.bib_images ?? []), {
          maybe: answer.maybe_images ?? [],
          finish: answer.finish_images ?? [],
          matched: answer.matched_faces ?? [],
          notMine: [],
          byBib: bibOfAnswer(answer),
        }),
      };
    }
    case 'failed': {
      if (!isBusy(state)) return state;
      const { widening, wideningTiers, ...rest } = state;
      if (widening) {
        // The results shown stay; only the second selfie failed.
        const kept = foundOf(widening, wideningTiers ?? { maybe: [], matched: [], notMine: [] });
        const found: SearchStep = kept.step === 'found' ? kept : { step: 'found', photos: widening };
        return action.failure === 'wrong-type'
          ? { ...rest, current: found, wrongType: true, sizeWarning: false }
          : { ...rest, current: found, widened: { failure: action.failure } };
      }
      return action.failure === 'wrong-type'
        ? { ...rest, current: { step: 'idle' }, wrongType: true, sizeWarning: false }
        : { ...rest, current: { step: 'error', failure: action.failure } };
    }
    case 'poor-selfie':
      return step === 'searching'
        ? { ...state, current: { step: 'poor-selfie', problem: action.problem } }
        : state;
    case 'search-anyway':
      return step === 'poor-selfie' ? { ...state, current: { step: 'searching' } } : state;
    case 'consent-needed': {
      if (!isBusy(state)) return state;
      const { widening, wideningTiers, ...rest } = state;
      if (!widening) return { ...rest, current: { step: 'idle' }, sizeWarning: false };
      const kept = foundOf(widening, wideningTiers ?? { maybe: [], matched: [], notMine: [] });
      return { ...rest, current: kept.step === 'found' ? kept : { step: 'found', photos: widening } };
    }
    case 'size-warning-expired':
      return state.sizeWarning ? { ...state, sizeWarning: false } : state;
    case 'more-results': {
      if (state.current.step !== 'found' || (action.run !== undefined && action.run !== state.run))
        return state;
      const tiers = tiersOf(state.current);
      const replace = action.mode === 'replace';
      const next = foundOf(replace ? action.photos : mergePhotos(state.current.photos, action.photos), {
        maybe: replace ? (action.maybe ?? []) : mergePhotos(tiers.maybe, action.maybe ?? []),
        finish: replace ? [] : tiers.finish,
        matched: mergeMatched(replace ? [] : tiers.matched, action.matched),
        notMine: tiers.notMine,
        byBib: replace ? undefined : tiers.byBib,
        notMinePhotos: tiers.notMinePhotos,
      });
      // What is shown is no longer the bib's photos alone: the bib's heading goes.
      const { bib: _, bibStanding: __, notice, ...rest } = state;
      if (next.step !== 'found') return state;
      if (!action.fromMine || notice?.kind !== 'mine') return { ...rest, current: next };
      const added = next.photos.length - state.current.photos.length;
      return { ...rest, current: next, notice: { ...notice, searching: false, added } };
    }
    case 'mine-failed':
      return state.notice?.kind === 'mine' && action.run === state.run
        ? { ...state, notice: { ...state.notice, searching: false, failed: true } }
        : state;
    case 'undo-not-mine': {
      if (state.notice?.kind !== 'hidden' || state.current.step !== 'found') return state;
      const { notice, ...rest } = state;
      return { ...rest, current: notice.undo };
    }
    case 'mine': {
      if (state.current.step !== 'found') return state;
      const searching = action.searching ?? false;
      const photo =
        state.current.maybe?.find((p) => p.id === action.photoId) ??
        state.current.finish?.find((p) => p.id === action.photoId);
      if (!photo) {
        // Already one of the photos of you: only its face's search is said.
        const { notice: _, ...rest } = state;
        return searching ? { ...rest, notice: { kind: 'mine', moved: 0, searching } } : state;
      }
      // The photo moves up, and with it the other "maybe" photos of the same likely person (their faces were grouped
      // as one person at indexing: the runner's word on one is their word on all). A frame of their finish has no
      // matched face: it moves alone.
      const personOf = new Map((state.current.matched ?? []).map((m) => [m.photo_id, m.person_id]));
      const person = personOf.get(photo.id);
      const same = [...(state.current.maybe ?? []), ...(state.current.finish ?? [])].filter(
        (p) => p.id === photo.id || (person !== undefined && personOf.get(p.id) === person),
      );
      const next = foundOf([...state.current.photos, ...same], tiersOf(state.current));
      return next.step === 'found'
        ? { ...state, current: next, notice: { kind: 'mine', moved: same.length, searching } }
        : state;
    }
    case 'not-mine': {
      if (state.current.step !== 'found') return state;
      const tiers = tiersOf(state.current);
      const person = tiers.matched.find((m) => m.photo_id === action.photoId)?.person_id;
      const without = (list: Photo[]) => list.filter((p) => p.id !== action.photoId);
      // The photo goes; with its likely person known, every photo of that person goes too; without (found by the
      // bib), the photo stays hidden from what later searches add. What was shown stays for undo, and an empty
      // result stays a result (the page says the runner hid them, not that nothing was found).
      const next = foundOf(
        without(state.current.photos),
        {
          ...tiers,
          maybe: without(tiers.maybe),
          notMine: person === undefined ? tiers.notMine : [...tiers.notMine, person],
          notMinePhotos:
            person === undefined ? [...(tiers.notMinePhotos ?? []), action.photoId] : tiers.notMinePhotos,
        },
        true,
      );
      const count = shownCount(state.current) - shownCount(next);
      return { ...state, current: next, notice: { kind: 'hidden', count, undo: state.current } };
    }
    case 'reset':
      return isBusy(state)
        ? state
        : { ...initialSearchState, run: state.run + 1, resultsChanged: state.resultsChanged };
  }
}
