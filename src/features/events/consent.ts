// SPEC §4 Consent: the first visit to an event shows the terms dialog until the visitor accepts; the acceptance is
// kept in the browser as consent_{event key}, so each event asks once.
export const consentKey = (eventKey: string): string => `consent_${eventKey}`;

/** The value kept on acceptance (any stored value counts as accepted). */
export const CONSENT_ACCEPTED = 'Y';

type Reader = Pick<Storage, 'getItem'>;
type Writer = Pick<Storage, 'setItem'>;

export function hasConsented(eventKey: string, storage: Reader = localStorage): boolean {
  try {
    return storage.getItem(consentKey(eventKey)) !== null;
  } catch {
    return false; // storage blocked: ask on every visit
  }
}

/** Keeps the acceptance; answers false when the browser refuses to store it (it then lasts for this page only). */
export function rememberConsent(eventKey: string, storage: Writer = localStorage): boolean {
  try {
    storage.setItem(consentKey(eventKey), CONSENT_ACCEPTED);
    return true;
  } catch {
    return false;
  }
}
