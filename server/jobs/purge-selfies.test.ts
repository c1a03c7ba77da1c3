import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertEvent } from '../db/events-repo';
import { findSearch, insertSearch } from '../db/searches-repo';
import { testDatabases } from '../db/test-databases';
import { openTestApp, type TestApp } from '../test/app-fixture';
import { testEvent } from '../test/fixtures';
import { purgeExpiredSelfies } from './purge-selfies';

const NOW = new Date('2026-11-22T05:00:00Z');

describe.each(testDatabases)('selfie purge on $name', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await openTestApp(database, NOW);
  });
  afterAll(() => t.close());

  it('deletes selfies and their searches once their time is up, and only those', async () => {
    const eventId = await insertEvent(t.ctx.db, { event: testEvent('run') });
    const search = (id: string, minutes: number) => ({
      search_id: id,
      event_id: eventId,
      file_location: `private/selfies/run/${id}.jpg`,
      content_type: 'image/jpg',
      purge_after: new Date(NOW.getTime() + minutes * 60_000),
    });
    const old = search('00000000-0000-4000-8000-000000000001', -1);
    const fresh = search('00000000-0000-4000-8000-000000000002', 5);
    for (const s of [old, fresh]) {
      await insertSearch(t.ctx.db, s);
      await t.store.put(s.file_location, new Uint8Array([1]), 'image/jpg');
    }
    expect(await purgeExpiredSelfies(t.ctx)).toEqual({ deleted: 1 });
    expect(await t.store.exists(old.file_location)).toBe(false);
    expect(await findSearch(t.ctx.db, old.search_id)).toBeUndefined();
    expect(await t.store.exists(fresh.file_location)).toBe(true);

    t.setNow(new Date(NOW.getTime() + 10 * 60_000));
    expect(await purgeExpiredSelfies(t.ctx)).toEqual({ deleted: 1 });
    expect(await t.store.exists(fresh.file_location)).toBe(false);
    expect(await purgeExpiredSelfies(t.ctx)).toEqual({ deleted: 0 });
  });
});
