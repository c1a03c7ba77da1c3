// The photographer's upload queue: each file hashed, signed, PUT and said done; a few at a time; a
// failed step tried again after a pause (and at once when back online); a content the event has is not sent; a
// link that stopped working stops all; refused files say why.
import { describe, expect, it } from 'vitest';
import {
  AT_ONCE,
  MOST_TRIES,
  overallProgress,
  type UploadItem,
  UploadQueue,
  type UploadSteps,
} from './upload-queue';

const photo = (name: string, size = 1000) => new File([new Uint8Array(size)], name, { type: 'image/jpeg' });

function harness(overrides: Partial<UploadSteps> = {}) {
  const log: string[] = [];
  let latest: readonly UploadItem[] = [];
  let gone = false;
  const sent: string[] = [];
  let inFlight = 0;
  let most = 0;
  const steps: UploadSteps = {
    hash: async (file) => `sha-${file.name}`,
    sign: async (file) => ({ url: `/put/${file.name}` }),
    put: async (url, file, onProgress) => {
      inFlight += 1;
      most = Math.max(most, inFlight);
      await new Promise((resolve) => setTimeout(resolve, 5));
      onProgress(file.size / 2);
      log.push(`put ${url}`);
      inFlight -= 1;
      return `"etag-${url}"`;
    },
    finish: async () => 'queued',
    wait: async () => {},
    isLinkGone: (error) => (error as Error).message === 'link gone',
    ...overrides,
  };
  const queue = new UploadQueue(
    steps,
    (items, linkGone) => {
      latest = items;
      gone = linkGone;
    },
    (file) => sent.push(file.name),
  );
  const settled = async () => {
    for (let i = 0; i < 200; i++) {
      const busy = latest.some(
        (item) => !['done', 'duplicate', 'refused', 'failed'].includes(item.state.step),
      );
      if (!busy && !gone) return;
      if (gone) return;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  };
  return { queue, log, sent, settled, items: () => latest, gone: () => gone, most: () => most };
}

describe('the upload queue', () => {
  it('sends every photo once, a few at a time, and tells what was sent', async () => {
    const h = harness();
    h.queue.add(['a.jpg', 'b.jpg', 'c.jpg', 'd.jpg', 'e.jpg'].map((n) => photo(n)));
    await h.settled();
    expect(h.items().map((i) => i.state.step)).toEqual(['done', 'done', 'done', 'done', 'done']);
    expect(h.sent).toEqual(['a.jpg', 'b.jpg', 'c.jpg', 'd.jpg', 'e.jpg']);
    expect(h.most()).toBeLessThanOrEqual(AT_ONCE);
    expect(overallProgress(h.items())).toEqual({ sent: 5000, total: 5000, files: 5 });
  });

  it('refuses what is not a photo or too large, and does not send what the event has', async () => {
    const h = harness({
      sign: async (file) => (file.name === 'dup.jpg' ? { duplicate_of: 9 } : { url: '/put/x' }),
    });
    h.queue.add([
      new File(['x'], 'notes.txt', { type: 'text/plain' }),
      photo('huge.jpg', 61 * 1024 * 1024),
      photo('dup.jpg'),
    ]);
    await h.settled();
    expect(h.items().map((i) => i.state)).toEqual([
      { step: 'refused', reason: 'not-a-photo' },
      { step: 'refused', reason: 'too-large' },
      { step: 'duplicate' },
    ]);
    expect(h.log).toEqual([]);
  });

  it('tries a failed step again, gives up after the last try, and starts the failed over when asked', async () => {
    let failures = 2;
    const h = harness({
      finish: async () => {
        if (failures-- > 0) throw new Error('connection reset');
        return 'queued';
      },
    });
    h.queue.add([photo('a.jpg')]);
    await h.settled();
    expect(h.items()[0]?.state).toEqual({ step: 'done' });
    const never = harness({
      put: async () => {
        throw new Error('connection reset');
      },
    });
    never.queue.add([photo('b.jpg')]);
    await never.settled();
    expect(never.items()[0]?.state).toEqual({ step: 'failed' });
    expect(MOST_TRIES).toBeGreaterThan(1);
  });

  it('stops everything when the link stops working', async () => {
    const h = harness({
      sign: async () => {
        throw new Error('link gone');
      },
    });
    h.queue.add([photo('a.jpg'), photo('b.jpg')]);
    await h.settled();
    expect(h.gone()).toBe(true);
    expect(h.sent).toEqual([]);
  });

  it('sends a large file in parts (S3), and after a dropped part sends only the parts left, then names them all', async () => {
    const big = photo('big.jpg', 2500);
    let drops = 1;
    const finished: unknown[] = [];
    const signedWith: (string | undefined)[] = [];
    const { queue, log, items, settled } = harness({
      sign: async (_file, _sha, uploadId) => {
        signedWith.push(uploadId);
        return { multipart: { upload_id: 'up-1', part_size: 1000, urls: ['/part/1', '/part/2', '/part/3'] } };
      },
      put: async (url, body, onProgress, part) => {
        expect(part).toBe(true);
        if (url === '/part/2' && drops-- > 0) throw new Error('connection reset');
        onProgress(body.size);
        log.push(`put ${url} ${body.size}`);
        return `"${url}"`;
      },
      finish: async (_file, _sha, parts) => {
        finished.push(parts);
        return 'queued';
      },
    });
    queue.add([big]);
    await settled();
    expect(items()[0]?.state).toEqual({ step: 'done' });
    expect(log).toEqual(['put /part/1 1000', 'put /part/2 1000', 'put /part/3 500']);
    // The retry signed the same upload again.
    expect(signedWith).toEqual([undefined, 'up-1']);
    expect(finished).toEqual([
      {
        upload_id: 'up-1',
        size: 2500,
        parts: [
          { part: 1, etag: '"/part/1"' },
          { part: 2, etag: '"/part/2"' },
          { part: 3, etag: '"/part/3"' },
        ],
      },
    ]);
  });
});
