import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SELFIE_DELETED_WITHIN_SECONDS } from '../../core/constants';
import { insertEvent } from '../db/events-repo';
import { findSearch, insertSearch, markSearched } from '../db/searches-repo';
import { testDatabases } from '../db/test-databases';
import { openTestApp, type TestApp } from '../test/app-fixture';
import { testEvent } from '../test/fixtures';
import {
  deleteAnsweredSelfie,
  purgeSelfies,
  SEARCH_FORGET_AFTER_SECONDS,
  SELFIE_KEEP_SECONDS,
  SELFIE_PURGE_INTERVAL_SECONDS,
  selfieDueAt,
} from './selfie-lifetime';

const NOW = new Date('2026-11-22T05:00:00Z');
const at = (seconds: number) => new Date(NOW.getTime() + seconds * 1000);

describe.each(testDatabases)('selfie lifetime on $name', (database) => {
  let t: TestApp;
  let eventId = 0;
  beforeAll(async () => {
    t = await openTestApp(database, NOW);
    eventId = await insertEvent(t.ctx.db, { event: testEvent('run') });
  });
  afterAll(() => t.close());

  const signedAt = async (id: string, when: Date) => {
    const search = {
      search_id: id,
      event_id: eventId,
      file_location: `private/selfies/run/${id}.jpg`,
      content_type: 'image/jpg',
      purge_after: selfieDueAt(when),
    };
    await insertSearch(t.ctx.db, search);
    await t.store.put(search.file_location, new Uint8Array([1]), 'image/jpg');
    return search;
  };

  it('deletes a selfie never searched with within a minute of its signing, and only those whose time is up', async () => {
    // The purge runs every few seconds: due + one interval stays within the minute.
    expect(SELFIE_KEEP_SECONDS + SELFIE_PURGE_INTERVAL_SECONDS).toBeLessThanOrEqual(
      SELFIE_DELETED_WITHIN_SECONDS,
    );
    expect(SELFIE_DELETED_WITHIN_SECONDS).toBeLessThanOrEqual(60);
    t.setNow(NOW);
    const old = await signedAt('00000000-0000-4000-8000-000000000001', at(-SELFIE_KEEP_SECONDS - 1));
    const fresh = await signedAt('00000000-0000-4000-8000-000000000002', at(-5));
    expect(await purgeSelfies(t.ctx)).toEqual({ deleted: 1, forgotten: 0 });
    expect(await t.store.exists(old.file_location)).toBe(false);
    expect((await findSearch(t.ctx.db, old.search_id))?.selfie_deleted_at).not.toBeNull();
    expect(await t.store.exists(fresh.file_location)).toBe(true);
    // Nothing twice.
    expect(await purgeSelfies(t.ctx)).toEqual({ deleted: 0, forgotten: 0 });

    t.setNow(at(SELFIE_KEEP_SECONDS));
    expect(await purgeSelfies(t.ctx)).toEqual({ deleted: 1, forgotten: 0 });
    expect(await t.store.exists(fresh.file_location)).toBe(false);
  });

  it('forgets a search later, deleting once more an upload that landed after its selfie was deleted', async () => {
    t.setNow(NOW);
    const search = await signedAt('00000000-0000-4000-8000-000000000003', NOW);
    t.setNow(at(SELFIE_KEEP_SECONDS));
    await purgeSelfies(t.ctx);
    expect(await t.store.exists(search.file_location)).toBe(false);
    // An upload begun just before its address expired lands now.
    await t.store.put(search.file_location, new Uint8Array([2]), 'image/jpg');
    t.setNow(at(SELFIE_KEEP_SECONDS + SEARCH_FORGET_AFTER_SECONDS));
    const { forgotten } = await purgeSelfies(t.ctx);
    expect(forgotten).toBeGreaterThanOrEqual(1);
    expect(await t.store.exists(search.file_location)).toBe(false);
    expect(await findSearch(t.ctx.db, search.search_id)).toBeUndefined();
  });

  it('deletes an answered search’s selfie at once; a failed deletion is left to the purge', async () => {
    t.setNow(NOW);
    const answered = await signedAt('00000000-0000-4000-8000-000000000004', NOW);
    await markSearched(t.ctx.db, answered.search_id, NOW);
    await deleteAnsweredSelfie(t.ctx, answered);
    expect(await t.store.exists(answered.file_location)).toBe(false);

    const failing = await signedAt('00000000-0000-4000-8000-000000000005', NOW);
    await markSearched(t.ctx.db, failing.search_id, NOW);
    const logged: unknown[] = [];
    // The same store, but its deletions fail (a bucket out of reach).
    const store = Object.create(t.store) as typeof t.store;
    store.delete = async () => {
      throw new Error('bucket unreachable');
    };
    const broken = { ...t.ctx, store };
    await deleteAnsweredSelfie(broken, failing, (...parts) => logged.push(parts));
    expect(logged).toHaveLength(1);
    expect(await t.store.exists(failing.file_location)).toBe(true);
    // Marked searched: due now, so the next purge deletes it.
    expect(await purgeSelfies(t.ctx)).toMatchObject({ deleted: 1 });
    expect(await t.store.exists(failing.file_location)).toBe(false);
  });
});
