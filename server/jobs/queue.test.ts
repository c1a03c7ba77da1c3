// The job queue on a real database (PGlite, and PostgreSQL when TEST_DATABASE_URL is set): claims, results,
// retries, and that concurrent claims never hand one job to two workers.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../db/database';
import { countJobsByState, findJob, jobsWithPayload, requeueStaleJobs } from '../db/jobs-repo';
import { testDatabases } from '../db/test-databases';
import { claim, complete, enqueue, fail, runJobs } from './queue';

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
    await enqueue(db, 'other', { x: 1 }, T0);
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
    const a = await enqueue(db, 'k', { n: 1 }, T0);
    const b = await enqueue(db, 'k', { n: 2 }, T0);
    await claim(db, ['k'], T0);
    await claim(db, ['k'], T0);
    expect(await complete(db, a, { faces: 3 })).toBe(true);
    expect(await complete(db, a, { faces: 3 })).toBe(false);
    expect(await findJob(db, a)).toMatchObject({ state: 'done', result: { faces: 3 }, locked_at: null });

    expect(await fail(db, b, 'model not loaded', later(30_000))).toBe(true);
    expect(await findJob(db, b)).toMatchObject({ state: 'queued', error: 'model not loaded', attempts: 1 });
    expect(await claim(db, ['k'], T0)).toBeUndefined();
    const again = await claim(db, ['k'], later(30_000));
    expect(again).toMatchObject({ id: b, attempts: 2 });
    expect(await fail(db, b, 'still broken')).toBe(true);
    expect(await findJob(db, b)).toMatchObject({ state: 'failed', error: 'still broken', attempts: 2 });
    expect(await countJobsByState(db, 'k')).toEqual({ queued: 0, running: 0, done: 1, failed: 1 });
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
      const first = await enqueue(db, 'k', {}, T0);
      const second = await enqueue(db, 'k', {}, T0);
      await db.transaction().execute(async (trx) => {
        // The first worker's claim is still uncommitted: its row stays locked while the second worker claims.
        expect((await claim(trx, ['k'], T0))?.id).toBe(first);
        expect((await claim(db, ['k'], T0))?.id).toBe(second);
        expect(await claim(db, ['k'], T0)).toBeUndefined();
      });
    },
  );

  it('queues again the jobs of a worker that died', async () => {
    const id = await enqueue(db, 'k', {}, T0);
    await claim(db, ['k'], T0);
    expect(await requeueStaleJobs(db, later(1000))).toBe(1);
    expect((await claim(db, ['k'], later(2000)))?.id).toBe(id);
    // Its third death (three claims) fails it for good instead of queueing it forever.
    expect(await requeueStaleJobs(db, later(3000))).toBe(1);
    expect((await claim(db, ['k'], later(4000)))?.id).toBe(id);
    expect(await requeueStaleJobs(db, later(5000))).toBe(0);
    expect(await findJob(db, id)).toMatchObject({ state: 'failed', attempts: 3 });
  });

  it('runJobs runs handlers until drained, retrying failures with a growing delay', async () => {
    let now = T0;
    await enqueue(db, 'ok', { n: 1 }, T0);
    await enqueue(db, 'ok', { n: 2 }, T0);
    const flaky = await enqueue(db, 'flaky', {}, T0);
    await enqueue(db, 'unknown', {}, T0);
    const seen: unknown[] = [];
    const handlers = {
      ok: async (payload: unknown) => {
        seen.push(payload);
        return { handled: payload };
      },
      flaky: async () => {
        throw new Error('flaky failed');
      },
    };
    const ctx = { db, now: () => now };
    const options = { until: 'drained' as const, maxAttempts: 2, retryDelayMs: 1000 };
    expect(await runJobs(ctx, handlers, options)).toEqual({ done: 2, retried: 1, failed: 0 });
    expect(seen).toEqual([{ n: 1 }, { n: 2 }]);
    expect(await findJob(db, flaky)).toMatchObject({ state: 'queued', run_after: later(1000) });
    now = later(1000);
    expect(await runJobs(ctx, handlers, options)).toEqual({ done: 0, retried: 0, failed: 1 });
    expect(await findJob(db, flaky)).toMatchObject({ state: 'failed', attempts: 2, error: 'flaky failed' });
    // A kind without a handler is never taken unless asked for, and then fails at once.
    expect(await runJobs(ctx, handlers, { ...options, kinds: ['unknown'] })).toEqual({
      done: 0,
      retried: 0,
      failed: 1,
    });
  });

  it('runJobs polls until its signal aborts', async () => {
    const controller = new AbortController();
    const running = runJobs({ db }, { k: async () => 'ok' }, { until: controller.signal, pollMs: 20 });
    await enqueue(db, 'k', {});
    for (let i = 0; i < 100 && (await countJobsByState(db, 'k')).done === 0; i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    controller.abort();
    expect(await running).toEqual({ done: 1, retried: 0, failed: 0 });
  });
});
