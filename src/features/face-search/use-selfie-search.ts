// Runs one selfie search (SPEC §4 Face search, §7) in three steps: prepare (the checked file compressed on the
// device), upload (signed, PUT with progress) and search, retried while the store asks to wait (busy, or too many
// requests) and uploaded once more if the wait outlived the selfie. The state is the pure machine of
// search-machine.ts; a newer run or unmounting aborts the run under way and its late answers are ignored.
// A search by bib number is a run of the same machine: no selfie, straight to searching.
// A selfie with several faces keeps its picker: the selfie and where its faces are, the searched one marked; the
// runner's own face, cut out of the selfie (crop-face.ts), is searched as a new run and the picker stays, that face
// marked.
import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { SIZE_WARNING_MS } from '../../../core/constants';
import type { EventDetail } from '../../../core/contract/events';
import {
  type FaceBox,
  type FaceSearchAnswer,
  type SelfieProblem,
  type SignAnswer,
  selfieProblems,
} from '../../../core/contract/facesearch';
import type { FaceConsent } from '../../../core/contract/privacy';
import { searchByBib } from '../../lib/api/bibsearch';
import { ApiError } from '../../lib/api/client';
import { searchWithUploadedSelfie, signSelfieUpload } from '../../lib/api/facesearch';
import { currentFaceConsent, forgetFaceConsent } from '../privacy/face-consent';
import { cropFace as cutFace } from './crop-face';
import type { CheckedSelfie } from './file-checks';
import {
  initialSearchState,
  isBusy,
  type SearchAction,
  type SearchFailure,
  type SearchState,
  searchReducer,
} from './search-machine';
import { markSelfie, measureSelfie } from './selfie-timing';
import { putSelfie } from './upload-selfie';

const isAbort = (error: unknown) => (error as Error | undefined)?.name === 'AbortError';

/** Waits a search makes when asked to (each for the seconds the server asks, at most a minute) before it fails. */
export const MAX_BUSY_WAITS = 6;

/** The store did not take the face consent sent (none, or given under an older notice): ask the runner again. */
export const isConsentRequired = (error: unknown): boolean =>
  error instanceof ApiError && error.serverCode === 'consent-required';

/**
 * The store asks the search to come back later: busy with many runners' selfies (503 search-busy), or this client
 * asked too often (429). Either is waited out, saying so, rather than shown as an error.
 */
const isWaitAnswer = (error: unknown): error is ApiError =>
  error instanceof ApiError &&
  ((error.httpStatus === 503 && error.serverCode === 'search-busy') || error.httpStatus === 429);

/** The uploaded selfie was deleted before it was searched with (it lives under a minute): upload it again. */
const isExpiredAnswer = (error: unknown): boolean =>
  error instanceof ApiError && error.httpStatus === 410 && error.serverCode === 'search-expired';

/** The store found the selfie's face poor and did not search: what is wrong with it, or undefined. */
export const poorSelfieProblem = (error: unknown): SelfieProblem | undefined => {
  if (!(error instanceof ApiError) || error.httpStatus !== 422) return undefined;
  const problem = error.serverCode?.replace(/^selfie-/, '');
  return selfieProblems.find((p) => p === problem);
};

/** Uploads of the same selfie a run makes when the server deleted it while busy answers were waited out. */
export const MAX_UPLOADS = 2;

/** Resolves after `ms`, or rejects with the AbortError when the run is dropped first. */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const abort = () => {
      clearTimeout(timer);
      reject(new DOMException('the search was dropped', 'AbortError'));
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', abort);
      resolve();
    }, ms);
    if (signal.aborted) abort();
    else signal.addEventListener('abort', abort, { once: true });
  });
}

type Dispatch = (action: SearchAction) => void;

/** A selfie as uploaded: compressed on the device, named after the file it came from. */
interface Selfie {
  blob: Blob;
  name: string;
}

/** What a run's upload and search go by. */
interface RunSettings {
  consent: FaceConsent;
  signal: AbortSignal;
  /** Search even when the store finds the face poor (a second selfie, or the runner's "search anyway"). */
  anyway: boolean;
}

/**
 * Prepare: the checked file compressed on the device (the compression library, 20 KB gzip, loads with the first
 * selfie, not with the event page). Undefined when the run was dropped or failed (dispatched).
 */
