// The "more like this one" hook against a fake fetch: faces load, the runner picks one, the search answers found,
// not found or an error; a photo with no faces; a stale answer after reset is ignored.
import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useMoreLikeThis } from './use-more-like-this';

/** The photo in the lightbox, with the pass the store gave it. */
const SHOWN = { id: 42, pass: 'AbCdEfGhIjKlMnOpQrSt_-' };
const face = (face_id: number) => ({ face_id, box: { x: 0.1, y: 0.2, width: 0.1, height: 0.15 } });
const photo = (id: number) => ({
  id,
  event_id: 1,
  photographer_id: 0,
  original_file_name: `IMG_${id}.JPG`,
  thumbnail_file_name: `p${id}.jpg`,
  preview_file_name: `p${id}.jpg`,
  atc: 'N',
  is_manual: 'N',
});

/** A JSON answer as the API gives it. */
const reply = (status: number, body: unknown): Response =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

type Route = (url: string, init?: RequestInit) => Promise<Response>;
let route: Route;
const calls: { url: string; method: string; body?: unknown }[] = [];

beforeEach(() => {
  calls.length = 0;
  vi.stubGlobal('fetch', (url: string, init?: RequestInit) => {
    calls.push({
      url,
      method: init?.method ?? 'GET',
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    });
    return route(url, init);
  });
});
afterEach(() => vi.unstubAllGlobals());

const answers = (faces: unknown, search: () => Response) => {
  route = async (url) =>
    url.includes('/faces/') ? reply(200, { status: 'success', body: faces }) : search();
};

describe('useMoreLikeThis', () => {
  it('loads the faces, searches with the picked one and answers found', async () => {
    answers([face(11), face(12)], () =>
      reply(200, { status: 'success', image_length: 2, images: [photo(5), photo(7)], avg_price: '150.00' }),
    );
    const { result } = renderHook(() => useMoreLikeThis('beach-run', SHOWN));
    expect(result.current.state).toEqual({ step: 'idle' });

    act(() => result.current.start());
    expect(result.current.state.step).toBe('loading-faces');
    await waitFor(() => expect(result.current.state.step).toBe('choosing'));
    expect(result.current.state).toMatchObject({ faces: [face(11), face(12)] });
    expect(calls[0]).toEqual({
      url: '/api/v2/facesearch/faces/42?pass=AbCdEfGhIjKlMnOpQrSt_-',
      method: 'GET',
      body: undefined,
    });

    act(() => result.current.choose(12));
    expect(result.current.state).toMatchObject({ step: 'searching', faceId: 12 });
    await waitFor(() => expect(result.current.state.step).toBe('found'));
    const state = result.current.state;
    expect(state.step === 'found' && state.answer.images.map((p) => p.id)).toEqual([5, 7]);
    expect(calls[1]).toEqual({
      url: '/api/v2/facesearch/similar',
      method: 'POST',
      body: { event_key: 'beach-run', face_id: 12, pass: 'AbCdEfGhIjKlMnOpQrSt_-' },
    });
  });

  it('answers not-found when the face finds nothing, and when the photo has no faces', async () => {
    answers([face(11)], () =>
      reply(200, { status: 'success', image_length: 0, images: [], avg_price: '0.00' }),
    );
    const { result } = renderHook(() => useMoreLikeThis('beach-run', SHOWN));
    act(() => result.current.start());
    await waitFor(() => expect(result.current.state.step).toBe('choosing'));
    act(() => result.current.choose(11));
    await waitFor(() => expect(result.current.state.step).toBe('not-found'));
    expect(result.current.state).toMatchObject({ reason: 'no-matches', faceId: 11 });

    answers([], () => reply(500, {}));
    act(() => result.current.start());
    await waitFor(() => expect(result.current.state.step).toBe('not-found'));
    expect(result.current.state).toMatchObject({ reason: 'no-faces', faces: [] });
  });

  it('reports errors of either call, keeping the faces so the runner can pick again', async () => {
    route = async () => reply(404, { status: 'error', message: 'photo not found', field: 'photo_id' });
    const { result } = renderHook(() => useMoreLikeThis('beach-run', SHOWN));
    act(() => result.current.start());
    await waitFor(() => expect(result.current.state.step).toBe('error'));
    expect(result.current.state).toMatchObject({
      during: 'faces',
      error: { kind: 'status', httpStatus: 404 },
    });

    answers([face(11)], () => reply(400, { status: 'error', message: 'sale closed', code: 'sale-closed' }));
    act(() => result.current.start());
    await waitFor(() => expect(result.current.state.step).toBe('choosing'));
    act(() => result.current.choose(11));
    await waitFor(() => expect(result.current.state.step).toBe('error'));
    expect(result.current.state).toMatchObject({ during: 'search', faces: [face(11)] });
    // A face that is not in the photo is ignored.
    act(() => result.current.choose(99));
    expect(result.current.state.step).toBe('error');
  });

  it('ignores an answer that arrives after reset', async () => {
    let release: (r: Response) => void = () => undefined;
    route = () => new Promise<Response>((resolve) => (release = resolve));
    const { result } = renderHook(() => useMoreLikeThis('beach-run', SHOWN));
    act(() => result.current.start());
    act(() => result.current.reset());
    await act(async () => release(reply(200, { status: 'success', body: [face(11)] })));
    expect(result.current.state).toEqual({ step: 'idle' });
  });
});
