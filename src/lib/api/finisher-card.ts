// A runner's finisher card (core/contract/finisher-card.ts): its signed address, then the card as a file to share.
import {
  type FinisherCardAnswer,
  type FinisherCardRequest,
  finisherCardAnswerSchema,
  finisherCardPath,
} from '../../../core/contract/finisher-card';
import { API_BASE, ApiError, postJson } from './client';

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
