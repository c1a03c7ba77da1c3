// The demo event's face search as the journeys use it: a search through the API (sign, PUT, search), waiting until
// the demo photos are indexed, and the store's answer reshaped to an uncertain one.
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { PRIVACY_NOTICE_VERSION } from '../../core/privacy';
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

/**
 * A runner's phone of `width` px in `language` who has consented to the demo event's face search: the choice stored
 * on the device and in the cookie, as after choosing it once.
 */
export async function onConsentedPhone(page: Page, width: number, language: 'th' | 'en'): Promise<void> {
  await page.setViewportSize({ width, height: 780 });
  await page.addInitScript(
    ({ key, version, language }) => {
      localStorage.setItem('currentLanguage', language);
      localStorage.setItem(`consent_${key}`, 'Y');
      const consent = { version, device: 'e2e-phone-0123456789ab', given_at: new Date().toISOString() };
      localStorage.setItem('face_consent', JSON.stringify(consent));
    },
    { key: DEMO_EVENT, version: PRIVACY_NOTICE_VERSION, language },
  );
  await page.context().addCookies([
    {
      name: 'currentLanguage',
      value: language,
      url: test.info().project.use.baseURL ?? 'http://localhost',
    },
  ]);
}
