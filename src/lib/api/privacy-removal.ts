// "Remove my face" (core/contract/privacy.ts): a one-time code of purpose removal to the runner's phone or e-mail,
// then the selfie with their consent to keep their face only to keep them out of photos; undoing it with a code of
// purpose undo-removal to the same contact.
import * as v from 'valibot';
import { isErrorCode } from '../../../core/contract/common';
import type { FaceConsent } from '../../../core/contract/privacy';
import {
  privacyCodeAnswerSchema,
  privacyCodePath,
  privacyRemovalPath,
  privacyRemovalUndoPath,
  type RemovalAnswer,
  removalAnswerSchema,
  removalUndoAnswerSchema,
} from '../../../core/contract/privacy';
import { API_BASE, ApiError, postJson } from './client';
import type { CodeDestination } from './privacy-data';

export type RemovalUndone = v.InferOutput<typeof removalUndoAnswerSchema>['body'];

const askCode =
  (purpose: 'removal' | 'undo-removal') =>
  async (
    destination: CodeDestination,
    language: 'th' | 'en',
    signal?: AbortSignal,
  ): Promise<v.InferOutput<typeof privacyCodeAnswerSchema>['body']> =>
    (await postJson(privacyCodePath, { purpose, destination, language }, privacyCodeAnswerSchema, signal))
      .body;

/** A code that, once typed, lets the runner remove their face. */
export const askRemovalCode = askCode('removal');
/** A code that, once typed, undoes the runner's removals. */
export const askUndoRemovalCode = askCode('undo-removal');

export interface RemovalRequest {
  access: string;
  consent: FaceConsent;
  language: 'th' | 'en';
  selfie: Blob;
  fileName: string;
}

/** The selfie and its fields as multipart/form-data; a refusal throws an ApiError with the store's code. */
export async function removeMyFace(request: RemovalRequest, signal?: AbortSignal): Promise<RemovalAnswer> {
  const form = new FormData();
  form.append('access', request.access);
  form.append('consent_version', request.consent.version);
  form.append('consent_device', request.consent.device);
  form.append('language', request.language);
  form.append('file', request.selfie, request.fileName);
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${privacyRemovalPath}`, { method: 'POST', body: form, signal });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(`POST ${privacyRemovalPath}: ${(error as Error).message}`, 'network');
  }
  const json: unknown = await response.json().catch(() => undefined);
  const parsed = v.safeParse(removalAnswerSchema, json);
  if (response.ok && parsed.success) return parsed.output.body;
  const { message, code } = (json ?? {}) as { message?: unknown; code?: unknown };
  if (response.ok && (json as { status?: unknown } | undefined)?.status === 'success')
    throw new ApiError(`POST ${privacyRemovalPath}: unexpected answer`, 'shape');
  throw new ApiError(
    `POST ${privacyRemovalPath}: HTTP ${response.status}`,
    'status',
    response.status,
    typeof message === 'string' ? message : undefined,
    isErrorCode(code) ? code : undefined,
  );
}

/** Every active removal under the access's contact undone. */
export async function undoMyRemovals(access: string, signal?: AbortSignal): Promise<RemovalUndone> {
  return (await postJson(privacyRemovalUndoPath, { access }, removalUndoAnswerSchema, signal)).body;
}
