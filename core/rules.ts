// Validation rules of SPEC §5 shared by the checkout forms and the server: mobile numbers, e-mail, references.
import {
  AM_ORDER_REF_MAX,
  AM_ORDER_REF_MIN,
  FIND_ORDER_MOBILE_MAX,
  FIND_ORDER_MOBILE_MIN,
  FIND_ORDER_RECEIPT_LENGTH,
  MANUAL_MOBILE_MAX,
  MANUAL_MOBILE_MIN,
  MOBILE_LENGTH,
} from './constants';

/**
 * Characters no text the API takes may hold (SPEC §5's fields and every other string it stores or prints): NUL
 * and the other C0 controls except tab and line breaks, DEL and the C1 controls, the bidirectional embedding,
 * override and isolate controls (U+202A–U+202E, U+2066–U+2069: they make "gpj.exe" read as "exe.jpg"), and lone
 * surrogates (no UTF-8 form). PostgreSQL refuses NUL outright.
 */
const FORBIDDEN_TEXT =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what the rule finds
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]|\p{Cs}/u;
const FORBIDDEN_TEXT_ALL =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what the rule removes
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]|\p{Cs}/gu;

/** Whether a text holds a character the API refuses (FORBIDDEN_TEXT). */
export const hasForbiddenCharacter = (text: string): boolean => FORBIDDEN_TEXT.test(text);

/** The text without those characters: for names taken from files (imports), which are cleaned, not refused. */
export const withoutForbiddenCharacters = (text: string): string => text.replace(FORBIDDEN_TEXT_ALL, '');

/** Non-digits are stripped as the buyer types. */
export const digitsOnly = (value: string): string => value.replace(/\D+/g, '');

export type MobileForm = 'standard' | 'manual';

/** Standard, wholesale and free forms: exactly 10 digits; the manual form ("Mobile number/Ref no."): 5 to 15. */
export function isValidMobile(value: string, form: MobileForm = 'standard'): boolean {
  if (!/^\d+$/.test(value)) return false;
  return form === 'manual'
    ? value.length >= MANUAL_MOBILE_MIN && value.length <= MANUAL_MOBILE_MAX
    : value.length === MOBILE_LENGTH;
}

// One @, no spaces, a dot in the domain, no dot at either end of a part: what a person means by an address.
const EMAIL = /^[^\s@"<>()[\]\\,;:]+@[^\s@"<>()[\]\\,;:.]+(\.[^\s@"<>()[\]\\,;:.]+)+$/;

/** E-mail is optional: empty is valid. */
export const isValidEmail = (value: string): boolean =>
  value === '' || (value.length <= 254 && EMAIL.test(value));

const ORDER_UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

/**
 * The AM (extra photos) reference as it is kept: an earlier order number or order link pasted whole gives its
 * order uuid (36 characters, never cut); anything else is the text, trimmed.
 */
export function normalizeAmOrderRef(value: string): string {
  const uuid = ORDER_UUID.exec(value)?.[0];
  return uuid ? uuid.toLowerCase() : value.trim();
}

/** The AM reference: an earlier order number or link (its uuid), or a phone or other reference of 5 to 20 characters. */
export function isValidAmOrderRef(value: string): boolean {
  const v = normalizeAmOrderRef(value);
  if (ORDER_UUID.test(v) && v.length === 36) return true;
  return v.length >= AM_ORDER_REF_MIN && v.length <= AM_ORDER_REF_MAX;
}

export type FindOrderFilter = 'mobile' | 'payment_ref';

/** Find-order: a mobile number of 10 to 15 digits, or exactly the last 4 characters of a transfer slip. */
export function isValidFindOrderQuery(filter: FindOrderFilter, value: string): boolean {
  if (filter === 'mobile') {
    return (
      /^\d+$/.test(value) && value.length >= FIND_ORDER_MOBILE_MIN && value.length <= FIND_ORDER_MOBILE_MAX
    );
  }
  return /^[A-Za-z0-9]+$/.test(value) && value.length === FIND_ORDER_RECEIPT_LENGTH;
}
