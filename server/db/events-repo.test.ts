// The shared event read of the hot paths: overlapping reads share one query, nothing is cached beyond it.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testEvent } from '../test/fixtures';
import type { Db } from './database';
import { findByKeyShared, insertEvent } from './events-repo';
import { testDatabases } from './test-databases';

describe.each(testDatabases)('the shared event read on $name', (database) => {
  let db: Db;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ db, close } = await database.open());
    await insertEvent(db, { event: testEvent('shared-read') });
  });
  afterAll(() => close());

  it('answers overlapping reads of one event with one query, each caller with its own copy', async () => {
    const queries = vi.spyOn(db, 'selectFrom');
    try {
      const rows = await Promise.all(Array.from({ length: 20 }, () => findByKeyShared(db, 'shared-read')));
      expect(queries).toHaveBeenCalledTimes(1);
      expect(rows.every((r) => r?.event_key === 'shared-read')).toBe(true);
      expect(new Set(rows).size).toBe(20);
      // Another event's read is its own query.
      expect(await findByKeyShared(db, 'no-such-event')).toBeUndefined();
      expect(queries).toHaveBeenCalledTimes(2);
    } finally {
      queries.mockRestore();
    }
  });

  it('reads again once the last read has finished: a change is seen at once', async () => {
    const before = await findByKeyShared(db, 'shared-read');
    await db.updateTable('events').set({ title: 'Renamed' }).where('event_key', '=', 'shared-read').execute();
    const after = await findByKeyShared(db, 'shared-read');
    expect(before?.title).not.toBe('Renamed');
    expect(after?.title).toBe('Renamed');
  });

  it('a failed read fails the reads that shared it, and the next read queries again', async () => {
    const queries = vi.spyOn(db, 'selectFrom').mockImplementationOnce(() => {
      throw new Error('connection lost');
    });
    try {
      await expect(findByKeyShared(db, 'shared-read')).rejects.toThrow('connection lost');
      expect((await findByKeyShared(db, 'shared-read'))?.event_key).toBe('shared-read');
    } finally {
      queries.mockRestore();
    }
  });
});
