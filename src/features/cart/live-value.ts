// A Dexie live query as an external store for useSyncExternalStore: one subscription per key however many
// components read it, a stable snapshot between changes, and changes made in other tabs included.
import { liveQuery, type Subscription } from 'dexie';

export interface LiveValue<T> {
  subscribe: (onChange: () => void) => () => void;
  /** undefined until the first answer. */
  getSnapshot: () => T | undefined;
}

const values = new Map<string, LiveValue<unknown>>();

export function liveValue<T>(key: string, query: () => Promise<T>): LiveValue<T> {
  const known = values.get(key);
  if (known) return known as LiveValue<T>;
  let current: T | undefined;
  let subscription: Subscription | undefined;
  const listeners = new Set<() => void>();
  const value: LiveValue<T> = {
    subscribe(onChange) {
      listeners.add(onChange);
      subscription ??= liveQuery(query).subscribe({
        next(next) {
          current = next;
          for (const listener of listeners) listener();
        },
        error(error) {
          console.error(`live query ${key} failed`, error);
        },
      });
      return () => {
        listeners.delete(onChange);
        if (listeners.size === 0) {
          subscription?.unsubscribe();
          subscription = undefined;
          // Not watched any more, so it may go stale: the next reader waits for a fresh answer.
          current = undefined;
        }
      };
    },
    getSnapshot: () => current,
  };
  values.set(key, value as LiveValue<unknown>);
  return value;
}
