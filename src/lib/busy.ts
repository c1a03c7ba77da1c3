// What the buyer is in the middle of (a checkout, a selfie upload, a download): while anything is, the shell does
// not offer to reload into a new version, since a reload would cut it off. Each activity marks itself
// busy and gives the mark back when it ends.
import { useEffect, useSyncExternalStore } from 'react';

export type BusyActivity = 'checkout' | 'upload' | 'download' | 'payment';

const marks = new Map<number, BusyActivity>();
const listeners = new Set<() => void>();
let nextMark = 1;

const changed = () => {
  for (const listener of listeners) listener();
};

/** Marks an activity as under way; the returned function ends it (calling it twice is harmless). */
export function markBusy(activity: BusyActivity): () => void {
  const mark = nextMark++;
  marks.set(mark, activity);
  changed();
  return () => {
    if (marks.delete(mark)) changed();
  };
}

export const isBusy = (): boolean => marks.size > 0;

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Whether anything is under way, for the shell's update prompt. */
export const useAnythingBusy = (): boolean => useSyncExternalStore(subscribe, isBusy, isBusy);

/** Marks `activity` busy for as long as `active` is true and the component is mounted. */
export function useBusyWhile(activity: BusyActivity, active: boolean): void {
  useEffect(() => (active ? markBusy(activity) : undefined), [activity, active]);
}