async function prepareSelfie(file: File, signal: AbortSignal, dispatch: Dispatch): Promise<Blob | undefined> {
  const live = () => !signal.aborted;
  let compressor: typeof import('./compress-selfie');
  try {
    compressor = await import('./compress-selfie');
  } catch (error) {
    if (live()) dispatch({ type: 'failed', failure: failureOf(error) });
    return undefined;
  }
  if (!live()) return undefined;
  try {
    markSelfie('selfie-compress-start');
    const compressed = await compressor.compressSelfie(file, signal);
    measureSelfie('selfie-compress', 'selfie-compress-start', {
      inputBytes: file.size,
      outputBytes: compressed.size,
    });
    if (!live()) return undefined;
    dispatch({ type: 'compressed' });
    return compressed;
  } catch (error) {
    // The file claimed to be a jpeg or png but does not decode as one.
    if (live() && !isAbort(error)) dispatch({ type: 'failed', failure: 'wrong-type' });
    return undefined;
  }
}

/** Where the search finds each uploaded selfie. */
interface Uploaded {
  main: SignAnswer;
  second?: SignAnswer;
}

/** Upload: each selfie signed and sent, the first with progress. Throws what failed. */
async function uploadSelfies(
  eventKey: string,
  [main, second]: readonly [Selfie, Selfie?],
  { consent, signal }: RunSettings,
  dispatch: Dispatch,
): Promise<Uploaded> {
  markSelfie('selfie-upload-start');
  const signed = await signSelfieUpload(eventKey, uploadName(main.name), consent, signal);
  await putSelfie(signed.url, main.blob, {
    signal,
    onProgress: (loaded, total) => !signal.aborted && dispatch({ type: 'progress', loaded, total }),
  });
  if (!second) return { main: signed };
  const secondSigned = await signSelfieUpload(eventKey, uploadName(second.name), consent, signal);
  await putSelfie(secondSigned.url, second.blob, { signal });
  return { main: signed, second: secondSigned };
}

/**
 * Search, retried: while the store asks to wait (isWaitAnswer), the run says so, waits the seconds asked and asks
 * again with the same upload. Throws what failed.
 */
async function searchAfterWaits(
  target: SearchEvent,
  uploaded: Uploaded,
  { signal, anyway }: RunSettings,
  dispatch: Dispatch,
): Promise<FaceSearchAnswer> {
  const options = { anyway, ...(uploaded.second ? { second: uploaded.second } : {}) };
  for (let waits = 0; ; waits++) {
    try {
      return await searchWithUploadedSelfie(target, uploaded.main, signal, options);
    } catch (error) {
      if (!isWaitAnswer(error) || waits >= MAX_BUSY_WAITS) throw error;
      const seconds = Math.min(60, Math.max(1, Math.round(error.retryAfterSeconds ?? 5)));
      dispatch({ type: 'busy', seconds });
      await pause(seconds * 1000, signal);
      dispatch({ type: 'retrying' });
    }
  }
}

/**
 * Upload, then search; uploaded once more when long waits outlived the selfies (the store keeps one under a
 * minute). The answer, or undefined when the run was dropped; throws what failed.
 */
async function uploadAndSearch(
  target: SearchEvent,
  selfies: readonly [Selfie, Selfie?],
  run: RunSettings,
  dispatch: Dispatch,
): Promise<FaceSearchAnswer | undefined> {
  for (let uploads = 1; ; uploads++) {
    const uploaded = await uploadSelfies(target.event_key, selfies, run, dispatch);
    if (run.signal.aborted) return undefined;
    measureSelfie('selfie-upload', 'selfie-upload-start', { bytes: selfies[0].blob.size });
    dispatch({ type: 'uploaded' });
    markSelfie('selfie-search-start');
    try {
      const answer = await searchAfterWaits(target, uploaded, run, dispatch);
      measureSelfie('selfie-search', 'selfie-search-start', { matches: answer.images.length });
      return answer;
    } catch (error) {
      if (!isExpiredAnswer(error) || uploads >= MAX_UPLOADS || run.signal.aborted) throw error;
      dispatch({ type: 'reuploading' });
    }
  }
}

/**
 * SPEC §8: a server that answered "not success" is an error from search; anything else failed the request, and
 * offline it is said as such.
 */
export const failureOf = (error: unknown, online = navigator.onLine): SearchFailure => {
  if (error instanceof ApiError && error.kind !== 'network') return 'search';
  return online ? 'upload-or-search' : 'offline';
};

/** The name the selfie is signed under: the chosen file's name as a .jpg (it is always compressed to JPEG). */
export function uploadName(name: string): string {
  const base = name
    .replace(/\.[^./\\]*$/, '')
    .replace(/[^\p{L}\p{N}_-]+/gu, '-')
    .replace(/^-+|-+$/g, '');
  return `${(base || 'selfie').slice(0, 100)}.jpg`;
}

/** A selfie with several faces: the selfie as sent, where its faces are (fractions), and the one searched. */
export interface SelfieFacePicker {
  selfie: Blob;
  boxes: FaceBox[];
  /** The index in `boxes` of the face searched (0, the largest, until the runner picks another). */
  chosen: number;
}

