// Runs one selfie search (SPEC §4 Face search, §7): check the file, compress it on the device, sign the upload,
// PUT it with progress, search. The state is the pure machine of search-machine.ts; a newer run or unmounting
// aborts the run under way and its late answers are ignored. A busy server's answer is waited out (searchThroughBusy).
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
import { checkSelfieFile } from './file-checks';
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

/** Busy answers a search waits out (each for the seconds the server asks, at most a minute) before it fails. */
export const MAX_BUSY_WAITS = 6;

/** The store did not take the face consent sent (none, or given under an older notice): ask the runner again. */
export const isConsentRequired = (error: unknown): boolean =>
  error instanceof ApiError && error.serverCode === 'consent-required';

const isBusyAnswer = (error: unknown): error is ApiError =>
  error instanceof ApiError && error.httpStatus === 503 && error.serverCode === 'search-busy';

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

/**
 * The search with the uploaded selfie; while the server answers busy (many runners at once), it says so, waits the
 * seconds asked and asks again with the same upload.
 */
async function searchThroughBusy(
  target: SearchEvent,
  signed: Pick<SignAnswer, 'search_id' | 'file_location'>,
  signal: AbortSignal,
  dispatch: (action: SearchAction) => void,
  options: Parameters<typeof searchWithUploadedSelfie>[3] = {},
): Promise<FaceSearchAnswer> {
  for (let waits = 0; ; waits++) {
    try {
      return await searchWithUploadedSelfie(target, signed, signal, options);
    } catch (error) {
      if (!isBusyAnswer(error) || waits >= MAX_BUSY_WAITS) throw error;
      const seconds = Math.min(60, Math.max(1, Math.round(error.retryAfterSeconds ?? 5)));
      dispatch({ type: 'busy', seconds });
      await pause(seconds * 1000, signal);
      dispatch({ type: 'retrying' });
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
   * Searches with a chosen file; answers the server's answer (undefined when the run failed or was dropped). With
   * `widen`, a second selfie: its matches are added to the results shown (the machine merges them). `consent`: the
   * runner's face consent (the one kept on the device when left out); without one nothing is sent and
   * `onConsentRequired` is told, as when the store refuses the one sent.
   */
  search(
    file: File,
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
  onConsentRequired?: (file: File, widen: boolean) => void;
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
    | { selfies: { blob: Blob; name: string }[]; consent: FaceConsent; keepAsLast: boolean; picked: boolean }
    | undefined
  >(undefined);
  const [facePicker, setFacePicker] = useState<SelfieFacePicker | undefined>(undefined);
  /** A face cut out of the picker's selfie, waiting for its search (recognised by its file). */
  const pendingPick = useRef<{ file: File; picker: SelfieFacePicker } | undefined>(undefined);

  /**
   * Uploads the run's selfies (each signed, the first with progress; again once when the server deleted them while
   * waiting out busy answers) and searches with them. Answers the answer, or undefined when the run was dropped or
   * failed (dispatched).
   */
  const uploadAndSearch = useCallback(
    async (
      selfies: { blob: Blob; name: string }[],
      run: {
        consent: FaceConsent;
        signal: AbortSignal;
        anyway: boolean;
        keepAsLast: boolean;
        /** The selfie is a face the runner picked on the picker's selfie: the picker stays as it is. */
        picked?: boolean;
        /** The store did not take the consent: the caller asks again. */
        onConsentRequired?: () => void;
      },
    ): Promise<FaceSearchAnswer | undefined> => {
      const { signal, consent } = run;
      const live = () => !signal.aborted;
      const target = eventRef.current;
      const [main, ...others] = selfies as [{ blob: Blob; name: string }, ...{ blob: Blob; name: string }[]];
      try {
        for (let uploads = 1; ; uploads++) {
          markSelfie('selfie-upload-start');
          const signed = await signSelfieUpload(target.event_key, uploadName(main.name), consent, signal);
          await putSelfie(signed.url, main.blob, {
            signal,
            onProgress: (loaded, total) => live() && dispatch({ type: 'progress', loaded, total }),
          });
          const second = others[0];
          const secondSigned = second
            ? await signSelfieUpload(target.event_key, uploadName(second.name), consent, signal)
            : undefined;
          if (second && secondSigned) await putSelfie(secondSigned.url, second.blob, { signal });
          if (!live()) return undefined;
          measureSelfie('selfie-upload', 'selfie-upload-start', { bytes: main.blob.size });
          dispatch({ type: 'uploaded' });
          markSelfie('selfie-search-start');
          let answer: FaceSearchAnswer;
          try {
            answer = await searchThroughBusy(target, signed, signal, dispatch, {
              anyway: run.anyway,
              ...(secondSigned ? { second: secondSigned } : {}),
            });
          } catch (error) {
            // Long busy waits outlived the selfie (the server keeps it under a minute): send it once more.
            if (isExpiredAnswer(error) && uploads < MAX_UPLOADS && live()) {
              dispatch({ type: 'reuploading' });
              continue;
            }
            throw error;
          }
          measureSelfie('selfie-search', 'selfie-search-start', { matches: answer.images.length });
          if (!live()) return undefined;
          dispatch({ type: 'answered', answer });
          // Kept in memory only (never stored): a runner who asks to be told of new photos sends it once more.
          if (run.keepAsLast) lastSelfie.current = main.blob;
          // Several faces in a selfie of its own (not a second one, not a face picked from it): the runner may pick.
          const boxes = answer.selfie_boxes;
          if (run.keepAsLast && !run.picked && boxes && boxes.length > 1)
            setFacePicker({ selfie: main.blob, boxes, chosen: 0 });
          return answer;
        }
      } catch (error) {
        const problem = poorSelfieProblem(error);
        if (live() && problem) {
          refused.current = { selfies, consent, keepAsLast: run.keepAsLast, picked: run.picked === true };
          dispatch({ type: 'poor-selfie', problem });
        } else if (live() && isConsentRequired(error)) {
          // The consent kept here is not taken: forgotten, and asked again rather than shown as an error.
          forgetFaceConsent();
          dispatch({ type: 'consent-needed' });
          run.onConsentRequired?.();
        } else if (live() && !isAbort(error)) dispatch({ type: 'failed', failure: failureOf(error) });
        return undefined;
      }
    },
    [],
  );

  const search = useCallback(
    async (file: File, options: { widen?: boolean; consent?: FaceConsent; withLast?: boolean } = {}) => {
      // One run at a time: the picker is disabled meanwhile, and a drop then is ignored.
      if (isBusy(stateRef.current)) return undefined;
      const widen = options.widen === true;
      const last = lastSelfie.current;
      const twoSelfies = options.withLast === true && !widen && last !== undefined;
      const consent = options.consent ?? currentFaceConsent();
      if (!consent) {
        onConsentRequired.current?.(file, widen);
        return undefined;
      }
      current.current?.abort();
      const controller = new AbortController();
      current.current = controller;
      const { signal } = controller;
      const live = () => !signal.aborted;

      const check = await checkSelfieFile(file);
      if (!live()) return undefined;
      if (!check.ok) {
        dispatch({ type: 'rejected-type' });
        return undefined;
      }
      refused.current = undefined;
      dispatch({ type: 'started', oversize: check.oversize, widen, ...(twoSelfies ? { twoSelfies } : {}) });
      // A face picked on the picker's selfie keeps the picker, that face marked; a new search ends it (a second
      // selfie widening the results leaves it: the results are still those of the selfie shown).
      const pick = pendingPick.current?.file === file && !widen ? pendingPick.current : undefined;
      pendingPick.current = undefined;
      if (!widen) setFacePicker(pick?.picker);

      // The compression library (20 KB gzip) loads with the first selfie, not with the event page.
      let compressor: typeof import('./compress-selfie');
      try {
        compressor = await import('./compress-selfie');
      } catch (error) {
        if (live()) dispatch({ type: 'failed', failure: failureOf(error) });
        return undefined;
      }
      if (!live()) return undefined;

      let compressed: Blob;
      try {
        markSelfie('selfie-compress-start');
        compressed = await compressor.compressSelfie(file, signal);
        measureSelfie('selfie-compress', 'selfie-compress-start', {
          inputBytes: file.size,
          outputBytes: compressed.size,
        });
      } catch (error) {
        // The file claimed to be a jpeg or png but does not decode as one.
        if (live() && !isAbort(error)) dispatch({ type: 'failed', failure: 'wrong-type' });
        return undefined;
      }
      if (!live()) return undefined;
      dispatch({ type: 'compressed' });

      const answer = await uploadAndSearch(
        [
          { blob: compressed, name: file.name },
          ...(twoSelfies && last ? [{ blob: last, name: 'selfie.jpg' }] : []),
        ],
        // A second photo added to widen the results is not judged (caps and sunglasses are its point).
        { consent, signal, anyway: widen, keepAsLast: !widen && !twoSelfies, picked: pick !== undefined },
      );
      if (!answer && live() && stateRef.current.current.step === 'idle' && !currentFaceConsent())
        onConsentRequired.current?.(file, widen);
      return answer;
    },
    [uploadAndSearch],
  );

  const searchAnyway = useCallback(async () => {
    const run = refused.current;
    if (!run || stateRef.current.current.step !== 'poor-selfie') return undefined;
    refused.current = undefined;
    current.current?.abort();
    const controller = new AbortController();
    current.current = controller;
    dispatch({ type: 'search-anyway' });
    // The selfies were kept by the store for this (under a minute); uploaded again, they are sure to be there.
    dispatch({ type: 'reuploading' });
    return uploadAndSearch(run.selfies, {
      consent: run.consent,
      signal: controller.signal,
      anyway: true,
      keepAsLast: run.keepAsLast,
      picked: run.picked,
    });
  }, [uploadAndSearch]);

  const searchBib = useCallback(async (bib: string) => {
    if (isBusy(stateRef.current)) return undefined;
    current.current?.abort();
    const controller = new AbortController();
    current.current = controller;
    const { signal } = controller;
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
  }, []);

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
