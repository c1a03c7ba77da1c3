// The nearby frames' hook against a fake fetch: a face search's results ask the face search's row, a bib search's
// the bib search's own, stricter call, with the bib.
import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Photo } from '../../../core/contract/photos';
import { useNearbyFrames } from './use-nearby-frames';

const photo = (id: number): Photo => ({
  id,
  event_id: 1,
  photographer_id: 0,
  original_file_name: `IMG_${id}.JPG`,
  thumbnail_file_name: `p${id}.jpg`,
  preview_file_name: `p${id}.jpg`,
  atc: 'N',
  is_manual: 'N',
  pass: `${'a'.repeat(20)}${String(id).padStart(2, '0')}`,
});
const reply = (status: number, body: unknown): Response =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const calls: { url: string; body: unknown }[] = [];
beforeEach(() => {
  calls.length = 0;
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    calls.push({ url, body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined });
    return reply(200, { status: 'success', body: [photo(url.includes('bibsearch') ? 9 : 8)] });
  });
});
afterEach(() => vi.unstubAllGlobals());

const NONE: Photo[] = [];
const found = [photo(4), photo(5)];

describe('useNearbyFrames', () => {
  it("asks the face search's row for a face search's results", async () => {
    const { result } = renderHook(() => useNearbyFrames('bib-run', found, NONE, () => undefined));
    await waitFor(() => expect(result.current.map((p) => p.id)).toEqual([8]));
    expect(calls.map((c) => c.url)).toEqual(['/api/v2/facesearch/nearby']);
  });

  it("asks the bib search's own call, with the bib, for a bib search's results", async () => {
    const kept = vi.fn();
    const { result } = renderHook(() => useNearbyFrames('bib-run', found, NONE, kept, '1234'));
    await waitFor(() => expect(result.current.map((p) => p.id)).toEqual([9]));
    expect(calls).toEqual([
      {
        url: '/api/v1/bibsearch/nearby',
        body: {
          event_key: 'bib-run',
          bib: '1234',
          photo_ids: [4, 5],
          passes: [found[0]?.pass, found[1]?.pass],
        },
      },
    ]);
    expect(kept).toHaveBeenCalledWith([photo(9)]);
  });
});
