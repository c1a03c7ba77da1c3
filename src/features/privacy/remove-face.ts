// The remove-my-face page's rules: the consent a removal carries, the selfie as it is sent (checked, then
// compressed on the device like the face search's), and which refusal the store or the device gave.
import type { FaceConsent } from '../../../core/contract/privacy';
import { PRIVACY_NOTICE_VERSION } from '../../../core/privacy';
import { ApiError } from '../../lib/api/client';
import { checkSelfieFile, isOversize } from '../face-search/file-checks';
import { newDeviceId, storedFaceConsent } from './face-consent';
import { problemOf } from './my-data-form';

/** What can stop a removal, each said in its own words on the page. */
export type RemovalProblem =
  | 'consent-required'
  | 'no-selfie'
  | 'access-expired'
  | 'no-face'
  | 'not-an-image'
  | 'too-large'
  | 'too-many-pixels'
  | 'faces-unavailable'
  | 'offline'
  | 'failed';

const STORE_CODES: readonly RemovalProblem[] = [
  'consent-required',
  'access-expired',
  'no-face',
  'not-an-image',
  'too-large',
  'too-many-pixels',
  'faces-unavailable',
];

export function removalProblemOf(error: unknown): RemovalProblem {
  if (error instanceof RemovalRefused) return error.problem;
  if (error instanceof ApiError && error.kind === 'status') {
    const code = error.serverCode as RemovalProblem | undefined;
    if (code && STORE_CODES.includes(code)) return code;
    if (error.httpStatus === 413) return 'too-large';
  }
  const general = problemOf(error);
  return general === 'offline' || general === 'access-expired' ? general : 'failed';
}

/** A refusal the device itself gives before sending anything. */
export class RemovalRefused extends Error {
  constructor(readonly problem: RemovalProblem) {
    super(problem);
    this.name = 'RemovalRefused';
  }
}

/**
 * The consent the ticked box gives: under the current notice, with this device's consent id when it keeps one
 * (so a withdrawal from this device names it too), else a new one. It is not kept as the device's face-search
 * consent: agreeing to be kept out is not agreeing to be searched for.
 */
export function removalConsent(): FaceConsent {
  return { version: PRIVACY_NOTICE_VERSION, device: storedFaceConsent()?.device ?? newDeviceId() };
}

/** The name the selfie is sent under: a .jpg once compressed. */
export const selfieName = (name: string): string => `${name.replace(/\.[^.]*$/, '') || 'selfie'}.jpg`;

/**
 * The selfie as sent: a JPEG or PNG by its type and first bytes, compressed on the device (long side 1600 px, under
 * 500 KB). One that does not decode is not an image; one still 5 MB or more is too large.
 */
export async function prepareSelfie(file: File, signal?: AbortSignal): Promise<{ body: Blob; name: string }> {
  const check = await checkSelfieFile(file);
  if (!check.ok) throw new RemovalRefused('not-an-image');
  // The compression library loads with the first selfie, not with the page.
  let compressor: typeof import('../face-search/compress-selfie');
  try {
    compressor = await import('../face-search/compress-selfie');
  } catch (error) {
    throw new ApiError(`the compression library did not load: ${(error as Error).message}`, 'network');
  }
  let body: Blob;
  try {
    body = await compressor.compressSelfie(file, signal);
  } catch (error) {
    if ((error as Error | undefined)?.name === 'AbortError' || signal?.aborted) throw error;
    throw new RemovalRefused('not-an-image');
  }
  if (isOversize(body.size)) throw new RemovalRefused('too-large');
  return { body, name: selfieName(file.name) };
}
