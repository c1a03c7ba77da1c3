// A person's own data (core/contract/privacy.ts, privacy-data.ts): a one-time code to their phone or e-mail, the code
// typed (an access for 30 minutes), then what the store holds under it, and its erasure.
import type * as v from 'valibot';
import {
  type PrivacyDestination,
  privacyCodeAnswerSchema,
  privacyCodePath,
  privacyDataPath,
  privacyErasePath,
  privacyVerifyAnswerSchema,
  privacyVerifyPath,
} from '../../../core/contract/privacy';
import {
  type Erased,
  type HeldData,
  privacyDataAnswerSchema,
  privacyEraseAnswerSchema,
} from '../../../core/contract/privacy-data';
import { postJson } from './client';

export type CodeDestination = { mobile: string } | { email: string };

export async function askPrivacyCode(
  destination: CodeDestination,
  language: 'th' | 'en',
  signal?: AbortSignal,
): Promise<v.InferOutput<typeof privacyCodeAnswerSchema>['body']> {
  const answer = await postJson(
    privacyCodePath,
    { purpose: 'export', destination, language },
    privacyCodeAnswerSchema,
    signal,
  );
  return answer.body;
}

/** The code typed: an access to what is held under `destination` (the store checks it against the code's). */
export async function verifyPrivacyCode(
  requestId: string,
  code: string,
  destination: CodeDestination | PrivacyDestination,
  signal?: AbortSignal,
): Promise<string> {
  const answer = await postJson(
    privacyVerifyPath,
    { request_id: requestId, code, destination },
    privacyVerifyAnswerSchema,
    signal,
  );
  return answer.body.access;
}

export async function fetchHeldData(access: string, signal?: AbortSignal): Promise<HeldData> {
  return (await postJson(privacyDataPath, { access }, privacyDataAnswerSchema, signal)).body;
}

export async function eraseHeldData(access: string, signal?: AbortSignal): Promise<Erased> {
  return (await postJson(privacyErasePath, { access }, privacyEraseAnswerSchema, signal)).body;
}
