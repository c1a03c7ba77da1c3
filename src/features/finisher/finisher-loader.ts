// Loads a runner's public finisher page: "missing" when it is gone (removed by its runner, or its photos no longer
// kept), "failed" when the call failed, so the page can offer to try again.
import type { FinisherPage } from '../../../core/contract/finisher-card';
import { ApiError } from '../../lib/api/client';
import { fetchFinisherPage } from '../../lib/api/finisher-card';
import type { CarriedAnswers } from '../../lib/api/first-screen';

export type FinisherLoad =
  | { state: 'found'; page: FinisherPage }
  | { state: 'missing' }
  | { state: 'failed' };

export async function loadFinisherPage(
  eventKey: string,
  code: string,
  carried?: CarriedAnswers,
): Promise<FinisherLoad> {
  try {
    const page = await fetchFinisherPage(eventKey, code, { carried });
    return page ? { state: 'found', page } : { state: 'missing' };
  } catch (error) {
    if (error instanceof ApiError) return { state: 'failed' };
    throw error;
  }
}
