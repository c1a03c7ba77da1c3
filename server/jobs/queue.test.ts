// The job queue on a real database (PGlite, and PostgreSQL when TEST_DATABASE_URL is set): claims, results,
// retries by each kind's policy, payloads checked, and that concurrent claims never hand one job to two workers.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../db/database';
import {
  countJobsByState,
  findJob,
  insertJob,
  jobsWithPayload,
  renewLease,
  requeueStaleJobs,
} from '../db/jobs-repo';
import { testDatabases } from '../db/test-databases';
import { JOBS, type JobHandlers, JobPayloadError } from './kinds';
import { claim, complete, enqueue, fail, requeueExpiredLeases, runJobs } from './queue';

const T0 = new Date('2026-11-22T05:00:00Z');
const later = (ms: number) => new Date(T0.getTime() + ms);

describe.each(testDatabases)('job queue on $name', (database) => {
  let db: Db;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ db, close } = await database.open());
  }, 60_000);
  afterAll(() => close());
  beforeEach(async () => {
    await db.deleteFrom('jobs').execute();
  });

  it('claims the oldest ready job of the asked kinds, once', async () => {
    const first = await enqueue(db, 'index-photo', { photo_id: 1 }, T0);
    await enqueue(db, 'group-faces', { event_id: 1 }, T0);
    await enqueue(db, 'index-photo', { photo_id: 3 }, later(60_000));
    const job = await claim(db, ['index-photo'], T0);
    expect(job).toMatchObject({
      id: first,
      kind: 'index-photo',
      payload: { photo_id: 1 },
      state: 'running',
      attempts: 1,
    });
    expect(job?.locked_at).toEqual(T0);
    // The other index job is not due yet and the remaining one is another kind.
    expect(await claim(db, ['index-photo'], T0)).toBeUndefined();
    expect((await claim(db, ['index-photo'], later(60_000)))?.payload).toEqual({ photo_id: 3 });
    expect(await claim(db, [], later(60_000))).toBeUndefined();
  });

  it('stores what a completed job did, and failures with or without a retry', async () => {
    const a = await enqueue(db, 'send-notice', { notice_id: 1 }, T0);
    const b = await enqueue(db, 'send-notice', { notice_id: 2 }, T0);
    const claimedA = await claim(db, ['send-notice'], T0);
    const claimedB = await claim(db, ['send-notice'], T0);
    if (!claimedA || !claimedB) throw new Error('nothing claimed');
    expect(claimedA.id).toBe(a);
    expect(await complete(db, claimedA, { faces: 3 })).toBe(true);
    expect(await complete(db, claimedA, { faces: 3 })).toBe(false);
    expect(await findJob(db, a)).toMatchObject({ state: 'done', result: { faces: 3 }, locked_at: null });

    expect(await fail(db, claimedB, 'model not loaded', later(30_000))).toBe(true);
    expect(await findJob(db, b)).toMatchObject({ state: 'queued', error: 'model not loaded', attempts: 1 });
    expect(await claim(db, ['send-notice'], T0)).toBeUndefined();
    const again = await claim(db, ['send-notice'], later(30_000));
    expect(again).toMatchObject({ id: b, attempts: 2 });
    if (!again) throw new Error('nothing claimed');
    // The first claim lost the job when it was queued again: only the new claim may end it.
    expect(await fail(db, claimedB, 'a late answer of the first claim')).toBe(false);
    expect(await fail(db, again, 'still broken')).toBe(true);
    expect(await findJob(db, b)).toMatchObject({ state: 'failed', error: 'still broken', attempts: 2 });
    expect(await countJobsByState(db, 'send-notice')).toEqual({ queued: 0, running: 0, done: 1, failed: 1 });
  });

  it('queues a job only if the transaction that wrote it commits', async () => {
    await expect(
      db.transaction().execute(async (trx) => {
        await enqueue(trx, 'index-photo', { photo_id: 42 });
        throw new Error('photo insert failed');
      }),
    ).rejects.toThrow('photo insert failed');
    expect(await jobsWithPayload(db, 'index-photo', { photo_id: 42 })).toEqual([]);
    await db.transaction().execute((trx) => enqueue(trx, 'index-photo', { photo_id: 42 }));
    expect(await jobsWithPayload(db, 'index-photo', { photo_id: 42 })).toHaveLength(1);
  });

  it('never hands one job to two concurrent claims', async () => {
    const ids = [];
    for (let i = 0; i < 12; i++) ids.push(await enqueue(db, 'index-photo', { photo_id: i }, T0));
    const claims = await Promise.all(Array.from({ length: 16 }, () => claim(db, ['index-photo'], T0)));
    const claimed = claims.flatMap((job) => (job ? [job.id] : []));
    expect(claimed).toHaveLength(12);
    expect(new Set(claimed).size).toBe(12);
    expect(claimed.sort((x, y) => x - y)).toEqual(ids);
  });

  it.skipIf(database.name !== 'PostgreSQL')(
    'skips a job another worker holds instead of waiting',
    async () => {
      const first = await enqueue(db, 'index-photo', { photo_id: 1 }, T0);
      const second = await enqueue(db, 'index-photo', { photo_id: 2 }, T0);
      await db.transaction().execute(async (trx) => {
        // The first worker's claim is still uncommitted: its row stays locked while the second worker claims.
        expect((await claim(trx, ['index-photo'], T0))?.id).toBe(first);
        expect((await claim(db, ['index-photo'], T0))?.id).toBe(second);
        expect(await claim(db, ['index-photo'], T0)).toBeUndefined();
      });
    },
  );

  it('leases: a live claim renews its job, a dead one is taken over and can no longer finish it', async () => {
    const id = await enqueue(db, 'index-photo', { photo_id: 1 }, T0);
    const dead = await claim(db, ['index-photo'], T0, 'dead:1');
    const live = await enqueue(db, 'index-photo', { photo_id: 2 }, T0);
    const alive = await claim(db, ['index-photo'], T0, 'alive:1');
    if (!dead || !alive) throw new Error('nothing claimed');
    expect(alive.id).toBe(live);
    // The live claim renews at T0 + 45 s; a minute after T0 only the dead claim's lease has run out.
    expect(await renewLease(db, live, 'alive:1', later(45_000))).toBe(true);
    expect(await renewLease(db, live, 'someone-else', later(45_000))).toBe(false);
    expect(await requeueExpiredLeases(db, later(61_000), 60_000, ['index-photo'])).toBe(1);
    expect(await findJob(db, live)).toMatchObject({ state: 'running', locked_by: 'alive:1' });
    const taken = await claim(db, ['index-photo'], later(61_000), 'new:1');
    expect(taken).toMatchObject({ id, attempts: 2, locked_by: 'new:1' });
    expect(await renewLease(db, id, 'dead:1', later(62_000))).toBe(false);
    expect(await complete(db, dead, 'late')).toBe(false);
    if (!taken) throw new Error('nothing claimed');
    expect(await complete(db, taken, 'done')).toBe(true);
    expect(await findJob(db, id)).toMatchObject({ state: 'done', result: 'done', locked_by: 'new:1' });
  });

  it('runJobs renews the lease of a long job, so no sweep takes it from a live worker', async () => {
    await enqueue(db, 'index-photo', { photo_id: 1 }, T0);
    let swept = -1;
    const result = await runJobs(
      { db },
      {
        'index-photo': async () => {
          await new Promise((resolve) => setTimeout(resolve, 700));
          // 700 ms into a job with a 200 ms lease: renewed every 50 ms, so it is still this worker's.
          swept = await requeueExpiredLeases(db, new Date(), 200, ['index-photo']);
          return 'finished';
        },
      },
      { until: 'drained', leaseMs: 200 },
    );
    expect(swept).toBe(0);
    expect(result).toEqual({ done: 1, retried: 0, failed: 0 });
  });

  it('queues again the jobs of a worker that died', async () => {
    const id = await enqueue(db, 'index-photo', { photo_id: 1 }, T0);
    await claim(db, ['index-photo'], T0);
    expect(await requeueStaleJobs(db, later(1000))).toBe(1);
    expect((await claim(db, ['index-photo'], later(2000)))?.id).toBe(id);
    // Its third death (three claims) fails it for good instead of queueing it forever.
    expect(await requeueStaleJobs(db, later(3000))).toBe(1);
    expect((await claim(db, ['index-photo'], later(4000)))?.id).toBe(id);
    expect(await requeueStaleJobs(db, later(5000))).toBe(0);
    expect(await findJob(db, id)).toMatchObject({ state: 'failed', attempts: 3 });
  });

  it('runJobs runs handlers until drained, retrying a failure by its kind’s policy', async () => {
    let now = T0;
    await enqueue(db, 'group-faces', { event_id: 1 }, T0);
    await enqueue(db, 'group-faces', { event_id: 2 }, T0);
    const flaky = await enqueue(db, 'index-photo', { photo_id: 7 }, T0);
    const seen: number[] = [];
    const handlers: JobHandlers = {
      'group-faces': async (payload) => {
        seen.push(payload.event_id);
        return { handled: payload };
      },
      'index-photo': async () => {
        throw new Error('flaky failed');
      },
    };
    const ctx = { db, now: () => now };
    const options = { until: 'drained' as const };
    const { maxAttempts, delayMs } = JOBS['index-photo'].retry;
    expect(maxAttempts).toBe(3);
    expect(await runJobs(ctx, handlers, options)).toEqual({ done: 2, retried: 1, failed: 0 });
    expect(seen).toEqual([1, 2]);
    expect(await findJob(db, flaky)).toMatchObject({ state: 'queued', run_after: later(delayMs(1)) });
    now = later(delayMs(1));
    expect(await runJobs(ctx, handlers, options)).toEqual({ done: 0, retried: 1, failed: 0 });
    expect(await findJob(db, flaky)).toMatchObject({
      state: 'queued',
      run_after: later(delayMs(1) + delayMs(2)),
    });
    now = later(delayMs(1) + delayMs(2));
    expect(await runJobs(ctx, handlers, options)).toEqual({ done: 0, retried: 0, failed: 1 });
    expect(await findJob(db, flaky)).toMatchObject({ state: 'failed', attempts: 3, error: 'flaky failed' });
  });

  it('a payload that is not its kind’s is refused when queued, and fails at once when claimed', async () => {
    // @ts-expect-error: index-photo takes a photo_id, not an event_id.
    await expect(enqueue(db, 'index-photo', { event_id: 1 })).rejects.toThrow(JobPayloadError);
    // @ts-expect-error: no such kind.
    await expect(enqueue(db, 'unknown', {})).rejects.toThrow();
    expect(await countJobsByState(db, 'index-photo')).toEqual({ queued: 0, running: 0, done: 0, failed: 0 });
    // Rows written some other way: a wrong payload fails without a retry; a kind no loop takes is left alone.
    const wrong = await insertJob(db, 'index-photo', { photo_id: 'seven' }, T0);
    const unknown = await insertJob(db, 'unknown', {}, T0);
    const handlers: JobHandlers = { 'index-photo': async () => 'indexed' };
    expect(await runJobs({ db, now: () => T0 }, handlers, { until: 'drained' })).toEqual({
      done: 0,
      retried: 0,
      failed: 1,
    });
    expect(await findJob(db, wrong)).toMatchObject({
      state: 'failed',
      attempts: 1,
      error: expect.stringContaining('photo_id'),
    });
    expect(await findJob(db, unknown)).toMatchObject({ state: 'queued', attempts: 0 });
    // Unknown fields are dropped when queued.
    // @ts-expect-error: not a field of index-photo's payload.
    const extra = await enqueue(db, 'index-photo', { photo_id: 3, note: 'x' }, T0);
    expect((await findJob(db, extra))?.payload).toEqual({ photo_id: 3 });
  });

  it('runJobs polls until its signal aborts', async () => {
    const controller = new AbortController();
    const running = runJobs(
      { db },
      { 'group-faces': async () => 'ok' },
      { until: controller.signal, pollMs: 20 },
    );
    await enqueue(db, 'group-faces', { event_id: 1 });
    for (let i = 0; i < 100 && (await countJobsByState(db, 'group-faces')).done === 0; i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    controller.abort();
    expect(await running).toEqual({ done: 1, retried: 0, failed: 0 });
  });
});
