// A photo shared to the app (Android share target, sw/share-target.ts) becomes this event's selfie: once the
// event's terms are accepted (SPEC §4 Consent: the search waits for them as the picker does) it is taken from
// IndexedDB, once, and handed to the same choose() as a picked file (checks, compression, search).
import { useEffect, useRef } from 'react';
import {
  hasSharedPhoto,
  keepSharedPhoto,
  rememberLastEvent,
  sharedPhotoFile,
  takeSharedPhoto,
} from '../../../sw/share-target';
import { hasConsented } from '../events/consent';

const CONSENT_POLL_MS = 500;

export function useSharedPhoto(eventKey: string, choose: (file: File) => unknown): void {
  const chooseRef = useRef(choose);
  chooseRef.current = choose;
  useEffect(() => {
    // The panel shows only while the event's sale is open: a photo shared later comes to this event.
    rememberLastEvent(eventKey).catch(() => undefined);
    let stopped = false;
    let timer: number | undefined;
    const handOver = async () => {
      if (stopped) return;
      if (!hasConsented(eventKey)) {
        timer = window.setTimeout(handOver, CONSENT_POLL_MS);
        return;
      }
      const photo = await takeSharedPhoto().catch(() => undefined);
      if (!photo) return;
      // Left meanwhile (or mounted twice, as React's strict mode does): the next panel takes it.
      if (stopped) await keepSharedPhoto(photo).catch(() => undefined);
      else void chooseRef.current(sharedPhotoFile(photo));
    };
    void hasSharedPhoto()
      .catch(() => false)
      .then((waiting) => {
        if (waiting) void handOver();
      });
    return () => {
      stopped = true;
      window.clearTimeout(timer);
    };
  }, [eventKey]);
}
