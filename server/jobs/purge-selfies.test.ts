// The selfie purge's audit trail: a run that deleted selfies or forgot searches writes one entry for the run (not one
// per selfie); a run that did nothing writes none.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readAudit } from '../db/audit-repo';
import { insertEvent } from '../db/events-repo';
import { insertSearch } from '../db/searches-repo';
import { testDatabases } from '../db/test-databases';
import { SELFIE_KEEP_SECONDS, selfieDueAt } from '../services/selfie-lifetime';
import { openTestApp, type TestApp } from '../test/app-fixture';
import { testEvent } from '../test/fixtures';
import { purgeSelfiesAudited } from './purge-selfies';

const NOW = new Date('2026-11-22T05:00:00Z');

describe.each(testDatabases)('the selfie purge on $name', (database) => {
  let t: TestApp;
  let eventId = 0;
  beforeAll(async () => {
    t = await openTestApp(database, NOW);
    eventId = await insertEvent(t.ctx.db, { event: testEvent('run') });
  });
  afterAll(() => t.close());

  it('writes one audit entry per run that deleted selfies', async () => {
    const signed = new Date(NOW.getTime() - (SELFIE_KEEP_SECONDS + 1) * 1000);
    for (const n of [1, 2, 3]) {
      const search = {
        search_id: `00000000-0000-4000-8000-00000000000${n}`,
        event_id: eventId,
        file_location: `private/selfies/run/${n}.jpg`,
        content_type: 'image/jpg',
        purge_after: selfieDueAt(signed),
      };
      await insertSearch(t.ctx.db, search);
      await t.store.put(search.file_location, new Uint8Array([1]), 'image/jpg');
    }
    expect(await purgeSelfiesAudited(t.ctx)).toEqual({ deleted: 3, forgotten: 0 });
    expect(await purgeSelfiesAudited(t.ctx)).toEqual({ deleted: 0, forgotten: 0 });
    expect(await readAudit(t.ctx.db)).toMatchObject([
      {
        actor: 'job:selfie-purge',
        action: 'selfies deleted, searches forgotten',
        subject: '3 selfies, 0 searches',
        records: 3,
      },
    ]);
  });
});
