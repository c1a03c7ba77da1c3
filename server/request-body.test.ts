import { describe, expect, it } from 'vitest';
import { dropAtMost, readAtMost } from './request-body';

/** A request whose body comes in `chunks` of `size` bytes, `gapMs` apart, then stops (or stalls: never ends). */
function streamed(chunks: number, size: number, gapMs = 0, stall = false) {
  let sent = 0;
  let pulled = 0;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      pulled += 1;
      if (sent === chunks) {
        if (stall) return new Promise<void>(() => undefined);
        controller.close();
        return;
      }
      if (gapMs) await new Promise((resolve) => setTimeout(resolve, gapMs));
      sent += 1;
      controller.enqueue(new Uint8Array(size));
    },
  });
  const request = new Request('http://x/', { method: 'POST', body, duplex: 'half' } as RequestInit);
  return { request, sent: () => sent, pulled: () => pulled };
}

describe('request bodies read to a bound', () => {
  it('reads a body whole within its limit, and gives up past it', async () => {
    expect((await readAtMost(streamed(3, 10).request, 30)) as Uint8Array).toHaveLength(30);
    const over = streamed(100, 10);
    expect(await readAtMost(over.request, 30)).toBe('too large');
    expect(over.sent()).toBeLessThan(10);
  });

  it('drops a shared photo as it comes: done within the limit, too large past it, cut off when it stalls', async () => {
    expect(await dropAtMost(streamed(5, 1024).request, 10 * 1024, 1000)).toBe('done');
    const big = streamed(1000, 1024);
    expect(await dropAtMost(big.request, 10 * 1024, 1000)).toBe('too large');
    expect(big.sent()).toBeLessThan(20);
    const stalled = streamed(2, 1024, 0, true);
    const started = Date.now();
    expect(await dropAtMost(stalled.request, 10 * 1024, 200)).toBe('stalled');
    expect(Date.now() - started).toBeGreaterThanOrEqual(190);
  });
});
