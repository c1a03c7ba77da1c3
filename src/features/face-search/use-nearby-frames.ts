// Nearby frames for the results shown (issue 17): asked once the results are on screen, again whenever they change
// (a second selfie, "more like this"); a newer ask drops the older one. A failure (offline) keeps what was shown.
import { useEffect, useRef, useState } from 'react';
import { NEARBY_FRAMES_OF_MAX } from '../../../core/constants';
import type { Photo } from '../../../core/contract/photos';
import { fetchNearbyFrames } from '../../lib/api/facesearch';

export function useNearbyFrames(
  eventKey: string,
  photos: readonly Photo[] | undefined,
  initial: readonly Photo[],
  onFound: (nearby: Photo[]) => void,
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
    fetchNearbyFrames(eventKey, photos.slice(0, NEARBY_FRAMES_OF_MAX), controller.signal)
      .then((frames) => {
        if (controller.signal.aborted) return;
        setNearby(frames);
        found.current(frames);
      })
      .catch(() => undefined);
    return () => controller.abort();
  }, [eventKey, photos]);
  return nearby;
}
