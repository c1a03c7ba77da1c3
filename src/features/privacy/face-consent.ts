// The runner's explicit consent to have their selfie's face processed (PDPA section 26, DESIGN §6), as this device
// keeps it: localStorage `face_consent` = {version, device, given_at}. `device` is a random id this device makes for
// its consents (the store keeps only a keyed hash of it), sent with every selfie and alert, and with a withdrawal.
// A consent given under another notice version than the current one counts as none: the runner is asked again.

import type { FaceConsent } from '../../../core/contract/privacy';
import { DEVICE_ID_PATTERN, PRIVACY_NOTICE_VERSION } from '../../../core/privacy';

export const FACE_CONSENT_KEY = 'face_consent';

export interface StoredFaceConsent {
  version: string;
  device: string;
  given_at: string;
}

type Store = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

const defaultStore = (): Store | undefined => {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined; // storage blocked
  }
};

/** A new random device id: 16 random bytes as base64url (22 characters). */
export function newDeviceId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/** What the device keeps, whatever its version (undefined when nothing usable is kept). */
export function storedFaceConsent(store: Store | undefined = defaultStore()): StoredFaceConsent | undefined {
  try {
    const raw = store?.getItem(FACE_CONSENT_KEY);
    if (!raw) return undefined;
    const kept = JSON.parse(raw) as Partial<StoredFaceConsent> | null;
    if (
      typeof kept?.version !== 'string' ||
      typeof kept.device !== 'string' ||
      !DEVICE_ID_PATTERN.test(kept.device)
    )
      return undefined;
    return { version: kept.version, device: kept.device, given_at: String(kept.given_at ?? '') };
  } catch {
    return undefined;
  }
}

/** The consent a request carries: only one given under the current notice. */
export function currentFaceConsent(store: Store | undefined = defaultStore()): FaceConsent | undefined {
  const kept = storedFaceConsent(store);
  return kept?.version === PRIVACY_NOTICE_VERSION
    ? { version: kept.version, device: kept.device }
    : undefined;
}

export const hasFaceConsent = (store: Store | undefined = defaultStore()): boolean =>
  currentFaceConsent(store) !== undefined;

/**
 * Keeps the runner's consent under the current notice (the device's id kept from an older one is reused) and
 * answers it; when the browser refuses to store it, it is still answered, for this one request.
 */
export function giveFaceConsent(store: Store | undefined = defaultStore(), now = new Date()): FaceConsent {
  const device = storedFaceConsent(store)?.device ?? newDeviceId();
  const consent: StoredFaceConsent = {
    version: PRIVACY_NOTICE_VERSION,
    device,
    given_at: now.toISOString(),
  };
  try {
    store?.setItem(FACE_CONSENT_KEY, JSON.stringify(consent));
  } catch {
    // private mode without storage: asked again next time
  }
  return { version: consent.version, device };
}

/** Forgets the kept consent (withdrawn, or the store no longer takes it). */
export function forgetFaceConsent(store: Store | undefined = defaultStore()): void {
  try {
    store?.removeItem(FACE_CONSENT_KEY);
  } catch {
    // nothing kept
  }
}
