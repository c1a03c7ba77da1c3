// A store of a journey's own, with one face worker (faces and bibs) and no selfie workers, on a temp data folder,
// with the admin command line beside it; and the wait until an event's photos are all indexed.
import fs from 'node:fs';
import { expect } from '@playwright/test';
import { runNode, type StoreProcess, startStoreProcess, tempDataDir } from '../../server/test/processes';

export interface IndexingStore {
  store: StoreProcess;
  /** Runs `admin …` against the store's data; fails the test on a non-zero exit; answers what it printed. */
  admin(...args: string[]): Promise<string>;
  /** Stops the store and deletes its data. */
  close(): Promise<void>;
}

export async function startIndexingStore(prefix: string): Promise<IndexingStore> {
  const dataDir = tempDataDir(prefix);
  const env = {
    DATA_DIR: dataDir,
    FACE_WORKERS: '1',
    SELFIE_WORKERS: '0',
    ...(process.env.E2E_DIST ? { DIST_DIR: process.env.E2E_DIST } : {}),
  };
  const store = await startStoreProcess(env, 200_000);
  return {
    store,
    async admin(...args) {
      const run = await runNode('server/cli/main.ts', args, env);
      expect(run.code, `${args.join(' ')}\n${run.stderr}`).toBe(0);
      return run.stdout;
    },
    async close() {
      await store.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Waits until every photo of the event has its faces and bibs read and no job is left. */
export async function untilIndexed(own: IndexingStore, eventKey: string): Promise<void> {
  await expect
    .poll(
      async () => {
        const status = await own.admin('index-status', eventKey);
        return (
          /pending 0/.test(status) &&
          /0 photos to read/.test(status) &&
          /jobs +queued 0 +running 0/.test(status)
        );
      },
      { timeout: 240_000, intervals: [2000] },
    )
    .toBe(true);
}
