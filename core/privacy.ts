// The privacy notice's identity and the consent rules both sides share. A consent names the notice version it was
// given under; a notice that changes what is done with faces gets a new version, and devices are asked again.

/** The notice's version (its date): a consent given under another version is asked for again. */
export const PRIVACY_NOTICE_VERSION = '2026-11-28';

/** What a face consent is given for. */
export const CONSENT_PURPOSES = ['face-search', 'face-alert', 'face-removal'] as const;
export type ConsentPurposeName = (typeof CONSENT_PURPOSES)[number];

/** A device's consent id: random, made by the device, kept only as a keyed hash by the store. */
export const DEVICE_ID_PATTERN = /^[A-Za-z0-9_-]{22,64}$/;

/** One-time codes: digits, how long they live, and how many wrong tries one code takes. */
export const PRIVACY_CODE_DIGITS = 6;
export const PRIVACY_CODE_MINUTES = 15;
export const PRIVACY_CODE_TRIES = 5;
/** Codes sent to one destination, and asked for by one client, in a day. */
export const PRIVACY_CODES_PER_DESTINATION_DAY = 5;
export const PRIVACY_CODES_PER_CLIENT_DAY = 10;
