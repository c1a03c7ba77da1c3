// Resume after a crash: jobs a dead process left running are queued again once their lease has run out, and the next
// run of the loop finishes them; a job a live process holds (its lease renewed) is left alone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/database';
import { countJobsByState, findJob, renewLease } from '../db/jobs-repo';
import { testDatabases } from '../db/test-databases';
import { claim, enqueue, JOB_LEASE_MS, requeueExpiredLeases, runJobs } from '../jobs/queue';

const T0 = new Date('2026-11-22T05:00:00Z');
const at = (ms: number) => new Date(T0.getTime() + ms);

describe.each(testDatabases)('resume indexing after a crash on $name', (database) => {
  let db: Db;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ db, close } = await database.open());
  }, 60_000);
  afterAll(() => close());

  it('queues again only jobs whose lease ran out, then runs them', async () => {
    const crashed = await enqueue(db, 'index-photo', { photo_id: 1 }, T0);
    const live = await enqueue(db, 'index-photo', { photo_id: 2 }, T0);
    const waiting = await enqueue(db, 'index-photo', { photo_id: 3 }, T0);
    // The crashed process took job 1 at T0; a live one took job 2 and keeps renewing its lease.
    expect((await claim(db, ['index-photo'], T0, 'crashed:1'))?.id).toBe(crashed);
    expect((await claim(db, ['index-photo'], T0, 'live:1'))?.id).toBe(live);
    expect(await renewLease(db, live, 'live:1', at(JOB_LEASE_MS))).toBe(true);

    expect(await requeueExpiredLeases(db, at(JOB_LEASE_MS - 1000))).toBe(0);
    expect(await requeueExpiredLeases(db, at(JOB_LEASE_MS + 1000))).toBe(1);
    expect(await findJob(db, crashed)).toMatchObject({ state: 'queued', locked_at: null, attempts: 1 });
    expect(await findJob(db, live)).toMatchObject({ state: 'running', locked_by: 'live:1' });

    const seen: number[] = [];
    const result = await runJobs(
      { db, now: () => at(JOB_LEASE_MS + 1000) },
      { 'index-photo': async (payload) => seen.push((payload as { photo_id: number }).photo_id) },
      { until: 'drained' },
    );
    expect(result).toEqual({ done: 2, retried: 0, failed: 0 });
    expect(seen.sort()).toEqual([1, 3]);
    expect(await findJob(db, waiting)).toMatchObject({ state: 'done' });
    expect(await findJob(db, crashed)).toMatchObject({ state: 'done', attempts: 2 });
    expect(await countJobsByState(db, 'index-photo')).toMatchObject({ done: 2, running: 1 });
  });
});
