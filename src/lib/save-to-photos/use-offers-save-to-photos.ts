// Whether this page offers Save to Photos, asked of the device only once the server's HTML is hydrated: the server
// knows nothing of the visitor's phone, and an iPhone's first render must match the server's page.
import { useMemo } from 'react';
import { useHydrated } from '../hydration';
import { offersSaveToPhotos } from './share-photos';

export function useOffersSaveToPhotos(): boolean {
  const hydrated = useHydrated();
  return useMemo(() => hydrated && offersSaveToPhotos(), [hydrated]);
}
