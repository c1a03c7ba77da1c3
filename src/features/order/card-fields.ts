// The card form's fields as a buyer types them on a phone: the number in groups of four, the expiry as one
// "MM/YY" field (autocomplete cc-exp), the security code digits only; and what the token call takes of them.
import type { SandboxCard } from '../../lib/api/sandbox';

/** What the buyer types: the expiry as one "MM/YY" field, as on the card (autocomplete cc-exp). */
export interface CardForm {
  name: string;
  number: string;
  expiry: string;
  security_code: string;
}

export const EMPTY_CARD: CardForm = { name: '', number: '', expiry: '', security_code: '' };

/** The card number in groups of four, as printed on the card (at most 19 digits). */
export function cardNumberAsTyped(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 19);
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** "MM/YY" as the buyer types it: the slash comes by itself after the month ("1" stays "1", "12" → "12/"). */
export function expiryAsTyped(value: string, previous: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 4);
  // Deleting the slash deletes it, not the month's last digit too.
  if (value.length < previous.length && previous.endsWith('/') && digits.length <= 2) return digits;
  if (digits.length >= 2) return `${digits.slice(0, 2)}/${digits.slice(2)}`;
  return digits;
}

/** The expiry's month and four-digit year for the token call ("12/28" → 12, 2028). */
export function expiryParts(expiry: string): Pick<SandboxCard, 'expiration_month' | 'expiration_year'> {
  const [month = '', year = ''] = expiry.split('/');
  return {
    expiration_month: month.trim(),
    expiration_year: year.trim().length === 2 ? `20${year.trim()}` : year.trim(),
  };
}
