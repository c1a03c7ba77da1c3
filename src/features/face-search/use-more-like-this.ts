// "More like this one" for one result photo: load the faces found in it, let the runner pick theirs, search the
// event with that face. States: idle → loading-faces → choosing → searching → found | not-found | error.
// A newer step (start again, reset, unmount) aborts the call under way and its answer is ignored.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { FaceSearchAnswer, PhotoFace } from '../../../core/contract/facesearch';
import type { Photo } from '../../../core/contract/photos';
import { fetchPhotoFaces, searchSimilar } from '../../lib/api/facesearch';

export type MoreLikeThisState =
  | { step: 'idle' }
  | { step: 'loading-faces' }
  | { step: 'choosing'; faces: PhotoFace[] }
  | { step: 'searching'; faces: PhotoFace[]; faceId: number }
  | { step: 'found'; faces: PhotoFace[]; faceId: number; answer: FaceSearchAnswer }
  /** no-faces: nobody was found in the photo; no-matches: the face found no photos. */
  | { step: 'not-found'; faces: PhotoFace[]; reason: 'no-faces' | 'no-matches'; faceId?: number }
  | { step: 'error'; faces: PhotoFace[]; error: Error; during: 'faces' | 'search' };

export interface MoreLikeThis {
  state: MoreLikeThisState;
  /** Loads the photo's faces (again). */
  start(): void;
  /** Searches with one of the photo's faces (from choosing, found, not-found or a failed search). */
  choose(faceId: number): void;
  /** Back to idle, dropping any call under way. */
  reset(): void;
}

/** For the photo shown (its pass goes with both calls: without it the store answers it as unknown). */
export function useMoreLikeThis(eventKey: string, photo: Pick<Photo, 'id' | 'pass'>): MoreLikeThis {
  const photoId = photo.id;
  const pass = photo.pass;
  const [state, setState] = useState<MoreLikeThisState>({ step: 'idle' });
  const current = useRef<AbortController | undefined>(undefined);
  const faces = useRef<PhotoFace[]>([]);

  /** A fresh controller for the next call, aborting the previous one. */
  const next = useCallback(() => {
    current.current?.abort();
    const controller = new AbortController();
    current.current = controller;
    return controller;
  }, []);

  const reset = useCallback(() => {
    current.current?.abort();
    current.current = undefined;
    faces.current = [];
    setState({ step: 'idle' });
  }, []);

  // A different photo or event starts over; unmounting drops the call under way.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the photo or event changes
  useEffect(() => reset, [reset, eventKey, photoId, pass]);

  const start = useCallback(() => {
    const controller = next();
    faces.current = [];
    setState({ step: 'loading-faces' });
    fetchPhotoFaces({ id: photoId, pass }, controller.signal).then(
      (found) => {
        if (controller.signal.aborted) return;
        faces.current = found;
        setState(
          found.length > 0
            ? { step: 'choosing', faces: found }
            : { step: 'not-found', faces: found, reason: 'no-faces' },
        );
      },
      (error: Error) => {
        if (controller.signal.aborted) return;
        setState({ step: 'error', faces: [], error, during: 'faces' });
      },
    );
  }, [next, photoId, pass]);

  const choose = useCallback(
    (faceId: number) => {
      const known = faces.current;
      if (!known.some((f) => f.face_id === faceId)) return;
      const controller = next();
      setState({ step: 'searching', faces: known, faceId });
      searchSimilar(eventKey, faceId, { pass }, controller.signal).then(
        (answer) => {
          if (controller.signal.aborted) return;
          setState(
            answer.image_length > 0
              ? { step: 'found', faces: known, faceId, answer }
              : { step: 'not-found', faces: known, faceId, reason: 'no-matches' },
          );
        },
        (error: Error) => {
          if (controller.signal.aborted) return;
          setState({ step: 'error', faces: known, error, during: 'search' });
        },
      );
    },
    [eventKey, next, pass],
  );

  return { state, start, choose, reset };
}
