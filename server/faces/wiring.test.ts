// Resume after a crash: jobs a dead process left running are queued again once their lock is stale, and the next
// run of the loop finishes them; a job another live process holds (recent lock) is left alone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/database';
import { countJobsByState, findJob } from '../db/jobs-repo';
import { testDatabases } from '../db/test-databases';
import { claim, enqueue, runJobs } from '../jobs/queue';
import { requeueJobsOfDeadWorkers, STALE_JOB_MINUTES } from './wiring';

const T0 = new Date('2026-11-22T05:00:00Z');
const at = (minutes: number) => new Date(T0.getTime() + minutes * 60_000);

describe.each(testDatabases)('resume indexing after a crash on $name', (database) => {
  let db: Db;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ db, close } = await database.open());
  }, 60_000);
  afterAll(() => close());

  it('queues again only jobs locked more than the stale age ago, then runs them', async () => {
    const crashed = await enqueue(db, 'index-photo', { photo_id: 1 }, T0);
    const live = await enqueue(db, 'index-photo', { photo_id: 2 }, T0);
    const waiting = await enqueue(db, 'index-photo', { photo_id: 3 }, T0);
    // The crashed process took job 1 at T0; a live one took job 2 a minute before the restart.
    expect((await claim(db, ['index-photo'], T0))?.id).toBe(crashed);
    expect((await claim(db, ['index-photo'], at(STALE_JOB_MINUTES)))?.id).toBe(live);

    expect(await requeueJobsOfDeadWorkers(db, at(STALE_JOB_MINUTES - 1))).toBe(0);
    expect(await requeueJobsOfDeadWorkers(db, at(STALE_JOB_MINUTES + 1))).toBe(1);
    expect(await findJob(db, crashed)).toMatchObject({ state: 'queued', locked_at: null, attempts: 1 });
    expect(await findJob(db, live)).toMatchObject({ state: 'running' });

    const seen: number[] = [];
    const result = await runJobs(
      { db, now: () => at(STALE_JOB_MINUTES + 1) },
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
