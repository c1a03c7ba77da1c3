import { describe, expect, it, vi } from 'vitest';
import type { ZipReport } from '../core/sw-messages';
import { attachmentDisposition, zipStreamer } from './zip-stream';
import { centralDirectoryNames as zipNames } from './zip-test-helpers';

const bytes = (text: string) => new TextEncoder().encode(text);

async function readAll(stream: ReadableStream<Uint8Array>): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  const reader = stream.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
  }
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

/** A port that records what the worker reports. */
function recordingPort() {
  const reports: ZipReport[] = [];
  const port = { postMessage: (m: ZipReport) => reports.push(m), close: vi.fn() } as unknown as MessagePort;
  return { port, reports };
}

const job = (id: string, urls: string[]) => ({
  id,
  fileName: 'ORDER-1.zip',
  entries: urls.map((url, i) => ({ name: `1_IMG_${i + 1}.jpg`, url })),
});
const at = (id: string, file = 'ORDER-1.zip') => new URL(`https://store.example/zip-stream/${id}/${file}`);

describe('the service worker zip streamer', () => {
  it('answers a job address once with the zip, reporting progress and the end', async () => {
    const fetchImpl = vi.fn(async (url: RequestInfo | URL) => new Response(bytes(`image at ${String(url)}`)));
    const zips = zipStreamer({ fetchImpl: fetchImpl as typeof fetch });
    const { port, reports } = recordingPort();
    zips.accept(job('job-00000001', ['/a', '/b', '/c']), port);
    expect(reports).toEqual([{ type: 'accepted' }]);

    const response = zips.respond(at('job-00000001'));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/zip');
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="ORDER-1.zip"; filename*=UTF-8''ORDER-1.zip`,
    );
    // Nothing is fetched before the browser reads the body.
    expect(fetchImpl).not.toHaveBeenCalled();
    const zip = await readAll(response.body as ReadableStream<Uint8Array>);
    expect(zipNames(zip)).toEqual(['1_IMG_1.jpg', '1_IMG_2.jpg', '1_IMG_3.jpg']);
    expect(fetchImpl.mock.calls.map((c) => c[0])).toEqual(['/a', '/b', '/c']);
    expect(reports).toEqual([
      { type: 'accepted' },
      { type: 'started' },
      { type: 'progress', done: 0, total: 3 },
      { type: 'progress', done: 1, total: 3 },
      { type: 'progress', done: 2, total: 3 },
      { type: 'progress', done: 3, total: 3 },
      { type: 'finished' },
    ]);
    expect(port.close).toHaveBeenCalled();

    // A job is answered once: the same address again (a reload of the frame) is refused.
    expect(zips.respond(at('job-00000001')).status).toBe(404);
    expect(zips.waiting).toBe(0);
  });

  it('refuses an unknown job address', async () => {
    const response = zipStreamer().respond(at('job-unknown1'));
    expect(response.status).toBe(404);
    expect(await response.text()).toMatch(/expired/);
  });

  it('fails the stream and reports it when an image cannot be fetched', async () => {
    const fetchImpl = vi.fn(async (url: RequestInfo | URL) =>
      String(url) === '/b' ? new Response('expired', { status: 403 }) : new Response(bytes('jpeg')),
    );
    const zips = zipStreamer({ fetchImpl: fetchImpl as typeof fetch });
    const { port, reports } = recordingPort();
    zips.accept(job('job-00000002', ['/a', '/b', '/c']), port);
    const response = zips.respond(at('job-00000002'));
    await expect(readAll(response.body as ReadableStream<Uint8Array>)).rejects.toThrow(/HTTP 403/);
    expect(reports.at(-1)).toEqual({ type: 'failed', message: 'could not fetch /b: HTTP 403' });
    expect(fetchImpl).toHaveBeenCalledTimes(2);
  });

  it('stops fetching and reports a download cancelled in the browser', async () => {
    const fetchImpl = vi.fn(async () => new Response(bytes('x'.repeat(100_000))));
    const zips = zipStreamer({ fetchImpl: fetchImpl as typeof fetch });
    const { port, reports } = recordingPort();
    zips.accept(job('job-00000003', ['/a', '/b', '/c']), port);
    const reader = (zips.respond(at('job-00000003')).body as ReadableStream<Uint8Array>).getReader();
    await reader.read();
    await reader.cancel('user cancelled');
    expect(reports.at(-1)).toEqual({ type: 'cancelled' });
    expect(fetchImpl.mock.calls.length).toBeLessThan(3);
  });

  it('drops a job whose address is not opened within a minute', () => {
    vi.useFakeTimers();
    try {
      const zips = zipStreamer();
      zips.accept(job('job-00000004', ['/a']), recordingPort().port);
      expect(zips.waiting).toBe(1);
      vi.advanceTimersByTime(60_001);
      expect(zips.waiting).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it('matches only same-origin GETs of its path', () => {
    const zips = zipStreamer();
    const get = new Request('https://store.example/zip-stream/x/a.zip');
    expect(zips.matches(at('x'), get, 'https://store.example')).toBe(true);
    expect(zips.matches(at('x'), get, 'https://other.example')).toBe(false);
    const post = new Request('https://store.example/zip-stream/x/a.zip', { method: 'POST' });
    expect(zips.matches(at('x'), post, 'https://store.example')).toBe(false);
    expect(zips.matches(new URL('https://store.example/download/x'), get, 'https://store.example')).toBe(
      false,
    );
  });
});

describe('the zip file name in Content-Disposition', () => {
  it('keeps any name in filename* and gives old readers an ASCII one', () => {
    expect(attachmentDisposition('งานวิ่ง-logo.zip')).toBe(
      `attachment; filename="_______-logo.zip"; filename*=UTF-8''${encodeURIComponent('งานวิ่ง-logo.zip')}`,
    );
    expect(attachmentDisposition(`a"b\\c'(1).zip`)).toBe(
      `attachment; filename="a_b_c'(1).zip"; filename*=UTF-8''a%22b%5Cc%27%281%29.zip`,
    );
  });
});
