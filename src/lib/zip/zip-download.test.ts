import { describe, expect, it, vi } from 'vitest';
import { ZipImageError } from '../../../core/zip-entry';
import { centralDirectoryNames } from '../../../sw/zip-test-helpers';
import { buildZip } from './zip-download';

const bytes = (text: string) => new TextEncoder().encode(text);

/** The entry names of a zip Blob. */
async function zipNames(blob: Blob): Promise<string[]> {
  // FileReader: jsdom's Blob (which Node 24's Response builds here) has no arrayBuffer().
  const buffer = await new Promise<ArrayBuffer>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(blob);
  });
  return centralDirectoryNames(new Uint8Array(buffer));
}

describe('buildZip', () => {
  it('fetches every image into a zip with the given names, reporting progress', async () => {
    const fetchImpl = vi.fn(async (url: RequestInfo | URL) => new Response(bytes(`image at ${String(url)}`)));
    const progress: number[] = [];
    const zip = await buildZip(
      [
        { name: '1_a.jpg', url: '/a' },
        { name: '1_b.jpg', url: '/b' },
      ],
      { fetchImpl: fetchImpl as typeof fetch, onProgress: (done) => progress.push(done) },
    );
    expect(await zipNames(zip)).toEqual(['1_a.jpg', '1_b.jpg']);
    expect(fetchImpl.mock.calls.map((c) => c[0])).toEqual(['/a', '/b']);
    expect(progress).toEqual([0, 1, 2]);
  });

  it('fails when an image cannot be fetched (an expired address)', async () => {
    const fetchImpl = vi.fn(async () => new Response('gone', { status: 403 }));
    await expect(
      buildZip([{ name: 'a.jpg', url: '/a' }], { fetchImpl: fetchImpl as typeof fetch }),
    ).rejects.toBeInstanceOf(ZipImageError);
  });

  it('fails on a lost connection', async () => {
    const fetchImpl = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(
      buildZip([{ name: 'a.jpg', url: '/a' }], { fetchImpl: fetchImpl as typeof fetch }),
    ).rejects.toBeInstanceOf(ZipImageError);
  });
});
