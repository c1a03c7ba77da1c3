// The titles of the events a cart's photos belong to (a cart that mixes events labels each photo by its event;
// the other-event question names the cart's event). Read with the events API (kept by the service worker); the
// event key stands in until, or unless, its title is known.
import { useEffect, useState } from 'react';
import { fetchEvent } from '../../lib/api/events';

export function useEventTitles(eventKeys: readonly string[]): ReadonlyMap<string, string> {
  const [titles, setTitles] = useState<ReadonlyMap<string, string>>(new Map());
  const wanted = [...new Set(eventKeys)].sort().join('\n');
  useEffect(() => {
    if (wanted === '') return;
    const controller = new AbortController();
    for (const key of wanted.split('\n')) {
      fetchEvent(key, controller.signal).then(
        (event) => setTitles((known) => new Map(known).set(key, event.title)),
        () => undefined,
      );
    }
    return () => controller.abort();
  }, [wanted]);
  return titles;
}

/** The event's title when known, else its key. */
export const titleOf = (titles: ReadonlyMap<string, string>, eventKey: string): string =>
  titles.get(eventKey) ?? eventKey;
