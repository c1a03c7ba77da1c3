// The my-data page's rules: what a typed phone or e-mail must be, which refusal the store gave (its code), and the
// JSON file a person downloads of what is held.
import type { HeldData } from '../../../core/contract/privacy-data';
import { isValidEmail, isValidMobile } from '../../../core/rules';
import { ApiError } from '../../lib/api/client';
import type { CodeDestination } from '../../lib/api/privacy-data';

export type DestinationKind = 'mobile' | 'email';
export type DestinationProblem = 'required' | 'mobile' | 'email';

/** What the input becomes as typed: digits for a phone; an e-mail as typed. */
export const cleanDestinationInput = (kind: DestinationKind, raw: string): string =>
  kind === 'mobile' ? raw.replace(/\D+/g, '').slice(0, 10) : raw.slice(0, 254);

export function destinationProblem(kind: DestinationKind, value: string): DestinationProblem | undefined {
  const text = value.trim();
  if (text === '') return 'required';
  if (kind === 'mobile') return isValidMobile(text) ? undefined : 'mobile';
  return isValidEmail(text.toLowerCase()) ? undefined : 'email';
}

export const destinationOf = (kind: DestinationKind, value: string): CodeDestination =>
  kind === 'mobile' ? { mobile: value.trim() } : { email: value.trim().toLowerCase() };

/** The refusals a person can meet on this page, by the store's code; anything else is 'failed' or 'offline'. */
export type MyDataProblem =
  | 'cannot-send'
  | 'too-many-codes'
  | 'send-failed'
  | 'wrong-code'
  | 'code-expired'
  | 'too-many-tries'
  | 'access-expired'
  | 'offline'
  | 'failed';

const KNOWN: readonly MyDataProblem[] = [
  'cannot-send',
  'too-many-codes',
  'send-failed',
  'wrong-code',
  'code-expired',
  'too-many-tries',
  'access-expired',
];

export function problemOf(error: unknown): MyDataProblem {
  if (!(error instanceof ApiError)) return 'failed';
  if (error.kind === 'network') return 'offline';
  const code = error.serverCode as MyDataProblem | undefined;
  return code && KNOWN.includes(code) ? code : 'failed';
}

/** The tries left a wrong-code refusal names ("wrong code: 3 tries left"), when it does. */
export function triesLeftOf(error: unknown): number | undefined {
  if (!(error instanceof ApiError) || error.serverCode !== 'wrong-code') return undefined;
  const found = /(\d+) tr/.exec(error.serverMessage ?? '');
  return found ? Number(found[1]) : undefined;
}

/** The downloaded file's name: the day it was made. */
export const heldFileName = (data: HeldData) => `runfoto-my-data-${data.generated_at.slice(0, 10)}.json`;

/** Offers what is held as a .json file (the browser saves it). */
export function downloadHeld(data: HeldData): void {
  const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
  if (typeof URL.createObjectURL !== 'function') return;
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = heldFileName(data);
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