export interface SelfieSearch {
  state: SearchState;
  dispatch(action: SearchAction): void;
  /**
   * Searches with a chosen file (checked by the caller: a wrong type is said before anything is asked); answers the server's answer (undefined when the run failed or was dropped). With
   * `widen`, a second selfie: its matches are added to the results shown (the machine merges them). `consent`: the
   * runner's face consent (the one kept on the device when left out); without one nothing is sent and
   * `onConsentRequired` is told, as when the store refuses the one sent.
   */
  search(
    selfie: CheckedSelfie,
    options?: { widen?: boolean; consent?: FaceConsent; withLast?: boolean },
  ): Promise<FaceSearchAnswer | undefined>;
  /** After a poor selfie's refusal: searches with it anyway (undefined when the run failed or was dropped). */
  searchAnyway(): Promise<FaceSearchAnswer | undefined>;
  /** Searches by a bib number (checked against the event's rule by the caller): a new run. */
  searchBib(bib: string): Promise<FaceSearchAnswer | undefined>;
  /** The selfie of the last search answered on this page (compressed, in memory only), if any. */
  lastSelfie(): Blob | undefined;
  /** The last selfie's faces when it had several (the runner may search with another), until another search. */
  facePicker: SelfieFacePicker | undefined;
  /**
   * The picker's face at `index` cut out of the selfie, as a file to search with (`search`, a new run: consent and
   * all as usual); its search keeps the picker, that face marked. Undefined when there is no such face or it could
   * not be cut out.
   */
  cropFace(index: number): Promise<File | undefined>;
}

type SearchEvent = Pick<
  EventDetail,
  'event_id' | 'event_key' | 'face_threshold' | 'mhao_price' | 'max_face_search'
>;

export interface SelfieSearchOptions {
  /** The face consent is missing or was refused by the store: the file and whether it widened, to ask and retry. */
  onConsentRequired?: (selfie: CheckedSelfie, widen: boolean) => void;
}

