// Fewer queries in a rush: batched statements (a group commit) and shared reads, on a stand-in handle, then the
// searches' batched statements on both databases.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testEvent } from '../test/fixtures';
import { batched, MOST_IN_BATCH, sharedByKey } from './coalesce';
import type { Db } from './database';
import { insertEvent } from './events-repo';
import { findSearch, insertSearch, markSearched, markSelfiesDeleted } from './searches-repo';
import { testDatabases } from './test-databases';

const handle = () => ({}) as Db;

/** A statement that takes a turn of the event loop per call, recording each batch it was given. */
function recordingRun() {
  const batches: number[][] = [];
  const run = batched(async (_db, items: number[]) => {
    batches.push([...items]);
    await new Promise((resolve) => setTimeout(resolve, 5));
    if (items.includes(-1)) throw new Error('bad item');
    return items.map((i) => i * 10);
  });
  return { batches, run };
}

describe('batched statements', () => {
  it('runs the calls of one turn together, those made meanwhile together next, each with its own result', async () => {
    const { batches, run } = recordingRun();
    const db = handle();
    const first = [1, 2].map((i) => run(db, i));
    // Made while the first statement runs (a later turn): the next batch.
    while (batches.length === 0) await new Promise((resolve) => setImmediate(resolve));
    const next = [3, 4, 5].map((i) => run(db, i));
    expect(await Promise.all([...first, ...next])).toEqual([10, 20, 30, 40, 50]);
    expect(batches).toEqual([
      [1, 2],
      [3, 4, 5],
    ]);
    // Once drained, a lone call runs alone.
    expect(await run(db, 6)).toBe(60);
    expect(batches.at(-1)).toEqual([6]);
  });

  it('fails only the call whose item failed: a failed batch is run again one by one', async () => {
    const { batches, run } = recordingRun();
    const db = handle();
    const calls = [run(db, 1), run(db, -1), run(db, 2)];
    await expect(calls[0]).resolves.toBe(10);
    await expect(calls[1]).rejects.toThrow('bad item');
    await expect(calls[2]).resolves.toBe(20);
    expect(batches).toEqual([[1, -1, 2], [1], [-1], [2]]);
    expect(await run(db, 4)).toBe(40);
  });

  it('batches per handle (a transaction only with itself), at most MOST_IN_BATCH a statement', async () => {
    const { batches, run } = recordingRun();
    const [a, b] = [handle(), handle()];
    const many = Array.from({ length: MOST_IN_BATCH + 3 }, (_, i) => i + 1);
    await Promise.all([run(a, 0), run(b, 0), ...many.map((i) => run(a, i))]);
    expect(batches.map((x) => x.length).sort((x, y) => x - y)).toEqual([1, 4, MOST_IN_BATCH]);
  });
});

describe('shared reads', () => {
  it('share one read among the overlapping calls of a key, and read again after it', async () => {
    const read = vi.fn(async (_db: Db, key: string) => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      return `${key}!`;
    });
    const shared = sharedByKey(read);
    const db = handle();
    expect(await Promise.all([shared(db, 'a'), shared(db, 'a'), shared(db, 'b')])).toEqual([
      'a!',
      'a!',
      'b!',
    ]);
    expect(read).toHaveBeenCalledTimes(2);
    await shared(db, 'a');
    expect(read).toHaveBeenCalledTimes(3);
  });
});

describe.each(testDatabases)('the searches’ batched statements on $name', (database) => {
  let db: Db;
  let close: () => Promise<void>;
  let eventId: number;
  beforeAll(async () => {
    ({ db, close } = await database.open());
    eventId = await insertEvent(db, { event: testEvent('batched-searches') });
  });
  afterAll(() => close());

  it('inserts, finds and marks fifty searches made at once, each its own row', async () => {
    const ids = Array.from(
      { length: 50 },
      (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    );
    const due = new Date('2026-11-26T10:01:00Z');
    const inserts = vi.spyOn(db, 'insertInto');
    try {
      await Promise.all(
        ids.map((id) =>
          insertSearch(db, {
            search_id: id,
            event_id: eventId,
            file_location: `private/selfies/batched-searches/${id}.jpg`,
            content_type: 'image/jpeg',
            purge_after: due,
          }),
        ),
      );
      expect(inserts.mock.calls.length).toBeLessThan(ids.length);
    } finally {
      inserts.mockRestore();
    }
    const found = await Promise.all([...ids, 'no-such-search'].map((id) => findSearch(db, id)));
    expect(found.slice(0, 50).map((r) => r?.file_location)).toEqual(
      ids.map((id) => `private/selfies/batched-searches/${id}.jpg`),
    );
    expect(found[50]).toBeUndefined();
    // The uuid column compares ids whatever their letters' case; so does the batched read.
    const upper = (ids[7] as string).replace(/0000-4000-8000/, 'ABCD-4000-8000');
    await insertSearch(db, {
      search_id: upper.toLowerCase(),
      event_id: eventId,
      file_location: 'private/selfies/batched-searches/upper.jpg',
      content_type: 'image/jpeg',
      purge_after: due,
    });
    expect((await findSearch(db, upper))?.file_location).toBe('private/selfies/batched-searches/upper.jpg');
    const at = new Date('2026-11-26T10:00:05Z');
    const firstMarks = await Promise.all(
      ids.slice(0, 30).map((id, i) => markSearched(db, id, new Date(at.getTime() - i))),
    );
    expect(firstMarks).toEqual(ids.slice(0, 30).map(() => true));
    await Promise.all(ids.slice(0, 10).map((id) => markSelfiesDeleted(db, [id], at)));
    const marked = await Promise.all(ids.map((id) => findSearch(db, id)));
    // Each marked at its own time, or with its batch at the batch's latest: never earlier, never in the future.
    marked.forEach((r, i) => {
      if (i >= 30) {
        expect(r?.searched_at).toBeNull();
        expect(new Date(r?.purge_after as Date).getTime()).toBe(due.getTime());
        return;
      }
      const searchedAt = new Date(r?.searched_at as Date).getTime();
      expect(searchedAt).toBeGreaterThanOrEqual(at.getTime() - i);
      expect(searchedAt).toBeLessThanOrEqual(at.getTime());
      expect(new Date(r?.purge_after as Date).getTime()).toBe(searchedAt);
    });
    expect(marked.map((r) => Boolean(r?.selfie_deleted_at))).toEqual(ids.map((_, i) => i < 10));
    // Only the first mark of a search counts, also when two come in one batch, whatever the id's case.
    const again = await Promise.all(
      [ids[30], ids[30], ids[0], upper, upper.toLowerCase(), 'not-a-search-id'].map((id) =>
        markSearched(db, id as string, at),
      ),
    );
    expect(again).toEqual([true, false, false, true, false, false]);
  });
});
