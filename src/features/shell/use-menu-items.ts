// The sidebar's entries: the site's pages (named in both languages once both catalogs are loaded) and the
// events on sale (first page of the home grid, loaded the first time the menu is needed).
import { useLingui } from '@lingui/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { EventSummary } from '../../../core/contract/events';
import { fetchOnSaleEvents } from '../../lib/api/events';
import { eventEntry, type MenuEntry, pageEntries, type Translators, translatorsOf } from './menu-items';

let translatorsLoad: Promise<Translators> | undefined;
const loadTranslators = () => {
  translatorsLoad ??= Promise.all([
    import('../../locales/th/messages.po'),
    import('../../locales/en/messages.po'),
  ]).then(([th, en]) => translatorsOf({ th: th.messages, en: en.messages }));
  return translatorsLoad;
};

export type EventsState =
  | { state: 'idle' | 'loading' | 'failed' }
  | { state: 'loaded'; events: readonly EventSummary[] };

export function useMenuItems(needed: boolean): {
  pages: MenuEntry[];
  events: EventsState;
  eventEntries: MenuEntry[];
  retryEvents: () => void;
} {
  const { i18n } = useLingui();
  const [translators, setTranslators] = useState<Translators>([]);
  const [events, setEvents] = useState<EventsState>({ state: 'idle' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!needed) return;
    let live = true;
    void loadTranslators().then((t) => live && setTranslators(t));
    return () => {
      live = false;
    };
  }, [needed]);

  // The first time the menu is needed, then on every retry.
  const started = useRef(false);
  useEffect(() => {
    if (needed && !started.current) {
      started.current = true;
      setAttempt(1);
    }
  }, [needed]);

  useEffect(() => {
    if (attempt === 0) return;
    const controller = new AbortController();
    setEvents({ state: 'loading' });
    fetchOnSaleEvents(1, controller.signal).then(
      (list) => setEvents({ state: 'loaded', events: list }),
      (error: unknown) => {
        if ((error as Error).name !== 'AbortError') setEvents({ state: 'failed' });
      },
    );
    return () => controller.abort();
  }, [attempt]);

  // Built on every render: useLingui re-renders on a language switch, and the labels must follow it.
  const pages = pageEntries((d) => i18n._(d), translators);
  const eventEntries = useMemo(
    () => (events.state === 'loaded' ? events.events.map(eventEntry) : []),
    [events],
  );
  return { pages, events, eventEntries, retryEvents: () => setAttempt((a) => a + 1) };
}