export function useSelfieSearch(event: SearchEvent, options: SelfieSearchOptions = {}): SelfieSearch {
  const [state, dispatch] = useReducer(searchReducer, initialSearchState);
  const onConsentRequired = useRef(options.onConsentRequired);
  onConsentRequired.current = options.onConsentRequired;
  const current = useRef<AbortController | undefined>(undefined);
  const eventRef = useRef(event);
  eventRef.current = event;

  useEffect(() => () => current.current?.abort(), []);

  // The size warning shows for 5 s (SPEC §9), whatever the run does meanwhile.
  useEffect(() => {
    if (!state.sizeWarning) return;
    const timer = setTimeout(() => dispatch({ type: 'size-warning-expired' }), SIZE_WARNING_MS);
    return () => clearTimeout(timer);
  }, [state.sizeWarning]);

  const stateRef = useRef(state);
  stateRef.current = state;
  /** The last search's selfie as sent (compressed), for an alert of new photos. */
  const lastSelfie = useRef<Blob | undefined>(undefined);
  /** A run the store refused as a poor selfie, to search anyway: its selfies (compressed) and what it was. */
  const refused = useRef<
    { selfies: [Selfie, Selfie?]; consent: FaceConsent; keepAsLast: boolean; picked: boolean } | undefined
  >(undefined);
  const [facePicker, setFacePicker] = useState<SelfieFacePicker | undefined>(undefined);
  /** A face cut out of the picker's selfie, waiting for its search (recognised by its file). */
  const pendingPick = useRef<{ file: File; picker: SelfieFacePicker } | undefined>(undefined);

  /** A new run: the one under way (if any) is dropped, its late answers ignored. */
  const newRun = useCallback((): AbortSignal => {
    current.current?.abort();
    const controller = new AbortController();
    current.current = controller;
    return controller.signal;
  }, []);

  /**
   * Uploads and searches with the run's selfies, then says how it went: the answer (kept as the last selfie's, and
   * its faces offered to pick from when it had several), a poor selfie, consent to ask again, or a failure. The
   * answer, or undefined when the run was dropped or failed.
   */
  const runSearch = useCallback(
    async (
      selfies: [Selfie, Selfie?],
      run: RunSettings & {
        /** The selfie is the runner's own: kept for alerts, its several faces offered to pick from. */
        keepAsLast: boolean;
        /** The selfie is a face the runner picked on the picker's selfie: the picker stays as it is. */
        picked: boolean;
      },
    ): Promise<FaceSearchAnswer | undefined> => {
      const live = () => !run.signal.aborted;
      try {
        const answer = await uploadAndSearch(eventRef.current, selfies, run, dispatch);
        if (!answer || !live()) return undefined;
        dispatch({ type: 'answered', answer });
        if (run.keepAsLast) {
          const main = selfies[0].blob;
          // Kept in memory only (never stored): a runner who asks to be told of new photos sends it once more.
          lastSelfie.current = main;
          const boxes = answer.selfie_boxes;
          if (!run.picked && boxes && boxes.length > 1) setFacePicker({ selfie: main, boxes, chosen: 0 });
        }
        return answer;
      } catch (error) {
        if (!live() || isAbort(error)) return undefined;
        const problem = poorSelfieProblem(error);
        if (problem) {
          refused.current = { selfies, consent: run.consent, keepAsLast: run.keepAsLast, picked: run.picked };
          dispatch({ type: 'poor-selfie', problem });
        } else if (isConsentRequired(error)) {
          // The consent kept here is not taken: forgotten, and asked again rather than shown as an error.
          forgetFaceConsent();
          dispatch({ type: 'consent-needed' });
        } else dispatch({ type: 'failed', failure: failureOf(error) });
        return undefined;
      }
    },
    [],
  );

  const search = useCallback(
    async (
      selfie: CheckedSelfie,
      options: { widen?: boolean; consent?: FaceConsent; withLast?: boolean } = {},
    ) => {
      // One run at a time: the picker is disabled meanwhile, and a drop then is ignored.
      if (isBusy(stateRef.current)) return undefined;
      const widen = options.widen === true;
      const last = lastSelfie.current;
      const twoSelfies = options.withLast === true && !widen && last !== undefined;
      const consent = options.consent ?? currentFaceConsent();
      if (!consent) {
        onConsentRequired.current?.(selfie, widen);
        return undefined;
      }
      const signal = newRun();
      refused.current = undefined;
      dispatch({ type: 'started', oversize: selfie.oversize, widen, ...(twoSelfies ? { twoSelfies } : {}) });
      // A face picked on the picker's selfie keeps the picker, that face marked; a new search ends it (a second
      // selfie widening the results leaves it: the results are still those of the selfie shown).
      const pick = pendingPick.current?.file === selfie.file && !widen ? pendingPick.current : undefined;
      pendingPick.current = undefined;
      if (!widen) setFacePicker(pick?.picker);

      const compressed = await prepareSelfie(selfie.file, signal, dispatch);
      if (!compressed) return undefined;
      const main = { blob: compressed, name: selfie.file.name };
      const selfies: [Selfie, Selfie?] =
        twoSelfies && last ? [main, { blob: last, name: 'selfie.jpg' }] : [main];
      const answer = await runSearch(selfies, {
        consent,
        signal,
        // A second photo added to widen the results is not judged (caps and sunglasses are its point).
        anyway: widen,
        keepAsLast: !widen && !twoSelfies,
        picked: pick !== undefined,
      });
      // The store did not take the consent sent (consent-needed left the run idle): asked again for this selfie.
      if (!answer && !signal.aborted && stateRef.current.current.step === 'idle' && !currentFaceConsent())
        onConsentRequired.current?.(selfie, widen);
      return answer;
    },
    [newRun, runSearch],
  );

  const searchAnyway = useCallback(async () => {
    const run = refused.current;
    if (!run || stateRef.current.current.step !== 'poor-selfie') return undefined;
    refused.current = undefined;
    const signal = newRun();
    dispatch({ type: 'search-anyway' });
    // The selfies were kept by the store for this (under a minute); uploaded again, they are sure to be there.
    dispatch({ type: 'reuploading' });
    return runSearch(run.selfies, { ...run, signal, anyway: true });
  }, [newRun, runSearch]);

  const searchBib = useCallback(
    async (bib: string) => {
      if (isBusy(stateRef.current)) return undefined;
      const signal = newRun();
      dispatch({ type: 'bib-started', bib });
      setFacePicker(undefined);
      try {
        const answer = await searchByBib(eventRef.current.event_key, bib, signal);
        if (signal.aborted) return undefined;
        dispatch({ type: 'answered', answer });
        return answer;
      } catch (error) {
        if (!signal.aborted && !isAbort(error)) dispatch({ type: 'failed', failure: failureOf(error) });
        return undefined;
      }
    },
    [newRun],
  );

  return {
    state,
    dispatch,
    search,
    searchAnyway,
    searchBib,
    lastSelfie: useCallback(() => lastSelfie.current, []),
    facePicker,
    cropFace: useCallback(
      async (index: number) => {
        const box = facePicker?.boxes[index];
        if (!facePicker || !box) return undefined;
        try {
          const file = await cutFace(facePicker.selfie, box, `face-${index + 1}.jpg`);
          pendingPick.current = { file, picker: { ...facePicker, chosen: index } };
          return file;
        } catch {
          return undefined;
        }
      },
      [facePicker],
    ),
  };
}
