// Test kit for the face search panel's component tests: an event, photos, a routed fetch standing in for the API,
// selfie files, and the panel rendered inside the app's providers. The XHR stand-in is fake-xhr.ts.
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, type Mock, vi } from 'vitest';
import type { EventDetail } from '../../../core/contract/events';
import type { FaceSearchAnswer } from '../../../core/contract/facesearch';
import type { Photo } from '../../../core/contract/photos';
import { appDb } from '../../lib/db/app-db';
import { eventSummary } from '../../test/event-summary';
import { renderPage } from '../../test/render-page';
import { forgetFaceConsent, giveFaceConsent } from '../privacy/face-consent';
import { FaceSearchPanel, type FaceSearchPanelProps } from './FaceSearchPanel';
import { FakeXhr } from './fake-xhr';

export const SEARCH_ID = '6f1c1a52-3f43-4d8e-9d36-0c5a1f7f1c11';

export const testEvent = (overrides: Partial<EventDetail> = {}): EventDetail => ({
  ...eventSummary(1),
  mhao_price: '0.00',
  hybrid_mhao_price: '0.00',
  face_threshold: 0.5,
  max_face_search: 200,
  caption_button_buy_all: '',
  payment_currency: 'THB',
  package: [{ name: '1 ภาพ', name_en: '1 photo', number_of_photo: 1, price: '60.00' }],
  package_hb: [],
  stage: [],
  ...overrides,
});

/** A pass as the store gives one (22 base64url characters), different for each photo. */
export const passOf = (id: number) => `pass${String(id).padStart(18, '0')}`;

export const photo = (id: number, eventId = 1): Photo => ({
  id,
  event_id: eventId,
  photographer_id: 0,
  original_file_name: `IMG_${id}.JPG`,
  thumbnail_file_name: `t${id}.jpg`,
  preview_file_name: `p${id}.jpg`,
  atc: 'N',
  is_manual: 'N',
  pass: passOf(id),
});

export const found = (...ids: number[]): FaceSearchAnswer => ({
  status: 'success',
  image_length: ids.length,
  images: ids.map((id) => photo(id)),
  avg_price: '60.00',
});

/** A JSON answer as the API gives it. */
export const reply = (status: number, body: unknown): Response =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

export interface ApiCall {
  url: string;
  method: string;
  body: unknown;
}

/** Stubs fetch with a router over the face search calls; `search` answers POST /v2/facesearch. */
export function fakeApi(routes: {
  search?: () => Response | Promise<Response>;
  faces?: (photoId: number) => Response;
  similar?: (faceId: number) => Response;
  sign?: () => Response | Promise<Response>;
  /** POST /v2/facesearch/nearby; none nearby when left out. */
  nearby?: () => Response;
  /** POST /v1/bibsearch. */
  bib?: (bib: string) => Response | Promise<Response>;
  /** POST /v1/bibsearch/runners. */
  runners?: (name: string) => Response;
}) {
  const calls: ApiCall[] = [];
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ url, method: init?.method ?? 'GET', body });
    if (url.endsWith('/v2/facesearch/sign')) {
      return routes.sign
        ? routes.sign()
        : reply(200, {
            status: 'success',
            url: `/storage/private/selfies/event-1/${SEARCH_ID}.jpg?expires=1&sig=abc`,
            file_name: `${SEARCH_ID}.jpg`,
            search_id: SEARCH_ID,
            file_location: `private/selfies/event-1/${SEARCH_ID}.jpg`,
          });
    }
    if (url.endsWith('/v2/facesearch')) return routes.search ? routes.search() : reply(200, found());
    const faces = url.match(/\/v2\/facesearch\/faces\/(\d+)(\?pass=[\w-]+)?$/);
    if (faces && routes.faces) return routes.faces(Number(faces[1]));
    if (url.endsWith('/v2/facesearch/similar') && routes.similar) return routes.similar(body.face_id);
    if (url.endsWith('/v1/bibsearch') && routes.bib) return routes.bib(body.bib);
    if (url.endsWith('/v1/bibsearch/runners') && routes.runners) return routes.runners(body.name);
    if (url.endsWith('/v2/facesearch/nearby'))
      return routes.nearby ? routes.nearby() : reply(200, { status: 'success', body: [] });
    return reply(404, { status: 'error', message: 'no route in the test' });
  });
  return calls;
}

/** An XHR stand-in whose upload goes through at once (progress then 200). */
export class InstantXhr extends FakeXhr {
  override send(body: unknown) {
    super.send(body);
    queueMicrotask(() => {
      this.progress(512, 1024);
      this.respond(200);
    });
  }
}

const JPEG_HEAD = [0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46];

/** A file that starts like a JPEG, `size` bytes long. */
export const jpegBytes = (size = 2048) => {
  const bytes = new Uint8Array(size);
  bytes.set(JPEG_HEAD);
  return bytes;
};

export const jpegFile = (name = 'selfie.jpg', size = 2048) =>
  new File([jpegBytes(size)], name, { type: 'image/jpeg' });

/**
 * The panel, on a device that gave its face consent under the current notice (unless `faceConsent: false`: none
 * kept, the panel asks when a selfie is picked; `'as-kept'`: whatever the test stored).
 */
export const renderPanel = (
  props: Partial<FaceSearchPanelProps> & { faceConsent?: boolean | 'as-kept' } = {},
) => {
  if (props.faceConsent === false) forgetFaceConsent();
  else if (props.faceConsent !== 'as-kept') giveFaceConsent();
  return renderPage(() => (
    <FaceSearchPanel
      event={props.event ?? testEvent()}
      variant={props.variant ?? 'event'}
      cartKind={props.cartKind ?? 'standard'}
    />
  ));
};

/** The selfie picker input (the label names it). */
export const picker = () => screen.getByLabelText('เลือกรูปเซลฟี่') as HTMLInputElement;

/**
 * The panel tests' set-up, for a test file to call once: uploads answered at once (InstantXhr), the device's
 * database and local storage empty, and `compress` (the file's mock of compress-selfie, when it has one) answering
 * a small JPEG; every stub, spy and fake clock undone after each test.
 */
export function preparePanelTests(compress?: Mock): void {
  beforeEach(async () => {
    FakeXhr.reset();
    vi.stubGlobal('XMLHttpRequest', InstantXhr);
    compress?.mockReset();
    compress?.mockResolvedValue(new Blob([new Uint8Array(1024)], { type: 'image/jpeg' }));
    await Promise.all(appDb.tables.map((table) => table.clear()));
    localStorage.clear();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    vi.useRealTimers();
  });
}
