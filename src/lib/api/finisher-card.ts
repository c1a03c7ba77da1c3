// A runner's finisher card (core/contract/finisher-card.ts): its signed address, then the card as a file to share;
// and their public finisher page: made when asked, read by anyone with its address, removed with its secret.
import * as v from 'valibot';
import {
  type FinisherCardAnswer,
  type FinisherCardRequest,
  type FinisherPage,
  type FinisherPageAnswer,
  type FinisherPageRequest,
  finisherCardAnswerSchema,
  finisherCardPath,
  finisherPageAnswerSchema,
  finisherPageApiPath,
  finisherPageSchema,
} from '../../../core/contract/finisher-card';
import { API_BASE, ApiError, type CallFrom, getJson, postJson } from './client';

export function requestFinisherCard(
  request: FinisherCardRequest,
  signal?: AbortSignal,
): Promise<FinisherCardAnswer> {
  return postJson(finisherCardPath, request, finisherCardAnswerSchema, signal);
}

/** The card its address draws, as a JPEG file named as the answer says. */
export async function fetchFinisherCard(answer: FinisherCardAnswer, signal?: AbortSignal): Promise<File> {
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${answer.url}`, { signal });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(`GET the card: ${(error as Error).message}`, 'network');
  }
  if (!response.ok) throw new ApiError(`GET the card: HTTP ${response.status}`, 'status', response.status);
  return new File([await response.blob()], answer.file_name, { type: 'image/jpeg' });
}

/** The runner's public finisher page of the photo (made once; asking again answers the same page). */
export function requestFinisherPage(request: FinisherPageRequest): Promise<FinisherPageAnswer> {
  return postJson(`${finisherCardPath}/page`, request, finisherPageAnswerSchema);
}

/** What a public finisher page shows; undefined when it is gone (removed, or its photos no longer kept). */
export async function fetchFinisherPage(
  eventKey: string,
  code: string,
  from?: CallFrom,
): Promise<FinisherPage | undefined> {
  try {
    return await getJson(finisherPageApiPath(eventKey, code), finisherPageSchema, from);
  } catch (error) {
    if (error instanceof ApiError && (error.httpStatus === 404 || error.httpStatus === 400)) return undefined;
    throw error;
  }
}

export function removeFinisherPage(code: string, secret: string): Promise<unknown> {
  return postJson('/v1/finisher/remove', { code, secret }, v.object({ status: v.literal('success') }));
}
