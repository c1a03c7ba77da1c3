// Nearby frames for the results shown: asked once the results are on screen, again whenever they change (a second
// selfie, "more like this"); a newer ask drops the older one. A failure (offline) keeps what was shown. The results
// of a bib search ask the bib search's own, stricter call: a bib's photos are where a number was read, not a face,
// so only photos with evidence of the runner are offered, a few at most (server/services/nearby-frames.ts).
import { useEffect, useRef, useState } from 'react';
import { NEARBY_FRAMES_OF_MAX } from '../../../core/constants';
import type { Photo } from '../../../core/contract/photos';
import { fetchBibNearbyFrames } from '../../lib/api/bibsearch';
import { fetchNearbyFrames } from '../../lib/api/facesearch';

export function useNearbyFrames(
  eventKey: string,
  photos: readonly Photo[] | undefined,
  initial: readonly Photo[],
  onFound: (nearby: Photo[]) => void,
  /** The bib searched, when the results shown are a bib search's. */
  bib?: string | undefined,
): readonly Photo[] {
  const [nearby, setNearby] = useState<readonly Photo[]>(initial);
  // The panel's saver: a new one each render must not ask again.
  const found = useRef(onFound);
  found.current = onFound;
  useEffect(() => setNearby(initial), [initial]);
  useEffect(() => {
    if (!photos || photos.length === 0) {
      setNearby([]);
      return;
    }
    const controller = new AbortController();
    const around = photos.slice(0, NEARBY_FRAMES_OF_MAX);
    const asked =
      bib === undefined
        ? fetchNearbyFrames(eventKey, around, controller.signal)
        : fetchBibNearbyFrames(eventKey, bib, around, controller.signal);
    asked
      .then((frames) => {
        if (controller.signal.aborted) return;
        setNearby(frames);
        found.current(frames);
      })
      .catch(() => undefined);
    return () => controller.abort();
  }, [eventKey, photos, bib]);
  return nearby;
}
