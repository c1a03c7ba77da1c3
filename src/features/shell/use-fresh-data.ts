// Keeps the open page's data fresh: when the connection comes back, or when the service worker has
// kept a newer answer than the one it gave the page (stale-while-revalidate, sw/api-cache.ts), the route loaders
// run again. Several updates in a burst make one reload of the data.
import { useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import { onReconnect } from '../../lib/network-status';
import { onWorkerMessage } from '../../lib/sw-bridge';

const BURST_MS = 300;

export function useFreshData(): void {
  const router = useRouter();
  useEffect(() => {
    let timer: number | undefined;
    const reload = () => {
      window.clearTimeout(timer);
      timer = window.setTimeout(() => void router.invalidate(), BURST_MS);
    };
    const stopReconnect = onReconnect(reload);
    const stopMessages = onWorkerMessage(reload);
    return () => {
      window.clearTimeout(timer);
      stopReconnect();
      stopMessages();
    };
  }, [router]);
}
