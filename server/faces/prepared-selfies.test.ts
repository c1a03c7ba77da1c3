// Selfies embedded at their upload, kept for their search: given once, forgotten when old, bounded in number.
import { describe, expect, it } from 'vitest';
import { PreparedSelfies } from './prepared-selfies';

describe('prepared selfies', () => {
  it('starts the embedding at once and gives it to the search of that key only, once', async () => {
    const prepared = new PreparedSelfies<string>(60_000, 10);
    let started = 0;
    prepared.prepare('a', async () => {
      started++;
      return 'descriptor of a';
    });
    expect(started).toBe(1);
    expect(prepared.has('a')).toBe(true);
    expect(prepared.has('b')).toBe(false);
    expect(prepared.take('b')).toBeUndefined();
    expect(await prepared.take('a')).toBe('descriptor of a');
    expect(prepared.take('a')).toBeUndefined();
    expect(prepared.has('a')).toBe(false);
  });

  it('does not start a second embedding for a key already prepared', () => {
    const prepared = new PreparedSelfies<number>(60_000, 10);
    let started = 0;
    const embed = async () => ++started;
    prepared.prepare('a', embed);
    prepared.prepare('a', embed);
    expect(started).toBe(1);
  });

  it('forgets what its search did not take in time, oldest first', () => {
    let now = 1_000;
    const prepared = new PreparedSelfies<number>(60_000, 10, () => now);
    prepared.prepare('old', async () => 1);
    now += 30_000;
    prepared.prepare('newer', async () => 2);
    now += 30_000;
    expect(prepared.has('old')).toBe(false);
    expect(prepared.has('newer')).toBe(true);
    now += 30_000;
    expect(prepared.take('newer')).toBeUndefined();
    expect(prepared.size).toBe(0);
  });

  it('keeps at most `most` at once: the rest are embedded at their search', () => {
    const prepared = new PreparedSelfies<number>(60_000, 2);
    let started = 0;
    for (const key of ['a', 'b', 'c']) prepared.prepare(key, async () => ++started);
    expect(started).toBe(2);
    expect(prepared.has('c')).toBe(false);
    prepared.take('a');
    prepared.prepare('c', async () => ++started);
    expect(prepared.has('c')).toBe(true);
  });

  it('keeps a failed embedding for its search to hear, and never leaves it unhandled', async () => {
    const prepared = new PreparedSelfies<number>(60_000, 10);
    prepared.prepare('bad', async () => {
      throw new Error('not an image');
    });
    prepared.prepare('left', async () => {
      throw new Error('never searched');
    });
    await expect(prepared.take('bad')).rejects.toThrow('not an image');
    // 'left' is never taken: its rejection was handled (vitest fails a run on an unhandled rejection).
    await new Promise((resolve) => setTimeout(resolve, 10));
  });
});
