// `npm run worker` beside the store on the embedded database: the store and two workers share one queue of 100
// jobs (delivery notices sent through a slow SMS provider), one worker is killed with SIGKILL in the middle of its
// job, and every job is still done, by exactly one claim each, the killed one's job taken over when its lease ran
// out. Real processes; the SMS provider is the local fake of its documented API.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/database';
import { findByKey } from '../db/events-repo';
import { insertNotices } from '../db/notices-repo';
import { type OpenedDatabase, openClientDatabase } from '../db/open-for-role';
import { insertOrder } from '../db/orders-repo';
import { insertPhotos } from '../db/photos-repo';
import { type FakeSms, startFakeSms } from '../test/fakes/fake-sms';
import { orderRow } from '../test/order-rows';
import {
  EVENT_FLAGS,
  fakeDist,
  runNode,
  type StoreProcess,
  startStoreProcess,
  startWorkerProcess,
  tempDataDir,
  type WorkerProcess,
} from '../test/processes';
import { enqueue } from './queue';

const JOBS = 100;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function writeNoticeJobs(db: Db, eventKey: string): Promise<void> {
  const event = await findByKey(db, eventKey);
  if (!event) throw new Error('no event');
  const [photoId] = await insertPhotos(db, [
    {
      event_id: event.event_id,
      stage_id: null,
      original_file_name: 'a.jpg',
      file_name: 'a.jpg',
      width: 10,
      height: 10,
      taken_at: new Date(),
      purged_at: null,
      index_error: null,
    },
  ]);
  const orderId = randomUUID();
  await insertOrder(
    db,
    orderRow({ order_id: orderId, event_id: event.event_id, amount: '60.00', paid_at: new Date() }),
    [photoId as number],
    undefined,
  );
  await db.transaction().execute(async (trx) => {
    const ids = await insertNotices(
      trx,
      Array.from({ length: JOBS }, (_, i) => ({
        order_id: orderId,
        job_id: 1_000_000 + i,
        channel: 'sms' as const,
        recipient: '0812345678',
        subject: '',
        body: `notice ${i}`,
      })),
    );
    for (const id of ids) await enqueue(trx, 'send-notice', { notice_id: id });
  });
}

describe('workers beside the store share the queue (embedded database)', () => {
  const dataDir = tempDataDir();
  let sms: FakeSms;
  let env: Record<string, string>;
  let store: StoreProcess | undefined;
  const workers: WorkerProcess[] = [];
  let database: OpenedDatabase | undefined;

  beforeAll(async () => {
    sms = await startFakeSms();
    // Long enough that a worker seen holding a job still holds it when it is killed a moment later.
    sms.delay(400);
    env = {
      DATA_DIR: dataDir,
      DIST_DIR: fakeDist(),
      SMS_API_URL: sms.url,
      SMS_API_KEY: sms.key,
      SMS_API_SECRET: sms.secret,
      JOB_LEASE_SECONDS: '4',
    };
    store = await startStoreProcess(env);
    const created = await runNode('server/cli/main.ts', ['create-event', 'queue-run', ...EVENT_FLAGS], env);
    expect(created.code).toBe(0);
    workers.push(await startWorkerProcess(env), await startWorkerProcess(env));
    database = await openClientDatabase({ databaseUrl: undefined, dataDir }, 'admin');
  }, 180_000);

  afterAll(async () => {
    await database?.close();
    for (const w of workers) if (w.child.exitCode === null) w.child.kill('SIGTERM');
    await store?.stop();
    await sms.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('does 100 jobs once each, and the job of a worker killed mid-job is taken over', async () => {
    const db = (database as OpenedDatabase).db;
    await writeNoticeJobs(db, 'queue-run');
    const [killed, survivor] = workers as [WorkerProcess, WorkerProcess];
    while (sms.sent.length < 25) await sleep(50);
    // Mid-job: kill it while it holds a job (its SMS request in flight: the provider answers after 400 ms).
    const heldByKilled = () =>
      db
        .selectFrom('jobs')
        .select(['id', 'locked_by'])
        .where('state', '=', 'running')
        .where('locked_by', 'like', `${killed.child.pid}:%`)
        .execute();
    let running = await heldByKilled();
    while (running.length === 0) running = await heldByKilled();
    killed.child.kill('SIGKILL');
    expect(running).toHaveLength(1);
    const killedAt = Date.now();

    const deadline = Date.now() + 120_000;
    let done = 0;
    while (Date.now() < deadline) {
      const row = await db
        .selectFrom('jobs')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('kind', '=', 'send-notice')
        .where('state', '=', 'done')
        .executeTakeFirstOrThrow();
      done = Number(row.n);
      if (done === JOBS) break;
      await sleep(250);
    }
    expect(done).toBe(JOBS);

    const jobs = await db
      .selectFrom('jobs')
      .select(['id', 'state', 'attempts', 'locked_by'])
      .where('kind', '=', 'send-notice')
      .execute();
    const byProcess = new Map<string, number>();
    for (const job of jobs) {
      const pid = String(job.locked_by).split(':')[0] as string;
      byProcess.set(pid, (byProcess.get(pid) ?? 0) + 1);
    }
    // All three processes took part; each job was finished by one claim.
    expect(byProcess.get(String(store?.child.pid))).toBeGreaterThan(0);
    expect(byProcess.get(String(survivor.child.pid))).toBeGreaterThan(0);
    expect(byProcess.get(String(killed.child.pid))).toBeGreaterThan(0);
    // The job the killed worker held was taken over by another process after its lease (4 s) ran out.
    for (const held of running) {
      const job = jobs.find((j) => j.id === held.id);
      expect(job?.attempts).toBe(2);
      expect(job?.locked_by).not.toMatch(new RegExp(`^${killed.child.pid}:`));
    }
    expect(Date.now() - killedAt).toBeLessThan(60_000);
    // Every notice went out; at most the one in flight at the kill went out twice (at-least-once delivery).
    const bodies = sms.sent.map((m) => m.message);
    expect(new Set(bodies).size).toBe(JOBS);
    expect(bodies.length - JOBS).toBeLessThanOrEqual(running.length);
    const notices = await db
      .selectFrom('notices')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('state', '=', 'sent')
      .executeTakeFirstOrThrow();
    expect(Number(notices.n)).toBe(JOBS);
  }, 200_000);
});
