// The event's kept results (saved-results.ts) follow what the runner sees of their photos: whenever the search
// machine says the results changed (a search, a widening, "more like this", "this is me", "not me"), the photos of
// the runner are kept for the event, and they are the latest results buy-all takes. The frames around them are kept
// beside them. Results kept from an earlier visit come back after the first screen (the cart database waits),
// unless a search began meanwhile; opened from an alert's link, its photos come with them, and are kept with them.
// Writes go one after another, in the order asked: the results, then their frames.
import { useCallback, useEffect, useEffectEvent, useRef, useState } from 'react';
import type { Photo } from '../../../core/contract/photos';
import { afterFirstScreen } from '../../lib/after-first-screen';
import { keepAlert, keptAlert } from '../alerts/kept-alert';
import type { SearchAction, SearchState } from './search-machine';

const savedResults = () => import('./saved-results');
const alertLanding = () => import('../alerts/alert-landing');
const NONE: readonly Photo[] = [];

export interface KeptResults {
  /** The frames around the results kept from an earlier visit (none once a new search begins). */
  nearby: readonly Photo[];
  /** Keeps the frames found around the results shown. */
  keepNearby(nearby: Photo[]): void;
  /** A new search begins: the earlier visit's frames are no longer those of the results. */
  forgetNearby(): void;
  /** The alert's link the page was opened from: its token, or the secret that confirms its e-mail. */
  alertLink: { token?: string; confirm?: string };
  /** This device keeps an alert of new photos for the event. */
  hasKeptAlert: boolean;
}

export function useKeptResults(
  state: SearchState,
  dispatch: (action: SearchAction) => void,
  cartKind: 'standard' | 'wholesale',
  eventKey: string,
): KeptResults {
  const saves = useRef<Promise<unknown>>(Promise.resolve());
  const inOrder = useCallback(<T>(work: () => Promise<T>): Promise<T> => {
    const next = saves.current.then(work, work);
    saves.current = next.catch(() => undefined);
    return next;
  }, []);
  const keep = useCallback(
    (photos: readonly Photo[]) =>
      inOrder(async () => (await savedResults()).saveResults(cartKind, eventKey, photos)),
    [cartKind, eventKey, inOrder],
  );
  const keepNearby = useCallback(
    (nearby: Photo[]) => {
      inOrder(async () => (await savedResults()).saveNearby(cartKind, eventKey, nearby)).catch(
        () => undefined,
      );
    },
    [cartKind, eventKey, inOrder],
  );

  // Read when the effects below run, not when they were made.
  const keepShown = useEffectEvent(() => {
    const shown = state.current;
    if (shown.step === 'found') keep(shown.photos).catch(() => undefined);
    else if (shown.step === 'not-found') keep([]).catch(() => undefined);
  });
  const idle = useEffectEvent(() => state.current.step === 'idle');

  useEffect(() => {
    if (state.resultsChanged > 0) keepShown();
  }, [state.resultsChanged]);

  const [nearby, setNearby] = useState<readonly Photo[]>(NONE);
  const [alertLink, setAlertLink] = useState<{ token?: string; confirm?: string }>({});
  const [hasKeptAlert, setHasKeptAlert] = useState(false);
  useEffect(() => {
    let stopped = false;
    const restore = async () => {
      await afterFirstScreen();
      const kept = await (await savedResults()).restoreResults(cartKind, eventKey);
      const link = location.search.includes('alert')
        ? (await alertLanding()).alertParams(location.search)
        : {};
      if (stopped) return;
      setAlertLink(link);
      let photos = kept?.photos ?? [];
      if (link.token) keepAlert(eventKey, link.token);
      setHasKeptAlert(keptAlert(eventKey) !== undefined);
      if (link.token) {
        photos = await (await alertLanding()).withAlertPhotos(link.token, photos);
        if (!stopped && idle() && photos.length > 0) await keep(photos);
      }
      if (stopped || photos.length === 0 || !idle()) return;
      if (kept) setNearby(kept.nearby);
      dispatch({ type: 'restored', photos });
    };
    restore().catch(() => undefined);
    return () => {
      stopped = true;
    };
  }, [cartKind, eventKey, dispatch, keep]);

  return {
    nearby,
    keepNearby,
    forgetNearby: useCallback(() => setNearby(NONE), []),
    alertLink,
    hasKeptAlert,
  };
}
