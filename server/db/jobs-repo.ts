// Owns the job queue's state: the jobs table. A worker claims one ready job with FOR UPDATE SKIP LOCKED, so any
// number of worker processes on PostgreSQL take distinct jobs without waiting on each other.
import { type ExpressionBuilder, type Selectable, sql } from 'kysely';
import type { Db } from './database';
import type { Database, JobsTable } from './schema';

export type JobRow = Selectable<JobsTable>;
export type JobState = JobRow['state'];

/** Adds a queued job and returns its id. `db` may be a transaction, so a job can be written with its cause. */
export async function insertJob(db: Db, kind: string, payload: unknown, runAfter?: Date): Promise<number> {
  const { id } = await db
    .insertInto('jobs')
    .values({
      kind,
      payload: JSON.stringify(payload ?? null),
      ...(runAfter ? { run_after: runAfter } : {}),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/**
 * Takes the oldest ready job of these kinds (queued, run_after reached) for the claim `token`: it becomes running,
 * its attempts grow by one, locked_at (the lease) is set. Rows other workers hold are skipped, never waited for.
 */
export async function claimJob(
  db: Db,
  kinds: readonly string[],
  now: Date,
  token: string,
): Promise<JobRow | undefined> {
  if (kinds.length === 0) return undefined;
  return (
    db
      .updateTable('jobs')
      .set((eb) => ({ state: 'running', attempts: eb('attempts', '+', 1), locked_at: now, locked_by: token }))
      .where(
        'id',
        '=',
        db
          .selectFrom('jobs')
          .select('id')
          .where('state', '=', 'queued')
          .where('kind', 'in', [...kinds])
          .where('run_after', '<=', now)
          .orderBy('run_after')
          .orderBy('id')
          .limit(1)
          .forUpdate()
          .skipLocked(),
      )
      // A second guard: under READ COMMITTED the outer update rechecks the row it locked.
      .where('state', '=', 'queued')
      .returningAll()
      .executeTakeFirst()
  );
}

/** Only the claim that holds a running job may renew or end it (a lease taken over by another is not its own). */
const heldBy = (id: number, token: string | null) => (eb: ExpressionBuilder<Database, 'jobs'>) =>
  eb.and([
    eb('id', '=', id),
    eb('state', '=', 'running'),
    token === null ? eb('locked_by', 'is', null) : eb('locked_by', '=', token),
  ]);

/** The claim still holds the job: its lease runs on from `now`. False when the lease was lost. */
export async function renewLease(db: Db, id: number, token: string, now: Date): Promise<boolean> {
  const updated = await db
    .updateTable('jobs')
    .set({ locked_at: now })
    .where(heldBy(id, token))
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}

/** A running job finished: done, with what it did. Returns false when this claim no longer held it. */
export async function completeJob(
  db: Db,
  id: number,
  result: unknown,
  token: string | null,
): Promise<boolean> {
  const updated = await db
    .updateTable('jobs')
    .set({ state: 'done', result: JSON.stringify(result ?? null), error: null, locked_at: null })
    .where(heldBy(id, token))
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}

/**
 * A running job failed: queued again from retryAt when given, else failed for good. The error is kept either way.
 * Returns false when the job was not running.
 */
export async function failJob(
  db: Db,
  id: number,
  token: string | null,
  error: string,
  retryAt?: Date,
): Promise<boolean> {
  const updated = await db
    .updateTable('jobs')
    .set({
      state: retryAt ? 'queued' : 'failed',
      error,
      locked_at: null,
      ...(retryAt ? { run_after: retryAt } : {}),
    })
    .where(heldBy(id, token))
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}

/** Running jobs whose lease ended before `lockedBefore` (their worker died) are queued again; returns how many. */
export async function requeueStaleJobs(
  db: Db,
  lockedBefore: Date,
  maxAttempts = 3,
  kinds?: readonly string[],
): Promise<number> {
  const only = kinds ? [...kinds] : undefined;
  // A job whose process died holding it once too often (e.g. a photo that crashes the detector) fails for good.
  await db
    .updateTable('jobs')
    .set({ state: 'failed', locked_at: null, error: 'the process running it stopped too many times' })
    .where('state', '=', 'running')
    .where('locked_at', '<', lockedBefore)
    .where('attempts', '>=', maxAttempts)
    .$if(only !== undefined, (q) => q.where('kind', 'in', only ?? []))
    .execute();
  const updated = await db
    .updateTable('jobs')
    .set({ state: 'queued', locked_at: null })
    .where('state', '=', 'running')
    .where('locked_at', '<', lockedBefore)
    .$if(only !== undefined, (q) => q.where('kind', 'in', only ?? []))
    .executeTakeFirst();
  return Number(updated.numUpdatedRows);
}

/**
 * Gives a running job back to the queue, to be taken again at once by any process, as if never tried (a stopping
 * process that could not finish it); nothing if another claim holds it now. True when it was given back.
 */
export async function handBackJob(db: Db, id: number, token: string): Promise<boolean> {
  const updated = await db
    .updateTable('jobs')
    .set((eb) => ({
      state: 'queued',
      locked_at: null,
      locked_by: null,
      attempts: eb('attempts', '-', 1),
    }))
    .where('id', '=', id)
    .where('locked_by', '=', token)
    .where('state', '=', 'running')
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}

export async function findJob(db: Db, id: number): Promise<JobRow | undefined> {
  return db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Jobs of one kind whose payload holds these fields (e.g. the index job of one photo), oldest first. */
export async function jobsWithPayload(
  db: Db,
  kind: string,
  fields: Record<string, unknown>,
): Promise<JobRow[]> {
  return db
    .selectFrom('jobs')
    .selectAll()
    .where('kind', '=', kind)
    .where(sql<boolean>`payload @> ${JSON.stringify(fields)}::jsonb`)
    .orderBy('id')
    .execute();
}

/** How many jobs are in each state (admin listing, tests). */
export async function countJobsByState(db: Db, kind?: string): Promise<Record<JobState, number>> {
  let query = db
    .selectFrom('jobs')
    .select((eb) => ['state', eb.fn.countAll<string>().as('n')])
    .groupBy('state');
  if (kind !== undefined) query = query.where('kind', '=', kind);
  const counts: Record<JobState, number> = { queued: 0, running: 0, done: 0, failed: 0 };
  for (const row of await query.execute()) counts[row.state] = Number(row.n);
  return counts;
}
