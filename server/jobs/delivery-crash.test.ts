// A worker killed (SIGKILL) while it makes a paid order's full-size logo versions: the store runs no
// jobs (JOBS=off), one `npm run worker` takes the order's delivery jobs and dies in the middle of its 12 MP photos.
// Afterwards nothing half made is served: the order's flag still says not ready, every logo version already written
// is a whole JPEG (the disk store writes a temporary file and renames it), and a second worker, once the first one's
// lease has run out, finishes the job: every version whole and the flag turned. Real processes and files.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { photoObjectKeys } from '../../core/contract/photos';
import { faceApiSample } from '../../tests/demo-selfie';
import { loadConfig } from '../config';
import { type OpenedDatabase, openClientDatabase } from '../db/open-for-role';
import { insertOrder } from '../db/orders-repo';
import { openObjectStore } from '../storage/open-store';
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

const EVENT = 'crash-delivery';
const PHOTOS = 6;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('a worker killed while it makes a paid order’s logo versions (embedded database)', () => {
  const dataDir = tempDataDir();
  const env = { DATA_DIR: dataDir, DIST_DIR: fakeDist(), JOBS: 'off', JOB_LEASE_SECONDS: '3' };
  let store: StoreProcess | undefined;
  let database: OpenedDatabase | undefined;
  const workers: WorkerProcess[] = [];

  afterAll(async () => {
    for (const w of workers) await w.kill();
    await database?.close();
    await store?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('serves nothing half made, and a second worker finishes the job', async () => {
    store = await startStoreProcess(env);
    const admin = (...args: string[]) => runNode('server/cli/main.ts', args, env);
    expect((await admin('create-event', EVENT, ...EVENT_FLAGS)).code).toBe(0);
    // 12 MP photos, as cameras make them: each logo version takes a while to stamp.
    const folder = path.join(dataDir, 'camera');
    fs.mkdirSync(folder);
    for (let i = 0; i < PHOTOS; i++) {
      const bytes = await sharp(faceApiSample((i % 6) + 1))
        .resize(4000, 3000, { fit: 'cover' })
        .jpeg({ quality: 92 })
        .toBuffer();
      fs.writeFileSync(path.join(folder, `IMG_${i}.jpg`), bytes);
    }
    const imported = await admin('import-photos', EVENT, folder);
    expect(imported.code, imported.stderr).toBe(0);

    database = await openClientDatabase({ databaseUrl: undefined, dataDir }, 'admin');
    const { db } = database;
    const event = await db
      .selectFrom('events')
      .select('event_id')
      .where('event_key', '=', EVENT)
      .executeTakeFirstOrThrow();
    const photos = await db
      .selectFrom('photos')
      .select(['id', 'file_name'])
      .where('event_id', '=', event.event_id)
      .orderBy('id')
      .execute();
    expect(photos).toHaveLength(PHOTOS);
    const orderId = randomUUID();
    await insertOrder(
      db,
      orderRow({ order_id: orderId, event_id: event.event_id, amount: '300.00' }),
      photos.map((p) => p.id),
      undefined,
    );
    // Paid: the delivery jobs are written with the payment.
    const paid = await admin('mark-paid', orderId, '--ref', 'SLIP1234');
    expect(paid.code, paid.stderr).toBe(0);

    const objects = await openObjectStore(loadConfig({ ...process.env, DATA_DIR: dataDir }));
    const logoKeys = photos.map((p) => photoObjectKeys(EVENT, p.file_name).logo);
    const made = async () =>
      (await Promise.all(logoKeys.map((k) => objects.exists(k)))).filter(Boolean).length;
    const flag = async () =>
      (
        await db
          .selectFrom('orders')
          .select('is_logo_image_created')
          .where('order_id', '=', orderId)
          .executeTakeFirstOrThrow()
      ).is_logo_image_created;

    // The first worker is killed once it has written some of the versions, not all.
    const first = await startWorkerProcess(env);
    workers.push(first);
    const until = Date.now() + 120_000;
    while ((await made()) === 0 && Date.now() < until) await sleep(50);
    await first.kill();
    const before = await made();
    expect(before).toBeGreaterThan(0);
    expect(before).toBeLessThan(PHOTOS);
    expect(await flag()).toBe(false);
    // Whatever was written is a whole image of the original's size.
    for (const key of logoKeys) {
      const bytes = await objects.get(key);
      if (bytes)
        expect(await sharp(bytes).metadata()).toMatchObject({ format: 'jpeg', width: 4000, height: 3000 });
    }

    // A second worker takes the job over when the first one's lease runs out, and finishes it.
    const second = await startWorkerProcess(env);
    workers.push(second);
    const done = Date.now() + 120_000;
    while (!(await flag()) && Date.now() < done) await sleep(200);
    expect(await flag()).toBe(true);
    for (const key of logoKeys) {
      const bytes = await objects.get(key);
      expect(bytes, key).toBeDefined();
      expect(await sharp(bytes).metadata()).toMatchObject({ format: 'jpeg', width: 4000, height: 3000 });
    }
    const job = await db
      .selectFrom('jobs')
      .select(['state', 'attempts', 'locked_by'])
      .where('kind', '=', 'prepare-logos')
      .executeTakeFirstOrThrow();
    expect(job.state).toBe('done');
    // Claimed twice: by the killed worker, then by the one that finished it.
    expect(job.attempts).toBe(2);
    expect(job.locked_by?.startsWith(`${second.child.pid}:`)).toBe(true);
  }, 300_000);
});
