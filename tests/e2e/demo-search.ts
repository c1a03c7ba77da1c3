// The demo event's face search as the journeys use it: a search through the API (sign, PUT, search), waiting until
// the demo photos are indexed, and the store's answer reshaped to an uncertain one.
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { TEST_CONSENT } from '../../server/test/consent';
import { DEMO_SELFIE_MATCHES } from '../demo-selfie';

export const DEMO_EVENT = 'bangkok-city-marathon-2026';

/** One search through the API, as the PWA does it: the number of photos of you, or -1 when refused. */
export async function apiSearch(
  request: APIRequestContext,
  bytes: Buffer,
  event = DEMO_EVENT,
): Promise<number> {
  const sign = await request.post('/api/v2/facesearch/sign', {
    data: { event_key: event, file_name: 'selfie.jpg', file_type: 'image/jpg', consent: TEST_CONSENT },
  });
  const signed = await sign.json();
  await request.put(signed.url, { data: bytes, headers: { 'content-type': 'image/jpg' } });
  const search = await request.post('/api/v2/facesearch', {
    data: { search_id: signed.search_id, file_location: signed.file_location, event_key: event },
  });
  const answer = await search.json();
  return answer.status === 'success' ? answer.image_length : -1;
}

/** Waits (up to 450 s: a fresh store indexes the demo photos first) until the selfie finds all its demo photos. */
export async function waitForDemoIndexed(request: APIRequestContext, selfie: Buffer): Promise<void> {
  await expect
    .poll(() => apiSearch(request, selfie), { timeout: 450_000, intervals: [3_000] })
    .toBeGreaterThanOrEqual(DEMO_SELFIE_MATCHES);
}

/**
 * The store's first face search answer reshaped to the uncertain one a poorer selfie gets on race day: its first
 * photo stays "of you", the others become "maybe you". Later searches get the store's own answers.
 */
export async function answerMostlyMaybe(page: Page): Promise<void> {
  let reshaped = false;
  await page.route('**/api/v2/facesearch', async (route) => {
    const response = await route.fetch();
    if (reshaped) return route.fulfill({ response });
    reshaped = true;
    const answer = await response.json();
    const [first, ...rest] = answer.images;
    const json = {
      ...answer,
      image_length: 1,
      images: [first],
      maybe_images: [...rest, ...(answer.maybe_images ?? [])],
    };
    return route.fulfill({ response, json });
  });
}
