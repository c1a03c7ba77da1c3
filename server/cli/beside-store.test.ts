// The admin command line next to a running store on the embedded database: its changes reach the store at once
// and are there after a restart; a store that does not answer is refused and nothing changes. Real processes.
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EVENT_FLAGS,
  fakeDist,
  runNode,
  type StoreProcess,
  startStoreProcess,
  tempDataDir,
} from '../test/processes';

describe('the admin command line beside a running store (embedded database)', () => {
  const dataDir = tempDataDir();
  const env = { DATA_DIR: dataDir, DIST_DIR: fakeDist() };
  const admin = (...args: string[]) => runNode('server/cli/main.ts', args, env);
  let store: StoreProcess | undefined;

  beforeAll(async () => {
    store = await startStoreProcess(env);
  }, 120_000);

  afterAll(async () => {
    await store?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  const eventOf = async (key: string) => {
    const res = await fetch(`${store?.base}/api/v1/events/${key}`);
    return { status: res.status, body: (await res.json()) as { status: string; body?: { title?: string } } };
  };

  it('creates an event that the store serves at once, and still after a restart', async () => {
    const created = await admin('create-event', 'beside-1', ...EVENT_FLAGS);
    expect(created.stderr).not.toMatch(/error/);
    expect(created.code).toBe(0);
    expect(created.stdout).toMatch(/created event beside-1/);
    expect((await eventOf('beside-1')).body).toMatchObject({
      status: 'success',
      body: { title: 'A test event' },
    });

    await store?.stop();
    store = await startStoreProcess(env);
    expect((await eventOf('beside-1')).body).toMatchObject({
      status: 'success',
      body: { title: 'A test event' },
    });
  }, 180_000);

  it('prints a photographer’s upload link on the port the store listens on, whatever this process’s PORT', async () => {
    const made = await runNode(
      'server/cli/main.ts',
      ['photographer-link', 'beside-1', '--photographer', '2'],
      { ...env, PORT: '1' },
    );
    expect(made.code, made.stderr).toBe(0);
    const port = new URL(store?.base as string).port;
    const address = made.stdout.match(/^http:\/\/localhost:(\d+)\/upload\/([A-Za-z0-9_-]{32})$/m);
    expect(address?.[1]).toBe(port);
    // The address printed is the store's: its link answers there.
    const link = await fetch(`${store?.base}/api/v1/uploads/${address?.[2]}`);
    expect(link.status).toBe(200);
  }, 60_000);

  it('a second store on the same DATA_DIR refuses to start, and the first goes on', async () => {
    const second = await runNode('server/main.ts', [], { ...env, PORT: '0' });
    expect(second.code).toBe(1);
    // Logged (ops/log.ts: JSON lines on standard output), as every line of the store.
    expect(second.stdout).toMatch(
      new RegExp(`"level":"error".*another store \\(pid ${store?.child.pid}\\) runs on`),
    );
    expect((await eventOf('beside-1')).status).toBe(200);
  }, 60_000);

  it('refuses, changing nothing, when the running store does not answer', async () => {
    const pid = store?.child.pid as number;
    process.kill(pid, 'SIGSTOP');
    let refused: Awaited<ReturnType<typeof admin>>;
    try {
      refused = await admin('create-event', 'beside-2', ...EVENT_FLAGS);
    } finally {
      process.kill(pid, 'SIGCONT');
    }
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/does not answer/);
    expect(refused.stderr).toMatch(/nothing was changed/);
    expect((await eventOf('beside-2')).status).toBe(404);
    // The store goes on serving, and the command line works again.
    expect((await admin('list-events')).stdout).toMatch(/beside-1/);
  }, 120_000);

  it('takes the files itself when no store runs, and a store started later sees the change', async () => {
    await store?.stop();
    store = undefined;
    const created = await admin('create-event', 'beside-3', ...EVENT_FLAGS);
    expect(created.code).toBe(0);
    expect(fs.existsSync(`${dataDir}/pglite.lock.json`)).toBe(false);
    store = await startStoreProcess(env);
    expect((await eventOf('beside-3')).body).toMatchObject({ status: 'success' });
  }, 180_000);

  it('a worker refuses to start on the embedded database with no store running', async () => {
    const lonely = tempDataDir();
    try {
      const worker = await runNode('server/worker.ts', [], { DATA_DIR: lonely });
      expect(worker.code).toBe(1);
      expect(worker.stdout).toMatch(/"level":"error".*no store is running/);
    } finally {
      fs.rmSync(lonely, { recursive: true, force: true });
    }
  }, 60_000);
});
