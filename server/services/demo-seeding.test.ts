// A first start killed (SIGKILL) in the middle of seeding the demo data: the next start notices, removes what the
// first one left and seeds it all again, and says so. Real store processes on one DATA_DIR.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { openClientDatabase } from '../db/open-for-role';
import { fakeDist, type StoreProcess, startStoreProcess, tempDataDir } from '../test/processes';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('demo data seeding interrupted by a kill', () => {
  const dataDir = tempDataDir();
  const env = { DATA_DIR: dataDir, DIST_DIR: fakeDist(), DEMO_DATA: 'auto', FACE_WORKERS: '0' };
  let store: StoreProcess | undefined;

  afterAll(async () => {
    await store?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  const count = async (table: 'events' | 'photos') => {
    const database = await openClientDatabase({ databaseUrl: undefined, dataDir }, 'admin');
    try {
      const row = await database.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    } finally {
      await database.close();
    }
  };

  it('completes on the next start, starting the seeding over', async () => {
    // The first start: its database socket opens before seeding, so the test watches the photos arrive.
    const first = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      env: { ...process.env, HOST: '127.0.0.1', PORT: '0', ...env },
      stdio: 'ignore',
    });
    try {
      let photos = 0;
      const until = Date.now() + 120_000;
      while (photos < 10 && Date.now() < until) {
        await sleep(200);
        photos = fs.existsSync(`${dataDir}/pglite.lock.json`) ? await count('photos').catch(() => 0) : 0;
      }
      expect(photos).toBeGreaterThanOrEqual(10);
    } finally {
      first.kill('SIGKILL');
      await new Promise((resolve) => first.once('exit', resolve));
    }
    const partial = await count('photos');
    expect(partial).toBeLessThan(120);

    store = await startStoreProcess(env, 180_000);
    expect(store.output()).toMatch(
      /demo data: the first seeding had been interrupted \(6 events, \d+ photos made\); removed them and created 6 events with 120 photos/,
    );
    expect(await count('events')).toBe(6);
    expect(await count('photos')).toBe(120);
    const home = await fetch(`${store.base}/api/v1/events/pagination`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ page: 1 }),
    }).then((r) => r.json());
    expect(home).toMatchObject({ status: 'success' });
  }, 300_000);
});
