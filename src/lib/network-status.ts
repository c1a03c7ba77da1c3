// Whether the device has a network connection, as the browser knows it (navigator.onLine and its events). It can
// say "online" on a network that reaches nothing; calls still fail then, and each page says so where it matters.
import { useSyncExternalStore } from 'react';

const subscribe = (listener: () => void) => {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
};

const online = () => navigator.onLine;

export const useOnline = (): boolean => useSyncExternalStore(subscribe, online, () => true);

/** Calls `listener` each time the connection comes back; returns the unsubscribe. */
export function onReconnect(listener: () => void): () => void {
  window.addEventListener('online', listener);
  return () => window.removeEventListener('online', listener);
}
