// The stage page's search (SPEC §2 Stage page, §7): Search counts the photos of the chosen stage and time, then
// loads page 1; the pager loads other pages; Cancel clears the results. A newer request cancels an older one.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Photo } from '../../../core/contract/photos';
import { fetchStagePhotoCount, fetchStagePhotoPage, type StageFilter } from '../../lib/api/imagestage';

export type StageSearch =
  | { state: 'idle' }
  | { state: 'searching' }
  | { state: 'failed' }
  | {
      state: 'found';
      filter: StageFilter;
      total: number;
      page: number;
      photos: Photo[];
      loadingPage: boolean;
    };

export function useStageSearch(eventKey: string) {
  const [search, setSearch] = useState<StageSearch>({ state: 'idle' });
  const current = useRef<AbortController | undefined>(undefined);
  useEffect(() => () => current.current?.abort(), []);

  const fresh = useCallback(() => {
    current.current?.abort();
    const controller = new AbortController();
    current.current = controller;
    return controller.signal;
  }, []);

  const run = useCallback(
    async (filter: StageFilter) => {
      const signal = fresh();
      setSearch({ state: 'searching' });
      try {
        const total = await fetchStagePhotoCount(filter, signal);
        const photos =
          total === 0 ? [] : await fetchStagePhotoPage({ ...filter, eventKey, page: 1, total }, signal);
        if (!signal.aborted)
          setSearch({ state: 'found', filter, total, page: 1, photos, loadingPage: false });
      } catch (error) {
        if (signal.aborted || (error as Error).name === 'AbortError') return;
        console.warn('stage search failed', error);
        setSearch({ state: 'failed' });
      }
    },
    [eventKey, fresh],
  );

  const goToPage = useCallback(
    async (page: number) => {
      if (search.state !== 'found') return;
      const { filter, total } = search;
      const signal = fresh();
      setSearch({ ...search, page, loadingPage: true });
      try {
        const photos = await fetchStagePhotoPage({ ...filter, eventKey, page, total }, signal);
        if (!signal.aborted) setSearch({ state: 'found', filter, total, page, photos, loadingPage: false });
      } catch (error) {
        if (signal.aborted || (error as Error).name === 'AbortError') return;
        console.warn('stage page failed', error);
        setSearch({ state: 'failed' });
      }
    },
    [search, eventKey, fresh],
  );

  const cancel = useCallback(() => {
    current.current?.abort();
    setSearch({ state: 'idle' });
  }, []);

  return { search, run, goToPage, cancel };
}
